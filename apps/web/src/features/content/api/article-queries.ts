// Query options of the guide and case screens, shared by their loaders and components, and how their URLs
// read: /decorate-strategy?tagId=, /case?style=&city=&rooms=&area=&budget= (docs/decisions/0027).
import { infiniteQueryOptions } from "@tanstack/react-query";
import {
  type ArticleListQuery,
  ArticleType,
  CASE_AREA_BANDS,
  CASE_BUDGET_BANDS,
  CASE_ROOM_OPTIONS,
  type CaseBand,
  routes,
} from "@yj/contract";
import type { ApiClient } from "../../../lib/api-client";
import { nextPageParam } from "../../../lib/list-rules";
import { apiQuery } from "../../../lib/queries";
import { searchText } from "../../../lib/search-text";

export const ARTICLE_PAGE_SIZE = 12;
const MAX_TEXT = 20;

export const articleTagsQuery = (api: ApiClient) => apiQuery(api, routes.articleTags);
export const caseFiltersQuery = (api: ApiClient) => apiQuery(api, routes.caseFilters);
export const articleDetailQuery = (api: ApiClient, id: number) => apiQuery(api, routes.articleDetail, { id });

/** docs/product.md §4: article lists append page by page; a new filter starts a new list from page 1. */
export function articlePagesQuery(api: ApiClient, filter: Omit<ArticleListQuery, "current" | "pageSize">) {
  return infiniteQueryOptions({
    queryKey: ["article-pages", filter],
    queryFn: ({ pageParam }) =>
      api.get(routes.articleList, { ...filter, current: pageParam, pageSize: ARTICLE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The guide list's tag, from ?tagId= (anything malformed means all tags). */
export function parseGuideTag(search: URLSearchParams): number | undefined {
  const raw = (search.get("tagId") ?? "").trim();
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

export function guideListFilter(tagId: number | undefined) {
  return { type: String(ArticleType.GUIDE) as "1", ...(tagId ? { tagId } : {}) };
}

/** The case filters as the /case URL spells them; unknown values are dropped. */
export interface CaseSelection {
  style?: string;
  city?: string;
  rooms?: number;
  /** Keys of CASE_AREA_BANDS and CASE_BUDGET_BANDS. */
  area?: string;
  budget?: string;
}
export type CaseFilterName = keyof CaseSelection;

const textOf = (search: URLSearchParams, name: string) => searchText(search, name, MAX_TEXT) || undefined;
const bandOf = (bands: readonly CaseBand[], key: string | null) => bands.find((b) => b.key === key);

export function parseCaseSelection(search: URLSearchParams): CaseSelection {
  const rooms = CASE_ROOM_OPTIONS.find((o) => String(o.rooms) === search.get("rooms"))?.rooms;
  return {
    style: textOf(search, "style"),
    city: textOf(search, "city"),
    rooms,
    area: bandOf(CASE_AREA_BANDS, search.get("area"))?.key,
    budget: bandOf(CASE_BUDGET_BANDS, search.get("budget"))?.key,
  };
}

/** The list query of a selection: bands become their min and max. */
export function caseListFilter(s: CaseSelection) {
  const area = bandOf(CASE_AREA_BANDS, s.area ?? null);
  const budget = bandOf(CASE_BUDGET_BANDS, s.budget ?? null);
  const filter: Omit<ArticleListQuery, "current" | "pageSize"> = { type: String(ArticleType.CASE) as "2" };
  if (s.style) filter.style = s.style;
  if (s.city) filter.city = s.city;
  if (s.rooms) filter.rooms = s.rooms;
  if (area?.min !== undefined) filter.areaMin = area.min;
  if (area?.max !== undefined) filter.areaMax = area.max;
  if (budget?.min !== undefined) filter.budgetMin = budget.min;
  if (budget?.max !== undefined) filter.budgetMax = budget.max;
  return filter;
}

const CASE_FILTER_ORDER: readonly CaseFilterName[] = ["style", "rooms", "area", "budget", "city"];

/** The /case URL of a selection with one filter changed (undefined removes it). */
export function caseHref(s: CaseSelection, name: CaseFilterName, value: string | number | undefined): string {
  const next: CaseSelection = { ...s, [name]: value };
  const params = new URLSearchParams();
  for (const key of CASE_FILTER_ORDER) {
    const v = next[key];
    if (v !== undefined && v !== "") params.set(key, String(v));
  }
  const query = params.toString();
  return query ? `/case?${query}` : "/case";
}

export function hasCaseFilter(s: CaseSelection): boolean {
  return CASE_FILTER_ORDER.some((key) => s[key] !== undefined);
}
