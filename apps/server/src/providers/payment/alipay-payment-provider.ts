// Alipay face-to-face payment (当面付) through alipay-sdk (ADR 0024): alipay.trade.precreate gives the
// QR code the buyer scans, alipay.trade.query the trade's state, alipay.trade.close ends an unpaid
// one, and notifies are checked with Alipay's public key (RSA2) and our app id and seller before
// anything reads them. Answers are verified too (validateSign). Keys never reach a log line. Alipay's
// words (TRADE_SUCCESS, yuan strings) stop here: the rest of the shop reads ADR 0062's TradeState.
import { createPrivateKey } from "node:crypto";
import { createRequire } from "node:module";
import type { AlipaySdk } from "alipay-sdk";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../lib/errors.js";
import { downloadAlipayBill } from "./alipay-bill.js";
import type { ProviderBill } from "./bills.js";
import {
  centsToYuan,
  keyText,
  type MobilePayAnswer,
  type MobilePayRequest,
  type NotifyRequest,
  type NotifyVerdict,
  PAYMENT_BUSY_MESSAGE,
  type PaymentProvider,
  type PrecreateRequest,
  type ProviderRefund,
  type ProviderTrade,
  paymentBusy,
  type RefundRequest,
  type TradeState,
  withPaymentTimeout,
  yuanToCents,
} from "./payment-provider.js";

export interface AlipaySettings {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  sellerId: string;
  gateway: string;
  notifyUrl: string;
  timeoutMs: number;
}

/**
 * Alipay's trade_status in the shop's words. TRADE_CLOSED is also a paid trade refunded in full;
 * a trade we hold as paid is never moved by it (recording only moves pending or closed trades).
 */
const TRADE_STATES = new Map<string, TradeState>([
  ["WAIT_BUYER_PAY", "pending"],
  ["TRADE_SUCCESS", "paid"],
  ["TRADE_FINISHED", "paid"],
  ["TRADE_CLOSED", "closed"],
]);
const SUCCESS = "10000";
/** Alipay's business-failure code; with this sub code the trade does not exist (yet). */
const TRADE_NOT_EXIST = "ACQ.TRADE_NOT_EXIST";

/**
 * Refusals of alipay.trade.refund that are Alipay's last word on this request (nothing went back);
 * any other failure (ACQ.SYSTEM_ERROR, a timeout) leaves the outcome unknown, to be queried.
 */
const REFUND_REFUSALS = new Set([
  "ACQ.TRADE_NOT_EXIST",
  "ACQ.TRADE_STATUS_ERROR",
  "ACQ.TRADE_HAS_CLOSE",
  "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL",
  "ACQ.SELLER_BALANCE_NOT_ENOUGH",
  "ACQ.REASON_TRADE_BEEN_FREEZEN",
  "ACQ.TRADE_NOT_ALLOW_REFUND",
  "ACQ.REFUND_FEE_ERROR",
  "ACQ.DISCORDANT_REPEAT_REQUEST",
]);

/** PKCS8 ("BEGIN PRIVATE KEY", or a bare base64 body that parses as PKCS8) or PKCS1. */
export function privateKeyType(key: string): "PKCS8" | "PKCS1" {
  if (key.includes("BEGIN RSA PRIVATE KEY")) return "PKCS1";
  if (key.includes("BEGIN PRIVATE KEY")) return "PKCS8";
  try {
    createPrivateKey({ key: Buffer.from(key.replace(/\s+/g, ""), "base64"), format: "der", type: "pkcs8" });
    return "PKCS8";
  } catch {
    return "PKCS1";
  }
}

