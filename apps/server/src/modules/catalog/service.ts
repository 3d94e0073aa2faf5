// Catalogue rules: what is public (status 1 and isShow 1), search, paging, detail shapes.
import type { GoodsCategory, GoodsDetail, GoodsIndexData, GoodsListItem, GoodsSort, PackageDetail } from "@yj/contract";
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { goods, goodsCategories, goodsSkus, goodsTags, packageItems } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { likeContains } from "../../lib/like.js";
import type { TtlCache } from "../../lib/ttl-cache.js";
import { buildCategoryTree } from "./category-tree.js";

export interface GoodsIndexParams {
  name?: string;
  category1?: number;
  category2?: number;
  category3?: number;
  tagId?: number;
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

const SORTS: Record<GoodsSort, SQL[]> = {
  default: [asc(goods.sort), asc(goods.id)],
  sales: [desc(goods.sales), asc(goods.id)],
  new: [desc(goods.createdAt), desc(goods.id)],
  price_asc: [asc(goods.priceCents), asc(goods.id)],
  price_desc: [desc(goods.priceCents), asc(goods.id)],
};

/** Public goods: on sale and shown. */
const isPublic = and(eq(goods.status, 1), eq(goods.isShow, 1));

/**
 * The WHERE of a goods search for the filters present in `p`, their values left as placeholders named
 * after the parameters (see goodsSearchValues): the SQL depends only on which filters are present.
 */
function goodsFilter(p: GoodsIndexParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [isPublic];
  if (p.name) filters.push(ilike(goods.name, sql.placeholder("name")));
  if (p.category1) filters.push(eq(goods.category1, sql.placeholder("category1")));
  if (p.category2) filters.push(eq(goods.category2, sql.placeholder("category2")));
  if (p.category3) filters.push(eq(goods.category3, sql.placeholder("category3")));
  if (p.tagId) filters.push(sql`${sql.placeholder("tagId")} = any(${goods.tagIds})`);
  return and(...filters);
}

function goodsSearchValues(p: GoodsIndexParams) {
  return {
    name: p.name ? likeContains(p.name) : undefined,
    category1: p.category1,
    category2: p.category2,
    category3: p.category3,
    tagId: p.tagId,
    limit: p.pageSize,
    offset: (p.current - 1) * p.pageSize,
  };
}

export class CatalogService {
  constructor(
    private readonly db: Db,
    /** Hot public reads (API_CACHE_SECONDS). */
    private readonly cache: TtlCache,
    /** Reference data that changes with a catalogue edit, not per request: the category tree. */
    private readonly referenceCache: TtlCache,
  ) {}

  /**
   * The goods page is the hottest uncached read (bench P2/P3). Its SQL depends only on which filters
   * are present and the sort, so it is built once per shape and prepared: no query building per
   * request, and on PostgreSQL a named statement that each connection parses and plans once.
   */
  private readonly goodsSearches = new Map<string, ReturnType<CatalogService["prepareGoodsSearch"]>>();

  private goodsSearchQueries(p: GoodsIndexParams) {
    const sort = p.sort ?? "default";
    const present = [p.name, p.category1, p.category2, p.category3, p.tagId].map((v) => (v ? 1 : 0)).join("");
    const shape = `${present}_${sort}`;
    let queries = this.goodsSearches.get(shape);
    if (!queries) {
      queries = this.prepareGoodsSearch(shape, p, sort);
      this.goodsSearches.set(shape, queries);
    }
    return queries;
  }

  private prepareGoodsSearch(shape: string, p: GoodsIndexParams, sort: GoodsSort) {
    const where = goodsFilter(p);
    return {
      // One round trip: the page and, by a window count, the size of the whole result.
      page: this.db
        .select({ ...listColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(goods)
        .where(where)
        .orderBy(...SORTS[sort])
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(`goods_page_${shape}`),
      count: this.db.select({ n: sql<number>`count(*)::int` }).from(goods).where(where).prepare(`goods_count_${shape}`),
    };
  }

  categoryTree() {
    return this.referenceCache.get("categories", async () => {
      const rows = await this.db
        .select({
          id: goodsCategories.id,
          content: goodsCategories.content,
          parentId: goodsCategories.parentId,
          level: goodsCategories.level,
          color: goodsCategories.color,
        })
        .from(goodsCategories)
        .orderBy(asc(goodsCategories.level), asc(goodsCategories.sort), asc(goodsCategories.id));
      return buildCategoryTree(rows);
    });
  }

  async categories(): Promise<GoodsCategory[]> {
    return (await this.categoryTree()).roots;
  }

  goodsIndex(params: GoodsIndexParams): Promise<GoodsIndexData> {
    return this.cache.get(`goods:${JSON.stringify(params)}`, () => this.loadGoodsIndex(params));
  }

  private async loadGoodsIndex(p: GoodsIndexParams): Promise<GoodsIndexData> {
    const queries = this.goodsSearchQueries(p);
    const values = goodsSearchValues(p);
    const rows = await queries.page.execute(values);
    // Past the last page the window count has no row to ride on: count separately.
    const total = rows[0]?.total ?? (p.current === 1 ? 0 : ((await queries.count.execute(values))[0]?.n ?? 0));

    return {
      dataList: rows.map(({ total: _total, ...row }) => toListItem(row)),
      total,
      current: p.current,
      pageSize: p.pageSize,
      goodsCategoryDOS: await this.filterCategories(p),
    };
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

  /** Public goods as list items, in the order of `ids` (favourites, spec §7); unknown or hidden ids are left out. */
  async listItemsByIds(ids: readonly number[]): Promise<GoodsListItem[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(listColumns)
      .from(goods)
      .where(and(isPublic, inArray(goods.id, [...ids])));
    const byId = new Map(rows.map((row) => [row.id, toListItem(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async goodsDetail(id: number): Promise<GoodsDetail> {
    const [row] = await this.db
      .select({ ...listColumns, params: goods.params, description: goods.description, status: goods.status })
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
    const { params, description, status, ...listRow } = row;
    return {
      ...toListItem(listRow),
      images: listRow.images,
      params,
      description,
      status,
      skus,
      tags,
      categoryPath,
    };
  }

  async packageDetail(id: number): Promise<PackageDetail> {
    const detail = await this.goodsDetail(id);
    if (!detail.isPackage) throw notFound("套餐不存在或已下架");
    const items = await this.db
      .select({
        id: packageItems.id,
        goodsId: packageItems.goodsId,
        name: packageItems.name,
        quantity: packageItems.quantity,
        unit: packageItems.unit,
        room: packageItems.room,
        images: goods.images,
      })
      .from(packageItems)
      .leftJoin(goods, eq(goods.id, packageItems.goodsId))
      .where(eq(packageItems.packageId, id))
      .orderBy(asc(packageItems.sort), asc(packageItems.id));
    return { ...detail, items: items.map(({ images, ...item }) => ({ ...item, cover: images?.[0] ?? null })) };
  }
}
