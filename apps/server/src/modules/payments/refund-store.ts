// Refund rows (docs/decisions/0063, R19). Every write that can change what a payment gives back locks
// the payment row first (then, if need be, the order): a refund is opened, approved, retried or
// settled under that lock, payments.refunded_cents moves with it in the same transaction, and the
// CHECK refunded_cents <= amount_cents is the database's last word. Every state change is a guarded
// update (status = what it was checked against) and writes a payment_events row, so a notify, a
// query, the job of any instance and a staff click racing settle a refund once.
import { randomBytes } from "node:crypto";
import { type AdminRefund, centsToYuanText, type OrderRefund } from "@yj/contract";
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { paymentEvents, payments, refunds } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { AppError, notFound } from "../../lib/errors.js";
import type { ProviderRefund } from "../../providers/payment/payment-provider.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import {
  lockCustomerOrder,
  markOrderRefunded,
  markReturnRefunded,
  orderBrief,
  orderIdOf,
  recordOrderNote,
} from "../orders/order-refund.js";
import { instalmentDue, instalmentIdsOf, markInstalmentRefunded } from "../projects/index.js";
import { depositRefundDays } from "../site-settings/service.js";
import { staffNames } from "../staff/index.js";

export type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type EventSource = (typeof paymentEvents.$inferInsert)["source"];
type Reader = Pick<Db, "select">;

/** A refund ready to send: its number, amount and the trade it returns money from. */
export interface RefundToSend {
  refund: RefundRow;
  outTradeNo: string;
  totalCents: number;
  /** False when no instance has sent it yet (the job then sends it rather than asks). */
  wasSent: boolean;
}

export const REFUND_OPEN_MESSAGE = "该笔支付已有处理中的退款，请等待处理完成";
const ALREADY_DECIDED = "该退款申请已处理";

/** A refund number: "R", the UTC time to the second, 16 random hex characters (31, within both providers' limits). */
export function newOutRefundNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `R${stamp}${randomBytes(8).toString("hex")}`;
}

const yuan = (cents: number) => `¥${centsToYuanText(cents)}`;

async function lockPayment(tx: Tx, paymentId: number): Promise<PaymentRow> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment) throw notFound("支付记录不存在");
  return payment;
}

/**
 * The paid trade that paid an instalment, locked: one with its whole amount still refundable (a second
 * trade of the same instalment was refunded by itself, origin auto, so it has nothing left).
 */
async function lockInstalmentPayment(tx: Tx, instalmentId: number, amountCents: number): Promise<PaymentRow | null> {
  const paid = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.instalmentId, instalmentId), eq(payments.status, "paid")))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  for (const { id } of paid) {
    const payment = await lockPayment(tx, id);
    if (payment.amountCents === amountCents && refundableOf(payment) >= amountCents) return payment;
  }
  return null;
}

/** The payment's open refund (requested or processing), read under the payment's lock. */
async function openRefundOf(tx: Tx, paymentId: number): Promise<RefundRow | undefined> {
  const [open] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ["requested", "processing"])));
  return open;
}

async function writeEvent(
  tx: Tx,
  event: {
    paymentId: number;
    refundId: number;
    from: string | null;
    to: string;
    source: EventSource;
    note?: string;
    at: Date;
  },
) {
  await tx.insert(paymentEvents).values({
    paymentId: event.paymentId,
    refundId: event.refundId,
    fromStatus: event.from,
    toStatus: event.to,
    source: event.source,
    note: event.note ?? "",
    at: event.at,
  });
}

