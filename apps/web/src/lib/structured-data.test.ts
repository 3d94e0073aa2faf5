import type { GoodsDetail, SiteSettings, Store } from "@yj/contract";
import { describe, expect, it } from "vitest";
import {
  availabilityOf,
  breadcrumbJsonLd,
  openingHoursOf,
  organizationJsonLd,
  productJsonLd,
  storeJsonLd,
  yuanFromCents,
} from "./structured-data";

const goods: GoodsDetail = {
  id: 7,
  name: "北欧布艺沙发",
  subtitle: "三人位 可拆洗",
  brand: "悦家",
  price: 129_900,
  originalPrice: 159_900,
  unit: "件",
  cover: "/media/a",
  tagIds: [],
  sales: 3,
  category1: 1,
  category2: 4,
  category3: 41,
  isPackage: false,
  packagePriceMode: null,
  images: ["/media/a", "/media/b"],
  params: [],
  description: "长描述",
  skus: [
    { id: 1, spec: "灰", price: 129_900, stock: 0 },
    { id: 2, spec: "米", price: 139_900, stock: 4 },
  ],
  tags: [],
  categoryPath: [
    { id: 1, content: "家具" },
    { id: 4, content: "成品家具" },
  ],
  status: 1,
  madeToOrder: false,
};

describe("structured data", () => {
  it("writes prices in yuan with two decimals, from integer cents", () => {
    expect(yuanFromCents(129_900)).toBe("1299.00");
    expect(yuanFromCents(5)).toBe("0.05");
    expect(yuanFromCents(0)).toBe("0.00");
  });

  it("says off-sale goods are discontinued and goods whose SKUs have no stock are out of stock", () => {
    expect(availabilityOf(goods)).toBe("InStock");
    expect(availabilityOf({ ...goods, status: 0 })).toBe("Discontinued");
    expect(availabilityOf({ ...goods, skus: goods.skus.map((s) => ({ ...s, stock: 0 })) })).toBe("OutOfStock");
    // Without SKUs the API tells no stock: the goods are on sale.
    expect(availabilityOf({ ...goods, skus: [] })).toBe("InStock");
  });

  it("describes a product with its offer in CNY, brand, images and category path", () => {
    const ld = productJsonLd(goods, "/app/product-detail/7");
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "北欧布艺沙发",
      description: "三人位 可拆洗",
      image: ["/media/a", "/media/b"],
      brand: { "@type": "Brand", name: "悦家" },
      category: "家具 > 成品家具",
      url: "/app/product-detail/7",
      offers: {
        "@type": "Offer",
        url: "/app/product-detail/7",
        price: "1299.00",
        priceCurrency: "CNY",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("prices a per-㎡ package per square metre", () => {
    const ld = productJsonLd({ ...goods, packagePriceMode: "per_m2", price: 69_900 }, "/packageDetails/9");
    expect(ld.offers).toMatchObject({
      price: "699.00",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: "699.00",
        priceCurrency: "CNY",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MTK" },
      },
    });
  });

  it("lists the breadcrumb from 首页, the current page last at its own URL", () => {
    const ld = breadcrumbJsonLd(
      [{ label: "成品家具", to: "/2-12?id=4" }, { label: "北欧布艺沙发" }],
      "/app/product-detail/7",
    );
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "首页", item: "/" },
      { "@type": "ListItem", position: 2, name: "成品家具", item: "/2-12?id=4" },
      { "@type": "ListItem", position: 3, name: "北欧布艺沙发", item: "/app/product-detail/7" },
    ]);
  });

  it("describes the company from the site settings", () => {
    const settings = {
      brandName: "悦家整装",
      hotline: "0571-8678-0130",
      headOfficeAddress: "浙江省杭州市滨江区江南大道3688号",
      serviceEmail: "service@example.cn",
    } as SiteSettings;
    expect(organizationJsonLd(settings, "/favicon.svg")).toMatchObject({
      "@type": "Organization",
      name: "悦家整装",
      url: "/",
      logo: "/favicon.svg",
      telephone: "0571-8678-0130",
      email: "service@example.cn",
      address: { "@type": "PostalAddress", streetAddress: "浙江省杭州市滨江区江南大道3688号", addressCountry: "CN" },
    });
  });

  it("describes a store as a home-and-construction business of the brand", () => {
    const store: Store = {
      id: 3,
      name: "悦家整装 西湖店",
      province: "浙江省",
      city: "杭州市",
      address: "西湖区文三路 1 号",
      phone: "0571-8888-0001",
      hours: "09:00-21:00",
      lng: 120.1,
      lat: 30.2,
      image: "/media/s3",
    };
    expect(storeJsonLd(store, "悦家整装", "/all-store")).toEqual({
      "@context": "https://schema.org",
      "@type": "HomeAndConstructionBusiness",
      "@id": "/all-store#store-3",
      name: "悦家整装 西湖店",
      image: "/media/s3",
      url: "/all-store",
      telephone: "0571-8888-0001",
      address: {
        "@type": "PostalAddress",
        streetAddress: "西湖区文三路 1 号",
        addressLocality: "杭州市",
        addressRegion: "浙江省",
        addressCountry: "CN",
      },
      geo: { "@type": "GeoCoordinates", latitude: 30.2, longitude: 120.1 },
      openingHours: "Mo-Su 09:00-21:00",
      parentOrganization: { "@type": "Organization", "@id": "/#organization", name: "悦家整装" },
    });
    expect(openingHoursOf("周一至周五 9 点开门")).toBeUndefined();
  });
});
