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