async function bumpRefunded(tx: Tx, payment: PaymentRow, deltaCents: number): Promise<void> {
  await tx
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${deltaCents}` })
    .where(eq(payments.id, payment.id));
}

/** What the payment can still give back, besides the refunds already sent or settled. */
const refundableOf = (payment: PaymentRow) => payment.amountCents - payment.refundedCents;

function refusedAmount(refundable: number): AppError {
  return new AppError(
    "business",
    refundable > 0 ? `退款金额不能超过可退金额 ${yuan(refundable)}` : "该笔支付已全部退款，无可退金额",
  );
}

interface OpenRefund {
  payment: PaymentRow;
  orderId: number | null;
  afterSaleId?: number | null;
  amountCents: number;
  origin: RefundRow["origin"];
  reason: string;
  status: "requested" | "processing";
  staffId?: number | null;
  source: EventSource;
  now: Date;
}

/**
 * Opens a refund of a payment locked by the caller: one open refund per payment, never more than is
 * left. A processing refund counts in refunded_cents at once (it is on its way).
 */
async function insertRefund(tx: Tx, input: OpenRefund): Promise<RefundRow> {
  const { payment, now } = input;
  if (await openRefundOf(tx, payment.id)) throw new AppError("business", REFUND_OPEN_MESSAGE);
  const refundable = refundableOf(payment);
  if (input.amountCents <= 0 || input.amountCents > refundable) throw refusedAmount(refundable);
  const decided = input.status === "processing" && input.origin !== "auto" && input.origin !== "customer";
  const [refund] = await tx
    .insert(refunds)
    .values({
      outRefundNo: newOutRefundNo(now),
      paymentId: payment.id,
      orderId: input.orderId,
      afterSaleId: input.afterSaleId ?? null,
      provider: payment.provider,
      amountCents: input.amountCents,
      origin: input.origin,
      reason: input.reason,
      status: input.status,
      decidedByStaffId: decided ? (input.staffId ?? null) : null,
      decidedAt: input.status === "processing" ? now : null,
      createdAt: now,
    })
    .returning();
  if (!refund) throw new Error("refund insert returned no row");
  if (input.status === "processing") await bumpRefunded(tx, payment, input.amountCents);
  await writeEvent(tx, {
    paymentId: payment.id,
    refundId: refund.id,
    from: null,
    to: input.status,
    source: input.source,
    note: input.reason,
    at: now,
  });
  return refund;
}

/** The paid payment that paid an order (the first recorded), locked; the order's money comes back from it. */
async function lockOrderPayment(tx: Tx, orderId: number, amountCents: number | null): Promise<PaymentRow | null> {
  const paid = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  for (const { id } of paid) {
    const payment = await lockPayment(tx, id);
    // A second payment of the same order is refunded on its own (origin auto); the first one pays the order.
    if (amountCents === null || refundableOf(payment) >= amountCents) return payment;
  }
  return paid.length ? await lockPayment(tx, (paid[0] as { id: number }).id) : null;
}

/**
 * The after-sales return's refund (docs/decisions/0063): opened processing, decided by the staff
 * member, in the caller's transaction; the caller sends it after commit (PaymentsModule.refunds.send),
 * and the reconciliation job sends it anyway if this instance dies first.
 */
export async function openReturnRefund(
  tx: Tx,
  input: { orderId: number; afterSaleId: number; amountCents: number; reason: string; staffId: number; now: Date },
): Promise<{ refundId: number }> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new AppError("business", "退款金额必须大于 0");
  const order = await orderBrief(tx, input.orderId);
  if (!order) throw notFound("订单不存在");
  if (order.status === "pending_payment" || order.status === "cancelled")
    throw new AppError("business", "订单未支付，无法退款");
  const payment = await lockOrderPayment(tx, input.orderId, input.amountCents);
  if (!payment) throw new AppError("business", "订单没有已支付的记录，无法退款");
  const refund = await insertRefund(tx, {
    payment,
    orderId: input.orderId,
    afterSaleId: input.afterSaleId,
    amountCents: input.amountCents,
    origin: "after_sales",
    reason: input.reason,
    status: "processing",
    staffId: input.staffId,
    source: "staff",
    now: input.now,
  });
  return { refundId: refund.id };
}

/**
 * A payment recorded for an order that could not take it (cancelled or expired, or paid by another
 * trade): its whole amount goes back at once (origin auto), in the recording's transaction.
 */
export async function openAutoRefund(
  tx: Tx,
  paymentId: number,
  now: Date,
  reason = "订单已取消或已由其他支付完成，自动退款",
): Promise<RefundRow | null> {
  const payment = await lockPayment(tx, paymentId);
  if (refundableOf(payment) <= 0 || (await openRefundOf(tx, payment.id))) return null;
  return insertRefund(tx, {
    payment,
    orderId: payment.orderId,
    amountCents: refundableOf(payment),
    origin: "auto",
    reason,
    status: "processing",
    source: "system",
    now,
  });
}

function orderRefundOf(r: RefundRow): OrderRefund {
  return {
    id: r.id,
    status: r.status,
    amount: r.amountCents,
    reason: r.reason,
    note: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
  };
}

/** The refunds of these orders as their buyer sees them, oldest first (the orders module shows them). */
export async function refundsOfOrders(reader: Reader, orderIds: number[]): Promise<Map<number, OrderRefund[]>> {
  const byOrder = new Map<number, OrderRefund[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await reader
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const row of rows) {
    if (row.orderId === null) continue;
    const list = byOrder.get(row.orderId) ?? [];
    list.push(orderRefundOf(row));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The state of each after-sales request's latest refund (the 售后 list shows a failed one to staff). */
export async function refundStatesOfAfterSales(
  reader: Reader,
  afterSaleIds: number[],
): Promise<Map<number, RefundRow["status"]>> {
  const states = new Map<number, RefundRow["status"]>();
  if (afterSaleIds.length === 0) return states;
  const rows = await reader
    .select({ afterSaleId: refunds.afterSaleId, status: refunds.status })
    .from(refunds)
    .where(inArray(refunds.afterSaleId, afterSaleIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const row of rows) if (row.afterSaleId !== null) states.set(row.afterSaleId, row.status);
  return states;
}

export interface DepositRow {
  outTradeNo: string;
  amountCents: number;
  paidAt: Date;
  refundBefore: Date;
  canRefund: boolean;
  refunds: OrderRefund[];
}

export class RefundStore {
  constructor(private readonly db: Db) {}

  async byId(id: number): Promise<RefundRow | undefined> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.id, id));
    return row;
  }

  async byOutRefundNo(outRefundNo: string): Promise<(RefundRow & { outTradeNo: string }) | undefined> {
    const [row] = await this.db
      .select({ refund: refunds, outTradeNo: payments.outTradeNo })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.outRefundNo, outRefundNo));
    return row ? { ...row.refund, outTradeNo: row.outTradeNo } : undefined;
  }

  /** 申请退款 on the customer's own paid order that has not shipped: the whole amount left, "requested". */
  async requestForOrder(customerId: number, orderNo: string, reason: string, now: Date): Promise<OrderRefund> {
    return this.db.transaction(async (tx) => {
      // The order is read, then its payment locked, then the order read again under that lock: the
      // same lock order as recording a payment and settling a refund (payment, then order).
      const seen = await orderIdOf(tx, orderNo);
      const order = seen === null ? undefined : await orderBrief(tx, seen);
      if (!order || order.customerId !== customerId) throw notFound("订单不存在");
      const payment = await lockOrderPayment(tx, order.id, null);
      const locked = await lockCustomerOrder(tx, customerId, orderNo);
      checkRefundableOrder(locked?.status ?? order.status);
      if (!payment) throw new AppError("business", "订单没有已支付的记录，请联系客服");
      const refund = await insertRefund(tx, {
        payment,
        orderId: order.id,
        amountCents: refundableOf(payment),
        origin: "customer",
        reason,
        status: "requested",
        source: "customer",
        now,
      }).catch((error) => {
        if (error instanceof AppError && error.message === REFUND_OPEN_MESSAGE)
          throw new AppError("business", "退款申请已提交，请等待处理");
        throw error;
      });
      return orderRefundOf(refund);
    });
  }

  /** The deposits this phone paid, with their refunds and whether the window is still open. */
  async depositsOf(phone: string, now: Date): Promise<DepositRow[]> {
    const days = await depositRefundDays(this.db);
    const paid = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.purpose, "deposit"), eq(payments.payerPhone, phone), eq(payments.status, "paid")))
      .orderBy(asc(payments.paidAt), asc(payments.id));
    if (paid.length === 0) return [];
    const rows = await this.db
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.paymentId,
          paid.map((p) => p.id),
        ),
      )
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
    return paid.map((p) => {
      const paidAt = p.paidAt ?? p.createdAt;
      const refundBefore = new Date(paidAt.getTime() + days * 86_400_000);
      const own = rows.filter((r) => r.paymentId === p.id);
      const open = own.some((r) => r.status === "requested" || r.status === "processing");
      return {
        outTradeNo: p.outTradeNo,
        amountCents: p.amountCents,
        paidAt,
        refundBefore,
        canRefund: days > 0 && now < refundBefore && !open && refundableOf(p) > 0,
        refunds: own.map(orderRefundOf),
      };
    });
  }

  /**
   * The deposit's payer asks it back within the window (site_settings.deposit_refund_days): it is
   * refunded at once, without a staff decision (the deposit is advertised as refundable).
   */
  async requestForDeposit(phone: string, outTradeNo: string, reason: string, now: Date): Promise<RefundRow> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.outTradeNo, outTradeNo), eq(payments.purpose, "deposit")));
      if (!found) throw notFound("定金记录不存在");
      const payment = await lockPayment(tx, found.id);
      // Only the phone that paid it (the logged-in session's) can ask for it.
      if (payment.payerPhone !== phone) throw notFound("定金记录不存在");
      if (payment.status !== "paid") throw new AppError("business", "定金未支付，无需退款");
      const days = await depositRefundDays(tx);
      const paidAt = payment.paidAt ?? payment.createdAt;
      if (days <= 0 || now.getTime() >= paidAt.getTime() + days * 86_400_000)
        throw new AppError("business", days > 0 ? `定金支付超过 ${days} 天，不能申请退款` : "活动定金不支持退款");
      const open = await openRefundOf(tx, payment.id);
      if (open) throw new AppError("business", "退款申请已提交，请等待处理");
      if (refundableOf(payment) <= 0) throw new AppError("business", "定金已退款");
      return insertRefund(tx, {
        payment,
        orderId: null,
        amountCents: refundableOf(payment),
        origin: "customer",
        reason,
        status: "processing",
        source: "customer",
        now,
      });
    });
  }

  /**
   * Staff approve (optionally less than asked) or refuse a requested refund, audited in the same
   * transaction. `changed: false`: another click decided it first (an approval then answers the
   * refund as it stands, and sends nothing).
   */
  async decide(
    actor: Actor,
    refundId: number,
    decision: { approve: true; amountCents?: number; note: string } | { approve: false; note: string },
    now: Date,
  ): Promise<{ refund: RefundRow; changed: boolean }> {
    return this.db.transaction(async (tx) => {
      const seen = await this.byIdIn(tx, refundId);
      const payment = await lockPayment(tx, seen.paymentId);
      const before = await this.byIdIn(tx, refundId);
      if (before.status !== "requested") {
        const same = decision.approve
          ? before.status === "processing" || before.status === "succeeded"
          : before.status === "refused";
        if (same) return { refund: before, changed: false };
        throw new AppError("business", ALREADY_DECIDED);
      }
      let after: RefundRow | undefined;
      if (decision.approve) {
        const amount = decision.amountCents ?? before.amountCents;
        if (amount > refundableOf(payment)) throw refusedAmount(refundableOf(payment));
        if (before.orderId !== null && before.origin === "customer") {
          const order = await orderBrief(tx, before.orderId);
          if (order && order.status !== "paid")
            throw new AppError("business", "订单已发货或已变更，不能直接退款，请走售后流程");
        }
        [after] = await tx
          .update(refunds)
          .set({
            status: "processing",
            amountCents: amount,
            decisionNote: decision.note,
            decidedByStaffId: actor.staffId,
            decidedAt: now,
          })
          .where(and(eq(refunds.id, refundId), eq(refunds.status, "requested")))
          .returning();
        if (after) await bumpRefunded(tx, payment, amount);
      } else {
        [after] = await tx
          .update(refunds)
          .set({ status: "refused", decisionNote: decision.note, decidedByStaffId: actor.staffId, decidedAt: now })
          .where(and(eq(refunds.id, refundId), eq(refunds.status, "requested")))
          .returning();
      }
      if (!after) throw new AppError("business", ALREADY_DECIDED);
      await writeEvent(tx, {
        paymentId: payment.id,
        refundId,
        from: before.status,
        to: after.status,
        source: "staff",
        note: decision.note || (decision.approve ? `同意退款 ${yuan(after.amountCents)}` : "拒绝退款"),
        at: now,
      });
      await recordAudit(
        tx,
        actor,
        {
          action: decision.approve ? "refund.approve" : "refund.refuse",
          entity: "refund",
          entityId: refundId,
          before: audited(before),
          after: audited(after),
        },
        now,
      );
      return { refund: after, changed: true };
    });
  }

  /**
   * 退款 of a paid renovation instalment (docs/decisions/0079): staff with the refund permission send
   * its whole amount back, with a reason, audited on the project in the same transaction. The refund
   * is processing at once (staff decided it); the instalment stays paid until the provider confirms
   * it, then it is payable again (settle → markInstalmentRefunded).
   */
  async openInstalmentRefund(
    actor: Actor,
    instalmentId: number,
    reason: string,
    now: Date,
  ): Promise<RefundRow & { projectId: number }> {
    return this.db.transaction(async (tx) => {
      // The instalment's own writers (its pay step) hold this lock; a refund waits for them.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`instalment:${instalmentId}`}, 0))`);
      const due = await instalmentDue(tx, instalmentId);
      if (!due) throw notFound("款项不存在");
      if (due.status !== "paid") throw new AppError("business", "该笔款项未支付，无需退款");
      const payment = await lockInstalmentPayment(tx, instalmentId, due.amountCents);
      if (!payment) {
        // Paid, with its trade's money already on its way back (a refund processing or done).
        const [any] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.instalmentId, instalmentId), eq(payments.status, "paid")));
        if (any && (await openRefundOf(tx, any.id))) throw new AppError("business", REFUND_OPEN_MESSAGE);
        throw new AppError("business", "该笔款项没有可退的支付记录");
      }
      const refund = await insertRefund(tx, {
        payment,
        orderId: null,
        amountCents: due.amountCents,
        origin: "instalment",
        reason,
        status: "processing",
        staffId: actor.staffId,
        source: "staff",
        now,
      });
      await recordAudit(
        tx,
        actor,
        {
          action: "project.instalment.refund",
          entity: "project",
          entityId: due.projectId,
          before: { instalmentId, status: "paid", amountCents: due.amountCents },
          after: { instalmentId, outRefundNo: refund.outRefundNo, amountCents: refund.amountCents, reason },
        },
        now,
      );
      return { ...refund, projectId: due.projectId };
    });
  }

  /**
   * A project's instalment refunds, oldest first, with their histories, and the instalments a paid
   * trade can still give money back for (a demo instalment marked paid has none).
   */
  async adminRefundsOfProject(
    projectId: number,
  ): Promise<{ refunds: (AdminRefund & { instalmentId: number })[]; refundable: number[] }> {
    const ids = await instalmentIdsOf(this.db, projectId);
    if (ids.length === 0) return { refunds: [], refundable: [] };
    const paid = await this.db
      .select({ instalmentId: payments.instalmentId })
      .from(payments)
      .where(
        and(
          inArray(payments.instalmentId, ids),
          eq(payments.status, "paid"),
          sql`${payments.refundedCents} < ${payments.amountCents}`,
        ),
      );
    const refundable = [...new Set(paid.flatMap((p) => (p.instalmentId === null ? [] : [p.instalmentId])))];
    const rows = await this.db
      .select({ refund: refunds, payment: payments })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(inArray(payments.instalmentId, ids))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
    const views = await this.adminViews(rows);
    return {
      refunds: views.map((view, index) => ({ ...view, instalmentId: rows[index]?.payment.instalmentId ?? 0 })),
      refundable,
    };
  }

  /** Staff try a failed refund again, under the same number (R19: never a new one), audited. */
  async retry(actor: Actor, refundId: number, now: Date): Promise<{ refund: RefundRow; changed: boolean }> {
    return this.db.transaction(async (tx) => {
      const seen = await this.byIdIn(tx, refundId);
      const payment = await lockPayment(tx, seen.paymentId);
      const before = await this.byIdIn(tx, refundId);
      if (before.status === "processing") return { refund: before, changed: false };
      if (before.status !== "failed") throw new AppError("business", "只有退款失败的退款可以重试");
      if (await openRefundOf(tx, payment.id)) throw new AppError("business", REFUND_OPEN_MESSAGE);
      if (before.amountCents > refundableOf(payment)) throw refusedAmount(refundableOf(payment));
      const [after] = await tx
        .update(refunds)
        .set({ status: "processing", sentAt: null, settledAt: null, lastQueriedAt: null })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, "failed")))
        .returning();
      if (!after) return { refund: before, changed: false };
      await bumpRefunded(tx, payment, after.amountCents);
      await writeEvent(tx, {
        paymentId: payment.id,
        refundId,
        from: "failed",
        to: "processing",
        source: "staff",
        note: "重试退款",
        at: now,
      });
      await recordAudit(
        tx,
        actor,
        {
          action: "refund.retry",
          entity: "refund",
          entityId: refundId,
          before: audited(before),
          after: audited(after),
        },
        now,
      );
      return { refund: after, changed: true };
    });
  }

  /**
   * Takes a processing refund no one has sent yet, to send it now: exactly one caller of any number
   * racing gets it (sent_at IS NULL is the guard). null: sent already, or not processing.
   */
  async claimSend(refundId: number, now: Date): Promise<RefundToSend | null> {
    const [claimed] = await this.db
      .update(refunds)
      .set({ sentAt: now, lastQueriedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "processing"), isNull(refunds.sentAt)))
      .returning();
    if (!claimed) return null;
    return this.withTrade(claimed, false);
  }

  /**
   * Takes up to `limit` processing refunds due for the job (FOR UPDATE SKIP LOCKED, then
   * lastQueriedAt moves to now): unsent ones older than `minAgeMs` (their instance died before
   * sending), and sent ones no instance asked about within `leaseMs`. Each goes to one instance per
   * round and comes round again after the lease.
   */
  async claimDue(now: Date, minAgeMs: number, leaseMs: number, limit: number): Promise<RefundToSend[]> {
    const claimed = await this.db.transaction(async (tx) => {
      const ageLimit = new Date(now.getTime() - minAgeMs);
      const leaseLimit = new Date(now.getTime() - leaseMs);
      const due = await tx
        .select({ id: refunds.id, sentAt: refunds.sentAt })
        .from(refunds)
        .where(
          and(
            eq(refunds.status, "processing"),
            or(
              and(isNull(refunds.sentAt), lte(refunds.createdAt, ageLimit)),
              and(isNotNull(refunds.sentAt), or(isNull(refunds.lastQueriedAt), lte(refunds.lastQueriedAt, leaseLimit))),
            ),
          ),
        )
        .orderBy(sql`${refunds.lastQueriedAt} asc nulls first`, asc(refunds.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      const rows = await tx
        .update(refunds)
        .set({ lastQueriedAt: now, sentAt: sql`coalesce(${refunds.sentAt}, ${now.toISOString()}::timestamptz)` })
        .where(
          inArray(
            refunds.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      const sent = new Map(due.map((d) => [d.id, d.sentAt !== null]));
      return rows.map((r) => ({ row: r, wasSent: sent.get(r.id) ?? true }));
    });
    const out: RefundToSend[] = [];
    for (const { row, wasSent } of claimed.sort((a, b) => a.row.id - b.row.id))
      out.push(await this.withTrade(row, wasSent));
    return out;
  }

  /**
   * Settles a processing refund with the provider's last word, once (guarded on processing): a
   * failure gives its amount back to what the payment can refund (an after-sales return's request
   * stays 已同意, open in the 售后 list, the refund 退款失败 with 重试); a success that leaves nothing of
   * an unshipped order's payment moves the order to refunded and its units back to stock, and a
   * return's success marks its request refunded, in the same transaction. true when this call settled it.
   */
  async settle(
    refundId: number,
    answer: ProviderRefund & { state: "succeeded" | "failed" },
    source: EventSource,
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const seen = await this.byIdIn(tx, refundId);
      const payment = await lockPayment(tx, seen.paymentId);
      const [settled] = await tx
        .update(refunds)
        .set({
          status: answer.state,
          settledAt: now,
          confirmation: answer.raw,
          ...(answer.refundNo ? { providerRefundNo: answer.refundNo } : {}),
        })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, "processing")))
        .returning();
      if (!settled) return false;
      await writeEvent(tx, {
        paymentId: payment.id,
        refundId,
        from: "processing",
        to: settled.status,
        source,
        note: settled.status === "succeeded" ? `已退款 ${yuan(settled.amountCents)}` : failureNote(answer.raw),
        at: now,
      });
      if (settled.status === "failed") {
        await bumpRefunded(tx, payment, -settled.amountCents);
        return true;
      }
      // An unshipped order whose payment came back in full is refunded: status, stock, sales and history.
      if (settled.orderId !== null && settled.origin === "customer" && payment.purpose === "order") {
        if (payment.refundedCents >= payment.amountCents)
          await markOrderRefunded(tx, settled.orderId, now, `退款成功 ${yuan(settled.amountCents)}，库存已退回`);
        else await recordOrderNote(tx, settled.orderId, `部分退款成功 ${yuan(settled.amountCents)}`, now);
      }
      // A staff refund of an instalment went through: the instalment is due again (docs/decisions/0079).
      if (settled.origin === "instalment" && payment.instalmentId !== null)
        await markInstalmentRefunded(tx, payment.instalmentId, settled.amountCents, now);
      // An approved return's refund went through: the request is done (已退款) and its units leave the sales.
      if (settled.afterSaleId !== null && settled.origin === "after_sales")
        await markReturnRefunded(tx, settled.afterSaleId, now, `退货退款成功 ${yuan(settled.amountCents)}`);
      return true;
    });
  }

  /** A back-office view of an order's refunds, with their histories. */
  async adminRefundsOfOrder(orderNo: string): Promise<AdminRefund[]> {
    const orderId = await orderIdOf(this.db, orderNo);
    if (orderId === null) throw notFound("订单不存在");
    const rows = await this.db
      .select({ refund: refunds, payment: payments })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
    return this.adminViews(rows);
  }

  async adminRefund(refundId: number): Promise<AdminRefund> {
    const rows = await this.db
      .select({ refund: refunds, payment: payments })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.id, refundId));
    const [view] = await this.adminViews(rows);
    if (!view) throw notFound("退款申请不存在");
    return view;
  }

  private async adminViews(rows: { refund: RefundRow; payment: PaymentRow }[]): Promise<AdminRefund[]> {
    if (rows.length === 0) return [];
    const events = await this.db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.refundId,
          rows.map((r) => r.refund.id),
        ),
      )
      .orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
    const staffIds = [...new Set(rows.flatMap((r) => (r.refund.decidedByStaffId ? [r.refund.decidedByStaffId] : [])))];
    const names = staffIds.length ? await staffNames(this.db, staffIds) : [];
    return rows.map(({ refund: r, payment: p }) => ({
      id: r.id,
      outRefundNo: r.outRefundNo,
      outTradeNo: p.outTradeNo,
      provider: r.provider,
      origin: r.origin,
      status: r.status,
      amount: r.amountCents,
      refundable: refundableOf(p),
      reason: r.reason,
      note: r.decisionNote,
      decidedBy: r.decidedByStaffId ? (names.find((n) => n.id === r.decidedByStaffId)?.name ?? "员工") : null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      settledAt: r.settledAt?.toISOString() ?? null,
      history: events
        .filter((e) => e.refundId === r.id)
        .map((e) => ({
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          source: e.source,
          note: e.note,
          at: e.at.toISOString(),
        })),
    }));
  }

  private async byIdIn(tx: Tx, refundId: number): Promise<RefundRow> {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!row) throw notFound("退款申请不存在");
    return row;
  }

  private async withTrade(refund: RefundRow, wasSent: boolean): Promise<RefundToSend> {
    const [payment] = await this.db
      .select({ outTradeNo: payments.outTradeNo, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.id, refund.paymentId));
    return { refund, outTradeNo: payment?.outTradeNo ?? "", totalCents: payment?.amountCents ?? 0, wasSent };
  }
}

/** Only a customer's paid order that has not shipped can be refunded without after-sales. */
function checkRefundableOrder(status: string): void {
  if (status === "paid") return;
  const messages: Record<string, string> = {
    pending_payment: "订单未支付，无需退款",
    cancelled: "订单已取消，无需退款",
    refunded: "订单已退款",
    shipped: "订单已发货，请申请售后",
    completed: "订单已完成，请申请售后",
  };
  throw new AppError("business", messages[status] ?? "订单当前状态不能申请退款");
}

function failureNote(raw: Record<string, string>): string {
  const why = raw.code ?? raw.subCode ?? raw.status ?? raw.refund_status ?? "";
  return why ? `退款失败（${why}）` : "退款失败";
}

/** What the audit keeps of a refund. */
function audited(r: RefundRow) {
  return {
    outRefundNo: r.outRefundNo,
    status: r.status,
    amountCents: r.amountCents,
    decisionNote: r.decisionNote,
    orderId: r.orderId,
  };
}
