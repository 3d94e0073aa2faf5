// The foot of a paged list (docs/product.md §4): "加载更多" while the last page was full, "已经到底了" after.
import styles from "./load-more.module.css";

export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  shown,
  total,
  unit = "件商品",
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  shown: number;
  total: number;
  unit?: string;
}) {
  return (
    <div className={styles.foot}>
      {hasMore ? (
        <button type="button" className="btn btn-ghost" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
          {loading ? "加载中…" : "加载更多"}
        </button>
      ) : (
        <p className={styles.end}>已经到底了</p>
      )}
      <p className={styles.count} aria-live="polite">
        已显示 {shown} / {total} {unit}
      </p>
    </div>
  );
}

/** What a list's foot needs of react-query's infinite query. */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
}

/** The foot of an infinite query's list: LoadMore, and a line when a later page failed to load. */
export function PagedFoot({
  query,
  shown,
  total,
  unit,
}: {
  query: NextPages;
  shown: number;
  total: number;
  unit?: string;
}) {
  return (
    <>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        shown={shown}
        total={Math.max(total, shown)}
        unit={unit}
      />
      {query.isFetchNextPageError && <p className={styles.error}>加载失败，请重试</p>}
    </>
  );
}

/** A list whose first page failed: why, and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="empty">
      <p>{message}</p>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
