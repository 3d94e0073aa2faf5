// Orders as the contract shows them: the order row, its lines and its history, read together.
import type { Order, OrderLine, OrderStatus } from "@yj/contract";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { afterSales, orderEvents, orderLines, orders } from "../../db/schema.js";
import { refundsOfOrders } from "../payments/index.js";
import { afterSaleOf } from "./after-sale-store.js";

/** The database, or a transaction in progress. */
type Reader = Pick<Db, "select">;

export type OrderRow = typeof orders.$inferSelect;

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The orders with these ids, whole, in the order of `rows`. */
export async function ordersOf(reader: Reader, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await reader
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.id));
  const events = await reader
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, ids))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const refunds = await refundsOfOrders(reader, ids);
  const requests = await reader
    .select()
    .from(afterSales)
    .where(inArray(afterSales.orderId, ids))
    .orderBy(desc(afterSales.createdAt), desc(afterSales.id));
  return rows.map((row) => ({
    ...orderFieldsOf(row),
    lines: lines.filter((l) => l.orderId === row.id).map(orderLineOf),
    history: events
      .filter((e) => e.orderId === row.id)
      .map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note })),
    refunds: refunds.get(row.id) ?? [],
    afterSales: requests.filter((r) => r.orderId === row.id).map(afterSaleOf),
  }));
}

/** An order line as the contract shows it, to the customer and in the back office. */
export function orderLineOf(l: typeof orderLines.$inferSelect): OrderLine {
  return {
    goodsId: l.goodsId,
    skuId: l.skuId,
    isMeal: l.mealId,
    name: l.name,
    spec: l.spec,
    cover: l.cover,
    unit: l.unit,
    price: l.priceCents,
    quantity: l.quantity,
    amount: l.amountCents,
    madeToOrder: l.madeToOrder,
  };
}

/** An order row's own fields as the contract shows them, to the customer and in the back office. */
export function orderFieldsOf(row: OrderRow) {
  return {
    orderNo: row.orderNo,
    status: row.status,
    totalAmount: row.totalCents,
    address: row.address,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    payBefore: row.payBefore.toISOString(),
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    carrier: row.carrier,
    trackingNo: row.trackingNo,
    completedAt: iso(row.completedAt),
    madeToOrderConfirmedAt: iso(row.madeToOrderConfirmedAt),
  };
}

/** The customer's order with this number, or null (another customer's order is not theirs to see). */
export async function findCustomerOrder(reader: Reader, customerId: number, orderNo: string): Promise<OrderRow | null> {
  const [row] = await reader
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId)));
  return row ?? null;
}

export async function customerOrderPage(
  reader: Reader,
  customerId: number,
  status: OrderStatus | undefined,
  current: number,
  pageSize: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = status
    ? and(eq(orders.customerId, customerId), eq(orders.status, status))
    : eq(orders.customerId, customerId);
  const [counted] = await reader.select({ n: count() }).from(orders).where(where);
  const rows = await reader
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total: counted?.n ?? 0 };
}
