// A package's items and the category tree in the back office (docs/decisions/0036). A package's
// list is saved whole (what is not sent is removed, the order sent is the order shown on /package),
// with its audit row, in one transaction; a category edit drops the cached category tree and goods
// pages on every instance (lib/cache-invalidation.ts), since both embed category names.
import { type AdminCategoryRow, type AdminPackageDetail, CatalogMessages } from "@yj/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { goods, goodsCategories, packageItems } from "../../db/schema.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import { goodsIsPublic } from "./goods-visibility.js";
import { packageItemsOf } from "./package-items.js";
import { CATEGORIES_CACHE_KEY, GOODS_CACHE_PREFIX } from "./service.js";

type Reader = Pick<Db, "select">;

export interface PackageItemInput {
  goodsId: number | null;
  name: string;
  quantity: number;
  unit: string;
  room: string;
}

export interface CategoryInput {
  id: number;
  name: string;
  sort: number;
  shown: boolean;
}

const categoryColumns = {
  id: goodsCategories.id,
  name: goodsCategories.content,
  parentId: goodsCategories.parentId,
  level: goodsCategories.level,
  sort: goodsCategories.sort,
  shown: sql<boolean>`(${goodsCategories.isShow} = 1)`,
  // Spelled out: in a single-table select drizzle leaves column names unqualified, and inside the
  // subquery an unqualified "id" would be the subquery's own table's.
  goods: sql<number>`(select count(*)::int from goods g where goods_categories.id in (g.category1, g.category2, g.category3))`,
};

export class CatalogStructure {
  constructor(
    private readonly db: Db,
    private readonly invalidation: CacheInvalidation | undefined,
    private readonly now: Clock,
  ) {}

  async packages() {
    return this.db
      .select({
        id: goods.id,
        name: goods.name,
        shown: goodsIsPublic,
        items: sql<number>`(select count(*)::int from package_items p where p.package_id = goods.id)`,
      })
      .from(goods)
      .where(eq(goods.isPackage, true))
      .orderBy(asc(goods.id));
  }

  async packageDetail(id: number, reader: Reader = this.db): Promise<AdminPackageDetail> {
    const [row] = await reader
      .select({ id: goods.id, name: goods.name })
      .from(goods)
      .where(and(eq(goods.id, id), eq(goods.isPackage, true)));
    if (!row) throw new AppError("not_found", CatalogMessages.packageNotFound);
    const items = await packageItemsOf(reader, id);
    return { ...row, items: items.map(({ id: _id, images: _images, ...item }) => item) };
  }

  async savePackageItems(actor: Actor, id: number, items: PackageItemInput[]): Promise<AdminPackageDetail> {
    return this.db.transaction(async (tx) => {
      const before = await this.packageDetail(id, tx);
      const linked = [...new Set(items.flatMap((i) => (i.goodsId === null ? [] : [i.goodsId])))];
      if (linked.length > 0) {
        const found = await tx
          .select({ id: goods.id, isPackage: goods.isPackage })
          .from(goods)
          .where(inArray(goods.id, linked));
        // A package lists goods, not other packages (nor itself).
        if (found.length !== linked.length || found.some((g) => g.isPackage))
          throw new AppError("business", CatalogMessages.packageItemGoodsInvalid);
      }
      await tx.delete(packageItems).where(eq(packageItems.packageId, id));
      if (items.length > 0) {
        await tx.insert(packageItems).values(items.map((item, sort) => ({ ...item, packageId: id, sort })));
      }
      const after = await this.packageDetail(id, tx);
      await recordAudit(
        tx,
        actor,
        { action: "package.items", entity: "goods", entityId: id, before: before.items, after: after.items },
        this.now(),
      );
      return after;
    });
  }

  async categories(reader: Reader = this.db, id?: number): Promise<AdminCategoryRow[]> {
    return reader
      .select(categoryColumns)
      .from(goodsCategories)
      .where(id === undefined ? undefined : eq(goodsCategories.id, id))
      .orderBy(asc(goodsCategories.level), asc(goodsCategories.sort), asc(goodsCategories.id));
  }

  async updateCategory(actor: Actor, input: CategoryInput): Promise<AdminCategoryRow> {
    const saved = await this.db.transaction(async (tx) => {
      const [before] = await this.categories(tx, input.id);
      if (!before) throw new AppError("not_found", CatalogMessages.categoryNotFound);
      await tx
        .update(goodsCategories)
        .set({ content: input.name, sort: input.sort, isShow: input.shown ? 1 : 0 })
        .where(eq(goodsCategories.id, input.id));
      const [after] = await this.categories(tx, input.id);
      const { goods: _b, ...was } = before;
      const { goods: _a, ...now } = after!;
      await recordAudit(
        tx,
        actor,
        { action: "category.update", entity: "category", entityId: input.id, before: was, after: now },
        this.now(),
      );
      return after!;
    });
    this.invalidation?.invalidate(CATEGORIES_CACHE_KEY);
    this.invalidation?.invalidate(GOODS_CACHE_PREFIX);
    return saved;
  }
}
