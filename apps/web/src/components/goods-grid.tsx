// Responsive goods grid: 4 columns from 1200 px, 3 from 768 px, 2 below (no sideways scroll at 375 px).
import type { GoodsListItem } from "@yj/contract";
import { GoodsCard } from "./goods-card";
import styles from "./goods-grid.module.css";
import { type ImagePreload, type PictureLoading, picturePreload } from "./picture";
import { GOODS_CARD_SIZES } from "./picture-sizes";

/**
 * How soon a card's cover is wanted: a list at the top of its page has the first card's cover as its
 * largest paint (Lighthouse's LCP on a category page; the loader preloads it with gridPreload), the
 * rest of the first screen at once, the others lazily.
 */
function coverLoading(index: number, eagerCount: number): PictureLoading {
  if (index >= eagerCount) return "lazy";
  return index === 0 ? "lcp" : "eager";
}

/** The head's preload of a grid's first cover (docs/decisions/0060). */
export function gridPreload(items: readonly GoodsListItem[] | undefined): ImagePreload | undefined {
  return picturePreload(items?.[0]?.cover, GOODS_CARD_SIZES);
}

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
          <GoodsCard goods={item} loading={coverLoading(i, eagerCount)} />
        </li>
      ))}
    </ul>
  );
}
