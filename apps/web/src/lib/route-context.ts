import type { QueryClient } from "@tanstack/react-query";
import { createContext, type LoaderFunctionArgs } from "react-router";
import type { ApiClient } from "./api-client";
import type { ImagePreload } from "./image-preload";

/** What every loader gets: the request's QueryClient (prefetch target) and API client. */
export interface RouteContext {
  queryClient: QueryClient;
  api: ApiClient;
}

/** The server render's request context holds its request's route context under this key. */
export const routeContextKey = createContext<RouteContext>();

/** The route context of the request a loader serves (server render: one route table for all requests). */
export const requestRouteContext = ({ context }: LoaderFunctionArgs): RouteContext => context.get(routeContextKey);

/**
 * What a route's loader returns for the document head (docs/decisions/0029). URLs may be site paths
 * ("/app/product-detail/1", "/media/x"): the server render makes them absolute on the shop's public
 * origin, in `canonical`, `ogImage` and the JSON-LD's URL fields alike.
 */
export interface RouteMeta {
  title: string;
  description?: string;
  /** The page's one URL for search engines; without it, the requested path without its query. */
  canonical?: string;
  /** The image shared links show (Open Graph); without it, the shop's default image. */
  ogImage?: string;
  /** schema.org blocks, each written as <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>[];
  /**
   * The page's largest picture, preloaded at high priority from the head (docs/decisions/0060): the
   * screen shows it with loading "lcp" and the same sizes (picturePreload).
   */
  preloadImage?: ImagePreload;
}

/** Route handle: keepAlive screens keep their state and scroll when left (docs/product.md §2). */
export interface RouteHandle {
  keepAlive?: boolean;
  /** docs/product.md §2 route meta view=overall */
  view?: "overall";
  /** docs/product.md §2 /iframe hides header, floating bar and footer. */
  bare?: boolean;
}
