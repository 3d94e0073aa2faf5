// The cart's rows (ADR 0023): one per customer, SKU and package (meal_id 0 for single goods), read
// with today's goods and SKU columns so that price changes and stock show at once.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cartItems, goods, goodsSkus, packageItems } from "../../db/schema.js";
import { goodsIsPublic } from "../catalog/index.js";

/** A cart row with the goods and SKU it points at, as they are now. */
export interface StoredCartLine {
  id: number;
  goodsId: number;
  skuId: number;
  mealId: number;
  quantity: number;
  selected: boolean;
  addedPriceCents: number;
  name: string;
  images: string[];
  unit: string;
  onSale: boolean;
  spec: string;
  priceCents: number;
  stock: number;
  madeToOrder: boolean;
}

/** A SKU with its goods, for the checks made before it goes into the cart. */
export interface SkuForCart {
  skuId: number;
  goodsId: number;
  name: string;
  isPackage: boolean;
  onSale: boolean;
  priceCents: number;
  stock: number;
}

export interface PackageItemRow {
  packageId: number;
  name: string;
  quantity: number;
  unit: string;
  room: string;
}

/** The executor: the database, or a transaction in progress. */
type Executor = Pick<Db, "select" | "insert" | "update" | "delete">;

export class CartStore {
  constructor(readonly db: Db) {}

  async lines(customerId: number, executor: Executor = this.db, ids?: number[]): Promise<StoredCartLine[]> {
    const owned = eq(cartItems.customerId, customerId);
    return executor
      .select({
        id: cartItems.id,
        goodsId: cartItems.goodsId,
        skuId: cartItems.skuId,
        mealId: cartItems.mealId,
        quantity: cartItems.quantity,
        selected: cartItems.selected,
        addedPriceCents: cartItems.addedPriceCents,
        name: goods.name,
        images: goods.images,
        unit: goods.unit,
        onSale: goodsIsPublic,
        spec: goodsSkus.spec,
        priceCents: goodsSkus.priceCents,
        stock: goodsSkus.stock,
        madeToOrder: goods.madeToOrder,
      })
      .from(cartItems)
      .innerJoin(goods, eq(goods.id, cartItems.goodsId))
      .innerJoin(goodsSkus, eq(goodsSkus.id, cartItems.skuId))
      .where(ids ? and(owned, inArray(cartItems.id, ids)) : owned)
      .orderBy(desc(cartItems.createdAt), desc(cartItems.id));
  }

  async lineCount(customerId: number, executor: Executor = this.db): Promise<number> {
    const [row] = await executor.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
    return row?.n ?? 0;
  }

  async skus(skuIds: number[], executor: Executor = this.db): Promise<SkuForCart[]> {
    if (skuIds.length === 0) return [];
    return executor
      .select({
        skuId: goodsSkus.id,
        goodsId: goodsSkus.goodsId,
        name: goods.name,
        isPackage: goods.isPackage,
        onSale: goodsIsPublic,
        priceCents: goodsSkus.priceCents,
        stock: goodsSkus.stock,
      })
      .from(goodsSkus)
      .innerJoin(goods, eq(goods.id, goodsSkus.goodsId))
      .where(inArray(goodsSkus.id, skuIds));
  }

  async packageItems(packageIds: number[]): Promise<PackageItemRow[]> {
    if (packageIds.length === 0) return [];
    return this.db
      .select({
        packageId: packageItems.packageId,
        name: packageItems.name,
        quantity: packageItems.quantity,
        unit: packageItems.unit,
        room: packageItems.room,
      })
      .from(packageItems)
      .where(inArray(packageItems.packageId, packageIds))
      .orderBy(asc(packageItems.sort), asc(packageItems.id));
  }

  /**
   * Adds `quantity` units to the customer's line of this SKU (and package), creating it. The stock
   * cap is in the statement: an existing line grows only while the sum stays within `stock`, so two
   * adds at once cannot pass it. Answers the line's new quantity, or null when the cap refused it.
   */
  async add(
    executor: Executor,
    line: { customerId: number; goodsId: number; skuId: number; mealId: number; quantity: number; priceCents: number },
    stock: number,
    now: Date,
  ): Promise<number | null> {
    const [row] = await executor
      .insert(cartItems)
      .values({ ...line, addedPriceCents: line.priceCents, selected: true, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [cartItems.customerId, cartItems.skuId, cartItems.mealId],
        // Adding again is seeing today's price: the line stops being marked as changed.
        set: {
          quantity: sql`${cartItems.quantity} + excluded.quantity`,
          addedPriceCents: sql`excluded.added_price_cents`,
          selected: true,
          updatedAt: now,
        },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${stock}`,
      })
      .returning({ quantity: cartItems.quantity });
    return row?.quantity ?? null;
  }

  async update(
    executor: Executor,
    customerId: number,
    id: number,
    change: { quantity?: number; selected?: boolean },
    now: Date,
  ): Promise<void> {
    await executor
      .update(cartItems)
      .set({ ...change, updatedAt: now })
      .where(and(eq(cartItems.id, id), eq(cartItems.customerId, customerId)));
  }

  /** Deletes the customer's lines among `ids`; answers how many were deleted. */
  async delete(executor: Executor, customerId: number, ids: number[]): Promise<number> {
    const deleted = await executor
      .delete(cartItems)
      .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.id, ids)))
      .returning({ id: cartItems.id });
    return deleted.length;
  }
}
