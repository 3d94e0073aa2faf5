// Payment rows (ADR 0024). Opening a trade locks what it pays for (the order row, or the deposit
// payer's phone) so concurrent precreates share one pending trade; recording one is a guarded update
// in the same transaction as the order's move to paid, so a trade is recorded once however many
// notifies, queries and reconciliation rounds race for it.
import { randomBytes } from "node:crypto";
import { ALREADY_PAID, ORDER_PAYMENT_WINDOW_MINUTES } from "@yj/contract";
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders, payments, refunds } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { AppError, notFound } from "../../lib/errors.js";
import type { PayChannel, PaymentProviderName } from "../../providers/payment/payment-provider.js";
import { hasRecentActivityLead } from "../leads/index.js";
import { type MarkPaidResult, markOrderPaid } from "../orders/order-payment.js";
import { instalmentDue, markInstalmentPaid } from "../projects/index.js";
import { activityDepositCents } from "../site-settings/service.js";
import { openAutoRefund } from "./refund-store.js";

export type PaymentRow = typeof payments.$inferSelect;

/** A payment with what it pays for: the order number, and when the trade stops being payable. */
export interface TradeRow extends PaymentRow {
  orderNo: string | null;
  expiresAt: Date;
}

/** An instalment trade's subject, as the buyer sees it in Alipay and WeChat Pay. */
export const INSTALMENT_SUBJECT = "悦家整装装修款";
export const INSTALMENT_NOT_PAYABLE = "该笔款项暂不能支付，请先完成对应阶段的验收";
export const INSTALMENT_ALREADY_PAID = "该笔款项已支付";
const INSTALMENT_AUTO_REFUND_REASON = "该笔装修款已由其他支付完成或金额已变更，自动退款";

export const DEPOSIT_SUBJECT = "活动定金";
/** A deposit trade is payable this long, as an order is (docs/product.md: 30 minutes). */
export const DEPOSIT_PAYMENT_WINDOW_MS = ORDER_PAYMENT_WINDOW_MINUTES * 60_000;
/** A pending trade this close to its end is not handed out again; a new one is made. */
const REUSE_MARGIN_MS = 60_000;

export interface PaidEvidence {
  tradeNo: string;
  paidAt: Date;
  /** The verified notify or query answer, kept as received. */
  confirmation: Record<string, string>;
  /** order_events note: how the payment became known. */
  note: string;
}

export type RecordOutcome =
  /** Nothing changed: the trade was already recorded paid (a repeat), or is unknown. */
  | { recorded: false }
  | {
      recorded: true;
      payment: PaymentRow;
      order: MarkPaidResult | null;
      /** Whether an instalment trade paid its instalment (null for orders and deposits). */
      instalmentPaid: boolean | null;
      /** The automatic refund opened because the order could not take this payment (docs/decisions/0063). */
      autoRefundId: number | null;
    };

/**
 * A trade number: "P", the UTC time to the second, 16 random hex characters. Unguessable, since the
 * query and offline pay calls take it without a session.
 */
export function newOutTradeNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `P${stamp}${randomBytes(8).toString("hex")}`;
}

function expiresAt(payment: PaymentRow, payBefore: Date | null): Date {
  return payBefore ?? new Date(payment.createdAt.getTime() + DEPOSIT_PAYMENT_WINDOW_MS);
}

/**
 * How a trade is paid (docs/decisions/0066). A pending trade is handed out again only for the same
 * provider and channel (WeChat refuses one out_trade_no under two trade types, Alipay under two
 * products), and a JSAPI trade only to the same WeChat user: its prepay id is bound to the openid.
 * `payer` is a hash of the openid (payments.qr_code keeps "jsapi:<payer>:<prepay_id>"), never the openid.
 */
export interface TradeChannel {
  channel: PayChannel;
  payer?: string;
}

const QR: TradeChannel = { channel: "qr" };

/** A pending trade of this channel can be handed out again. */
function reusableFor(payment: PaymentRow, want: TradeChannel): boolean {
  if (payment.channel !== want.channel) return false;
  if (want.channel !== "jsapi" || payment.qrCode === "") return true;
  return payment.qrCode.startsWith(`jsapi:${want.payer ?? ""}:`);
}

