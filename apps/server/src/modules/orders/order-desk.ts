// The order desk (back office, 销售/客服 and 管理员): every order with filters and paging, the detail
// with payments and state history, the staff's moves along paid → shipped → completed and the
// cancel of an unpaid order (the customer's own cancel code, modules/orders/order-cancel.ts), and
// the trades that need a person. Each move is one transaction with its order event and audit row.
import { AdminMessages, type AdminOrderFilter, maskLeadPhone, type UnreconciledPayment } from "@yj/contract";
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { dailyCounts } from "../../db/daily-counts.js";
import { afterSales, customers, orderEvents, orderLines, orders, payments } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { chinaDayEnd, chinaDayStart, startOfChinaDay, startOfChinaWeek } from "../../lib/china-time.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { likeContains } from "../../lib/like.js";
import { pageOf } from "../../lib/paging.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import { staffNames } from "../staff/index.js";
import { adminAfterSales } from "./after-sale-store.js";
import { cancelPendingOrder } from "./order-cancel.js";
import { iso, orderFieldsOf, orderLineOf } from "./order-store.js";

type OrderRecord = typeof orders.$inferSelect;

const business = (message: string) => new AppError("business", message);
const notFoundOrder = () => new AppError("not_found", AdminMessages.orderNotFound);

/** order_events.actor of a staff move: the id, so the history names whoever it is today. */
const staffActor = (actor: Actor) => `staff:${actor.staffId ?? 0}`;

const addressPhone = sql<string>`${orders.address}->>'phone'`;

function conditionsOf(filter: AdminOrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.orderNo) conditions.push(ilike(orders.orderNo, likeContains(filter.orderNo)));
  if (filter.phone) {
    const pattern = likeContains(filter.phone);
    conditions.push(or(ilike(addressPhone, pattern), ilike(customers.mobile, pattern)) as SQL);
  }
  if (filter.from) conditions.push(gte(orders.createdAt, chinaDayStart(filter.from)));
  if (filter.to) conditions.push(lt(orders.createdAt, chinaDayEnd(filter.to)));
  return conditions.length ? and(...conditions) : undefined;
}

/** What the audit keeps of an order: the fields a staff move changes. */
function auditedOrder(row: OrderRecord) {
  return { status: row.status, carrier: row.carrier, trackingNo: row.trackingNo };
}

