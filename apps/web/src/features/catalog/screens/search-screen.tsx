// /search (docs/product.md §2, §3 goods search info: name, category2, current): the keyword, a category filter
// over the eight menu categories, sort, results with "加载更多" and an empty state with popular
// keywords. Kept alive when left.

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type GoodsCategory, type GoodsSort, MENU_CATEGORY_IDS, routes } from "@yj/contract";
import { useMemo } from "react";
import { Form, type LoaderFunctionArgs } from "react-router";
import { AppLink } from "../../../components/app-link";
import { Breadcrumb } from "../../../components/breadcrumb";
import { FilterRow, Filters } from "../../../components/filter-row";
import { useApi } from "../../../lib/api-context";
import { useLoadedItems } from "../../../lib/loaded-items";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteHandle, RouteMeta } from "../../../lib/route-context";
import { useScreenLocation } from "../../../lib/screen-location";
import { searchText } from "../../../lib/search-text";
import { breadcrumbJsonLd } from "../../../lib/structured-data";
import { type GoodsFilter, goodsPagesQuery } from "../api/goods-pages";
import { PagedGoods } from "../components/paged-goods";
import { SortRow } from "../components/sort-row";
import { findCategory, parseId, parseSort } from "../listing-target";
import styles from "./listing.module.css";

export const handle: RouteHandle = { keepAlive: true };

/** Offered when a search finds nothing; each finds goods in the demo catalogue. */
export const POPULAR_KEYWORDS = ["沙发", "瓷砖", "橱柜", "床垫", "岩板", "冰箱"];
const MAX_KEYWORD = 50;
const SEARCH_TRAIL = [{ label: "搜索" }];

interface SearchInfo {
  name: string;
  category2?: number;
  sort: GoodsSort;
}

function parseSearch(search: URLSearchParams): SearchInfo {
  const name = searchText(search, "name", MAX_KEYWORD);
  const category2 = parseId(search.get("category2"));
  return {
    name,
    category2: category2 !== null && !Number.isNaN(category2) ? category2 : undefined,
    sort: parseSort(search.get("sort")),
  };
}

function toFilter({ name, category2, sort }: SearchInfo): GoodsFilter {
  return { name: name || undefined, category2, sort };
}

export function searchHref(info: SearchInfo): string {
  const params = new URLSearchParams();
  if (info.name) params.set("name", info.name);
  if (info.category2) params.set("category2", String(info.category2));
  if (info.sort !== "default") params.set("sort", info.sort);
  const qs = params.toString();
  return qs ? `/search?${qs}` : "/search";
}

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const info = parseSearch(new URL(request.url).searchParams);
  await Promise.all([
    ctx.queryClient.ensureQueryData(apiQuery(ctx.api, routes.goodsCategories)),
    ctx.queryClient.ensureInfiniteQueryData(goodsPagesQuery(ctx.api, toFilter(info))),
  ]);
  // A sort order is not a search of its own.
  const canonical = searchHref({ ...info, sort: "default" });
  return {
    title: info.name ? `搜索：${info.name}` : "搜索",
    canonical,
    jsonLd: [breadcrumbJsonLd(SEARCH_TRAIL, canonical)],
    description: info.name
      ? `“${info.name}”相关商品：品牌正品，价格透明，在线选购。`
      : "搜索沙发、瓷砖、橱柜、床垫等家居建材商品。",
  };
}

export default function SearchScreen() {
  const api = useApi();
  const location = useScreenLocation();
  const info = useMemo(() => parseSearch(new URLSearchParams(location.search)), [location.search]);
  const { data: tree = [] } = useQuery(apiQuery(api, routes.goodsCategories));
  const menu = useMemo(
    () =>
      MENU_CATEGORY_IDS.map((id) => findCategory(tree, id)?.node).filter((c): c is GoodsCategory => c !== undefined),
    [tree],
  );
  const query = useInfiniteQuery(goodsPagesQuery(api, toFilter(info)));
  const goods = useLoadedItems(query.data?.pages);
  const { total } = goods;
  const chosen = info.category2 ? findCategory(tree, info.category2)?.node : undefined;

  return (
    <div className={`container ${styles.screen}`}>
      <Breadcrumb trail={SEARCH_TRAIL} />
      <header className={styles.head}>
        <h1 className={styles.title}>
          {info.name ? (
            <span>
              搜索 <span className={styles.keyword}>“{info.name}”</span>
            </span>
          ) : (
            "全部商品"
          )}
        </h1>
        {query.isSuccess && (
          <p className={styles.total}>
            {chosen ? `在「${chosen.content}」中` : ""}共找到 {total} 件商品
          </p>
        )}
      </header>

      <Form action="/search" method="get" role="search" className={styles.searchForm}>
        <input
          className={styles.searchInput}
          type="search"
          name="name"
          defaultValue={info.name}
          maxLength={MAX_KEYWORD}
          placeholder="搜索沙发、瓷砖、橱柜…"
          aria-label="搜索关键词"
        />
        {info.category2 && <input type="hidden" name="category2" value={info.category2} />}
        <button type="submit" className="btn">
          搜索
        </button>
      </Form>

      <Filters>
        <FilterRow
          label="分类"
          kind="category"
          choices={[undefined, ...menu].map((c) => ({
            key: c?.id ?? "all",
            label: c?.content ?? "全部",
            to: searchHref({ ...info, category2: c?.id }),
            active: info.category2 === c?.id,
          }))}
        />
        <SortRow active={info.sort} hrefOf={(sort) => searchHref({ ...info, sort })} />
      </Filters>

      <PagedGoods
        query={query}
        loaded={goods}
        empty={
          <div className={`empty ${styles.emptyBox}`}>
            <p>{info.name ? `没有找到与“${info.name}”相关的商品` : "暂无商品"}</p>
            {chosen && (
              <p>
                <AppLink to={searchHref({ ...info, category2: undefined })}>在全部分类中搜索“{info.name}”</AppLink>
              </p>
            )}
            <div className={styles.suggest}>
              <span>热门搜索：</span>
              {POPULAR_KEYWORDS.map((k) => (
                <AppLink key={k} to={searchHref({ name: k, sort: "default" })}>
                  {k}
                </AppLink>
              ))}
            </div>
          </div>
        }
      />
    </div>
  );
}
