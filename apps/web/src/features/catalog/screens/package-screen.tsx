// /packageDetails/:id (docs/product.md §2, showPackage): gallery, name, price per 套 or per ㎡ (with an area
// calculator), the included items by room, description and parameters. Kept alive when left.

import { useQuery } from "@tanstack/react-query";
import { goodsPath, Messages, type PackageDetail, type PackageItem, packagePath } from "@yj/contract";
import { useId, useMemo, useState } from "react";
import { type LoaderFunctionArgs, matchPath } from "react-router";
import { AppLink } from "../../../components/app-link";
import { priceSuffix } from "../../../components/goods-card";
import { BookingPrompt } from "../../../components/lead-buttons";
import { Picture } from "../../../components/picture";
import { thumbSizes } from "../../../components/picture-sizes";
import { useApi } from "../../../lib/api-context";
import { formatPrice } from "../../../lib/format";
import type { RouteContext, RouteHandle, RouteMeta } from "../../../lib/route-context";
import { useScreenLocation } from "../../../lib/screen-location";
import { orNotFound, packageDetailQuery, routeId } from "../api/detail-queries";
import { CartActions } from "../components/cart-actions";
import detail from "../components/detail.module.css";
import {
  DetailBreadcrumb,
  DetailSection,
  detailMeta,
  Facts,
  OffSaleNotice,
  ParamsAndDescription,
  PriceBox,
} from "../components/detail-parts";
import { Gallery, galleryImages } from "../components/gallery";
import { firstAvailable, SkuChooser } from "../components/sku-chooser";
import styles from "./package-screen.module.css";

export const handle: RouteHandle = { keepAlive: true };

const NOT_FOUND = "套餐不存在或已下架";
const DEFAULT_AREA_M2 = 90;
const MAX_AREA_M2 = 10_000;
const ITEM_THUMB = 48;

export async function loader({ params }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const id = routeId(params.id, NOT_FOUND);
  const pkg = await orNotFound(ctx.queryClient.ensureQueryData(packageDetailQuery(ctx.api, id)), NOT_FOUND);
  return detailMeta(pkg, packagePath(pkg.id));
}

/** Estimated total of a per-㎡ package, in cents; null when the area is not a usable number. */
export function estimateCents(pricePerM2Cents: number, areaText: string): number | null {
  const area = Number(areaText);
  if (!areaText.trim() || !Number.isFinite(area) || area <= 0 || area > MAX_AREA_M2) return null;
  return Math.round(pricePerM2Cents * area);
}

/** Items grouped by room, rooms in order of first appearance. */
export function groupByRoom(items: readonly PackageItem[]): [string, PackageItem[]][] {
  const groups = new Map<string, PackageItem[]>();
  for (const item of items) {
    const room = item.room || "其他";
    const list = groups.get(room);
    if (list) list.push(item);
    else groups.set(room, [item]);
  }
  return [...groups];
}

export default function PackageScreen() {
  const api = useApi();
  // Kept alive: the id comes from the location this screen was rendered for, not the current URL.
  const { pathname } = useScreenLocation();
  const id = Number(matchPath("/packageDetails/:id", pathname)?.params.id);
  const { data: pkg } = useQuery(packageDetailQuery(api, id));
  if (!pkg) return null; // the loader has fetched it (or answered 404)
  return <Package key={pkg.id} pkg={pkg} />;
}

function AreaCalculator({ pricePerM2 }: { pricePerM2: number }) {
  const inputId = useId();
  const [area, setArea] = useState(String(DEFAULT_AREA_M2));
  const total = estimateCents(pricePerM2, area);
  return (
    <div className={styles.calc}>
      <label htmlFor={inputId} className={styles.calcLabel}>
        面积
      </label>
      <span className={styles.calcInput}>
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={1}
          max={MAX_AREA_M2}
          step="any"
          value={area}
          onChange={(e) => setArea(e.target.value)}
        />
        <span>㎡</span>
      </span>
      <span aria-hidden className={styles.arrow}>
        →
      </span>
      <output htmlFor={inputId} className={styles.calcResult} aria-live="polite">
        {total === null ? (
          <span className={styles.calcError}>{Messages.quoteAreaPositive}</span>
        ) : (
          <>
            预估总价 <strong>{formatPrice(total)}</strong>
          </>
        )}
      </output>
      <p className={styles.calcNote}>按套内面积估算，最终价格以上门实测为准。</p>
    </div>
  );
}

