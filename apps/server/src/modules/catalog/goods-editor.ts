// The goods editor (back office, 运营 and 管理员): the goods list with search, category and show/hide
// filters, one goods row with its SKUs and pictures, a new goods row with its first SKUs
// (docs/decisions/0036), and the save: prices typed in yuan arrive as integer cents
// (the contract converts), the row and its SKUs are written with an audit row in one transaction,
// and the cached storefront goods lists are dropped so the change shows at once: here directly, on
// other instances through the Redis channel or their short TTL (lib/cache-invalidation.ts).
import { AdminMessages, CatalogMessages } from "@yj/contract";
import { and, asc, count, desc, eq, ilike, inArray, min, not, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { goods, goodsCategories, goodsSkus, goodsTags, media, mediaUploads } from "../../db/schema.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { likeContains } from "../../lib/like.js";
import { pageOf } from "../../lib/paging.js";
import { type Actor, auditedSave, recordAudit } from "../audit/audit.js";
import { goodsIsPublic } from "./goods-visibility.js";
import { GOODS_CACHE_PREFIX } from "./service.js";

export interface GoodsSaveInput {
  id: number;
  name: string;
  subtitle: string;
  category2: number;
  brand: string;
  /** Cents (the contract turned the yuan typed into cents). */
  price: number;
  originalPrice: number;
  unit: string;
  params: { name: string; value: string }[];
  description: string;
  shown: boolean;
  /** `/media/…` URLs in order, the first the cover; undefined keeps the stored ones. */
  images?: string[];
  /** 定制商品 (docs/decisions/0064); undefined keeps it as it is. */
  madeToOrder?: boolean;
  skus: { id?: number; spec: string; price: number; stock: number }[];
}

/** A new goods row: the editor's fields, its tags and cover, and its first SKUs (cents). */
export interface GoodsCreateInput extends Omit<GoodsSaveInput, "id" | "skus"> {
  tagIds: number[];
  cover: string;
  skus: { spec: string; price: number; stock: number }[];
}

export interface GoodsFilter {
  name?: string;
  category2?: number;
  visibility?: "shown" | "hidden";
  current?: number;
  pageSize?: number;
}

export class GoodsEditor {
  constructor(
    private readonly db: Db,
    private readonly invalidation: CacheInvalidation | undefined,
    private readonly now: Clock,
  ) {}

  list(filter: GoodsFilter) {
    const conditions: SQL[] = [];
    if (filter.name) conditions.push(ilike(goods.name, likeContains(filter.name)));
    if (filter.category2) conditions.push(eq(goods.category2, filter.category2));
    if (filter.visibility === "shown") conditions.push(goodsIsPublic);
    if (filter.visibility === "hidden") conditions.push(not(goodsIsPublic));
    const where = conditions.length ? and(...conditions) : undefined;
    return pageOf(
      filter,
      this.db
        .select({
          id: goods.id,
          name: goods.name,
          categoryName: sql<string>`coalesce(${goodsCategories.content}, '')`,
          brand: goods.brand,
          price: goods.priceCents,
          isPackage: goods.isPackage,
          shown: goodsIsPublic,
          stock: sql<number>`coalesce((select sum(${goodsSkus.stock})::int from ${goodsSkus} where ${goodsSkus.goodsId} = ${goods.id}), 0)`,
          sales: goods.sales,
        })
        .from(goods)
        .leftJoin(goodsCategories, eq(goodsCategories.id, goods.category2))
        .where(where)
        .orderBy(desc(goods.id)),
      this.db.select({ n: count() }).from(goods).where(where),
    );
  }

  async categories() {
    return this.db
      .select({ id: goodsCategories.id, name: goodsCategories.content })
      .from(goodsCategories)
      .where(eq(goodsCategories.level, 2))
      .orderBy(asc(goodsCategories.sort), asc(goodsCategories.id));
  }

  async tags() {
    return this.db.select({ id: goodsTags.id, name: goodsTags.name }).from(goodsTags).orderBy(asc(goodsTags.id));
  }

  /** The level-2 category's parent (level 1), or a refusal in Chinese. */
  private async parentOf(tx: Pick<Db, "select">, category2: number): Promise<number> {
    const [category] = await tx
      .select({ parentId: goodsCategories.parentId })
      .from(goodsCategories)
      .where(and(eq(goodsCategories.id, category2), eq(goodsCategories.level, 2)));
    if (!category?.parentId) throw new AppError("business", AdminMessages.categoryInvalid);
    return category.parentId;
  }

  /**
   * A new goods row and its first SKUs, with the audit row, in one transaction. It sorts first in
   * its category (below the smallest sort there), so the storefront's default order shows it at the
   * top of the category page (docs/decisions/0036).
   */
  async create(actor: Actor, input: GoodsCreateInput) {
    const now = this.now();
    const created = await this.db.transaction(async (tx) => {
      const category1 = await this.parentOf(tx, input.category2);
      const tagIds = [...new Set(input.tagIds)];
      if (tagIds.length > 0) {
        const known = await tx.select({ id: goodsTags.id }).from(goodsTags).where(inArray(goodsTags.id, tagIds));
        if (known.length !== tagIds.length) throw new AppError("business", CatalogMessages.tagInvalid);
      }
      const [first] = await tx
        .select({ sort: min(goods.sort) })
        .from(goods)
        .where(eq(goods.category2, input.category2));
      const [row] = await tx
        .insert(goods)
        .values({
          name: input.name,
          subtitle: input.subtitle,
          category1,
          category2: input.category2,
          tagIds,
          brand: input.brand,
          priceCents: input.price,
          originalPriceCents: input.originalPrice,
          unit: input.unit,
          images: input.cover ? [input.cover] : [],
          params: input.params,
          description: input.description,
          isShow: input.shown ? 1 : 0,
          status: input.shown ? 1 : 0,
          madeToOrder: input.madeToOrder ?? false,
          sort: Math.min(first?.sort ?? 0, 0) - 1,
          createdAt: now,
        })
        .returning({ id: goods.id });
      const id = row!.id;
      await tx
        .insert(goodsSkus)
        .values(
          input.skus.map((s, i) => ({ goodsId: id, spec: s.spec, priceCents: s.price, stock: s.stock, sort: i })),
        );
      const after = await this.detail(id, tx);
      await recordAudit(
        tx,
        actor,
        { action: "goods.create", entity: "goods", entityId: id, before: null, after: { ...after, tagIds } },
        now,
      );
      return after;
    });
    this.invalidation?.invalidate(GOODS_CACHE_PREFIX);
    return created;
  }

  async detail(id: number, reader: Pick<Db, "select"> = this.db) {
    const [row] = await reader.select().from(goods).where(eq(goods.id, id));
    if (!row) throw new AppError("not_found", AdminMessages.goodsNotFound);
    const skus = await reader
      .select({ id: goodsSkus.id, spec: goodsSkus.spec, price: goodsSkus.priceCents, stock: goodsSkus.stock })
      .from(goodsSkus)
      .where(eq(goodsSkus.goodsId, id))
      .orderBy(asc(goodsSkus.sort), asc(goodsSkus.id));
    return {
      id: row.id,
      name: row.name,
      subtitle: row.subtitle,
      category2: row.category2,
      category3: row.category3,
      brand: row.brand,
      price: row.priceCents,
      originalPrice: row.originalPriceCents,
      unit: row.unit,
      params: row.params,
      description: row.description,
      shown: row.isShow === 1 && row.status === 1,
      isPackage: row.isPackage,
      madeToOrder: row.madeToOrder,
      images: row.images,
      skus,
    };
  }

  /** The save; one that changes nothing is rolled back, unaudited, and leaves the caches alone. */
  async save(actor: Actor, input: GoodsSaveInput) {
    const now = this.now();
    const saved = await auditedSave(this.db, actor, now, async (tx) => {
      const before = await this.detail(input.id, tx);
      const category1 = await this.parentOf(tx, input.category2);
      const known = new Set(before.skus.map((s) => s.id));
      if (input.skus.some((s) => s.id !== undefined && !known.has(s.id)))
        throw new AppError("business", AdminMessages.skuNotFound);
      if (input.images) await requireStoredImages(tx, input.images);
      await tx
        .update(goods)
        .set({
          name: input.name,
          subtitle: input.subtitle,
          category1,
          category2: input.category2,
          // A level-3 category belongs to its level-2 one: kept only while that stays the same.
          category3: input.category2 === before.category2 ? before.category3 : null,
          brand: input.brand,
          priceCents: input.price,
          originalPriceCents: input.originalPrice,
          unit: input.unit,
          params: input.params,
          description: input.description,
          isShow: input.shown ? 1 : 0,
          status: input.shown ? 1 : 0,
          ...(input.images ? { images: input.images } : {}),
          ...(input.madeToOrder === undefined ? {} : { madeToOrder: input.madeToOrder }),
        })
        .where(eq(goods.id, input.id));
      // SKUs in id order, as every stock writer locks them (stock.ts).
      const existing = input.skus.filter((s) => s.id !== undefined).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
      for (const sku of existing) {
        await tx
          .update(goodsSkus)
          .set({ spec: sku.spec, priceCents: sku.price, stock: sku.stock })
          .where(and(eq(goodsSkus.id, sku.id!), eq(goodsSkus.goodsId, input.id)));
      }
      const added = input.skus.filter((s) => s.id === undefined);
      if (added.length > 0) {
        await tx.insert(goodsSkus).values(
          added.map((s, i) => ({
            goodsId: input.id,
            spec: s.spec,
            priceCents: s.price,
            stock: s.stock,
            sort: before.skus.length + i,
          })),
        );
      }
      const after = await this.detail(input.id, tx);
      return {
        entry: {
          action: "goods.update",
          entity: "goods",
          entityId: input.id,
          before,
          after,
        },
        result: after,
      };
    });
    // After the commit: a request racing the save may cache the old page again only until its TTL.
    if (saved.changed) this.invalidation?.invalidate(GOODS_CACHE_PREFIX);
    return saved;
  }
}

/** Every picture must be one this shop serves: a URL typed by hand may name nothing. */
async function requireStoredImages(tx: Pick<Db, "select">, urls: string[]) {
  const keys = [...new Set(urls.map((url) => url.slice("/media/".length)))];
  if (keys.length === 0) return;
  const uploaded = await tx.select({ key: mediaUploads.key }).from(mediaUploads).where(inArray(mediaUploads.key, keys));
  const generated = await tx.select({ key: media.key }).from(media).where(inArray(media.key, keys));
  if (uploaded.length + generated.length < keys.length) throw new AppError("business", AdminMessages.imageNotFound);
}
