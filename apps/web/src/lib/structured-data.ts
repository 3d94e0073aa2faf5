// schema.org JSON-LD for search engines (docs/quality.md P7, docs/decisions/0029). Builders return plain
// objects with site paths as URLs; the server render makes those absolute on the public origin.
import type { GoodsDetail, SiteSettings, Store } from "@yj/contract";

export type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** The brand mark (apps/web/public), the company's logo. */
export const SITE_LOGO = "/favicon.svg";

/** Cents as schema.org wants a price: yuan with two decimals, as text ("1299.00"). */
export function yuanFromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

type Availability = "InStock" | "OutOfStock" | "Discontinued";

/** Off sale: discontinued; SKUs all without stock: out of stock; otherwise in stock. */
export function availabilityOf(goods: Pick<GoodsDetail, "status" | "skus">): Availability {
  if (goods.status !== 1) return "Discontinued";
  if (goods.skus.length > 0 && goods.skus.every((s) => s.stock <= 0)) return "OutOfStock";
  return "InStock";
}

/** One crumb of a breadcrumb trail: label, and a link unless it is the current page. */
export interface TrailCrumb {
  label: string;
  to?: string;
}

/**
 * A goods or package as a Product with its Offer. A per-㎡ package's price is per square metre
 * (UN/CEFACT unit MTK), so its offer carries a unit price specification.
 */
export function productJsonLd(
  goods: Pick<
    GoodsDetail,
    | "name"
    | "subtitle"
    | "description"
    | "brand"
    | "images"
    | "cover"
    | "price"
    | "status"
    | "skus"
    | "categoryPath"
    | "packagePriceMode"
  >,
  url: string,
): JsonLd {
  const images = goods.images.length ? goods.images : goods.cover ? [goods.cover] : [];
  const price = yuanFromCents(goods.price);
  const offer: JsonLd = {
    "@type": "Offer",
    url,
    price,
    priceCurrency: "CNY",
    availability: `${CONTEXT}/${availabilityOf(goods)}`,
  };
  if (goods.packagePriceMode === "per_m2") {
    offer.priceSpecification = {
      "@type": "UnitPriceSpecification",
      price,
      priceCurrency: "CNY",
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MTK" },
    };
  }
  const description = goods.subtitle || goods.description;
  return {
    "@context": CONTEXT,
    "@type": "Product",
    name: goods.name,
    ...(description ? { description } : {}),
    ...(images.length ? { image: images } : {}),
    ...(goods.brand ? { brand: { "@type": "Brand", name: goods.brand } } : {}),
    ...(goods.categoryPath.length ? { category: goods.categoryPath.map((c) => c.content).join(" > ") } : {}),
    url,
    offers: offer,
  };
}

/** 首页 / … / the page, as the Breadcrumb component shows it; the last crumb is the page itself. */
export function breadcrumbJsonLd(trail: readonly TrailCrumb[], pageUrl: string): JsonLd {
  const crumbs: TrailCrumb[] = [{ label: "首页", to: "/" }, ...trail];
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.label,
      item: c.to ?? pageUrl,
    })),
  };
}

function postalAddress(street: string, locality?: string, region?: string): JsonLd {
  return {
    "@type": "PostalAddress",
    streetAddress: street,
    ...(locality ? { addressLocality: locality } : {}),
    ...(region ? { addressRegion: region } : {}),
    addressCountry: "CN",
  };
}

/** The company, from the site settings: name, hotline, head office, service e-mail. */
export function organizationJsonLd(settings: SiteSettings, logo: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": "/#organization",
    name: settings.brandName,
    url: "/",
    logo,
    telephone: settings.hotline,
    ...(settings.serviceEmail ? { email: settings.serviceEmail } : {}),
    address: postalAddress(settings.headOfficeAddress),
    contactPoint: {
      "@type": "ContactPoint",
      telephone: settings.hotline,
      contactType: "customer service",
      areaServed: "CN",
      availableLanguage: "zh-CN",
    },
  };
}

/** "09:00-21:00" → "Mo-Su 09:00-21:00"; other wording is not machine-readable and is left out. */
export function openingHoursOf(hours: string): string | undefined {
  const match = /^\s*(\d{2}:\d{2})\s*[-–~至]\s*(\d{2}:\d{2})\s*$/.exec(hours);
  return match ? `Mo-Su ${match[1]}-${match[2]}` : undefined;
}

/** A store as a home-and-construction business of the brand, with its address, phone and place. */
export function storeJsonLd(store: Store, brandName: string, pageUrl: string): JsonLd {
  const openingHours = openingHoursOf(store.hours);
  return {
    "@context": CONTEXT,
    "@type": "HomeAndConstructionBusiness",
    "@id": `${pageUrl}#store-${store.id}`,
    name: store.name,
    ...(store.image ? { image: store.image } : {}),
    url: pageUrl,
    telephone: store.phone,
    address: postalAddress(store.address, store.city, store.province),
    geo: { "@type": "GeoCoordinates", latitude: store.lat, longitude: store.lng },
    ...(openingHours ? { openingHours } : {}),
    parentOrganization: { "@type": "Organization", "@id": "/#organization", name: brandName },
  };
}
