// /app/product-detail/:id (docs/product.md §2): gallery, name, price following the chosen SKU, quantity, stock,
// parameters, description, breadcrumb, "已下架" when off sale, and related goods of the same category.

import { useQuery } from "@tanstack/react-query";
import { type GoodsDetail, goodsPath, MAX_LINE_QUANTITY, packagePath } from "@yj/contract";
import { useId, useMemo, useState } from "react";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { priceSuffix } from "../../../components/goods-card";
import { GoodsGrid } from "../../../components/goods-grid";
import { BookingPrompt } from "../../../components/lead-buttons";
import { useApi } from "../../../lib/api-context";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { useRouteDetail } from "../../../lib/route-detail";
import { goodsDetailQuery, orNotFound, RELATED_COUNT, relatedQuery, routeId } from "../api/detail-queries";
import { CartActions } from "../components/cart-actions";
import detail from "../components/detail.module.css";
import {
  DetailBreadcrumb,
  DetailSection,
  detailMeta,
  Facts,
  MadeToOrderNotice,
  OffSaleNotice,
  ParamsAndDescription,
  PriceBox,
} from "../components/detail-parts";
import { Gallery, galleryImages } from "../components/gallery";
import { firstAvailable, SkuChooser } from "../components/sku-chooser";
import styles from "./product-screen.module.css";

const NOT_FOUND = "商品不存在或已下架";
/** Without SKUs the API tells no stock: the stepper still needs a ceiling. */
const MAX_QUANTITY_WITHOUT_SKU = 99;

export async function loader({ params }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const id = routeId(params.id, NOT_FOUND);
  const goods = await orNotFound(ctx.queryClient.ensureQueryData(goodsDetailQuery(ctx.api, id)), NOT_FOUND);
  // A package has its own detail screen.
  if (goods.isPackage) throw redirect(packagePath(id), 301);
  await ctx.queryClient.ensureQueryData(relatedQuery(ctx.api, goods));
  return detailMeta(goods, goodsPath(goods.id));
}

export default function ProductScreen() {
  const goods = useRouteDetail(goodsDetailQuery);
  if (!goods) return null; // the loader has fetched it (or answered 404)
  // key: a different product starts with fresh choices.
  return <Product key={goods.id} goods={goods} />;
}

function Product({ goods }: { goods: GoodsDetail }) {
  const api = useApi();
  const uid = useId();
  const [skuId, setSkuId] = useState(() => firstAvailable(goods.skus)?.id);
  const [quantity, setQuantity] = useState(1);
  const sku = goods.skus.find((s) => s.id === skuId);
  const price = sku?.price ?? goods.price;
  const stock = sku ? sku.stock : goods.skus.length ? 0 : MAX_QUANTITY_WITHOUT_SKU;
  const onSale = goods.status === 1;
  const soldOut = goods.skus.length > 0 && stock <= 0;
  const canBuy = onSale && !soldOut;
  // The stock, and never more than one order line may hold (docs/decisions/0047).
  const max = Math.max(1, Math.min(stock, MAX_LINE_QUANTITY));
  const qty = Math.min(quantity, max);
  const suffix = priceSuffix(goods);

  const { data: relatedPage } = useQuery(relatedQuery(api, goods));
  const related = useMemo(
    () => (relatedPage?.dataList ?? []).filter((g) => g.id !== goods.id).slice(0, RELATED_COUNT),
    [relatedPage, goods.id],
  );

  const setQty = (n: number) => setQuantity(Math.min(max, Math.max(1, Number.isFinite(n) ? Math.trunc(n) : 1)));

  return (
    <div className={`container ${detail.screen}`}>
      <DetailBreadcrumb goods={goods} />
      <div className={detail.top}>
        <Gallery images={galleryImages(goods)} name={goods.name} />
        <section className={detail.info} aria-labelledby={`${uid}goods-name`}>
          <h1 id={`${uid}goods-name`} className={detail.name}>
            {goods.name}
          </h1>
          {goods.subtitle && <p className={detail.subtitle}>{goods.subtitle}</p>}
          {!onSale && <OffSaleNotice what="商品" />}
          {goods.madeToOrder && <MadeToOrderNotice />}
          <PriceBox label="价格" price={price} originalPrice={goods.originalPrice} suffix={suffix} />
          <Facts brand={goods.brand} tags={goods.tags}>
            {goods.sales > 0 && (
              <div>
                <dt>销量</dt>
                <dd>已售 {goods.sales}</dd>
              </div>
            )}
          </Facts>

          <SkuChooser skus={goods.skus} value={skuId} onChange={setSkuId} />

          <div className={styles.quantityRow}>
            <span className={styles.rowLabel} aria-hidden>
              数量
            </span>
            <div className={styles.stepper}>
              <button type="button" aria-label="减少" disabled={qty <= 1 || !canBuy} onClick={() => setQty(qty - 1)}>
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={max}
                value={qty}
                disabled={!canBuy}
                aria-label="购买数量"
                onChange={(e) => setQty(Number(e.target.value))}
              />
              <button type="button" aria-label="增加" disabled={qty >= max || !canBuy} onClick={() => setQty(qty + 1)}>
                +
              </button>
            </div>
            {goods.skus.length > 0 && (
              <span className={soldOut ? styles.stockOut : styles.stock}>
                {soldOut ? "暂时缺货" : `库存 ${stock} ${goods.unit}`}
              </span>
            )}
          </div>

          <CartActions
            goodsId={goods.id}
            skuId={sku?.id}
            quantity={qty}
            buyDisabled={!canBuy}
            disabledReason={!onSale ? "商品已下架" : "所选规格缺货"}
          />
          <BookingPrompt origin="商品详情" />
        </section>
      </div>

      <ParamsAndDescription kind="商品" params={goods.params} description={goods.description} />

      {related.length > 0 && (
        <DetailSection title="相关推荐" className={detail.related}>
          <GoodsGrid items={related} eagerCount={0} label="相关推荐" />
        </DetailSection>
      )}
    </div>
  );
}
