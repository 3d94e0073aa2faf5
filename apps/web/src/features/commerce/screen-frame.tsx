// The frame of each commerce screen (cart, order confirmation, payment, my orders): the page
// container and its title, written once.
import type { ReactNode } from "react";
import styles from "./commerce.module.css";

export function ScreenFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={`container ${styles.screen}`}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
