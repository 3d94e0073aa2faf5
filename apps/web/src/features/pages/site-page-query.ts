// The brand and service pages behind each route (docs/product.md §2), their query and the 404 rule.
import { routes, SITE_PAGE_PATHS, SITE_PAGE_SLUGS, type SitePageSlug } from "@yj/contract";
import { data } from "react-router";
import type { ApiClient } from "../../lib/api-client";
import { orNotFound as orNotFoundWith } from "../../lib/not-found";
import { apiQuery } from "../../lib/queries";

/** Route path → page slug, from the contract's routes of each page: /heartPage and /2-2 show one page (docs/product.md §2). */
export const PAGE_SLUG_BY_PATH: Record<string, SitePageSlug> = Object.fromEntries(
  SITE_PAGE_SLUGS.flatMap((slug) => SITE_PAGE_PATHS[slug].map((path) => [path, slug])),
);

export const NOT_FOUND = "页面不存在或已下线";

export function slugOfPath(pathname: string): SitePageSlug {
  const slug = PAGE_SLUG_BY_PATH[pathname.replace(/\/+$/, "") || "/"];
  if (!slug) throw data(NOT_FOUND, { status: 404 });
  return slug;
}

export const sitePageQuery = (api: ApiClient, slug: SitePageSlug) => apiQuery(api, routes.sitePage, { slug });

/** Runs a fetch; the API's "not found" becomes this 404 (the rule of lib/not-found.ts). */
export const orNotFound = <T>(load: Promise<T>): Promise<T> => orNotFoundWith(load, NOT_FOUND);
