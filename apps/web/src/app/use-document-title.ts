import { useQuery } from "@tanstack/react-query";
import { routes } from "@yj/contract";
import { useEffect } from "react";
import { useMatches } from "react-router";
import { useApi } from "../lib/api-context";
import { apiQuery } from "../lib/queries";
import type { RouteMeta } from "../lib/route-context";

/** docs/product.md §1: the title is the brand name, a separator, then the screen's title. */
export const TITLE_SEPARATOR = " - ";

export function composeTitle(brand: string, meta: RouteMeta | null | undefined): string {
  return meta?.title ? `${brand}${TITLE_SEPARATOR}${meta.title}` : brand;
}

/** The deepest route's loader meta, for the server's <head> and client-side navigations. */
export function leafMeta(matches: { loaderData?: unknown }[]): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as RouteMeta | null | undefined;
    if (data?.title) return data;
  }
  return undefined;
}

export function useDocumentTitle() {
  const api = useApi();
  const matches = useMatches();
  const { data: settings } = useQuery(apiQuery(api, routes.siteSettings));
  const title = composeTitle(settings?.brandName ?? "", leafMeta(matches));
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
