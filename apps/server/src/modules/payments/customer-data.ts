// The payments module's part of a customer's data (docs/decisions/0040, 0076): the trades of their
// orders, the deposits and instalments paid from their phone, and the refunds of both. Accounting law
// keeps a trade's amounts and dates; closing the account clears the payer's name and phone.
import { type DataSection, PrivacyMessages, REFUND_STATUS_LABELS, type RefundStatus } from "@yj/contract";
import { and, asc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payments, refunds } from "../../db/schema.js";

type Reader = Pick<Db, "select">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const yuan = (cents: number) => (cents / 100).toFixed(2);

const PURPOSE_LABELS = { order: "订单", deposit: "活动定金", instalment: "装修分期" } as const;
const PROVIDER_LABELS = { offline: "线下", alipay: "支付宝", wechat: "微信支付" } as const;
const PAYMENT_STATUS_LABELS = { pending: "待支付", paid: "已支付", closed: "已关闭" } as const;

/** Whose trades: the customer's orders, and anything paid under their phone (deposits, instalments). */
export interface PayerOf {
  mobile: string;
  orderIds: number[];
}

function payerCondition(who: PayerOf): SQL {
  const byPhone = eq(payments.payerPhone, who.mobile);
  return who.orderIds.length ? (or(byPhone, inArray(payments.orderId, who.orderIds)) as SQL) : byPhone;
}

async function tradesOf(reader: Reader, who: PayerOf) {
  const trades = await reader.select().from(payments).where(payerCondition(who)).orderBy(asc(payments.id));
  const ids = trades.map((t) => t.id);
  const backs = ids.length
    ? await reader.select().from(refunds).where(inArray(refunds.paymentId, ids)).orderBy(asc(refunds.id))
    : [];
  return { trades, backs };
}

export async function paymentsData(reader: Reader, who: PayerOf): Promise<DataSection[]> {
  const { trades, backs } = await tradesOf(reader, who);
  const tradeNo = new Map(trades.map((t) => [t.id, t.outTradeNo]));
  return [
    {
      key: "payments",
      title: "支付记录",
      columns: [
        { key: "outTradeNo", header: "交易号" },
        { key: "purpose", header: "用途" },
        { key: "subject", header: "内容" },
        { key: "amount", header: "金额（元）" },
        { key: "provider", header: "支付方式" },
        { key: "status", header: "状态" },
        { key: "payerName", header: "付款人" },
        { key: "payerPhone", header: "付款人手机" },
        { key: "createdAt", header: "创建时间" },
        { key: "paidAt", header: "支付时间" },
      ],
      rows: trades.map((t) => ({
        outTradeNo: t.outTradeNo,
        purpose: PURPOSE_LABELS[t.purpose],
        subject: t.subject,
        amount: yuan(t.amountCents),
        provider: PROVIDER_LABELS[t.provider],
        status: PAYMENT_STATUS_LABELS[t.status],
        payerName: t.payerName,
        payerPhone: t.payerPhone,
        createdAt: iso(t.createdAt),
        paidAt: iso(t.paidAt),
      })),
    },
    {
      key: "refunds",
      title: "退款记录",
      columns: [
        { key: "outRefundNo", header: "退款号" },
        { key: "outTradeNo", header: "交易号" },
        { key: "amount", header: "金额（元）" },
        { key: "reason", header: "原因" },
        { key: "status", header: "状态" },
        { key: "createdAt", header: "申请时间" },
        { key: "settledAt", header: "完成时间" },
      ],
      rows: backs.map((r) => ({
        outRefundNo: r.outRefundNo,
        outTradeNo: tradeNo.get(r.paymentId) ?? "",
        amount: yuan(r.amountCents),
        reason: r.reason,
        status: REFUND_STATUS_LABELS[r.status as RefundStatus] ?? r.status,
        createdAt: iso(r.createdAt),
        settledAt: iso(r.settledAt),
      })),
    },
  ];
}

/** A refund still open (waiting for staff, or sent and not settled) keeps the account open. */
export async function paymentsClosingRefusals(reader: Reader, who: PayerOf): Promise<string[]> {
  const open = await reader
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(payerCondition(who), inArray(refunds.status, ["requested", "processing"])))
    .limit(1);
  return open.length ? [PrivacyMessages.pendingRefund] : [];
}

/** Clears the payer's name and phone and the refund reasons they wrote; amounts and dates stay. */
export async function forgetPayer(tx: Db, who: PayerOf): Promise<Record<string, number>> {
  const kept = await tx
    .update(payments)
    .set({ payerName: "", payerPhone: "" })
    .where(payerCondition(who))
    .returning({ id: payments.id });
  const ids = kept.map((p) => p.id);
  if (ids.length) await tx.update(refunds).set({ reason: "" }).where(inArray(refunds.paymentId, ids));
  return { payments: ids.length };
}
