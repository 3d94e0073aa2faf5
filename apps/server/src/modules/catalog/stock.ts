// Stock and sales, written for the orders module inside its transactions (R7, ADR 0025): stock
// taken with a conditional update when an order is made, given back when it is cancelled or
// expires, and sales counted when it is paid and taken back when its units are refunded. SKUs are always locked in id order, so
// two orders sharing SKUs wait for each other instead of deadlocking.
import { and, type Column, eq, gte, sql } from "drizzle-orm";
import { goods, goodsSkus } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { AppError } from "../../lib/errors.js";

export interface StockNeed {
  skuId: number;
  quantity: number;
  /** For the message when there is not enough. */
  name: string;
}

/** Takes every need's units or throws 库存不足 (the caller's transaction then rolls back whole). */
export async function takeStock(tx: Tx, needs: StockNeed[]): Promise<void> {
  const bySku = new Map<number, StockNeed>();
  for (const need of needs) {
    const seen = bySku.get(need.skuId);
    bySku.set(need.skuId, { ...need, quantity: (seen?.quantity ?? 0) + need.quantity });
  }
  for (const need of [...bySku.values()].sort((a, b) => a.skuId - b.skuId)) {
    const taken = await tx
      .update(goodsSkus)
      .set({ stock: sql`${goodsSkus.stock} - ${need.quantity}` })
      .where(and(eq(goodsSkus.id, need.skuId), gte(goodsSkus.stock, need.quantity)))
      .returning({ stock: goodsSkus.stock });
    if (taken.length === 0) {
      const [row] = await tx.select({ stock: goodsSkus.stock }).from(goodsSkus).where(eq(goodsSkus.id, need.skuId));
      const left = row?.stock ?? 0;
      throw new AppError(
        "business",
        left > 0 ? `「${need.name}」库存不足，最多还能购买 ${left} 件` : `「${need.name}」已售罄`,
      );
    }
  }
}

/** The column's value plus `n`, counted by the database so concurrent writes add up. */
const plus = (column: Column, n: number) => sql`${column} + ${n}`;

/** SKU units to give back, or goods units sold: one id and a quantity. */
export interface Units {
  id: number;
  quantity: number;
}

/**
 * Gives units back to their SKUs (a cancelled or expired order's; a SKU deleted since has nothing to
 * give back to). The caller sums them per SKU and sorts them by id, so SKUs are locked in id order.
 */
export async function giveBackStock(tx: Tx, units: Units[]): Promise<void> {
  for (const { id, quantity } of units) {
    await tx
      .update(goodsSkus)
      .set({ stock: plus(goodsSkus.stock, quantity) })
      .where(eq(goodsSkus.id, id));
  }
}

/** Adds a paid order's units to goods.sales, one update per goods in the caller's id order. */
export async function addSales(tx: Tx, units: Units[]): Promise<void> {
  for (const { id, quantity } of units) {
    await tx
      .update(goods)
      .set({ sales: plus(goods.sales, quantity) })
      .where(eq(goods.id, id));
  }
}

/**
 * Takes refunded units back out of goods.sales (docs/decisions/0063): the refunded order's units, or
 * a refunded return's. Never below zero: sales edited by staff meanwhile may already be lower.
 */
export async function takeBackSales(tx: Tx, units: Units[]): Promise<void> {
  for (const { id, quantity } of units) {
    await tx
      .update(goods)
      .set({ sales: sql`greatest(${goods.sales} - ${quantity}, 0)` })
      .where(eq(goods.id, id));
  }
}
