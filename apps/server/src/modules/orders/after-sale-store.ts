// After-sales requests as the contract shows them (docs/decisions/0064), to the customer with their
// order and to staff with the order's figures.
import {
  type AdminAfterSale,
  AFTER_SALE_REASON_LABELS,
  type AfterSale,
  maskLeadPhone,
  type OrderStatus,
} from "@yj/contract";
import { asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { afterSales, orderLines, orders } from "../../db/schema.js";
import { refundStatesOfAfterSales } from "../payments/index.js";
import { staffNames } from "../staff/index.js";

type Reader = Pick<Db, "select">;
export type AfterSaleRow = typeof afterSales.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The stored reason of a request: its kind's label, then the buyer's words ("质量问题：…"). */
export const storedReason = (label: string, words: string) => `${label}：${words}`;

/** Whether a stored reason is the seven-day no-reason return's. */
export const isNoReasonReturn = (row: Pick<AfterSaleRow, "kind" | "reason">) =>
  row.kind === "return" && row.reason.startsWith(storedReason(AFTER_SALE_REASON_LABELS.no_reason, ""));

export function afterSaleOf(row: AfterSaleRow): AfterSale {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    photos: row.photos.map((key) => `/media/${key}`),
    status: row.status,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

/**
 * The most a return of this order may refund, in cents: the paid total; for the no-reason return of
 * an order that mixes made-to-order and ready-made lines, the ready-made lines only (ADR 0064).
 */
export function refundableCents(
  request: Pick<AfterSaleRow, "kind" | "reason">,
  totalCents: number,
  lines: readonly { madeToOrder: boolean; amountCents: number }[],
): number {
  if (!isNoReasonReturn(request)) return totalCents;
  return lines.filter((l) => !l.madeToOrder).reduce((sum, l) => sum + l.amountCents, 0);
}

/** Requests with their orders as staff see them, newest first, under `where` (none: every request). */
export async function adminAfterSales(
  reader: Reader,
  where: SQL | undefined,
  window?: { limit: number; offset: number },
): Promise<AdminAfterSale[]> {
  const query = reader
    .select({ request: afterSales, order: orders })
    .from(afterSales)
    .innerJoin(orders, eq(orders.id, afterSales.orderId))
    .where(where)
    .orderBy(desc(afterSales.createdAt), desc(afterSales.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return adminViews(reader, rows);
}

async function adminViews(
  reader: Reader,
  rows: { request: AfterSaleRow; order: typeof orders.$inferSelect }[],
): Promise<AdminAfterSale[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.order.id))];
  const lines = await reader
    .select({ orderId: orderLines.orderId, madeToOrder: orderLines.madeToOrder, amountCents: orderLines.amountCents })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  const staffIds = [...new Set(rows.flatMap((r) => (r.request.decidedByStaffId ? [r.request.decidedByStaffId] : [])))];
  const names = staffIds.length ? await staffNames(reader, staffIds) : [];
  const refundStates = await refundStatesOfAfterSales(
    reader,
    rows.map((r) => r.request.id),
  );
  return rows.map(({ request, order }) => ({
    ...afterSaleOf(request),
    orderNo: order.orderNo,
    orderStatus: order.status as OrderStatus,
    orderTotal: order.totalCents,
    refundableAmount: refundableCents(
      request,
      order.totalCents,
      lines.filter((l) => l.orderId === order.id),
    ),
    consignee: order.address.name,
    phone: maskLeadPhone(order.address.phone),
    decidedBy: request.decidedByStaffId ? (names.find((n) => n.id === request.decidedByStaffId)?.name ?? "员工") : null,
    refundStatus: refundStates.get(request.id) ?? null,
  }));
}
