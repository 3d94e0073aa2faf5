// A load that has not given its data yet: still loading, or failed with a retry (the query's own message
// was toasted, or it was a quiet one).
import styles from "./commerce.module.css";

export function LoadFailed({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <div className="empty" role="alert">
      {what}加载失败。
      <button type="button" className={styles.textButton} onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

/** What a screen shows until its data is there: 正在加载… while it loads, LoadFailed when it failed. */
export function LoadingOrFailed({ what, failed, onRetry }: { what: string; failed: boolean; onRetry(): void }) {
  if (failed) return <LoadFailed what={what} onRetry={onRetry} />;
  return (
    <p className="empty" aria-busy="true">
      正在加载{what}…
    </p>
  );
}