/** Alipay's times ("2026-11-23 20:05:01") are Beijing time. */
function beijingTime(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(`${value.replace(" ", "T")}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The SDK's answer (camelCased) as flat strings, as it is kept with the payment. */
function flat(result: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(result)
      .filter(([, v]) => v !== undefined && v !== null && typeof v !== "object")
      .map(([k, v]) => [k, String(v)]),
  );
}

const requirePackage = createRequire(import.meta.url);

export class AlipayPaymentProvider implements PaymentProvider {
  readonly name = "alipay" as const;
  /** Alipay's mobile-site pay needs nothing beyond the keys face-to-face already uses (docs/decisions/0066). */
  readonly mobileChannels: ReadonlySet<"wap"> = new Set(["wap"] as const);
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly settings: AlipaySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    const privateKey = keyText(settings.privateKey);
    // Required here, when Alipay is configured, not imported at every start: the SDK and its HTTP
    // client are some 250 modules, ~0.35 s of CPU (docs/decisions/0095). Synchronously, since
    // verifyNotify is; the package ships a CommonJS build for require.
    const { AlipaySdk } = requirePackage("alipay-sdk") as typeof import("alipay-sdk");
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey,
      keyType: privateKeyType(privateKey),
      alipayPublicKey: keyText(settings.alipayPublicKey),
      gateway: settings.gateway,
      timeout: settings.timeoutMs,
      signType: "RSA2",
    });
  }

  async precreate({ outTradeNo, amountCents, subject, expiresAt }: PrecreateRequest): Promise<{ qrCode: string }> {
    // Whole minutes left, rounded down, so Alipay closes the trade no later than we do.
    const minutes = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 60_000));
    const result = await this.call("alipay.trade.precreate", outTradeNo, {
      bizContent: {
        out_trade_no: outTradeNo,
        total_amount: centsToYuan(amountCents),
        subject,
        seller_id: this.settings.sellerId,
        product_code: "FACE_TO_FACE_PAYMENT",
        timeout_express: `${minutes}m`,
      },
      notify_url: this.settings.notifyUrl,
    });
    const qrCode = typeof result.qrCode === "string" ? result.qrCode : "";
    if (result.code !== SUCCESS || !qrCode) {
      this.refused("alipay.trade.precreate", outTradeNo, result);
      throw new AppError("upstream", "支付下单失败，请稍后重试");
    }
    return { qrCode };
  }

  /**
   * alipay.trade.wap.pay (docs/decisions/0066): a GET URL to Alipay's gateway, signed here with the
   * application's key (pageExec makes no call: Alipay creates the trade when the browser opens it).
   * Alipay sends the browser back to return_url (the pay step, made from PUBLIC_ORIGIN) and posts the
   * same notify as face-to-face. quit_url is where the buyer lands on giving up: the pay step too.
   */
  async payMobile(request: MobilePayRequest): Promise<MobilePayAnswer> {
    if (request.channel !== "wap") throw new AppError("business", "支付宝暂不支持该方式");
    const { outTradeNo, amountCents, subject, expiresAt } = request;
    // Alipay's time_expire is Beijing time, "yyyy-MM-dd HH:mm:ss": never later than we stop accepting it.
    const expire = new Date(expiresAt.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
    try {
      const payUrl = this.sdk.pageExec("alipay.trade.wap.pay", "GET", {
        bizContent: {
          out_trade_no: outTradeNo,
          total_amount: centsToYuan(amountCents),
          subject,
          seller_id: this.settings.sellerId,
          product_code: "QUICK_WAP_WAY",
          time_expire: expire,
          quit_url: request.returnUrl,
        },
        notify_url: this.settings.notifyUrl,
        return_url: request.returnUrl,
      });
      return { payUrl };
    } catch (error) {
      this.log.warn(
        {
          provider: "alipay",
          method: "alipay.trade.wap.pay",
          outTradeNo,
          reason: String((error as Error).message).slice(0, 300),
        },
        "payment gateway failed",
      );
      throw new AppError("upstream", PAYMENT_BUSY_MESSAGE);
    }
  }

  async query(outTradeNo: string): Promise<ProviderTrade> {
    const result = await this.call("alipay.trade.query", outTradeNo, { bizContent: { out_trade_no: outTradeNo } });
    if (result.code !== SUCCESS) {
      if (result.subCode === TRADE_NOT_EXIST)
        return { state: null, amountCents: null, tradeNo: null, paidAt: null, raw: flat(result) };
      this.refused("alipay.trade.query", outTradeNo, result);
      throw paymentBusy();
    }
    return {
      state: TRADE_STATES.get(String(result.tradeStatus ?? "")) ?? null,
      amountCents: yuanToCents(typeof result.totalAmount === "string" ? result.totalAmount : undefined),
      tradeNo: typeof result.tradeNo === "string" ? result.tradeNo : null,
      paidAt: beijingTime(typeof result.sendPayDate === "string" ? result.sendPayDate : undefined),
      raw: flat(result),
    };
  }

  async close(outTradeNo: string): Promise<void> {
    const result = await this.call("alipay.trade.close", outTradeNo, { bizContent: { out_trade_no: outTradeNo } });
    // A trade Alipay never created (the buyer never scanned) cannot be paid either: closed enough.
    if (result.code === SUCCESS || result.subCode === TRADE_NOT_EXIST) return;
    this.refused("alipay.trade.close", outTradeNo, result);
    throw paymentBusy();
  }

  /**
   * alipay.trade.refund with out_request_no = our refund number: the same number again is the same
   * refund (Alipay answers fund_change "N" for a repeat). Face-to-face refunds are synchronous: a
   * 10000 answer is money back.
   */
  async refund({ outTradeNo, outRefundNo, amountCents, reason }: RefundRequest): Promise<ProviderRefund> {
    const result = await this.call("alipay.trade.refund", outTradeNo, {
      bizContent: {
        out_trade_no: outTradeNo,
        out_request_no: outRefundNo,
        refund_amount: centsToYuan(amountCents),
        refund_reason: reason.slice(0, 256),
      },
    });
    if (result.code === SUCCESS) return { state: "succeeded", amountCents, refundNo: null, raw: flat(result) };
    this.refused("alipay.trade.refund", outTradeNo, result);
    if (typeof result.subCode === "string" && REFUND_REFUSALS.has(result.subCode))
      return { state: "failed", amountCents: null, refundNo: null, raw: flat(result) };
    throw paymentBusy();
  }

  /**
   * alipay.trade.fastpay.refund.query: a 10000 answer with refund_amount (and, when Alipay gives it,
   * refund_status REFUND_SUCCESS) is a refund done; a 10000 answer without it: no such refund.
   */
  async queryRefund({ outTradeNo, outRefundNo }: { outTradeNo: string; outRefundNo: string }): Promise<ProviderRefund> {
    const result = await this.call("alipay.trade.fastpay.refund.query", outTradeNo, {
      bizContent: { out_trade_no: outTradeNo, out_request_no: outRefundNo, query_options: ["gmt_refund_pay"] },
    });
    if (result.code !== SUCCESS) {
      if (result.subCode === TRADE_NOT_EXIST)
        return { state: null, amountCents: null, refundNo: null, raw: flat(result) };
      this.refused("alipay.trade.fastpay.refund.query", outTradeNo, result);
      throw paymentBusy();
    }
    const amount = yuanToCents(typeof result.refundAmount === "string" ? result.refundAmount : undefined);
    const status = typeof result.refundStatus === "string" ? result.refundStatus : "";
    if (amount === null || (status && status !== "REFUND_SUCCESS"))
      return { state: null, amountCents: null, refundNo: null, raw: flat(result) };
    return { state: "succeeded", amountCents: amount, refundNo: null, raw: flat(result) };
  }

  /** Alipay posts a form (application/x-www-form-urlencoded); the route passes only such bodies. */
  verifyNotify(request: NotifyRequest): NotifyVerdict {
    const params: Record<string, string> = Object.fromEntries(new URLSearchParams(request.body));
    if (!params.sign) return { ok: false, reason: "unsigned" };
    if (params.sign_type && params.sign_type !== "RSA2") return { ok: false, reason: "sign_type is not RSA2" };
    let signed = false;
    try {
      // V2: the form is already decoded, so values are verified as received (no second decoding).
      signed = this.sdk.checkNotifySignV2(params);
    } catch {
      signed = false;
    }
    if (!signed) return { ok: false, reason: "bad signature" };
    if (params.app_id !== this.settings.appId) return { ok: false, reason: "another app id" };
    if (params.seller_id !== this.settings.sellerId) return { ok: false, reason: "another seller" };
    const state = TRADE_STATES.get(params.trade_status ?? "");
    if (!params.out_trade_no || !state) return { ok: false, reason: "no trade or status" };
    return {
      ok: true,
      notify: {
        outTradeNo: params.out_trade_no,
        tradeNo: params.trade_no ?? "",
        state,
        amountCents: yuanToCents(params.total_amount),
        paidAt: beijingTime(params.gmt_payment),
        raw: params,
      },
    };
  }

  /** The day's trade bill (docs/decisions/0065; alipay-bill.ts). */
  downloadBill(billDate: string): Promise<ProviderBill> {
    return downloadAlipayBill(this.sdk, billDate, this.settings.timeoutMs);
  }

  /** One gateway call within ALIPAY_TIMEOUT_MS; any transport or signature failure is paymentBusy(). */
  private async call(
    method: string,
    outTradeNo: string,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown> & { code?: string; subCode?: string }> {
    const started = Date.now();
    try {
      return await withPaymentTimeout(
        this.sdk.exec(method, params, { validateSign: true }) as Promise<Record<string, unknown>>,
        this.settings.timeoutMs,
      );
    } catch (error) {
      const timedOut = error instanceof AppError;
      this.log.warn(
        {
          provider: "alipay",
          method,
          outTradeNo,
          ms: Date.now() - started,
          reason: timedOut ? "timeout" : String((error as Error).message).slice(0, 300),
        },
        "payment gateway failed",
      );
      throw new AppError("upstream", PAYMENT_BUSY_MESSAGE);
    }
  }

  private refused(method: string, outTradeNo: string, result: Record<string, unknown>) {
    this.log.warn(
      { provider: "alipay", method, outTradeNo, code: result.code, subCode: result.subCode, subMsg: result.subMsg },
      "payment gateway refused",
    );
  }
}