export class OrderDesk {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async list(filter: AdminOrderFilter) {
    const where = conditionsOf(filter);
    const page = await pageOf(
      filter,
      this.db
        .select({ order: orders })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id)),
      this.db
        .select({ n: count() })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(where),
    );
    const ids = page.dataList.map((r) => r.order.id);
    const lines = ids.length
      ? await this.db
          .select({ orderId: orderLines.orderId, name: orderLines.name })
          .from(orderLines)
          .where(inArray(orderLines.orderId, ids))
          .orderBy(asc(orderLines.id))
      : [];
    const dataList = page.dataList.map(({ order }) => {
      const mine = lines.filter((l) => l.orderId === order.id);
      const address = order.address;
      return {
        orderNo: order.orderNo,
        status: order.status,
        totalAmount: order.totalCents,
        consignee: address.name,
        phone: maskLeadPhone(address.phone),
        city: `${address.province}${address.city === address.province ? "" : address.city}`,
        summary: mine.length > 1 ? `${mine[0]?.name} 等 ${mine.length} 件` : (mine[0]?.name ?? ""),
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
      };
    });
    return { ...page, dataList };
  }

  async detail(orderNo: string, reader: Pick<Db, "select"> = this.db) {
    const [found] = await reader
      .select({ order: orders, mobile: customers.mobile })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.orderNo, orderNo));
    if (!found) throw notFoundOrder();
    const { order } = found;
    const [lines, events, trades, requests] = await Promise.all([
      reader.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
      reader
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
      reader.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
      adminAfterSales(reader, eq(afterSales.orderId, order.id)),
    ]);
    const staffIds = events.flatMap((e) => (e.actor.startsWith("staff:") ? [Number(e.actor.slice(6))] : []));
    const names = staffIds.length ? await staffNames(reader, staffIds) : [];
    const actorName = (actor: string) => {
      if (actor === "customer") return "顾客";
      if (actor === "system") return "系统";
      const id = Number(actor.slice(6));
      return names.find((n) => n.id === id)?.name ?? "员工";
    };
    return {
      ...orderFieldsOf(order),
      customerMobile: found.mobile,
      lines: lines.map(orderLineOf),
      completedAt: iso(order.completedAt),
      cancelledAt: iso(order.cancelledAt),
      payments: trades.map(paymentOf),
      history: events.map((e) => ({
        status: e.status,
        actor: actorName(e.actor),
        note: e.note,
        at: e.at.toISOString(),
      })),
      afterSales: requests,
    };
  }

  /** 已支付 → 已发货, with the carrier and tracking number the customer then sees. */
  ship(actor: Actor, input: { orderNo: string; carrier: string; trackingNo: string }) {
    return this.move(actor, input.orderNo, "order.ship", (tx, before, now) => {
      if (before.status !== "paid") throw business(AdminMessages.orderCannotShip);
      const { carrier, trackingNo } = input;
      const event = { actor: staffActor(actor), note: `${carrier} ${trackingNo}`, at: now };
      return advance(tx, before, { status: "shipped", shippedAt: now, carrier, trackingNo }, event);
    });
  }

  /** 已发货 → 已完成. */
  complete(actor: Actor, input: { orderNo: string; note?: string }) {
    return this.move(actor, input.orderNo, "order.complete", (tx, before, now) => {
      if (before.status !== "shipped") throw business(AdminMessages.orderCannotComplete);
      const event = { actor: staffActor(actor), note: input.note ?? "", at: now };
      return advance(tx, before, { status: "completed", completedAt: now }, event);
    });
  }

  /** 待支付 → 已取消, the stock released exactly as when the customer cancels. */
  cancel(actor: Actor, input: { orderNo: string; note?: string }) {
    return this.move(actor, input.orderNo, "order.cancel", async (tx, before, now) => {
      const cancelled = await cancelPendingOrder(tx, eq(orders.id, before.id), {
        actor: staffActor(actor),
        note: input.note || "客服取消订单",
        at: now,
      });
      if (cancelled === null) throw business(AdminMessages.orderCannotCancel);
      const [after] = await tx.select().from(orders).where(eq(orders.id, before.id));
      return after!;
    });
  }

  /**
   * The dashboard's order figures: made today and this week (China time), and paid with the amount;
   * and the orders made on each of the last 30 China days.
   */
  async figures() {
    const now = this.now();
    const since = async (start: Date) => {
      const [made] = await this.db.select({ n: count() }).from(orders).where(gte(orders.createdAt, start));
      const [paid] = await this.db
        .select({ n: count(), cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.mapWith(Number) })
        .from(orders)
        .where(gte(orders.paidAt, start));
      return { made: made?.n ?? 0, paid: paid?.n ?? 0, paidAmount: paid?.cents ?? 0 };
    };
    const [today, week, daily] = await Promise.all([
      since(startOfChinaDay(now)),
      since(startOfChinaWeek(now)),
      dailyCounts(this.db, orders, orders.createdAt, now),
    ]);
    return { today, week, daily };
  }

  /**
   * Trades that need a person: recorded paid while their order is cancelled or still unpaid (the
   * money is to be refunded), and trades still pending after their order's payBefore.
   */
  async unreconciled(): Promise<UnreconciledPayment[]> {
    const now = this.now();
    const rows = await this.db
      .select({ payment: payments, orderNo: orders.orderNo, orderStatus: orders.status, payBefore: orders.payBefore })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        or(
          // A payment refunded in full (docs/decisions/0063) needs no one any more.
          and(
            eq(payments.status, "paid"),
            lt(payments.refundedCents, payments.amountCents),
            or(eq(orders.status, "cancelled"), eq(orders.status, "pending_payment")),
          ),
          and(eq(payments.status, "pending"), lt(orders.payBefore, now), ne(orders.status, "paid")),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(200);
    return rows.map((r) => ({
      ...paymentOf(r.payment),
      issue: r.payment.status === "paid" ? ("refund_needed" as const) : ("stale_pending" as const),
      orderNo: r.orderNo,
      orderStatus: r.orderStatus,
      payBefore: r.payBefore.toISOString(),
    }));
  }

  /** One staff move: the order locked, changed, audited and answered in one transaction. */
  private async move(
    actor: Actor,
    orderNo: string,
    action: string,
    change: (tx: Tx, before: OrderRecord, now: Date) => Promise<OrderRecord>,
  ) {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for("update");
      if (!before) throw notFoundOrder();
      const after = await change(tx, before, now);
      await recordAudit(
        tx,
        actor,
        { action, entity: "order", entityId: orderNo, before: auditedOrder(before), after: auditedOrder(after) },
        now,
      );
      return this.detail(orderNo, tx);
    });
  }
}

/**
 * A staff move along the order's states: the order changes only if it is still in the state the
 * move was checked against, and the move is written to its history.
 */
async function advance(
  tx: Tx,
  before: OrderRecord,
  change: Partial<OrderRecord> & { status: OrderRecord["status"] },
  event: { actor: string; note: string; at: Date },
): Promise<OrderRecord> {
  const [after] = await tx
    .update(orders)
    .set(change)
    .where(and(eq(orders.id, before.id), eq(orders.status, before.status)))
    .returning();
  await tx.insert(orderEvents).values({ orderId: before.id, status: change.status, ...event });
  return after!;
}

function paymentOf(p: typeof payments.$inferSelect) {
  return {
    outTradeNo: p.outTradeNo,
    provider: p.provider,
    tradeNo: p.tradeNo,
    status: p.status,
    amount: p.amountCents,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
  };
}
