// Catalogue rules: what is public (status 1 and isShow 1), search, paging, detail shapes.
import {
  GoodsCategory,
  type GoodsDetail,
  type GoodsIndexData,
  type GoodsListItem,
  type GoodsSort,
  type PackageDetail,
} from "@yj/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db, PreparedStatement } from "../../db/client.js";
import { goods, goodsCategories, goodsSkus, goodsTags } from "../../db/schema.js";
import { intOf } from "../../db/wire-rows.js";
import { compileJson } from "../../lib/compile-json.js";
import { notFound } from "../../lib/errors.js";
import { RawJson } from "../../lib/raw-json.js";
import type { TtlCache } from "../../lib/ttl-cache.js";
import { buildCategoryTree } from "./category-tree.js";
import { type GoodsSearchFilters, type GoodsSearchSql, goodsSearchShape, goodsSearchSql } from "./goods-page-sql.js";
import { goodsIsPublic } from "./goods-visibility.js";
import { packageItemsOf } from "./package-items.js";
import { searchTerms } from "./search-query.js";

/** The storefront's goods list: the search filters (tagIds validated by the contract) and the page. */
export interface GoodsIndexParams extends Omit<GoodsSearchFilters, "name"> {
  /** The search text as typed (docs/decisions/0053-goods-search.md). */
  name?: string;
  current: number;
  pageSize: number;
  sort?: GoodsSort;
}

const listColumns = {
  id: goods.id,
  name: goods.name,
  subtitle: goods.subtitle,
  brand: goods.brand,
  price: goods.priceCents,
  originalPrice: goods.originalPriceCents,
  unit: goods.unit,
  images: goods.images,
  tagIds: goods.tagIds,
  sales: goods.sales,
  category1: goods.category1,
  category2: goods.category2,
  category3: goods.category3,
  isPackage: goods.isPackage,
  packagePriceMode: goods.packagePriceMode,
};

type ListRow = { images: string[]; packagePriceMode: "fixed" | "per_m2" | null } & Omit<
  GoodsListItem,
  "cover" | "packagePriceMode"
>;

function toListItem({ images, ...row }: ListRow): GoodsListItem {
  return { ...row, cover: images[0] ?? "", packagePriceMode: row.packagePriceMode ?? null };
}

/** The cache keys of the storefront's goods pages: a goods or category edit drops them. */
export const GOODS_CACHE_PREFIX = "goods:";

/** The reference cache's key of the category tree; a category edit drops it (docs/decisions/0036). */
export const CATEGORIES_CACHE_KEY = "categories";

const serializeCategories = compileJson(z.array(GoodsCategory));

// Constant pieces of a goods page's JSON (GoodsIndexData, in contract order).
const DATA_LIST = Buffer.from('{"dataList":');
const EMPTY_LIST = Buffer.from("[]");
const END_OBJECT = Buffer.from("}");

interface PreparedGoodsSearch {
  sql: GoodsSearchSql;
  page: PreparedStatement;
  count: PreparedStatement;
}

export class CatalogService {
  private readonly db: Db;

  constructor(
    private readonly database: Database,
    /** Hot public reads (API_CACHE_SECONDS). */
    private readonly cache: TtlCache,
    /** Reference data that changes with a catalogue edit, not per request: the category tree. */
    private readonly referenceCache: TtlCache,
  ) {
    this.db = database.db;
  }

  /**
   * The goods page is the hottest uncached read (bench P2/P3). Its SQL depends only on which filters
   * are present and the sort, so it is written once per shape and kept prepared (ADR 0010).
   */
  private readonly goodsSearches = new Map<string, PreparedGoodsSearch>();

  private goodsSearch(p: GoodsSearchFilters & { sort?: GoodsSort }): PreparedGoodsSearch {
    const sort = p.sort ?? "default";
    const shape = goodsSearchShape(p, sort);
    let search = this.goodsSearches.get(shape);
    if (!search) {
      const sql = goodsSearchSql(p, sort);
      search = {
        sql,
        page: this.database.prepare(`goods_page_${shape}`, sql.page),
        count: this.database.prepare(`goods_count_${shape}`, sql.count),
      };
      this.goodsSearches.set(shape, search);
    }
    return search;
  }

  /** The JSON of filter categories, made once per list of the cached tree (it only changes with the tree). */
  private readonly categoriesJson = new WeakMap<GoodsCategory[], Buffer>();

  categoryTree() {
    return this.referenceCache.get(CATEGORIES_CACHE_KEY, async () => {
      const rows = await this.db
        .select({
          id: goodsCategories.id,
          content: goodsCategories.content,
          parentId: goodsCategories.parentId,
          level: goodsCategories.level,
          color: goodsCategories.color,
          isShow: goodsCategories.isShow,
        })
        .from(goodsCategories)
        .orderBy(asc(goodsCategories.level), asc(goodsCategories.sort), asc(goodsCategories.id));
      return buildCategoryTree(rows);
    });
  }

  async categories(): Promise<GoodsCategory[]> {
    return (await this.categoryTree()).roots;
  }

