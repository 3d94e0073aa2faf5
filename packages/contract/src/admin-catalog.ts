// The back office's catalogue (docs/decisions/0036): new goods, a package's items, categories, home
// banners per city / province / default, stores, and each city's hard-decoration prices and
// estimate rates. Money is typed in yuan and travels as integer cents (YuanAmount).
import { z } from "zod";
import { AdminGoodsSaveBody, YuanAmount } from "./admin.js";
import { AdminText, AdminId as Id, ImageAddress } from "./admin-fields.js";
import { centsShape, ESTIMATE_RATE_FIELDS, HARD_PRICE_FIELDS } from "./city-prices.js";
import { textParam } from "./common.js";
import { bannerAreaShape, bannerPictureShape, bannerTextShape, Store } from "./content.js";
import { linkTarget, SITE_OR_WEB_LINK_MESSAGE } from "./site-links.js";
import { text } from "./text.js";

export const CatalogMessages = {
  goodsCreated: "商品已创建",
  tagInvalid: "标签不存在",
  packageNotFound: "套餐不存在",
  packageItemsSaved: "套餐内容已保存",
  packageItemGoodsInvalid: "套餐里的商品不存在",
  categoryNotFound: "分类不存在",
  categorySaved: "分类已保存",
  bannerNotFound: "轮播图不存在",
  bannerSaved: "轮播图已保存",
  bannerDeleted: "轮播图已删除",
  bannersSorted: "顺序已保存",
  bannerSortMismatch: "排序的轮播图须属于同一城市、省份或默认分组",
  storeNotFound: "门店不存在",
  storeSaved: "门店已保存",
  storeDeleted: "门店已删除",
  pricesSaved: "价格已保存",
  pricesEmpty: "请填写硬装单价或报价参数",
  defaultCityNoHardPrice: "默认报价参数（*）没有硬装单价",
} as const;

// ── Shared pieces ────────────────────────────────────────────────────────────────────────────────

/** Where a banner leads: a storefront path (/case, /packageDetails/151) or an http(s) address. */
const LinkUrl = text("链接", "请填写链接")
  .trim()
  .min(1, "请填写链接")
  .max(500, "链接过长")
  .refine((v) => linkTarget(v, { web: true }) !== null, SITE_OR_WEB_LINK_MESSAGE);

const Sort = z.coerce
  .number({ message: "排序须为整数" })
  .int("排序须为整数")
  .min(-100_000, "排序超出范围")
  .max(100_000, "排序超出范围");

export const CatalogIdBody = z.object({ id: Id });
export const CatalogIdQuery = z.object({ id: Id });
export const CatalogIdData = z.object({ id: z.number() });

const Stock = z.coerce
  .number({ message: "库存无效" })
  .int("库存须为整数")
  .min(0, "库存不能为负")
  .max(9_999_999, "库存过大");

// ── Goods creation ───────────────────────────────────────────────────────────────────────────────

/** A new goods row with its first SKUs: the editor's fields, its tags and its cover. */
export const AdminGoodsCreateBody = AdminGoodsSaveBody.omit({ id: true, skus: true }).extend({
  tagIds: z.array(Id).max(10, "标签最多 10 个").default([]),
  /** The cover: the storefront's cards and product page need one. */
  cover: ImageAddress("商品图片"),
  skus: z
    .array(z.object({ spec: AdminText("规格", 64, { required: true }), price: YuanAmount, stock: Stock }))
    .min(1, "至少填写一个规格")
    .max(50, "规格最多 50 个"),
});

export const AdminTagOption = z.object({ id: z.number(), name: z.string() });

// ── Packages ─────────────────────────────────────────────────────────────────────────────────────

export const AdminPackageRow = z.object({ id: z.number(), name: z.string(), shown: z.boolean(), items: z.number() });
export type AdminPackageRow = z.infer<typeof AdminPackageRow>;

export const AdminPackageItem = z.object({
  goodsId: z.number().nullable(),
  goodsName: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  room: z.string(),
});

export const AdminPackageDetail = z.object({
  id: z.number(),
  name: z.string(),
  items: z.array(AdminPackageItem),
});
export type AdminPackageDetail = z.infer<typeof AdminPackageDetail>;

/** The package's whole list, in order: what is not sent is removed; the order sent is the order shown. */
export const AdminPackageItemsBody = z.object({
  id: Id,
  items: z
    .array(
      z.object({
        goodsId: Id.nullable().default(null),
        name: AdminText("项目名称", 64, { required: true }),
        quantity: z.coerce
          .number({ message: "数量无效" })
          .int("数量须为整数")
          .min(1, "数量至少为 1")
          .max(99_999, "数量过大"),
        unit: AdminText("单位", 8, { required: true }),
        room: AdminText("空间", 20, { required: false }),
      }),
    )
    .max(200, "套餐内容最多 200 项"),
});

// ── Categories ───────────────────────────────────────────────────────────────────────────────────

export const AdminCategoryRow = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  level: z.number(),
  sort: z.number(),
  shown: z.boolean(),
  goods: z.number(),
});
export type AdminCategoryRow = z.infer<typeof AdminCategoryRow>;

export const AdminCategoryUpdateBody = z.object({
  id: Id,
  name: AdminText("分类名称", 20, { required: true }),
  sort: Sort,
  shown: z.boolean({ message: "显示状态无效" }),
});

// ── Banners ──────────────────────────────────────────────────────────────────────────────────────