/**
 * Whether one of these deposits is paid and still held: not given back in full by refunds that
 * succeeded. A refund on its way (processing) still holds it: it may yet fail.
 */
async function holdsDeposit(tx: Tx, deposits: PaymentRow[]): Promise<boolean> {
  const paid = deposits.filter((d) => d.status === "paid");
  if (paid.length === 0) return false;
  const returned = await tx
    .select({ paymentId: refunds.paymentId, cents: sql<string>`sum(${refunds.amountCents})::bigint` })
    .from(refunds)
    .where(
      and(
        inArray(
          refunds.paymentId,
          paid.map((d) => d.id),
        ),
        eq(refunds.status, "succeeded"),
      ),
    )
    .groupBy(refunds.paymentId);
  const back = new Map(returned.map((r) => [r.paymentId, Number(r.cents)]));
  return paid.some((d) => (back.get(d.id) ?? 0) < d.amountCents);
}

export class PaymentStore {
  constructor(private readonly db: Db) {}

  async byOutTradeNo(outTradeNo: string): Promise<TradeRow | undefined> {
    const [row] = await this.db
      .select({ payment: payments, orderNo: orders.orderNo, payBefore: orders.payBefore })
      .from(payments)
      .leftJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.outTradeNo, outTradeNo));
    if (!row) return undefined;
    return { ...row.payment, orderNo: row.orderNo, expiresAt: expiresAt(row.payment, row.payBefore) };
  }

  /**
   * The pending trade of the customer's own unpaid order, made if there is none. The order row is
   * locked meanwhile, so two tabs paying one order get the same trade.
   */
  async openForOrder(
    customerId: number,
    orderNo: string,
    provider: PaymentProviderName,
    now: Date,
    via: TradeChannel = QR,
  ): Promise<TradeRow> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents, payBefore: orders.payBefore })
        .from(orders)
        .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId)))
        .for("update");
      if (!order) throw notFound("订单不存在");
      if (order.status === "cancelled") throw new AppError("business", "订单已取消，请重新下单");
      if (order.status !== "pending_payment") throw new AppError("business", "订单已支付", undefined, ALREADY_PAID);
      if (order.payBefore.getTime() <= now.getTime()) throw new AppError("business", "订单已超时未支付，请重新下单");
      if (order.totalCents <= 0) throw new AppError("business", "订单金额有误，请联系客服");
      const pendings = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            eq(payments.status, "pending"),
            eq(payments.provider, provider),
            eq(payments.amountCents, order.totalCents),
          ),
        )
        .orderBy(desc(payments.id));
      let payment = pendings.find((p) => reusableFor(p, via));
      if (!payment) {
        [payment] = await tx
          .insert(payments)
          .values({
            outTradeNo: newOutTradeNo(now),
            provider,
            channel: via.channel,
            purpose: "order",
            orderId: order.id,
            subject: `悦家整装订单 ${orderNo}`,
            amountCents: order.totalCents,
            status: "pending",
            createdAt: now,
          })
          .returning();
        if (!payment) throw new Error("payment insert returned no row");
      }
      return { ...payment, orderNo, expiresAt: order.payBefore };
    });
  }

  /**
   * The pending activity-deposit trade of this phone, made if there is none (ADR 0024): the phone
   * must have entered the activity (a denominate lead) within the last 24 hours and not hold a paid
   * deposit (one refunded in full no longer counts: its payer may pay again, docs/decisions/0063).
   * Writers of one phone are serialised, so concurrent precreates share one trade.
   */
  async openDeposit(
    name: string,
    phone: string,
    provider: PaymentProviderName,
    now: Date,
    via: TradeChannel = QR,
  ): Promise<TradeRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposit:${phone}`}, 0))`);
      const lead = await hasRecentActivityLead(tx, phone, now);
      if (!lead) throw new AppError("business", "请先提交活动报名信息");
      const deposits = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.purpose, "deposit"),
            eq(payments.payerPhone, phone),
            inArray(payments.status, ["pending", "paid"]),
          ),
        )
        .orderBy(desc(payments.id));
      if (await holdsDeposit(tx, deposits))
        throw new AppError("business", "您已支付活动定金，无需重复支付", undefined, ALREADY_PAID);
      const amountCents = await activityDepositCents(tx);
      if (amountCents <= 0) throw new AppError("business", "活动定金暂未开放");
      const reusable = deposits.find(
        (d) =>
          d.status === "pending" &&
          d.provider === provider &&
          reusableFor(d, via) &&
          d.amountCents === amountCents &&
          expiresAt(d, null).getTime() - now.getTime() > REUSE_MARGIN_MS,
      );
      if (reusable) {
        if (name && reusable.payerName !== name)
          await tx.update(payments).set({ payerName: name }).where(eq(payments.id, reusable.id));
        return {
          ...reusable,
          payerName: name || reusable.payerName,
          orderNo: null,
          expiresAt: expiresAt(reusable, null),
        };
      }
      const [created] = await tx
        .insert(payments)
        .values({
          outTradeNo: newOutTradeNo(now),
          provider,
          channel: via.channel,
          purpose: "deposit",
          payerName: name,
          payerPhone: phone,
          subject: DEPOSIT_SUBJECT,
          amountCents,
          status: "pending",
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error("payment insert returned no row");
      return { ...created, orderNo: null, expiresAt: expiresAt(created, null) };
    });
  }

  /**
   * The pending trade of a project instalment the customer owns, made if there is none
   * (docs/decisions/0073). Only a payable instalment can be paid, and only its amount due: the trade
   * carries the instalment's amount at this moment, and the notify pays it only if that amount is
   * still due. Writers of one instalment are serialised, so concurrent precreates share one trade.
   */
  async openForInstalment(
    customer: { id: number; mobile: string },
    instalmentId: number,
    provider: PaymentProviderName,
    now: Date,
    via: TradeChannel = QR,
  ): Promise<TradeRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`instalment:${instalmentId}`}, 0))`);
      const due = await instalmentDue(tx, instalmentId);
      // The owner is the linked customer, or the phone the project was made for until it is linked.
      const mine =
        due && (due.customerId === customer.id || (due.customerId === null && due.ownerPhone === customer.mobile));
      if (!due || !mine) throw notFound("装修项目不存在");
      if (due.status === "paid") throw new AppError("business", INSTALMENT_ALREADY_PAID, undefined, ALREADY_PAID);
      if (due.status !== "payable" || due.amountCents <= 0) throw new AppError("business", INSTALMENT_NOT_PAYABLE);
      const pendings = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.instalmentId, instalmentId),
            eq(payments.status, "pending"),
            eq(payments.provider, provider),
            eq(payments.amountCents, due.amountCents),
          ),
        )
        .orderBy(desc(payments.id));
      const reusable = pendings.find(
        (p) => reusableFor(p, via) && expiresAt(p, null).getTime() - now.getTime() > REUSE_MARGIN_MS,
      );
      if (reusable) return { ...reusable, orderNo: null, expiresAt: expiresAt(reusable, null) };
      const [created] = await tx
        .insert(payments)
        .values({
          outTradeNo: newOutTradeNo(now),
          provider,
          channel: via.channel,
          purpose: "instalment",
          instalmentId,
          payerPhone: customer.mobile,
          subject: INSTALMENT_SUBJECT,
          amountCents: due.amountCents,
          status: "pending",
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error("payment insert returned no row");
      return { ...created, orderNo: null, expiresAt: expiresAt(created, null) };
    });
  }

  /** The storefront's pay step of an instalment (apps/web: /my-project/:id/pay/:instalmentId). */
  async instalmentPayPath(instalmentId: number): Promise<string> {
    const due = await instalmentDue(this.db, instalmentId);
    return due ? `/my-project/${due.projectId}/pay/${instalmentId}` : "/my-project";
  }

  async saveQrCode(id: number, qrCode: string): Promise<void> {
    await this.db.update(payments).set({ qrCode }).where(eq(payments.id, id));
  }

  /**
   * Records a trade paid, once: the guarded update lets exactly one of any number of concurrent
   * callers through (the others wait on the row lock, then find it paid). A trade closed here but
   * paid at the provider (the buyer paid at the last second) is recorded too: the money arrived.
   * The order moves to paid in the same transaction.
   */
  async recordPaid(outTradeNo: string, evidence: PaidEvidence, now: Date = new Date()): Promise<RecordOutcome> {
    return this.db.transaction(async (tx) => {
      const [payment] = await tx
        .update(payments)
        .set({
          status: "paid",
          tradeNo: evidence.tradeNo,
          paidAt: evidence.paidAt,
          confirmation: evidence.confirmation,
        })
        .where(and(eq(payments.outTradeNo, outTradeNo), inArray(payments.status, ["pending", "closed"])))
        .returning();
      if (!payment) return { recorded: false };
      const order = payment.orderId ? await markOrderPaid(tx, payment.orderId, evidence.paidAt, evidence.note) : null;
      // An instalment is paid only while payable and of exactly this amount, once (docs/decisions/0073).
      const instalmentPaid =
        payment.instalmentId !== null
          ? await markInstalmentPaid(tx, payment.instalmentId, payment.amountCents, evidence.paidAt)
          : null;
      // The order was cancelled (unpaid too long) or paid by another trade, or the instalment was paid
      // by another trade or changed its amount: the money goes back, and the refund is opened with the
      // payment, so no crash between them can forget it.
      const auto =
        order && !order.changed
          ? await openAutoRefund(tx, payment.id, now)
          : instalmentPaid === false
            ? await openAutoRefund(tx, payment.id, now, INSTALMENT_AUTO_REFUND_REASON)
            : null;
      return { recorded: true, payment, order, instalmentPaid, autoRefundId: auto?.id ?? null };
    });
  }

  /**
   * The other pending trades paying for the same thing (the order, or the deposit of the same phone),
   * whatever their provider or channel: what a switch of method, or of device, leaves behind
   * (docs/decisions/0066: only the trade on the screen can be paid).
   */
  async otherPendingTrades(trade: PaymentRow): Promise<PaymentRow[]> {
    const same =
      trade.orderId !== null
        ? eq(payments.orderId, trade.orderId)
        : trade.instalmentId !== null
          ? eq(payments.instalmentId, trade.instalmentId)
          : and(eq(payments.purpose, "deposit"), eq(payments.payerPhone, trade.payerPhone));
    return this.db
      .select()
      .from(payments)
      .where(and(same, eq(payments.status, "pending"), ne(payments.id, trade.id)));
  }

  /** The pending trades of these instalments (an approved change order changed their amounts). */
  async pendingInstalmentTrades(instalmentIds: readonly number[]): Promise<PaymentRow[]> {
    if (instalmentIds.length === 0) return [];
    return this.db
      .select()
      .from(payments)
      .where(and(inArray(payments.instalmentId, [...instalmentIds]), eq(payments.status, "pending")));
  }

  /** Closes a trade that can no longer be paid; false when it was paid or closed meanwhile. */
  async close(id: number): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ status: "closed" })
      .where(and(eq(payments.id, id), eq(payments.status, "pending")))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /**
   * Takes up to `limit` pending trades older than `minAgeMs` that no instance asked about within
   * `leaseMs` (FOR UPDATE SKIP LOCKED, then lastQueriedAt moves to now): each goes to one instance
   * per round, and comes round again after the lease if that instance dies.
   */
  async claimUnconfirmed(now: Date, minAgeMs: number, leaseMs: number, limit: number): Promise<TradeRow[]> {
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.status, "pending"),
            lte(payments.createdAt, new Date(now.getTime() - minAgeMs)),
            or(isNull(payments.lastQueriedAt), lte(payments.lastQueriedAt, new Date(now.getTime() - leaseMs))),
          ),
        )
        .orderBy(sql`${payments.lastQueriedAt} asc nulls first`, asc(payments.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(payments)
        .set({ lastQueriedAt: now })
        .where(
          inArray(
            payments.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
    if (claimed.length === 0) return [];
    const orderIds = claimed.flatMap((p) => (p.orderId ? [p.orderId] : []));
    const orderRows = orderIds.length
      ? await this.db
          .select({ id: orders.id, orderNo: orders.orderNo, payBefore: orders.payBefore })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [];
    const byId = new Map(orderRows.map((o) => [o.id, o]));
    return claimed
      .sort((a, b) => a.id - b.id)
      .map((p) => {
        const order = p.orderId ? byId.get(p.orderId) : undefined;
        return { ...p, orderNo: order?.orderNo ?? null, expiresAt: expiresAt(p, order?.payBefore ?? null) };
      });
  }
}
