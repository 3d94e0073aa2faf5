// The development provider (ADR 0024): no gateway and no money. Its "QR code" names the trade; the
// page offers the local pay step (POST /api/pay/offline/confirm), which records the trade paid the
// way a verified notify would. config/env.ts refuses it in production.
import type {
  NotifyVerdict,
  PaymentProvider,
  PrecreateRequest,
  ProviderRefund,
  ProviderTrade,
  RefundRequest,
} from "./payment-provider.js";

/** What the offline provider gives the page instead of an Alipay QR URL. */
export const OFFLINE_QR_PREFIX = "offline:";

export class OfflinePaymentProvider implements PaymentProvider {
  readonly name = "offline" as const;

  async precreate({ outTradeNo }: PrecreateRequest): Promise<{ qrCode: string }> {
    return { qrCode: `${OFFLINE_QR_PREFIX}${outTradeNo}` };
  }

  /** Nothing is paid outside this server: the local pay step records payments directly. */
  async query(_outTradeNo: string): Promise<ProviderTrade> {
    return { state: null, amountCents: null, tradeNo: null, paidAt: null, raw: {} };
  }

  /** Nothing to close outside this server. */
  async close(_outTradeNo: string): Promise<void> {}

  /** No money moved, so none goes back: a refund succeeds at once (ADR 0063). */
  async refund({ amountCents, outRefundNo }: RefundRequest): Promise<ProviderRefund> {
    return { state: "succeeded", amountCents, refundNo: `OFFLINE-${outRefundNo}`, raw: { provider: "offline" } };
  }

  /** Every offline refund succeeded when it was sent; one never sent is unknown (sent again). */
  async queryRefund(): Promise<ProviderRefund> {
    return { state: null, amountCents: null, refundNo: null, raw: {} };
  }

  verifyNotify(): NotifyVerdict {
    return { ok: false, reason: "the offline provider sends no notifies" };
  }
}