  goodsIndex(params: GoodsIndexParams): Promise<RawJson<GoodsIndexData>> {
    return this.cache.get(`${GOODS_CACHE_PREFIX}${JSON.stringify(params)}`, () => this.loadGoodsIndex(params));
  }

  private async loadGoodsIndex(p: GoodsIndexParams): Promise<RawJson<GoodsIndexData>> {
    const filters = { ...p, name: p.name ? searchTerms(p.name) : undefined };
    const search = this.goodsSearch(filters);
    const filterValues = search.sql.filterValues(filters);
    const [[page], categories] = await Promise.all([
      search.page([...filterValues, p.pageSize, (p.current - 1) * p.pageSize]),
      this.filterCategories(p),
    ]);
    const [pageTotal, items] = page ?? [];
    // Past the last page the window count has no row to ride on: count separately.
    const total = intOf(pageTotal) ?? (p.current === 1 ? 0 : (intOf((await search.count(filterValues))[0]?.[0]) ?? 0));
    let categoriesJson = this.categoriesJson.get(categories);
    if (categoriesJson === undefined) {
      categoriesJson = Buffer.from(serializeCategories(categories));
      this.categoriesJson.set(categories, categoriesJson);
    }
    return new RawJson(
      DATA_LIST,
      items ?? EMPTY_LIST,
      `,"total":${total},"current":${p.current},"pageSize":${p.pageSize},"goodsCategoryDOS":`,
      categoriesJson,
      END_OBJECT,
    );
  }

  /** The categories to filter by: children of the most specific category asked for (level 1 when none). */
  private async filterCategories(p: GoodsIndexParams): Promise<GoodsCategory[]> {
    const { roots, byId } = await this.categoryTree();
    if (p.category3) {
      const parentId = byId.get(p.category3)?.parentId;
      return (parentId ? byId.get(parentId)?.subCategories : undefined) ?? [];
    }
    const parent = p.category2 ?? p.category1;
    if (parent) return byId.get(parent)?.subCategories ?? [];
    return roots;
  }

  /** Public goods as list items, in the order of `ids` (favourites, docs/product.md §7); unknown or hidden ids are left out. */
  async listItemsByIds(ids: readonly number[]): Promise<GoodsListItem[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(listColumns)
      .from(goods)
      .where(and(goodsIsPublic, inArray(goods.id, [...ids])));
    const byId = new Map(rows.map((row) => [row.id, toListItem(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * A product page's goods, from the hot cache (API_CACHE_SECONDS): every visitor of a campaign asks for
   * the same few, and uncached each took a pool connection, which turned a burst into 503s (bench/overload,
   * docs/decisions/0082). A goods edit drops it with the goods pages (GOODS_CACHE_PREFIX); stock may lag
   * an order by the TTL, as the cached list and page already do.
   */
  goodsDetail(id: number): Promise<GoodsDetail> {
    return this.cache.get(`${GOODS_CACHE_PREFIX}detail:${id}`, () => this.loadGoodsDetail(id));
  }

  private async loadGoodsDetail(id: number): Promise<GoodsDetail> {
    const [row] = await this.db
      .select({
        ...listColumns,
        params: goods.params,
        description: goods.description,
        status: goods.status,
        madeToOrder: goods.madeToOrder,
      })
      .from(goods)
      .where(and(eq(goods.id, id), eq(goods.isShow, 1)));
    if (!row) throw notFound("商品不存在或已下架");
    const [skus, tags, { byId }] = await Promise.all([
      this.db
        .select({ id: goodsSkus.id, spec: goodsSkus.spec, price: goodsSkus.priceCents, stock: goodsSkus.stock })
        .from(goodsSkus)
        .where(eq(goodsSkus.goodsId, id))
        .orderBy(asc(goodsSkus.sort), asc(goodsSkus.id)),
      row.tagIds.length
        ? this.db
            .select({ id: goodsTags.id, name: goodsTags.name })
            .from(goodsTags)
            .where(inArray(goodsTags.id, row.tagIds))
        : Promise.resolve([]),
      this.categoryTree(),
    ]);
    const categoryPath = [row.category1, row.category2, row.category3]
      .map((cid) => (cid ? byId.get(cid) : undefined))
      .filter((c) => c !== undefined)
      .map((c) => ({ id: c.id, content: c.content }));
    const { params, description, status, madeToOrder, ...listRow } = row;
    return {
      ...toListItem(listRow),
      images: listRow.images,
      params,
      description,
      status,
      madeToOrder,
      skus,
      tags,
      categoryPath,
    };
  }

  /** A package page's goods and items, cached as goodsDetail. */
  packageDetail(id: number): Promise<PackageDetail> {
    return this.cache.get(`${GOODS_CACHE_PREFIX}package:${id}`, () => this.loadPackageDetail(id));
  }

  private async loadPackageDetail(id: number): Promise<PackageDetail> {
    const detail = await this.loadGoodsDetail(id);
    if (!detail.isPackage) throw notFound("套餐不存在或已下架");
    const items = await packageItemsOf(this.db, id);
    return {
      ...detail,
      items: items.map(({ images, goodsName: _goodsName, ...item }) => ({ ...item, cover: images?.[0] ?? null })),
    };
  }
}
