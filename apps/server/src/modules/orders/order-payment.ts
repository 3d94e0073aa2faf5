// Marking an order paid, for the payment module (ADR 0025): it runs in the caller's transaction, so
// a payment row and the order it pays change together or not at all.
import type { OrderStatus } from "@yj/contract";
import { and, eq } from "drizzle-orm";
import { orderEvents, orderLines, orders } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { addSales } from "../catalog/index.js";
import { unitsPer } from "./order-stock.js";

export type MarkPaidResult =
  /** The order moved from pending_payment to paid now. */
  | { changed: true; orderNo: string; totalCents: number }
  /** Nothing changed: the order is already paid (a repeated notify), cancelled, or unknown. */
  | { changed: false; status: OrderStatus | null };

/**
 * Moves a pending order to paid once. The status guard is in the update itself: two notifies racing,
 * or a notify racing the expiry job, leave exactly one winner (the row lock makes the loser re-read
 * the status). The winner writes the `paid` event and adds the lines' quantities to goods.sales.
 */
export async function markOrderPaid(tx: Tx, orderId: number, at: Date, note: string): Promise<MarkPaidResult> {
  const [paid] = await tx
    .update(orders)
    .set({ status: "paid", paidAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment")))
    .returning({ orderNo: orders.orderNo, totalCents: orders.totalCents });
  if (!paid) {
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return { changed: false, status: row?.status ?? null };
  }
  await tx.insert(orderEvents).values({ orderId, status: "paid", actor: "system", note, at });
  // One update per goods, in id order (the same order everywhere, so concurrent payments never deadlock).
  await addSales(tx, await unitsPer(tx, orderLines.goodsId, eq(orderLines.orderId, orderId)));
  return { changed: true, orderNo: paid.orderNo, totalCents: paid.totalCents };
}
