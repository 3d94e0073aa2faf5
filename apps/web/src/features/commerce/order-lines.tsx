// An order's lines, as the order copied them at order time (names, specs and prices: ADR 0023).
import type { OrderLine } from "@yj/contract";
import { formatPrice } from "../../lib/format";
import styles from "./commerce.module.css";

const THUMB = 64;

export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul className={styles.orderLines}>
      {lines.map((l) => (
        <li key={`${l.skuId}-${l.isMeal ?? 0}`} className={styles.orderLine}>
          <img src={l.cover} alt={l.name} width={THUMB} height={THUMB} loading="lazy" />
          <div>
            <p className={styles.summaryName}>
              {l.isMeal !== null && <span className={styles.mealTag}>套餐</span>} {l.name}
            </p>
            {l.spec && <p className={styles.muted}>{l.spec}</p>}
          </div>
          <span>
            {formatPrice(l.price)} × {l.quantity}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "2026-11-23 14:05" in China time, whatever the viewer's zone (orders are made in China). */
export function formatDateTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 8 * 3600_000);
  return d.toISOString().slice(0, 16).replace("T", " ");
}
