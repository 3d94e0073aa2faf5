// An order's stock moves, through the catalogue that owns the SKUs (docs/decisions/0040): the orders'
// units summed per SKU and in id order, so two transactions sharing SKUs wait instead of deadlocking.
import { inArray, sql } from "drizzle-orm";
import { orderLines } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { giveBackStock } from "../catalog/index.js";

/** Gives the orders' units back to their SKUs. */
export async function releaseStock(tx: Tx, orderIds: number[]): Promise<void> {
  const units = await tx
    .select({ id: orderLines.skuId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.skuId)
    .orderBy(orderLines.skuId);
  await giveBackStock(tx, units);
}
