// A goods (or package) in a list: cover, name, subtitle, price with the original struck through, brand.
// Server-rendered as a plain link so crawlers see name, price and the detail URL (P7).

import type { GoodsListItem } from "@yj/contract";
import { goodsPath, packagePath } from "@yj/contract";
import { formatPrice } from "../lib/format";
import { AppLink } from "./app-link";
import styles from "./goods-card.module.css";
import { Picture, type PictureLoading } from "./picture";
import { GOODS_CARD_SIZES } from "./picture-sizes";
import { WholeNumbers } from "./whole-numbers";

/** Units a price is quoted per (¥129/㎡, ¥899/延米); counted units (件, 套) need no suffix on goods. */
const MEASURE_UNITS = new Set(["㎡", "平方米", "延米", "米", "m", "m²"]);

/** The "/㎡" after a price: per-㎡ packages and goods sold by measure; fixed packages are per 套. */
export function priceSuffix(item: Pick<GoodsListItem, "isPackage" | "packagePriceMode" | "unit">): string {
  if (item.isPackage) return item.packagePriceMode === "per_m2" ? "/㎡" : `/${item.unit || "套"}`;
  return MEASURE_UNITS.has(item.unit) ? `/${item.unit}` : "";
}

/** Detail page of a list item: packages have their own screen (docs/product.md §2). */
export function goodsHref(item: Pick<GoodsListItem, "id" | "isPackage">): string {
  return item.isPackage ? packagePath(item.id) : goodsPath(item.id);
}

export const COVER_SIZE = 400;

export function GoodsCard({ goods: item, loading = "lazy" }: { goods: GoodsListItem; loading?: PictureLoading }) {
  const suffix = priceSuffix(item);
  return (
    <AppLink to={goodsHref(item)} className={styles.card}>
      <div className={styles.cover}>
        <Picture
          src={item.cover}
          alt={item.name}
          width={COVER_SIZE}
          height={COVER_SIZE}
          sizes={GOODS_CARD_SIZES}
          loading={loading}
        />
        {item.isPackage && <span className={styles.badge}>套餐</span>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <WholeNumbers text={item.name} />
        </h3>
        {item.subtitle && <p className={styles.subtitle}>{item.subtitle}</p>}
        <p className={styles.prices}>
          <span className={styles.price}>
            {formatPrice(item.price)}
            {suffix && <small>{suffix}</small>}
          </span>
          {item.originalPrice > item.price && (
            <s className={styles.original}>
              <span className="visually-hidden">原价</span>
              {formatPrice(item.originalPrice)}
            </s>
          )}
        </p>
        <p className={styles.meta}>
          <span className={styles.brand}>{item.brand}</span>
          {item.sales > 0 && <span>已售 {item.sales}</span>}
        </p>
      </div>
    </AppLink>
  );
}
