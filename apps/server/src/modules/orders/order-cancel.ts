// Cancelling an unpaid order (ADR 0025): one code path for the customer's cancel and the back
// office's, so both give the stock back and write the event the same way, in the caller's transaction.
import { and, eq, type SQL } from "drizzle-orm";
import { orderEvents, orders } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { releaseStock } from "./order-stock.js";

/**
 * Moves the order matched by `where` from pending_payment to cancelled, releases its units and
 * records the event. The status guard is in the update itself (a payment or the expiry job racing it
 * leaves one winner). Answers the order's id, or null when no pending order matched.
 */
export async function cancelPendingOrder(
  tx: Tx,
  where: SQL | undefined,
  event: { actor: string; note: string; at: Date },
): Promise<number | null> {
  const [cancelled] = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: event.at })
    .where(and(where, eq(orders.status, "pending_payment")))
    .returning({ id: orders.id });
  if (!cancelled) return null;
  await releaseStock(tx, [cancelled.id]);
  await tx
    .insert(orderEvents)
    .values({ orderId: cancelled.id, status: "cancelled", actor: event.actor, note: event.note, at: event.at });
  return cancelled.id;
}
