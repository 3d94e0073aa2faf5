// Who takes the money (ADR 0024). One small interface; the provider is chosen by PAYMENT_PROVIDER.
// Amounts cross it in cents; converting to and from Alipay's yuan strings is the adapter's business.
import { centsToYuanText } from "@yj/contract";
import { AppError } from "../../lib/errors.js";

export type PaymentProviderName = "offline" | "alipay";

/** A trade's state at the provider, in Alipay's words (the offline provider uses them too). */
export type ProviderTradeStatus = "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED" | "TRADE_FINISHED";

export interface PrecreateRequest {
  outTradeNo: string;
  amountCents: number;
  subject: string;
  /** The trade closes at the provider when it is unpaid at this time. */
  expiresAt: Date;
}

export interface ProviderTrade {
  /** null: the provider has no such trade (never created, or created and not yet visible). */
  status: ProviderTradeStatus | null;
  amountCents: number | null;
  /** The provider's own trade number (Alipay trade_no). */
  tradeNo: string | null;
  paidAt: Date | null;
  /** What the provider answered, kept with the payment as its confirmation. */
  raw: Record<string, string>;
}

/** A notify whose signature and merchant (app id, seller) are the provider's and ours. */
export interface VerifiedNotify {
  outTradeNo: string;
  tradeNo: string;
  status: ProviderTradeStatus;
  /** null when total_amount is missing or not a yuan amount: never equal to a recorded amount. */
  amountCents: number | null;
  paidAt: Date | null;
  raw: Record<string, string>;
}

export type NotifyVerdict = { ok: true; notify: VerifiedNotify } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the trade; answers what the buyer scans. Throws AppError("upstream") when the gateway fails. */
  precreate(request: PrecreateRequest): Promise<{ qrCode: string }>;
  /** The trade as the provider sees it. Throws AppError("upstream") when the gateway fails. */
  query(outTradeNo: string): Promise<ProviderTrade>;
  /** Checks an asynchronous notify's signature, app id and seller; nothing else is trusted before this. */
  verifyNotify(params: Record<string, string>): NotifyVerdict;
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
