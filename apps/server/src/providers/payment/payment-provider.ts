// Who takes the money (ADR 0024, ADR 0062). One small interface in the shop's words: a trade is
// pending, paid, closed or refunded, amounts are cents. Each provider (offline, Alipay, WeChat Pay)
// adapts its gateway's words, units and notify protocol to it; nothing outside an adapter reads
// TRADE_SUCCESS, SUCCESS or a yuan string.
import { centsToYuanText, type JsapiPayParams, type PayChannel } from "@yj/contract";
import type { PaymentProviderName } from "../../config/env.js";
import { AppError } from "../../lib/errors.js";
import type { ProviderBill } from "./bills.js";

export type { JsapiPayParams, PayChannel, PaymentProviderName };

/**
 * A trade's state at the provider, in the shop's words. `refunded`: it was paid and (some of) the
 * money went back since; it counts as paid for recording the payment (the refund is a later,
 * separate fact: refunds are their own rows, docs/decisions/0062).
 */
export type TradeState = "pending" | "paid" | "closed" | "refunded";

/** States in which the buyer's money reached the merchant. */
export const MONEY_RECEIVED: ReadonlySet<TradeState> = new Set<TradeState>(["paid", "refunded"]);

export interface PrecreateRequest {
  outTradeNo: string;
  amountCents: number;
  subject: string;
  /** The trade closes at the provider when it is unpaid at this time. */
  expiresAt: Date;
}

export interface ProviderTrade {
  /** null: the provider has no such trade (never created, or created and not yet visible). */
  state: TradeState | null;
  amountCents: number | null;
  /** The provider's own trade number (Alipay trade_no, WeChat transaction_id). */
  tradeNo: string | null;
  paidAt: Date | null;
  /** What the provider answered, kept with the payment as its confirmation. */
  raw: Record<string, string>;
}

/** A notify whose signature and merchant are the provider's and ours. */
export interface VerifiedNotify extends ProviderTrade {
  outTradeNo: string;
  state: TradeState;
}

export type NotifyVerdict = { ok: true; notify: VerifiedNotify } | { ok: false; reason: string };

/** A notify as it reached us: the headers (lower-cased names) and the body exactly as received. */
export interface NotifyRequest {
  headers: Record<string, string | undefined>;
  body: string;
}

/**
 * A refund at the provider, in the shop's words (ADR 0063): pending (accepted, money on its way),
 * succeeded, failed (refused or closed by the provider: nothing went back). null: the provider has
 * no refund with that number (never arrived: it may be sent again under the same number).
 */
export type RefundState = "pending" | "succeeded" | "failed";

export interface RefundRequest {
  outTradeNo: string;
  /** Ours, fixed when the refund is made; every send and query of this refund uses it (R19). */
  outRefundNo: string;
  amountCents: number;
  /** The trade's total (WeChat Pay wants it with every refund). */
  totalCents: number;
  reason: string;
}

export interface ProviderRefund {
  state: RefundState | null;
  /** What this refund returns, as the provider says. */
  amountCents: number | null;
  /** The provider's own refund id (WeChat refund_id), if it has one. */
  refundNo: string | null;
  /** What the provider answered, kept with the refund. */
  raw: Record<string, string>;
}

/** A refund notify whose signature, encryption and merchant are the provider's and ours. */
export interface VerifiedRefundNotify extends ProviderRefund {
  outTradeNo: string;
  outRefundNo: string;
  state: RefundState;
}

export type RefundNotifyVerdict = { ok: true; notify: VerifiedRefundNotify } | { ok: false; reason: string };

/**
 * A phone channel's trade (docs/decisions/0066): WeChat H5 (the buyer's IP as the server sees it),
 * JSAPI inside WeChat (the buyer's openid), or Alipay's mobile-site pay (where Alipay sends the
 * browser back). `returnUrl` is made by the server from PUBLIC_ORIGIN, never taken from a request.
 */
export interface MobilePayRequest extends PrecreateRequest {
  channel: Exclude<PayChannel, "qr">;
  clientIp: string;
  openid?: string;
  returnUrl: string;
}

/** h5 and wap: the URL the browser opens; jsapi: the prepay id the pay sign is made for. */
export type MobilePayAnswer = { payUrl: string } | { prepayId: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the trade; answers what the buyer scans. Throws AppError("upstream") when the gateway fails. */
  precreate(request: PrecreateRequest): Promise<{ qrCode: string }>;
  /** The trade as the provider sees it. Throws AppError("upstream") when the gateway fails. */
  query(outTradeNo: string): Promise<ProviderTrade>;
  /**
   * Closes an unpaid trade at the provider, so it can no longer be paid (switching method, expiry).
   * Throws AppError("upstream") when the gateway fails or refuses (e.g. the trade was paid meanwhile).
   */
  close(outTradeNo: string): Promise<void>;
  /** Checks a notify's signature and merchant; nothing in it is trusted before this. */
  verifyNotify(request: NotifyRequest): NotifyVerdict;
  /**
   * Sends a refund of (part of) a paid trade under `outRefundNo`; sending the same number again is
   * the same refund at the provider, never a second one. Answers the provider's word (a definite
   * refusal is `failed`); throws AppError("upstream") when the outcome is unknown (timeout, gateway
   * failure): the caller then asks queryRefund later and never makes a new number.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** The refund as the provider sees it. Throws AppError("upstream") when the gateway fails. */
  queryRefund(request: { outTradeNo: string; outRefundNo: string }): Promise<ProviderRefund>;
  /** Checks a refund notify (WeChat Pay sends them; the others answer refunds synchronously). */
  verifyRefundNotify?(request: NotifyRequest): RefundNotifyVerdict;
  /**
   * The day's bill (YYYY-MM-DD, China time): every trade paid and refund made that day, in the
   * shop's words (docs/decisions/0065). Absent for a provider without bills (offline). Throws
   * NoBillError when the provider has no bill for the day, BillFormatError when it cannot be read.
   */
  downloadBill?(billDate: string): Promise<ProviderBill>;
  /** The phone channels this provider runs (docs/decisions/0066); none: QR codes only. */
  readonly mobileChannels?: ReadonlySet<Exclude<PayChannel, "qr">>;
  /** Creates a phone channel's trade. Throws AppError("upstream") when the gateway fails. */
  payMobile?(request: MobilePayRequest): Promise<MobilePayAnswer>;
  /** jsapi: getBrandWCPayRequest's arguments for a prepay id, signed now with the merchant's key. */
  jsapiPayParams?(prepayId: string): JsapiPayParams;
}

/** R15: what a buyer reads when the gateway is slow or failing. */
export const PAYMENT_BUSY_MESSAGE = "支付服务繁忙，请稍后重试";

export const paymentBusy = () => new AppError("upstream", PAYMENT_BUSY_MESSAGE);

/** Settles within `timeoutMs` whatever the SDK does (R15): a hung gateway becomes paymentBusy(). */
export async function withPaymentTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(paymentBusy()), timeoutMs);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** 9900 → "99.00": Alipay's total_amount, in yuan with two decimals (the contract's one rule). */
export const centsToYuan = centsToYuanText;

/** "99.00", "99.9", "99" → cents; null for anything else (a tampered or malformed amount). */
export function yuanToCents(yuan: string | undefined): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(yuan?.trim() ?? "");
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A key from an environment variable: literal "\n" sequences become line breaks. */
export function keyText(value: string): string {
  return value.replaceAll("\\n", "\n").trim();
}
