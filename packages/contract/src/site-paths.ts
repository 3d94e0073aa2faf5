// The storefront's public URLs (docs/product.md §2), shared by the web app's links and the server's
// sitemap, so both name every page the same way.

/**
 * The category paths and the level-2 category each one lists. /2-22 is the whole-home soft-furnishing
 * page, not a listing: its category (7) is listed at /productList?id=7 (docs/decisions/0028).
 */
export const CATEGORY_PATHS: Record<string, number> = {
  "/2-11": 3,
  "/2-12": 4,
  "/2-13": 5,
  "/2-14": 49,
  "/2-15": 50,
  "/2-21": 6,
  "/2-23": 8,
  "/2-24": 9,
};

const PATH_BY_CATEGORY = new Map(Object.entries(CATEGORY_PATHS).map(([path, id]) => [id, path]));

/** Menu link for a category (and optional sub-category): its path with id and subId (docs/product.md §2). */
export function categoryHref(categoryId: number, subId?: number): string {
  const path = PATH_BY_CATEGORY.get(categoryId) ?? "/productList";
  return `${path}?id=${categoryId}${subId ? `&subId=${subId}` : ""}`;
}

export const goodsPath = (id: number) => `/app/product-detail/${id}`;
export const packagePath = (id: number) => `/packageDetails/${id}`;
/** Guides and cases are both articles (docs/product.md §3) and share the detail route. */
export const articlePath = (id: number) => `/article-detail/${id}`;

/**
 * The storefront's content pages without an id, for the sitemap (/2-2 is /heartPage again and names
 * it as its canonical URL, so only /heartPage is listed: docs/decisions/0051). Pages for visitors only (login,
 * favourites, cart, order) are not here: robots.txt keeps crawlers out of them.
 */
export const STATIC_PAGE_PATHS = [
  "/",
  "/productList",
  "/all-store",
  "/decorate-strategy",
  "/case",
  "/about",
  "/stream",
  "/integrate",
  "/heartPage",
  "/2-22",
  "/merchants-join",
  "/decorate-act",
  "/privacy",
  "/business-licence",
] as const;

/** Paths crawlers are asked to leave alone: the API, the back office, and pages of one visitor. */
export const CRAWL_DISALLOWED_PATHS = [
  "/api/",
  "/admin",
  "/docs",
  "/my-mark",
  "/login",
  "/shoppingCart",
  "/submitOrder",
  "/pay/",
  "/my-orders",
  "/my-data",
] as const;
