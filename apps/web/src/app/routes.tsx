// One route table for the server render and the browser (docs/architecture.md, Web). Every screen is lazy.
import { data, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { CATEGORY_PATHS } from "../lib/category-routes";
import type { RouteContext, RouteHandle, RouteMeta } from "../lib/route-context";
import { sendVisitorToLogin } from "../session/require-login";
import { NotFoundScreen, RouteErrorScreen } from "./error-screens";
import { RootLayout, rootLoader } from "./root-layout";

/** A screen module: default component, optional loader (prefetches queries, returns head meta) and handle. */
export interface ScreenModule {
  default: React.ComponentType;
  loader?: (args: LoaderFunctionArgs, ctx: RouteContext) => Promise<RouteMeta> | RouteMeta;
  handle?: RouteHandle;
}

/**
 * The screens, by their source path: the path is the route id's prefix, so the server can preload
 * the matched screen's chunks from the Vite manifest.
 */
const SCREENS = {
  "src/features/home/home-screen.tsx": () => import("../features/home/home-screen"),
  "src/features/catalog/screens/category-screen.tsx": () => import("../features/catalog/screens/category-screen"),
  "src/features/catalog/screens/search-screen.tsx": () => import("../features/catalog/screens/search-screen"),
  "src/features/catalog/screens/product-screen.tsx": () => import("../features/catalog/screens/product-screen"),
  "src/features/catalog/screens/package-screen.tsx": () => import("../features/catalog/screens/package-screen"),
  "src/features/content/screens/stores-screen.tsx": () => import("../features/content/screens/stores-screen"),
  "src/features/content/screens/guides-screen.tsx": () => import("../features/content/screens/guides-screen"),
  "src/features/content/screens/cases-screen.tsx": () => import("../features/content/screens/cases-screen"),
  "src/features/content/screens/article-screen.tsx": () => import("../features/content/screens/article-screen"),
  "src/features/account/screens/login-screen.tsx": () => import("../features/account/screens/login-screen"),
  "src/features/account/screens/my-mark-screen.tsx": () => import("../features/account/screens/my-mark-screen"),
  "src/features/account/screens/my-data-screen.tsx": () => import("../features/account/screens/my-data-screen"),
  "src/features/commerce/screens/cart-screen.tsx": () => import("../features/commerce/screens/cart-screen"),
  "src/features/commerce/screens/submit-order-screen.tsx": () =>
    import("../features/commerce/screens/submit-order-screen"),
  "src/features/commerce/screens/pay-screen.tsx": () => import("../features/commerce/screens/pay-screen"),
  "src/features/commerce/screens/my-orders-screen.tsx": () => import("../features/commerce/screens/my-orders-screen"),
  "src/features/projects/screens/my-projects-screen.tsx": () =>
    import("../features/projects/screens/my-projects-screen"),
  "src/features/projects/screens/my-project-screen.tsx": () => import("../features/projects/screens/my-project-screen"),
  "src/features/projects/screens/instalment-pay-screen.tsx": () =>
    import("../features/projects/screens/instalment-pay-screen"),
  "src/features/leads/screens/merchants-join-screen.tsx": () =>
    import("../features/leads/screens/merchants-join-screen"),
  "src/features/leads/screens/decorate-act-screen.tsx": () => import("../features/leads/screens/decorate-act-screen"),
  "src/features/leads/screens/panorama-screen.tsx": () => import("../features/leads/screens/panorama-screen"),
  "src/features/leads/screens/privacy-screen.tsx": () => import("../features/leads/screens/privacy-screen"),
  "src/features/pages/brand-page-screen.tsx": () => import("../features/pages/brand-page-screen"),
  "src/features/pages/hard-decoration-screen.tsx": () => import("../features/pages/hard-decoration-screen"),
  "src/features/pages/business-licence-screen.tsx": () => import("../features/pages/business-licence-screen"),
} satisfies Record<string, () => Promise<ScreenModule>>;

type ScreenPath = keyof typeof SCREENS;

/** Who may see a screen: anyone, or a logged-in customer only (the screen calls useRequireLogin). */
type Access = "anyone" | "customer";

/**
 * Where a loader finds the route context (query client, API): one for the browser's whole session;
 * on the server each request's own, carried by the request context, so one route table serves every
 * request (docs/decisions/0059).
 */
export type ContextOf = (args: LoaderFunctionArgs) => RouteContext;

/** A lazy route for a screen module; its loader gets the route context (query client, API). */
function page(ctxOf: ContextOf, path: string | undefined, module: ScreenPath, access: Access = "anyone"): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    id: `${module}#${path ?? "index"}`,
    lazy: async () => {
      const mod: ScreenModule = await SCREENS[module]();
      const loader = mod.loader;
      return {
        Component: mod.default,
        loader:
          access === "customer"
            ? async (args: LoaderFunctionArgs) => {
                const ctx = ctxOf(args);
                await sendVisitorToLogin(args.request, ctx);
                return loader ? loader(args, ctx) : null;
              }
            : loader
              ? (args: LoaderFunctionArgs) => loader(args, ctxOf(args))
              : undefined,
        handle: mod.handle,
        // Errors (e.g. a product that does not exist) render inside the layout, not instead of it.
        ErrorBoundary: RouteErrorScreen,
      };
    },
  } as RouteObject;
}

