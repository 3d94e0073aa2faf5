// A failed load with a retry (the query's own message was toasted, or it was a quiet one).
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
