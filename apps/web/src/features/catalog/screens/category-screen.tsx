// The one listing screen of /2-11…/2-15, /2-21…/2-24 and /productList (docs/product.md §2): breadcrumb, title,
// sub-category tabs, sort, 12 goods a page with "加载更多" (docs/product.md §4 list rules). Kept alive when left.

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type GoodsCategory, type GoodsSort, PAGE_SIZE, routes } from "@yj/contract";
import { useMemo } from "react";
import { data, type LoaderFunctionArgs } from "react-router";
import { AppLink } from "../../../components/app-link";
import { Breadcrumb, type Crumb } from "../../../components/breadcrumb";
import { FilterRow, Filters } from "../../../components/filter-row";
import { gridPreload } from "../../../components/goods-grid";
import type { ApiClient } from "../../../lib/api-client";
import { useApi } from "../../../lib/api-context";
import { categoryHref } from "../../../lib/category-routes";
import { useLoadedItems } from "../../../lib/loaded-items";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteHandle, RouteMeta } from "../../../lib/route-context";
import { useScreenLocation } from "../../../lib/screen-location";
import { breadcrumbJsonLd } from "../../../lib/structured-data";
import { goodsPagesQuery } from "../api/goods-pages";
import { PagedGoods } from "../components/paged-goods";
import { SortRow } from "../components/sort-row";
import { type ListingTarget, resolveListing } from "../listing-target";
import styles from "./listing.module.css";

export const handle: RouteHandle = { keepAlive: true };

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const url = new URL(request.url);
  const tree = await ctx.queryClient.ensureQueryData(apiQuery(ctx.api, routes.goodsCategories));
  const target = resolveListing(url.pathname, url.searchParams, tree);
  if (!target) throw data("分类不存在或已下线", { status: 404 });
  const pages = await ctx.queryClient.ensureInfiniteQueryData(listingQuery(ctx.api, target));
  const names = target.tabs.map((t) => t.content).slice(0, 6);
  // One URL per listing, in the form the menu links use; sort orders are not separate pages.
  const canonical = target.category ? categoryHref(target.category.id, target.sub?.id) : url.pathname;
  const trail = listingTrail(target);
  return {
    title: target.title,
    canonical,
    ogImage: pages.pages[0]?.dataList[0]?.cover || undefined,
    jsonLd: [breadcrumbJsonLd(trail, canonical)],
    // The first card's cover is the page's largest paint (docs/decisions/0060).
    preloadImage: gridPreload(pages.pages[0]?.dataList),
    description: `${target.sub?.content ?? target.category?.content ?? "全部商品"}${names.length && !target.sub ? `：${names.join("、")}等` : ""}，品牌正品，价格透明，在线选购。`,
  };
}

/** The goods pages of a listing, from its first page and page size. */
const listingQuery = (api: ApiClient, target: ListingTarget) =>
  goodsPagesQuery(api, target.filter, target.paging.pageSize, target.paging.current);

/** A listing URL on the same path: category, tab and sort, keeping the tag filter and the page size; page 1. */
function listingHref(
  pathname: string,
  categoryId: number | undefined,
  subId: number | undefined,
  sort: GoodsSort,
  { tagIds, pageSize }: { tagIds?: string; pageSize: number },
) {
  const params = new URLSearchParams();
  if (categoryId) params.set("id", String(categoryId));
  if (subId) params.set("subId", String(subId));
  if (sort !== "default") params.set("sort", sort);
  if (tagIds) params.set("tagIds", tagIds);
  if (pageSize !== PAGE_SIZE) params.set("pageSize", String(pageSize));
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** 首页 / [parent /] category [/ sub]; all goods when there is no category. */
function listingTrail({ category, parent, sub }: ListingTarget): Crumb[] {
  if (!category) return [{ label: "全部商品" }];
  const trail: Crumb[] = [];
  if (parent) trail.push({ label: parent.content, to: categoryHref(parent.id) });
  trail.push({ label: category.content, to: sub ? categoryHref(category.id) : undefined });
  if (sub) trail.push({ label: sub.content });
  return trail;
}

export default function CategoryScreen() {
  const api = useApi();
  const location = useScreenLocation();
  const { data: tree = [] } = useQuery(apiQuery(api, routes.goodsCategories));
  const target = useMemo(
    () => resolveListing(location.pathname, new URLSearchParams(location.search), tree),
    [location.pathname, location.search, tree],
  );
  if (!target) {
    return (
      <div className="container">
        <p className="empty">
          分类不存在或已下线，<AppLink to="/">去首页看看</AppLink>
        </p>
      </div>
    );
  }
  return <Listing target={target} pathname={location.pathname} search={location.search} />;
}

/** The same listing URL at page 1: everything but the page number kept. */
function withoutPage(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete("current");
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

function Listing({ target, pathname, search }: { target: ListingTarget; pathname: string; search: string }) {
  const api = useApi();
  const query = useInfiniteQuery(listingQuery(api, target));
  const goods = useLoadedItems(query.data?.pages);
  const { total } = goods;
  const { category, sub, sort } = target;
  const kept = { tagIds: target.filter.tagIds, pageSize: target.paging.pageSize };
  const heading = sub?.content ?? category?.content ?? "全部商品";
  const tabs: (GoodsCategory | undefined)[] = [undefined, ...target.tabs];

  return (
    <div className={`container ${styles.screen}`}>
      <Breadcrumb trail={listingTrail(target)} />
      <header className={styles.head}>
        <h1 className={styles.title}>
          {heading}
          {sub && category && <small>{category.content}</small>}
        </h1>
        {query.isSuccess && <p className={styles.total}>共 {total} 件商品</p>}
      </header>

      <Filters>
        {target.tabs.length > 0 && (
          <FilterRow
            label="分类"
            kind="category"
            choices={tabs.map((t) => ({
              key: t?.id ?? "all",
              label: t?.content ?? "全部",
              // Tabs of a category narrow it (id & subId); for all goods they open a top category.
              to: category
                ? listingHref(pathname, category.id, t?.id, sort, kept)
                : listingHref(pathname, t?.id, undefined, sort, kept),
              active: category ? sub?.id === t?.id : t === undefined,
            }))}
          />
        )}
        {kept.tagIds && (
          // A URL's tag filter (product search info tagIds) shows, and can be dropped.
          <FilterRow
            label="标签"
            kind="category"
            choices={[
              {
                key: "all",
                label: "不限",
                to: listingHref(pathname, category?.id, sub?.id, sort, { pageSize: kept.pageSize }),
                active: false,
              },
              {
                key: kept.tagIds,
                label: `已选 ${kept.tagIds.split(",").length} 个标签`,
                to: listingHref(pathname, category?.id, sub?.id, sort, kept),
                active: true,
              },
            ]}
          />
        )}
        <SortRow active={sort} hrefOf={(next) => listingHref(pathname, category?.id, sub?.id, next, kept)} />
      </Filters>

      <PagedGoods
        query={query}
        loaded={goods}
        firstPage={{ ...target.paging, firstPageHref: withoutPage(pathname, search) }}
        empty={
          <div className="empty">
            <p>暂无商品，看看其他分类吧</p>
            <AppLink to="/" className="btn btn-ghost">
              返回首页
            </AppLink>
          </div>
        }
      />
    </div>
  );
}
