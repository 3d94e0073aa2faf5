// Stock moves of an order (R7, ADR 0025): taken with a conditional update inside the order's
// transaction, given back when it is cancelled or expires. SKUs are always locked in id order, so
// two orders sharing SKUs wait for each other instead of deadlocking.
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { goodsSkus, orderLines } from "../../db/schema.js";
import { AppError } from "../../lib/errors.js";
import type { Tx } from "./db-transaction.js";

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

/**
 * Gives the orders' units back to their SKUs (a SKU deleted since has nothing to give back to),
 * summed per SKU over all of them, so the SKUs are still locked in id order.
 */
export async function releaseStock(tx: Tx, orderIds: number[]): Promise<void> {
  const lines = await tx
    .select({ skuId: orderLines.skuId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.skuId)
    .orderBy(orderLines.skuId);
  for (const { skuId, quantity } of lines) {
    await tx
      .update(goodsSkus)
      .set({ stock: sql`${goodsSkus.stock} + ${quantity}` })
      .where(eq(goodsSkus.id, skuId));
  }
}
