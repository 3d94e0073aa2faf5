// An order refunded in full before it shipped (docs/decisions/0063), for the payments module: in the
// caller's transaction (the refund's settlement), so the refund, the order's move to refunded and the
// stock given back change together or not at all.
import { and, eq } from "drizzle-orm";
import { orderEvents, orders } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { releaseStock } from "./order-stock.js";

/**
 * Moves a paid (not shipped) order to refunded once, gives its units back to stock and writes the
 * event. The status guard is in the update: a ship racing it, or a second settlement, leaves one
 * winner. false when the order was not paid-and-unshipped any more.
 */
export async function markOrderRefunded(tx: Tx, orderId: number, at: Date, note: string): Promise<boolean> {
  const [refunded] = await tx
    .update(orders)
    .set({ status: "refunded" })
    .where(and(eq(orders.id, orderId), eq(orders.status, "paid")))
    .returning({ id: orders.id });
  if (!refunded) return false;
  await releaseStock(tx, [orderId]);
  await tx.insert(orderEvents).values({ orderId, status: "refunded", actor: "system", note, at });
  return true;
}

/** A note in the order's history under its current status (a partial refund that leaves it paid). */
export async function recordOrderNote(tx: Tx, orderId: number, note: string, at: Date): Promise<void> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  await tx.insert(orderEvents).values({ orderId, status: order.status, actor: "system", note, at });
}

/** The order a refund is asked for: its customer's, with its status (locked for the request). */
export async function lockCustomerOrder(tx: Tx, customerId: number, orderNo: string) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents, orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId)))
    .for("update");
  return order;
}

/** An order's status and number (the after-sales refund's and the back office's checks). */
export async function orderBrief(tx: Pick<Tx, "select">, orderId: number) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, orderNo: orders.orderNo, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** An order's id by its number. */
export async function orderIdOf(reader: Pick<Tx, "select">, orderNo: string): Promise<number | null> {
  const [order] = await reader.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  return order?.id ?? null;
}
