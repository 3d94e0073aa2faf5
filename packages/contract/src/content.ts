// Content: banners, stores, articles (guides and cases), city configs, hard prices, site settings, regions.
import { z } from "zod";
import { MAX_CASE_ROOMS } from "./case-filters.js";
import { centsShape, HARD_PRICE_FIELDS, pricedCityShape } from "./city-prices.js";
import {
  currentParam,
  idParam,
  MAX_INT,
  optionalIdParam,
  optionalIntParam,
  Page,
  pageSizeParam,
  textParam,
} from "./common.js";
import { text } from "./text.js";

export const CityQuery = z.object({
  city: textParam("城市", 20),
  province: textParam("省份", 20),
});
export type CityQuery = z.input<typeof CityQuery>;

/** What a banner shows and where it leads. */
export const bannerPictureShape = { title: z.string(), image: z.string(), link: z.string() };
/** Where a banner is shown: a province, a city, or (both null) everywhere. */
export const bannerAreaShape = { province: z.string().nullable(), city: z.string().nullable() };

/**
 * The words shown as HTML over the picture, so they reflow at every width (docs/decisions/0055);
 * "" = none. Optional in the public answer: a client that predates them still reads a banner.
 */
export const bannerTextShape = { headline: z.string(), subline: z.string(), buttonLabel: z.string() };

export const Banner = z.object({
  id: z.number().int(),
  ...bannerPictureShape,
  ...bannerAreaShape,
  ...z.object(bannerTextShape).partial().shape,
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

/** Largest floor area a case filter may name, in ㎡. */
const MAX_AREA_M2 = 100_000;

/**
 * Article list search info: type (1 guide, 2 case), tag filters, keyword and the case filters of /case
 * (docs/decisions/0027): style, city, rooms, and area and budget bands (min inclusive, max exclusive).
 */
export const ArticleListQuery = z
  .object({
    type: z.enum(["1", "2"], { error: "type 只能为 1（攻略）或 2（案例）" }).optional(),
    tagId: optionalIdParam("标签"),
    /** Comma-separated tag ids (docs/product.md §3 tagIds). */
    tagIds: text("tagIds")
      .max(200, { error: "标签过多" })
      .regex(/^(\d{1,9})(,\d{1,9})*$|^$/, { error: "tagIds 格式应为以逗号分隔的数字" })
      .optional(),
    keyword: textParam("关键词", 50),
    style: textParam("风格", 20),
    city: textParam("城市", 20),
    /** Bedrooms of the case's layout (三室两厅 has 3); the largest value means that many or more. */
    rooms: optionalIntParam("户型 rooms ", 1, MAX_CASE_ROOMS),
    areaMin: optionalIntParam("面积下限 areaMin ", 0, MAX_AREA_M2),
    areaMax: optionalIntParam("面积上限 areaMax ", 1, MAX_AREA_M2),
    /** Total cost in cents. */
    budgetMin: optionalIntParam("预算下限 budgetMin ", 0, MAX_INT),
    budgetMax: optionalIntParam("预算上限 budgetMax ", 1, MAX_INT),
    current: currentParam,
    pageSize: pageSizeParam,
  })
  .refine((q) => q.areaMin === undefined || q.areaMax === undefined || q.areaMin < q.areaMax, {
    error: "面积下限应小于上限",
    path: ["areaMin"],
  })
  .refine((q) => q.budgetMin === undefined || q.budgetMax === undefined || q.budgetMin < q.budgetMax, {
    error: "预算下限应小于上限",
    path: ["budgetMin"],
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
export const HardPrice = z.object({ ...pricedCityShape, ...centsShape(HARD_PRICE_FIELDS) });
export type HardPrice = z.infer<typeof HardPrice>;

/** The company as the site's settings name it (footer, contact blocks); the back office edits the same words. */
export const companyShape = {
  brandName: z.string(),
  hotline: z.string(),
  headOfficeAddress: z.string(),
  icpNumber: z.string(),
};
/** How visitors reach customer service, from the site's settings. */
export const serviceContactShape = {
  serviceHours: z.string(),
  serviceEmail: z.string(),
  wechat: z.string(),
};

/**
 * The filings and the business licence (docs/decisions/0077): the footer and /business-licence show
 * them; empty text is not shown.
 */
export const filingsShape = {
  /** 公安备案, e.g. "浙公网安备 33010602000000号". */
  policeFilingNumber: z.string(),
  /** The licence's registered name, address and unified social credit code. */
  companyName: z.string(),
  companyAddress: z.string(),
  creditCode: z.string(),
  /** The licence picture's URL (/media/licence-…), or empty. */
  licenceImage: z.string(),
};

export const SiteSettings = z.object({
  ...companyShape,
  coveredCities: z.number().int(),
  defaultProvince: z.string(),
  defaultCity: z.string(),
  ...serviceContactShape,
  ...filingsShape,
  /** The /decorate-act deposit in cents (0: deposits closed) and its refund window in days (0: none). */
  activityDepositCents: z.number().int(),
  depositRefundDays: z.number().int(),
  /** Months a lead that never became a customer keeps its phone and name (docs/decisions/0077). */
  leadRetentionMonths: z.number().int(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

/** Children of one administrative region code ("86" = provinces): {code: name}. */
export const RegionQuery = z.object({
  code: text("地区编码")
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

/** One option of a case filter taken from the data, with how many cases it matches. */
export const CaseFilterOption = z.object({ value: z.string(), count: z.number().int() });
export type CaseFilterOption = z.infer<typeof CaseFilterOption>;

/** The styles and cities that cases exist for, most cases first (docs/decisions/0027). */
export const CaseFiltersData = z.object({
  styles: z.array(CaseFilterOption),
  cities: z.array(CaseFilterOption),
});
export type CaseFiltersData = z.infer<typeof CaseFiltersData>;

export const ArticleIdQuery = z.object({ id: idParam() });
