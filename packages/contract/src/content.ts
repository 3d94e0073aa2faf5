// Content: banners, stores, articles (guides and cases), city configs, hard prices, site settings, regions.
import { z } from "zod";
import { currentParam, idParam, optionalIdParam, Page, pageSizeParam, textParam } from "./common.js";

export const CityQuery = z.object({
  city: textParam("城市", 20),
  province: textParam("省份", 20),
});
export type CityQuery = z.input<typeof CityQuery>;

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
});
export type Banner = z.infer<typeof Banner>;

export const StoreQuery = z.object({
  current: currentParam,
  pageSize: pageSizeParam,
  city: textParam("城市", 20),
});
export type StoreQuery = z.input<typeof StoreQuery>;

export const Store = z.object({
  id: z.number().int(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  lng: z.number(),
  lat: z.number(),
  image: z.string(),
});
export type Store = z.infer<typeof Store>;
export const StorePage = Page(Store);

export const ArticleTag = z.object({ id: z.number().int(), name: z.string() });
export type ArticleTag = z.infer<typeof ArticleTag>;

/** Article list search info: type (1 guide, 2 case), tag filters, keyword and case filters. */
export const ArticleListQuery = z.object({
  type: z.enum(["1", "2"], { error: "type 只能为 1（攻略）或 2（案例）" }).optional(),
  tagId: optionalIdParam("标签"),
  /** Comma-separated tag ids (docs/product.md §3 tagIds). */
  tagIds: z
    .string()
    .max(200, { error: "标签过多" })
    .regex(/^(\d{1,9})(,\d{1,9})*$|^$/, { error: "tagIds 格式应为以逗号分隔的数字" })
    .optional(),
  keyword: textParam("关键词", 50),
  style: textParam("风格", 20),
  city: textParam("城市", 20),
  current: currentParam,
  pageSize: pageSizeParam,
});
export type ArticleListQuery = z.input<typeof ArticleListQuery>;

export const ArticleBlock = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("heading"), text: z.string() }),
  z.object({ kind: z.literal("paragraph"), text: z.string() }),
  z.object({ kind: z.literal("image"), src: z.string(), caption: z.string() }),
]);
export type ArticleBlock = z.infer<typeof ArticleBlock>;

export const ArticleListItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  tagId: z.number().int().nullable(),
  tagName: z.string().nullable(),
  author: z.string(),
  views: z.number().int(),
  publishedAt: z.string(),
  style: z.string().nullable(),
  layout: z.string().nullable(),
  areaM2: z.number().int().nullable(),
  budget: z.number().int().nullable(),
  city: z.string().nullable(),
  designer: z.string().nullable(),
});
export type ArticleListItem = z.infer<typeof ArticleListItem>;
export const ArticlePage = Page(ArticleListItem);

export const ArticleDetail = ArticleListItem.extend({
  content: z.array(ArticleBlock),
  related: z.array(ArticleListItem),
});
export type ArticleDetail = z.infer<typeof ArticleDetail>;

export const WebsiteConfigQuery = z.object({
  type: z.enum(["1"], { error: "type 只能为 1（城市列表）" }),
});

export const CityConfig = z.object({
  id: z.number().int(),
  type: z.number().int(),
  content: z.object({ city: z.string(), province: z.string() }),
});
export type CityConfig = z.infer<typeof CityConfig>;

export const HardPriceQuery = z.object({ city: textParam("城市", 20) });

/** Hard-decoration unit prices of a city, in cents per ㎡. `fallback` when the city is not covered. */
export const HardPrice = z.object({
  city: z.string(),
  province: z.string(),
  fallback: z.boolean(),
  packagePriceCentsPerM2: z.number().int(),
  halfPackagePriceCentsPerM2: z.number().int(),
  mainMaterialCentsPerM2: z.number().int(),
  auxiliaryMaterialCentsPerM2: z.number().int(),
  laborCentsPerM2: z.number().int(),
  projectManagementCentsPerM2: z.number().int(),
  designCentsPerM2: z.number().int(),
  softCentsPerM2: z.number().int(),
  applianceCentsPerM2: z.number().int(),
});
export type HardPrice = z.infer<typeof HardPrice>;

export const SiteSettings = z.object({
  brandName: z.string(),
  hotline: z.string(),
  headOfficeAddress: z.string(),
  icpNumber: z.string(),
  coveredCities: z.number().int(),
  defaultProvince: z.string(),
  defaultCity: z.string(),
  serviceHours: z.string(),
  serviceEmail: z.string(),
  wechat: z.string(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

/** Children of one administrative region code ("86" = provinces): {code: name}. */
export const RegionQuery = z.object({
  code: z
    .string()
    .regex(/^\d{2,12}$/, { error: "地区编码应为数字" })
    .optional(),
});
export const RegionChildren = z.record(z.string(), z.string());

export const CityDetectData = z.object({
  city: z.string(),
  province: z.string(),
  /** How it was found: "amap", "ip" (offline database) or "default". */
  source: z.enum(["amap", "ip", "default"]),
});
export type CityDetectData = z.infer<typeof CityDetectData>;

export const ArticleIdQuery = z.object({ id: idParam() });
