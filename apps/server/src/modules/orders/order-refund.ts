// What a settled refund changes on the orders' side, for the payments module, in the caller's
// transaction (the refund's settlement), so the refund and these changes happen together or not at
// all: an order refunded in full before it shipped (docs/decisions/0063) moves to refunded, its
// stock given back and its units out of goods.sales; an approved return whose refund went through
// (docs/decisions/0064) is marked refunded and its returned units leave goods.sales.
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterSales, orderEvents, orderLines, orders } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { takeBackSales, type Units } from "../catalog/index.js";
import { type AfterSaleRow, isNoReasonReturn } from "./after-sale-store.js";
import { releaseStock, unitsPer } from "./order-stock.js";

/**
 * Moves a paid (not shipped) order to refunded once, gives its units back to stock, takes them out
 * of goods.sales (markOrderPaid counted them) and writes the event. The status guard is in the
 * update: a ship racing it, or a second settlement, leaves one winner. false when the order was not
 * paid-and-unshipped any more.
 */
export async function markOrderRefunded(tx: Tx, orderId: number, at: Date, note: string): Promise<boolean> {
  const [refunded] = await tx
    .update(orders)
    .set({ status: "refunded" })
    .where(and(eq(orders.id, orderId), eq(orders.status, "paid")))
    .returning({ id: orders.id });
  if (!refunded) return false;
  await releaseStock(tx, [orderId]);
  await takeBackSales(tx, await unitsPer(tx, orderLines.goodsId, eq(orderLines.orderId, orderId)));
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

/** The lines a return gives back: the whole order, or for the no-reason return its ready-made lines (ADR 0064). */
const returnCovers = (request: Pick<AfterSaleRow, "kind" | "reason">, line: { madeToOrder: boolean }) =>
  !isNoReasonReturn(request) || !line.madeToOrder;

/**
 * The refund of an approved return succeeded: the request moves to refunded (已退款, what the buyer
 * reads on /my-orders) once, guarded on its state (staff may have closed it before the money went
 * back), and the units it returned leave goods.sales: its lines less those an earlier refunded
 * return of the same order already took back, so no unit is taken twice. false when it had moved on.
 */
export async function markReturnRefunded(tx: Tx, afterSaleId: number, at: Date, note: string): Promise<boolean> {
  const [request] = await tx
    .update(afterSales)
    .set({ status: "refunded" })
    .where(and(eq(afterSales.id, afterSaleId), inArray(afterSales.status, ["approved", "closed"])))
    .returning();
  if (!request) return false;
  const earlier = await tx
    .select({ kind: afterSales.kind, reason: afterSales.reason })
    .from(afterSales)
    .where(
      and(eq(afterSales.orderId, request.orderId), eq(afterSales.status, "refunded"), ne(afterSales.id, request.id)),
    );
  const lines = await tx
    .select({ goodsId: orderLines.goodsId, quantity: orderLines.quantity, madeToOrder: orderLines.madeToOrder })
    .from(orderLines)
    .where(eq(orderLines.orderId, request.orderId));
  const perGoods = new Map<number, number>();
  for (const line of lines) {
    if (!returnCovers(request, line) || earlier.some((e) => returnCovers(e, line))) continue;
    perGoods.set(line.goodsId, (perGoods.get(line.goodsId) ?? 0) + line.quantity);
  }
  // In goods id order, as every writer of goods rows (no deadlock with a payment's addSales).
  const units: Units[] = [...perGoods].sort(([a], [b]) => a - b).map(([id, quantity]) => ({ id, quantity }));
  await takeBackSales(tx, units);
  await recordOrderNote(tx, request.orderId, note, at);
  return true;
}
