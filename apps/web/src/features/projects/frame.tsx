// The frame of the 我的装修 screens (the page container and its title) and what they show until the
// project is there: 正在加载… while it loads, a message with 重试 when it failed.
import type { ReactNode } from "react";
import styles from "./projects.module.css";

export function ProjectFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`container ${styles.screen}`}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}

export function LoadingOrFailed({ what, failed, onRetry }: { what: string; failed: boolean; onRetry(): void }) {
  if (failed) {
    return (
      <div className="empty" role="alert">
        {what}加载失败。
        <button type="button" className={styles.textButton} onClick={onRetry}>
          重试
        </button>
      </div>
    );
  }
  return (
    <p className="empty" aria-busy="true">
      正在加载{what}…
    </p>
  );
}
