// An order's lines, as the order copied them at order time (names, specs and prices: ADR 0023).
import type { OrderLine } from "@yj/contract";
import { Picture } from "../../components/picture";
import { thumbSizes } from "../../components/picture-sizes";
import { formatPrice } from "../../lib/format";
import styles from "./commerce.module.css";

/** What a summary shows of one line: a thumbnail, the name (tagged 套餐 in a package), the spec, price × quantity. */
export function LineSummary({
  line,
  thumb,
  meal = false,
}: {
  line: Pick<OrderLine, "cover" | "name" | "spec" | "price" | "quantity"> & { madeToOrder?: boolean };
  thumb: number;
  meal?: boolean;
}) {
  return (
    <>
      <Picture src={line.cover} alt={line.name} width={thumb} height={thumb} sizes={thumbSizes(thumb)} />
      <div>
        <p className={styles.summaryName}>
          {meal && <span className={styles.mealTag}>套餐</span>}
          {line.madeToOrder && <span className={styles.mealTag}>定制</span>} {line.name}
        </p>
        {line.spec && <p className={styles.muted}>{line.spec}</p>}
      </div>
      <span>
        {formatPrice(line.price)} × {line.quantity}
      </span>
    </>
  );
}

export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul className={styles.orderLines}>
      {lines.map((l) => (
        <li key={`${l.skuId}-${l.isMeal ?? 0}`} className={styles.orderLine}>
          <LineSummary line={l} thumb={64} meal={l.isMeal !== null} />
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
