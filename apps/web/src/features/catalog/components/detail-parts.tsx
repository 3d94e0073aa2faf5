// Parts shared by the product and package detail screens: breadcrumb, off-sale notice, price box,
// service tags, and the parameter and description sections.
import { type GoodsDetail, MADE_TO_ORDER_NOTE } from "@yj/contract";
import { type ReactNode, useId } from "react";
import { Breadcrumb, type Crumb } from "../../../components/breadcrumb";
import { categoryHref } from "../../../lib/category-routes";
import { formatPrice } from "../../../lib/format";
import type { RouteMeta } from "../../../lib/route-context";
import { breadcrumbJsonLd, productJsonLd } from "../../../lib/structured-data";
import detail from "./detail.module.css";
import { galleryImages, galleryPreload } from "./gallery";

/** Breadcrumb links: level 1 and 2 open their listing, level 3 its parent's listing with the tab chosen. */
export function crumbHref(path: GoodsDetail["categoryPath"], index: number): string {
  const c = path[index]!;
  const parent = path[index - 1];
  return index >= 2 && parent ? categoryHref(parent.id, c.id) : categoryHref(c.id);
}

/** 首页 / category path / the goods: what the breadcrumb shows and the page's BreadcrumbList says. */
export function detailTrail(goods: Pick<GoodsDetail, "categoryPath" | "name">): Crumb[] {
  const trail = goods.categoryPath.map((c, i) => ({ label: c.content, to: crumbHref(goods.categoryPath, i) }));
  return [...trail, { label: goods.name }];
}

export function DetailBreadcrumb({ goods }: { goods: Pick<GoodsDetail, "categoryPath" | "name"> }) {
  return <Breadcrumb trail={detailTrail(goods)} className={detail.breadcrumb} />;
}

/** The head of a goods or package page: its URL, cover, Product with Offer and breadcrumb (P7). */
export function detailMeta(goods: GoodsDetail, url: string): RouteMeta {
  return {
    title: goods.name,
    description: goods.subtitle || undefined,
    canonical: url,
    ogImage: goods.images[0] || goods.cover || undefined,
    jsonLd: [productJsonLd(goods, url), breadcrumbJsonLd(detailTrail(goods), url)],
    // The gallery's first picture is the page's largest paint (docs/decisions/0060).
    preloadImage: galleryPreload(galleryImages(goods)),
  };
}

/** "已下架": shown instead of a buyable state when the goods or package is off sale. */
export function OffSaleNotice({ what }: { what: "商品" | "套餐" }) {
  return (
    <p className={detail.offSale} role="status">
      <strong>已下架</strong> 该{what}已停止销售，暂不支持购买
    </p>
  );
}

/** Made-to-order goods (docs/decisions/0064): said before the buyer chooses, and confirmed at the order. */
export function MadeToOrderNotice() {
  return (
    <p className={detail.madeToOrder} data-testid="made-to-order">
      <strong>定制</strong>
      {MADE_TO_ORDER_NOTE}
    </p>
  );
}

/** The price, with its unit suffix, and the original price struck through when it was higher. */
export function PriceBox({
  label,
  price,
  originalPrice,
  suffix,
  originalSuffix = "",
}: {
  label: string;
  price: number;
  originalPrice: number;
  suffix: string;
  originalSuffix?: string;
}) {
  return (
    <div className={detail.priceBox}>
      <span className={detail.priceLabel}>{label}</span>
      <span className={detail.price}>
        {formatPrice(price)}
        {suffix && <small>{suffix}</small>}
      </span>
      {originalPrice > price && (
        <s className={detail.original}>
          <span className="visually-hidden">原价</span>
          {formatPrice(originalPrice)}
          {originalSuffix}
        </s>
      )}
    </div>
  );
}

/** The facts list: brand first, the screen's own rows, then the service tags. */
export function Facts({ brand, tags, children }: { brand: string; tags: GoodsDetail["tags"]; children?: ReactNode }) {
  return (
    <dl className={detail.facts}>
      <div>
        <dt>品牌</dt>
        <dd>{brand}</dd>
      </div>
      {children}
      {tags.length > 0 && (
        <div>
          <dt>服务</dt>
          <dd>
            <ul className={detail.tags}>
              {tags.map((t) => (
                <li key={t.id}>{t.name}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** A titled section; the id is unique because several kept-alive details can be in the document. */
export function DetailSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={detail.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The parameter table and the description, side by side on wide screens. */
export function ParamsAndDescription({
  kind,
  params,
  description,
}: {
  kind: "商品" | "套餐";
  params: GoodsDetail["params"];
  description: string;
}) {
  return (
    <div className={detail.sections}>
      <DetailSection title={kind === "商品" ? "规格参数" : "套餐参数"}>
        <ParamsTable params={params} />
      </DetailSection>
      <DetailSection title={`${kind}介绍`}>
        <Description text={description} />
      </DetailSection>
    </div>
  );
}

function ParamsTable({ params }: { params: GoodsDetail["params"] }) {
  if (params.length === 0) return null;
  return (
    <table className={detail.params}>
      <tbody>
        {params.map((p) => (
          <tr key={p.name}>
            <th scope="row">{p.name}</th>
            <td>{p.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className={detail.muted}>暂无介绍</p>;
  return (
    <div className={detail.description}>
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