export const BANNER_SCOPES = ["default", "province", "city"] as const;
export type BannerScope = (typeof BANNER_SCOPES)[number];
export const BANNER_SCOPE_LABELS: Record<BannerScope, string> = { default: "默认", province: "省份", city: "城市" };

export const AdminBannerRow = z.object({
  id: z.number(),
  scope: z.enum(BANNER_SCOPES),
  ...bannerAreaShape,
  ...bannerPictureShape,
  ...bannerTextShape,
  sort: z.number(),
});
export type AdminBannerRow = z.infer<typeof AdminBannerRow>;

export const AdminBannerListQuery = z.object({
  scope: z.enum(BANNER_SCOPES, { message: "分组无效" }).optional(),
  area: textParam("省份或城市", 20),
});

const BannerFields = z.object({
  scope: z.enum(BANNER_SCOPES, { message: "请选择投放范围" }),
  province: AdminText("省份", 20, { required: false }).default(""),
  city: AdminText("城市", 20, { required: false }).default(""),
  title: AdminText("标题", 60, { required: true }),
  image: ImageAddress("图片"),
  link: LinkUrl,
  sort: Sort.default(0),
  // Short enough to stay on two lines over a phone-width picture (docs/decisions/0055).
  headline: AdminText("主标题", 30, { required: false }).default(""),
  subline: AdminText("副标题", 40, { required: false }).default(""),
  buttonLabel: AdminText("按钮文字", 8, { required: false }).default(""),
});

/** A city banner names its city (and province); a province banner its province; a default one neither. */
const scoped = <T extends z.ZodType<z.infer<typeof BannerFields>>>(schema: T) =>
  schema.superRefine((b, ctx) => {
    if (b.scope === "city" && !b.city) ctx.addIssue({ code: "custom", path: ["city"], message: "请输入城市" });
    if (b.scope !== "default" && !b.province)
      ctx.addIssue({ code: "custom", path: ["province"], message: "请输入省份" });
  });

export const AdminBannerCreateBody = scoped(BannerFields);
export const AdminBannerUpdateBody = scoped(BannerFields.extend({ id: Id }));
export const AdminBannerSortBody = z.object({
  ids: z.array(Id).min(1, "请选择要排序的轮播图").max(100, "一次最多排序 100 张"),
});

// ── Stores ───────────────────────────────────────────────────────────────────────────────────────

/** The storefront's store and where it stands in the list. */
export const AdminStoreRow = Store.extend({ sort: z.number() });
export type AdminStoreRow = z.infer<typeof AdminStoreRow>;

export const AdminStoreListQuery = z.object({
  name: textParam("门店名称", 40),
  city: textParam("城市", 20),
});

const StoreFields = z.object({
  name: AdminText("门店名称", 40, { required: true }),
  province: AdminText("省份", 20, { required: true }),
  city: AdminText("城市", 20, { required: true }),
  address: AdminText("地址", 100, { required: true }),
  phone: text("电话", "请输入电话")
    .trim()
    .regex(/^[0-9+\- ]{5,20}$/, "电话只能包含数字、空格、+ 和 -，5–20 位"),
  hours: AdminText("营业时间", 40, { required: true }),
  lng: z.coerce
    .number({ message: "经度无效" })
    .min(-180, "经度须在 -180 到 180 之间")
    .max(180, "经度须在 -180 到 180 之间"),
  lat: z.coerce.number({ message: "纬度无效" }).min(-90, "纬度须在 -90 到 90 之间").max(90, "纬度须在 -90 到 90 之间"),
  image: ImageAddress("门店图片"),
  sort: Sort.default(0),
});
export const AdminStoreCreateBody = StoreFields;
export const AdminStoreUpdateBody = StoreFields.extend({ id: Id });

// ── Per-city prices: hard-decoration unit prices and estimate rates ─────────────────────────────

/** The estimate rates row every city without its own uses. */
export const DEFAULT_RATES_CITY = "*";

const centsRecord = <K extends string>(fields: readonly (readonly [K, string])[]) => z.object(centsShape(fields));
const yuanRecord = <K extends string>(fields: readonly (readonly [K, string])[]) =>
  z.object(Object.fromEntries(fields.map(([k]) => [k, YuanAmount])) as Record<K, typeof YuanAmount>);

export const AdminCityPrices = z.object({
  city: z.string(),
  province: z.string(),
  /** Covered by the city list (website_configs type 1). */
  covered: z.boolean(),
  hardPrice: centsRecord(HARD_PRICE_FIELDS).nullable(),
  rates: centsRecord(ESTIMATE_RATE_FIELDS).nullable(),
});
export type AdminCityPrices = z.infer<typeof AdminCityPrices>;

export const AdminCityPricesBody = z
  .object({
    city: AdminText("城市", 20, { required: true }),
    province: AdminText("省份", 20, { required: false }).default(""),
    hardPrice: yuanRecord(HARD_PRICE_FIELDS).nullable().default(null),
    rates: yuanRecord(ESTIMATE_RATE_FIELDS).nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (!b.hardPrice && !b.rates)
      ctx.addIssue({ code: "custom", path: ["hardPrice"], message: CatalogMessages.pricesEmpty });
    if (b.city === DEFAULT_RATES_CITY && b.hardPrice)
      ctx.addIssue({ code: "custom", path: ["hardPrice"], message: CatalogMessages.defaultCityNoHardPrice });
    if (b.city !== DEFAULT_RATES_CITY && b.hardPrice && !b.province)
      ctx.addIssue({ code: "custom", path: ["province"], message: "请输入省份" });
  });
