// A paged goods list's body: loading placeholders, error with retry, empty state, or the grid with
// its "加载更多" foot (docs/product.md §4). Used by the category and search screens.
import { PAGE_SIZE } from "@yj/contract";
import type { ReactNode } from "react";
import { AppLink } from "../../../components/app-link";
import { GoodsGrid } from "../../../components/goods-grid";
import { LoadFailed, PagedFoot } from "../../../components/load-more";
import type { LoadedItems } from "../../../lib/loaded-items";
import styles from "./paged-goods.module.css";

/** Where a list opened at a later page (a URL's current) began, and the URL of its page 1. */
export interface FirstPage {
  current: number;
  pageSize: number;
  firstPageHref: string;
}

/**
 * Loading, error, empty, or the grid with its "加载更多" foot. A list opened past its last page is
 * not empty: it says so and links to page 1 (issue #27).
 */
export function PagedGoods({
  query,
  loaded: { items, total },
  empty,
  firstPage,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
    refetch: () => Promise<unknown>;
  };
  loaded: LoadedItems<Parameters<typeof GoodsGrid>[0]["items"][number]>;
  empty: ReactNode;
  firstPage?: FirstPage;
}) {
  if (query.isPending) {
    return (
      <ul className={styles.skeleton} aria-busy="true" aria-label="加载中">
        {Array.from({ length: PAGE_SIZE }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} />
        ))}
      </ul>
    );
  }
  if (query.isError && items.length === 0) {
    return <LoadFailed message={query.error?.message || "加载失败"} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0 && total > 0 && firstPage && firstPage.current > 1) {
    return (
      <div className="empty">
        <p>
          没有第 {firstPage.current} 页，共 {Math.ceil(total / firstPage.pageSize)} 页
        </p>
        <AppLink to={firstPage.firstPageHref} className="btn btn-ghost">
          回到第 1 页
        </AppLink>
      </div>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      {/* The cards' names are h3: this h2 keeps the outline in order under the page's h1. */}
      <h2 className="visually-hidden">商品列表</h2>
      <GoodsGrid items={items} label="商品列表" />
      <PagedFoot query={query} shown={items.length} total={total} />
    </>
  );
}
