// Query options of the detail screens, shared by their loaders and components, and the 404 rule.
import { type GoodsDetail, routes } from "@yj/contract";
import type { ApiClient } from "../../../lib/api-client";
import { apiQuery } from "../../../lib/queries";

export const RELATED_COUNT = 4;

// The 404 rule is shared with the content screens (lib/not-found).
export { orNotFound, routeId } from "../../../lib/not-found";

export const goodsDetailQuery = (api: ApiClient, id: number) => apiQuery(api, routes.goodsDetail, { id });
export const packageDetailQuery = (api: ApiClient, id: number) => apiQuery(api, routes.packageDetail, { id });

/** "相关推荐": goods of the same level-3 category (level 2 when there is none); one extra to drop the goods itself. */
export function relatedQuery(api: ApiClient, goods: Pick<GoodsDetail, "category2" | "category3">) {
  return apiQuery(api, routes.goodsIndex, {
    ...(goods.category3 ? { category3: goods.category3 } : { category2: goods.category2 }),
    current: 1,
    pageSize: RELATED_COUNT + 1,
    status: "1",
  });
}
