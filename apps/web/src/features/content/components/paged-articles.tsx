// The body of a guide or case list (docs/product.md §4: article lists append page by page): placeholders
// while the first page loads, a retry on failure, an empty state that offers to clear the filter, else the
// cards and "加载更多".
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { DataOf, EndpointOf, routes } from "@yj/contract";
import { AppLink } from "../../../components/app-link";
import { LoadFailed, PagedFoot } from "../../../components/load-more";
import { useLoadedItems } from "../../../lib/loaded-items";
import { ArticleGrid, ArticleGridPlaceholder } from "./article-card";

type ArticleListPage = DataOf<EndpointOf<typeof routes.articleList>>;

export function PagedArticles({
  query,
  kind,
  empty,
  clearTo,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ArticleListPage, unknown>>;
  kind: "guide" | "case";
  /** What the empty list says. */
  empty: string;
  /** Where "clear the filters" leads, when a filter is set. */
  clearTo?: string;
}) {
  const { items, total } = useLoadedItems(query.data?.pages);
  const noun = kind === "guide" ? "篇攻略" : "个案例";
  const label = kind === "guide" ? "攻略列表" : "案例列表";

  if (query.isPending) return <ArticleGridPlaceholder />;
  if (query.isError && items.length === 0) {
    return <LoadFailed message={query.error.message || "加载失败"} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <div className="empty">
        <p>{empty}</p>
        {clearTo && (
          <AppLink to={clearTo} className="btn btn-ghost">
            清除筛选
          </AppLink>
        )}
      </div>
    );
  }
  return (
    <>
      <ArticleGrid items={items} kind={kind} label={label} />
      <PagedFoot query={query} shown={items.length} total={total} unit={noun} />
    </>
  );
}
