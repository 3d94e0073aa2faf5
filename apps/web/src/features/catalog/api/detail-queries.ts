// Query options of the detail screens, shared by their loaders and components, and the 404 rule.
import { ErrorCode, type GoodsDetail, routes } from "@yj/contract";
import { data } from "react-router";
import { type ApiClient, ApiError } from "../../../lib/api-client";
import { apiQuery } from "../../../lib/queries";
import { parseId } from "../listing-target";

export const RELATED_COUNT = 4;

/** The route's :id as a number; a malformed one is a 404 like a missing one. */
export function routeId(raw: string | undefined, notFoundMessage: string): number {
  const id = parseId(raw ?? null);
  if (id === null || Number.isNaN(id) || id < 1) throw data(notFoundMessage, { status: 404 });
  return id;
}

/** Runs a fetch; the API's "not found" (errorCode 1004) becomes a 404 route response. */
export async function orNotFound<T>(load: Promise<T>, message: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === ErrorCode.NOT_FOUND) throw data(message, { status: 404 });
    throw error;
  }
}

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