function Package({ pkg }: { pkg: PackageDetail }) {
  // Several kept-alive packages can be in the document at once: ids must be unique.
  const uid = useId();
  const perM2 = pkg.packagePriceMode === "per_m2";
  const onSale = pkg.status === 1;
  const rooms = useMemo(() => groupByRoom(pkg.items), [pkg.items]);
  const [skuId, setSkuId] = useState(() => firstAvailable(pkg.skus)?.id);
  const price = pkg.skus.find((s) => s.id === skuId)?.price ?? pkg.price;
  const soldOut = pkg.skus.length > 0 && pkg.skus.every((s) => s.stock <= 0);
  const itemCount = pkg.items.length;

  return (
    <div className={`container ${detail.screen}`}>
      <DetailBreadcrumb goods={pkg} />
      <div className={detail.top}>
        <Gallery images={galleryImages(pkg)} name={pkg.name} />
        <section className={detail.info} aria-labelledby={`${uid}package-name`}>
          <p className={styles.kind}>{perM2 ? "按面积计价套餐" : "整套价套餐"}</p>
          <h1 id={`${uid}package-name`} className={detail.name}>
            {pkg.name}
          </h1>
          {pkg.subtitle && <p className={detail.subtitle}>{pkg.subtitle}</p>}
          {!onSale && <OffSaleNotice what="套餐" />}
          <PriceBox
            label="套餐价"
            price={price}
            originalPrice={pkg.originalPrice}
            suffix={priceSuffix(pkg)}
            originalSuffix={priceSuffix(pkg)}
          />
          <SkuChooser skus={pkg.skus} value={skuId} onChange={setSkuId} />
          {perM2 && <AreaCalculator pricePerM2={price} />}
          <Facts brand={pkg.brand} tags={pkg.tags}>
            <div>
              <dt>包含</dt>
              <dd>
                {rooms.length} 个空间，共 {itemCount} 项
              </dd>
            </div>
          </Facts>
          <CartActions
            goodsId={pkg.id}
            skuId={pkg.skus.find((s) => s.id === skuId && s.stock > 0)?.id}
            isPackage
            buyDisabled={!onSale || soldOut}
            disabledReason={onSale ? "套餐已售罄" : "套餐已下架"}
          />
          <BookingPrompt origin="套餐详情" />
        </section>
      </div>

      <DetailSection title="套餐清单" className={styles.itemsBox}>
        {itemCount === 0 ? (
          <p className={detail.muted}>清单整理中，详情请咨询客服</p>
        ) : (
          <table className={styles.items}>
            <thead>
              <tr>
                <th scope="col">项目</th>
                <th scope="col" className={styles.qty}>
                  数量
                </th>
              </tr>
            </thead>
            {rooms.map(([room, items]) => (
              <tbody key={room}>
                <tr className={styles.room}>
                  <th scope="rowgroup" colSpan={2}>
                    {room}
                    <span>{items.length} 项</span>
                  </th>
                </tr>
                {items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <span className={styles.item}>
                        {item.cover ? (
                          // Decorative: the item's name is the next thing read (the name again would be said twice).
                          <Picture
                            src={item.cover}
                            alt=""
                            width={ITEM_THUMB}
                            height={ITEM_THUMB}
                            sizes={thumbSizes(ITEM_THUMB)}
                          />
                        ) : (
                          <span className={styles.noThumb} aria-hidden />
                        )}
                        {item.goodsId ? (
                          <AppLink to={goodsPath(item.goodsId)}>{item.name}</AppLink>
                        ) : (
                          <span>{item.name}</span>
                        )}
                      </span>
                    </td>
                    <td className={styles.qty}>
                      {item.quantity} {item.unit}
                    </td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        )}
      </DetailSection>

      <ParamsAndDescription kind="套餐" params={pkg.params} description={pkg.description} />
    </div>
  );
}
