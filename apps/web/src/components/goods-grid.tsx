// Responsive goods grid: 4 columns from 1200 px, 3 from 768 px, 2 below (no sideways scroll at 375 px).
import type { GoodsListItem } from "@yj/contract";
import { GoodsCard } from "./goods-card";
import styles from "./goods-grid.module.css";

export function GoodsGrid({
  items,
  eagerCount = 4,
  label,
}: {
  items: readonly GoodsListItem[];
  /** The first cards are above the fold: their covers load at once, the rest lazily. */
  eagerCount?: number;
  label?: string;
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item, i) => (
        <li key={item.id}>
          <GoodsCard goods={item} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