export function createRoutes(ctxOf: ContextOf): RouteObject[] {
  const listing = "src/features/catalog/screens/category-screen.tsx";
  return [
    {
      id: "root",
      path: "/",
      Component: RootLayout,
      loader: (args) => rootLoader(args, ctxOf(args)),
      ErrorBoundary: RouteErrorScreen,
      children: [
        page(ctxOf, undefined, "src/features/home/home-screen.tsx"),
        { path: "indexView", loader: () => new Response(null, { status: 301, headers: { Location: "/" } }) },
        ...Object.keys(CATEGORY_PATHS).map((path) => page(ctxOf, path.slice(1), listing)),
        page(ctxOf, "productList", listing),
        page(ctxOf, "search", "src/features/catalog/screens/search-screen.tsx"),
        page(ctxOf, "app/product-detail/:id", "src/features/catalog/screens/product-screen.tsx"),
        page(ctxOf, "packageDetails/:id", "src/features/catalog/screens/package-screen.tsx"),
        page(ctxOf, "all-store", "src/features/content/screens/stores-screen.tsx"),
        page(ctxOf, "decorate-strategy", "src/features/content/screens/guides-screen.tsx"),
        page(ctxOf, "case", "src/features/content/screens/cases-screen.tsx"),
        page(ctxOf, "article-detail/:id", "src/features/content/screens/article-screen.tsx"),
        page(ctxOf, "login", "src/features/account/screens/login-screen.tsx"),
        page(ctxOf, "my-mark", "src/features/account/screens/my-mark-screen.tsx", "customer"),
        // 我的数据 (docs/decisions/0076): see, download and correct one's data, and close the account.
        page(ctxOf, "my-data", "src/features/account/screens/my-data-screen.tsx", "customer"),
        page(ctxOf, "shoppingCart", "src/features/commerce/screens/cart-screen.tsx", "customer"),
        page(ctxOf, "submitOrder", "src/features/commerce/screens/submit-order-screen.tsx", "customer"),
        page(ctxOf, "pay/:orderNo", "src/features/commerce/screens/pay-screen.tsx", "customer"),
        page(ctxOf, "my-orders", "src/features/commerce/screens/my-orders-screen.tsx", "customer"),
        // 我的装修 (docs/decisions/0073): the owner's projects, one project, an instalment's pay step.
        page(ctxOf, "my-project", "src/features/projects/screens/my-projects-screen.tsx", "customer"),
        page(ctxOf, "my-project/:id", "src/features/projects/screens/my-project-screen.tsx", "customer"),
        page(
          ctxOf,
          "my-project/:id/pay/:instalmentId",
          "src/features/projects/screens/instalment-pay-screen.tsx",
          "customer",
        ),
        page(ctxOf, "merchants-join", "src/features/leads/screens/merchants-join-screen.tsx"),
        page(ctxOf, "decorate-act", "src/features/leads/screens/decorate-act-screen.tsx"),
        page(ctxOf, "iframe", "src/features/leads/screens/panorama-screen.tsx"),
        page(ctxOf, "privacy", "src/features/leads/screens/privacy-screen.tsx"),
        // The business licence the footer links (docs/decisions/0077).
        page(ctxOf, "business-licence", "src/features/pages/business-licence-screen.tsx"),
        // Brand and service pages (docs/product.md §2); /2-22 is the soft-furnishing page (docs/decisions/0028).
        ...["about", "stream", "integrate", "2-22"].map((path) =>
          page(ctxOf, path, "src/features/pages/brand-page-screen.tsx"),
        ),
        ...["heartPage", "2-2"].map((path) => page(ctxOf, path, "src/features/pages/hard-decoration-screen.tsx")),
        // Unknown paths: HTTP 404 with a page that leads home (the product rules' router had no fallback).
        {
          path: "*",
          Component: NotFoundScreen,
          loader: () => data<RouteMeta>({ title: "页面不存在" }, { status: 404 }),
        },
      ],
    },
  ];
}
