// Infinite query options for a goods list (docs/product.md §3 goods search info, §4 list rules): the route loader
// prefetches page 1 with them and the screen reads and extends the same cache entry.

import { infiniteQueryOptions } from "@tanstack/react-query";
import { type DataOf, type EndpointOf, type GoodsIndexQuery, PAGE_SIZE, routes } from "@yj/contract";
import type { ApiClient } from "../../../lib/api-client";
import { nextPageParam } from "../../../lib/list-rules";

export type GoodsIndexPage = DataOf<EndpointOf<typeof routes.goodsIndex>>;
/** The filters of a goods list; paging is the query's own business. */
export type GoodsFilter = Omit<GoodsIndexQuery, "current" | "pageSize" | "status" | "isShow">;

/** Drops empty filters so equal lists share one cache key whatever the URL spelled. */
function normalize(filter: GoodsFilter): GoodsFilter {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter))
    if (v !== undefined && v !== "" && !(k === "sort" && v === "default")) out[k] = v;
  return out as GoodsFilter;
}

/** firstPage: a listing URL may start at a later page (product search info current, docs/product.md §3). */
export function goodsPagesQuery(api: ApiClient, filter: GoodsFilter, pageSize = PAGE_SIZE, firstPage = 1) {
  const f = normalize(filter);
  return infiniteQueryOptions({
    queryKey: firstPage === 1 ? ["goods-pages", f, pageSize] : ["goods-pages", f, pageSize, firstPage],
    queryFn: ({ pageParam }): Promise<GoodsIndexPage> =>
      api.get(routes.goodsIndex, { ...f, current: pageParam, pageSize, status: "1" }),
    initialPageParam: firstPage,
    getNextPageParam: nextPageParam,
  });
}
