// Catalogue: category tree, goods, packages (docs/product.md §3, §7). Money fields are integer cents.
import { z } from "zod";
import { currentParam, idListParam, idParam, optionalIdParam, Page, pageSizeParam, textParam } from "./common.js";
import { GOODS_SORTS } from "./constants.js";

export interface GoodsCategory {
  id: number;
  content: string;
  parentId: number | null;
  level: number;
  color: string;
  subCategories: GoodsCategory[];
}
export const GoodsCategory: z.ZodType<GoodsCategory> = z.object({
  id: z.number().int(),
  content: z.string(),
  parentId: z.number().int().nullable(),
  level: z.number().int(),
  /** #rrggbb, the category's colour in generated images and accents. */
  color: z.string(),
  get subCategories() {
    return z.array(GoodsCategory);
  },
});

export const GoodsSort = z.enum(GOODS_SORTS);
export type GoodsSort = z.infer<typeof GoodsSort>;

/**
 * Goods search info (docs/product.md §3): name, category1, category2, category3, tagId, current, pageSize 12, status 1;
 * and tagIds of the product search info (goods carrying any of those tags), which /productList passes on.
 */
export const GoodsIndexQuery = z.object({
  name: textParam("商品名称", 50),
  category1: optionalIdParam("一级分类"),
  category2: optionalIdParam("二级分类"),
  category3: optionalIdParam("三级分类"),
  tagId: optionalIdParam("标签"),
  tagIds: idListParam("标签 tagIds "),
  current: currentParam,
  pageSize: pageSizeParam,
  /** Only goods on sale (1) and shown (1) are public; the parameters exist because the product rules' client sends them. */
  status: z.enum(["1"], { error: "status 只能为 1" }).optional(),
  isShow: z.enum(["1"], { error: "isShow 只能为 1" }).optional(),
  sort: GoodsSort.optional(),
});
export type GoodsIndexQuery = z.input<typeof GoodsIndexQuery>;

export const GoodsListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  subtitle: z.string(),
  brand: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  unit: z.string(),
  cover: z.string(),
  tagIds: z.array(z.number().int()),
  sales: z.number().int(),
  category1: z.number().int(),
  category2: z.number().int(),
  category3: z.number().int().nullable(),
  isPackage: z.boolean(),
  packagePriceMode: z.enum(["fixed", "per_m2"]).nullable(),
});
export type GoodsListItem = z.infer<typeof GoodsListItem>;

/** data of /api/goods/index: a page plus the categories to filter by (children of the most specific category asked for). */
export const GoodsIndexData = Page(GoodsListItem).extend({
  goodsCategoryDOS: z.array(GoodsCategory),
});
export type GoodsIndexData = z.infer<typeof GoodsIndexData>;

export const GoodsSku = z.object({
  id: z.number().int(),
  spec: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
});
export type GoodsSku = z.infer<typeof GoodsSku>;

export const GoodsDetail = GoodsListItem.extend({
  images: z.array(z.string()),
  params: z.array(z.object({ name: z.string(), value: z.string() })),
  description: z.string(),
  skus: z.array(GoodsSku),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Breadcrumb from level 1 down. */
  categoryPath: z.array(z.object({ id: z.number().int(), content: z.string() })),
  /** 1 on sale, 0 off sale (the page shows 已下架). */
  status: z.number().int(),
  /** Made to order (定制商品): the page says the seven-day no-reason return does not apply. */
  madeToOrder: z.boolean(),
});
export type GoodsDetail = z.infer<typeof GoodsDetail>;

export const PackageItem = z.object({
  id: z.number().int(),
  goodsId: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  room: z.string(),
  cover: z.string().nullable(),
});
export type PackageItem = z.infer<typeof PackageItem>;

export const PackageDetail = GoodsDetail.extend({
  items: z.array(PackageItem),
});
export type PackageDetail = z.infer<typeof PackageDetail>;

export const IdQuery = z.object({ id: idParam() });
export type IdQuery = z.input<typeof IdQuery>;

export const EmptyQuery = z.object({});
