// An order's stock moves, through the catalogue that owns the SKUs (docs/decisions/0040): the orders'
// units summed per SKU and in id order, so two transactions sharing SKUs wait instead of deadlocking.
import { inArray, type SQL, sql } from "drizzle-orm";
import { orderLines } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { giveBackStock } from "../catalog/index.js";

/** The units of the lines `where` picks, summed per SKU (or per goods) and in id order. */
export function unitsPer(tx: Tx, per: typeof orderLines.skuId | typeof orderLines.goodsId, where: SQL) {
  return tx
    .select({ id: per, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(where)
    .groupBy(per)
    .orderBy(per);
}

/** Gives the orders' units back to their SKUs. */
export async function releaseStock(tx: Tx, orderIds: number[]): Promise<void> {
  await giveBackStock(tx, await unitsPer(tx, orderLines.skuId, inArray(orderLines.orderId, orderIds)));
}
