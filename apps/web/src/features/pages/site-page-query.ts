// The brand and service pages behind each route (docs/product.md §2), their query and the 404 rule.
import { ErrorCode, routes, type SitePageSlug } from "@yj/contract";
import { data } from "react-router";
import { type ApiClient, ApiError } from "../../lib/api-client";
import { apiQuery } from "../../lib/queries";

/** Route path → page slug: /heartPage and /2-2 show one page (docs/product.md §2). */
export const PAGE_SLUG_BY_PATH: Record<string, SitePageSlug> = {
  "/about": "about",
  "/stream": "stream",
  "/integrate": "integrate",
  "/heartPage": "hard-decoration",
  "/2-2": "hard-decoration",
  "/2-22": "soft-furnishing",
};

export const NOT_FOUND = "页面不存在或已下线";

export function slugOfPath(pathname: string): SitePageSlug {
  const slug = PAGE_SLUG_BY_PATH[pathname.replace(/\/+$/, "") || "/"];
  if (!slug) throw data(NOT_FOUND, { status: 404 });
  return slug;
}

export const sitePageQuery = (api: ApiClient, slug: SitePageSlug) => apiQuery(api, routes.sitePage, { slug });

/** Runs a fetch; the API's "not found" (errorCode 1004) becomes a 404 route response. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === ErrorCode.NOT_FOUND) throw data(NOT_FOUND, { status: 404 });
    throw error;
  }
}
