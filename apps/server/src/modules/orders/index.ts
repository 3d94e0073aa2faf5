// The orders module's public API for other modules (docs/decisions/0040): what they may ask of the
// orders table, which only this module writes.
import { desc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";

/** The newest orders of these customers (the live chat's inbox shows them beside a conversation). */
export async function ordersOfCustomers(reader: Pick<Db, "select">, customerIds: number[], limit: number) {
  if (customerIds.length === 0) return [];
  return reader
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(inArray(orders.customerId, customerIds))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
