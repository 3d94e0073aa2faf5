import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";

/** What every loader gets: the request's QueryClient (prefetch target) and API client. */
export interface RouteContext {
  queryClient: QueryClient;
  api: ApiClient;
}

/** What a route's loader returns for the document head. */
export interface RouteMeta {
  title: string;
  description?: string;
}

/** Route handle: keepAlive screens keep their state and scroll when left (docs/product.md §2). */
export interface RouteHandle {
  keepAlive?: boolean;
  /** docs/product.md §2 route meta view=overall */
  view?: "overall";
  /** docs/product.md §2 /iframe hides header, floating bar and footer. */
  bare?: boolean;
}
