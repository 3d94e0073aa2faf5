// WeChat Pay APIv3 Native (QR code) through wechatpay-axios-plugin (ADR 0062). The SDK signs every
// request with the merchant's private key (WECHATPAY2-SHA256-RSA2048) and verifies every answer's
// Wechatpay-Signature with the key named by its Wechatpay-Serial: the WeChat Pay public key
// (public-key mode, PUB_KEY_ID_…) or the platform certificate (certificate mode), or both while a
// merchant switches. Notifies are checked here with the same keys and the SDK's primitives before
// anything in them is read: the serial, a ±5 minute timestamp, the RSA signature over
// `timestamp\nnonce\nbody\n`, then AES-256-GCM decryption of `resource` with the APIv3 key, then our
// mchid and appid. WeChat's words (SUCCESS, NOTPAY, fen) stop here. Keys never reach a log line.
import type { FastifyBaseLogger } from "fastify";
import { Aes, Formatter, Rsa, Wechatpay } from "wechatpay-axios-plugin";
import { AppError } from "../../lib/errors.js";
import type { ProviderBill } from "./bills.js";
import {
  type JsapiPayParams,
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
  type RefundNotifyVerdict,
  type RefundRequest,
  type RefundState,
  type TradeState,
  withPaymentTimeout,
} from "./payment-provider.js";
import { downloadWechatBill } from "./wechat-bill.js";

export interface WechatPaySettings {
  mchid: string;
  appid: string;
  /** The merchant API certificate's serial number. */
  merchantSerial: string;
  merchantPrivateKey: string;
  /** 32 bytes. */
  apiV3Key: string;
  /** WeChat Pay's verifying keys by id: public-key id and/or platform-certificate serial → PEM. */
  wechatpayKeys: Record<string, string>;
  notifyUrl: string;
  /** Where refund notifies go; the payment notify URL's sibling `refund-notify` when absent (ADR 0063). */
  refundNotifyUrl?: string;
  baseUrl: string;
  timeoutMs: number;
  /** The phone channels the merchant has (docs/decisions/0066): H5, and JSAPI once OAuth is configured. */
  h5?: boolean;
  jsapi?: boolean;
}

/** The refund notify URL beside a payment notify URL: …/api/wechatpay/notify → …/api/wechatpay/refund-notify. */
export function refundNotifyUrlOf(notifyUrl: string): string {
  try {
    return new URL("refund-notify", notifyUrl).toString();
  } catch {
    return "";
  }
}

/** A refund's status (answer, query, notify's refund_status) in the shop's words. */
const REFUND_STATES = new Map<string, RefundState>([
  ["SUCCESS", "succeeded"],
  ["PROCESSING", "pending"],
  ["CLOSED", "failed"],
  ["ABNORMAL", "failed"],
]);
/**
 * Error codes of POST /v3/refund/domestic/refunds that are WeChat's last word (nothing went back);
 * SYSTEM_ERROR, FREQUENCY_LIMITED, a 5xx or a timeout leave the outcome unknown, to be queried.
 */
const REFUND_REFUSALS = new Set([
  "INVALID_REQUEST",
  "PARAM_ERROR",
  "NOT_ENOUGH",
  "USER_ACCOUNT_ABNORMAL",
  "MCH_NOT_EXISTS",
  "RESOURCE_NOT_EXISTS",
  "NO_AUTH",
  "SIGN_ERROR",
]);

interface RefundAnswer {
  refund_id?: unknown;
  out_refund_no?: unknown;
  out_trade_no?: unknown;
  mchid?: unknown;
  status?: unknown;
  refund_status?: unknown;
  amount?: { refund?: unknown; total?: unknown };
}

/** WeChat Pay refuses a notify or answer whose timestamp is further than this from now. */
export const WECHATPAY_CLOCK_SKEW_SECONDS = 300;

/** trade_state in the shop's words. USERPAYING (password pending) and PAYERROR still wait here. */
const TRADE_STATES = new Map<string, TradeState>([
  ["SUCCESS", "paid"],
  ["REFUND", "refunded"],
  ["NOTPAY", "pending"],
  ["USERPAYING", "pending"],
  ["PAYERROR", "pending"],
  ["CLOSED", "closed"],
  ["REVOKED", "closed"],
]);

/** WeChat Pay's time: RFC 3339 in Beijing time ("2026-11-25T08:30:00+08:00"). */
export function rfc3339Beijing(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function parseTime(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A decrypted transaction or a query's answer, flattened ("amount.total") as kept with the payment. */
export function flatten(value: unknown, prefix = "", into: Record<string, string> = {}): Record<string, string> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  } else if (value !== undefined && value !== null && prefix) {
    into[prefix] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return into;
}

interface Transaction {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  success_time?: unknown;
  amount?: { total?: unknown };
}

/** Fen as a safe integer, else null (never equal to a recorded amount). */
function fen(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The status and WeChat's error code of a failed SDK call, when it got an answer. */
function failure(error: unknown): { status?: number; code?: string; reason: string } {
  const e = error as { response?: { status?: number; data?: { code?: unknown } }; message?: string };
  const code = e.response?.data && typeof e.response.data.code === "string" ? e.response.data.code : undefined;
  return { status: e.response?.status, code, reason: String(e.message ?? error).slice(0, 300) };
}

export class WechatPaymentProvider implements PaymentProvider {
  readonly name = "wechat" as const;
  readonly mobileChannels: ReadonlySet<"h5" | "jsapi">;
  private client: Wechatpay | undefined;
  private readonly certs: Record<string, ReturnType<typeof Rsa.from>>;
  private readonly verifiers: Map<string, ReturnType<typeof Rsa.from>>;
  private readonly apiV3Key: Buffer;

  constructor(
    private readonly settings: WechatPaySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    const certs = Object.fromEntries(
      Object.entries(settings.wechatpayKeys).map(([id, pem]) => [id, Rsa.from(keyText(pem), Rsa.KEY_TYPE_PUBLIC)]),
    );
    this.certs = certs;
    this.verifiers = new Map(Object.entries(certs));
    this.apiV3Key = Buffer.from(settings.apiV3Key);
    this.mobileChannels = new Set([
      ...(settings.h5 ? (["h5"] as const) : []),
      ...(settings.jsapi ? (["jsapi"] as const) : []),
    ]);
  }

  /** Made at the first call: the development fake gateway has its address only once it listens. */
  private get sdk(): Wechatpay {
    this.client ??= new Wechatpay({
      mchid: this.settings.mchid,
      serial: this.settings.merchantSerial,
      privateKey: keyText(this.settings.merchantPrivateKey),
      certs: this.certs,
      baseURL: this.settings.baseUrl,
      timeout: this.settings.timeoutMs,
    });
    return this.client;
  }

  async precreate({ outTradeNo, amountCents, subject, expiresAt }: PrecreateRequest): Promise<{ qrCode: string }> {
    const data = await this.call("native", outTradeNo, () =>
      this.sdk.chain("v3/pay/transactions/native").post({
        appid: this.settings.appid,
        mchid: this.settings.mchid,
        // WeChat's limit is 127 characters.
        description: subject.slice(0, 127),
        out_trade_no: outTradeNo,
        // WeChat closes the trade at this time: never later than we stop accepting it.
        time_expire: rfc3339Beijing(expiresAt),
        notify_url: this.settings.notifyUrl,
        amount: { total: amountCents, currency: "CNY" },
      }),
    );
    const codeUrl = (data as { code_url?: unknown } | undefined)?.code_url;
    if (typeof codeUrl !== "string" || !codeUrl) {
      this.log.warn({ provider: "wechat", method: "native", outTradeNo }, "payment gateway refused");
      throw new AppError("upstream", "支付下单失败，请稍后重试");
    }
    return { qrCode: codeUrl };
  }

  /**
   * H5 (a phone's browser) or JSAPI (inside WeChat), docs/decisions/0066: the same order fields as
   * Native, plus scene_info with the buyer's IP (WeChat compares it with the IP that opens h5_url)
   * or payer.openid. The openid is never logged.
   */
  async payMobile(request: MobilePayRequest): Promise<MobilePayAnswer> {
    const { outTradeNo, amountCents, subject, expiresAt, channel } = request;
    if (channel === "wap" || !this.mobileChannels.has(channel))
      throw new AppError("business", "微信支付暂不支持该方式");
    const order = {
      appid: this.settings.appid,
      mchid: this.settings.mchid,
      description: subject.slice(0, 127),
      out_trade_no: outTradeNo,
      time_expire: rfc3339Beijing(expiresAt),
      notify_url: this.settings.notifyUrl,
      amount: { total: amountCents, currency: "CNY" },
    };
    if (channel === "h5") {
      const data = await this.call("h5", outTradeNo, () =>
        this.sdk.chain("v3/pay/transactions/h5").post({
          ...order,
          scene_info: { payer_client_ip: request.clientIp, h5_info: { type: "Wap" } },
        }),
      );
      const h5Url = (data as { h5_url?: unknown } | undefined)?.h5_url;
      if (typeof h5Url !== "string" || !/^https?:\/\//.test(h5Url)) throw this.refusedCreate("h5", outTradeNo);
      // WeChat sends the browser to redirect_url after paying (or cancelling), appending nothing.
      const joiner = h5Url.includes("?") ? "&" : "?";
      return { payUrl: `${h5Url}${joiner}redirect_url=${encodeURIComponent(request.returnUrl)}` };
    }
    if (!request.openid) throw new AppError("business", "请先在微信中授权");
    const data = await this.call("jsapi", outTradeNo, () =>
      this.sdk.chain("v3/pay/transactions/jsapi").post({ ...order, payer: { openid: request.openid } }),
    );
    const prepayId = (data as { prepay_id?: unknown } | undefined)?.prepay_id;
    if (typeof prepayId !== "string" || !prepayId) throw this.refusedCreate("jsapi", outTradeNo);
    return { prepayId };
  }

  /** getBrandWCPayRequest's arguments: RSA-SHA256 over "appId\ntimeStamp\nonceStr\npackage\n" with the merchant key. */
  jsapiPayParams(prepayId: string): JsapiPayParams {
    const appId = this.settings.appid;
    const timeStamp = String(Formatter.timestamp());
    const nonceStr = Formatter.nonce(32);
    const pkg = `prepay_id=${prepayId}`;
    const paySign = Rsa.sign(
      Formatter.joinedByLineFeed(appId, timeStamp, nonceStr, pkg),
      keyText(this.settings.merchantPrivateKey),
    );
    return { appId, timeStamp, nonceStr, package: pkg, signType: "RSA", paySign };
  }

  private refusedCreate(method: string, outTradeNo: string): AppError {
    this.log.warn({ provider: "wechat", method, outTradeNo }, "payment gateway refused");
    return new AppError("upstream", "支付下单失败，请稍后重试");
  }

  async query(outTradeNo: string): Promise<ProviderTrade> {
    let data: Transaction;
    try {
      data = (await this.call("query", outTradeNo, () =>
        this.sdk
          .chain("v3/pay/transactions/out-trade-no/{out_trade_no}")
          .get({ params: { mchid: this.settings.mchid }, out_trade_no: outTradeNo }),
      )) as Transaction;
    } catch (error) {
      if (error instanceof NotExist) return { state: null, amountCents: null, tradeNo: null, paidAt: null, raw: {} };
      throw error;
    }
    // The answer is signed by WeChat Pay (the SDK checked it); it must still be about our merchant.
    if (data.mchid !== this.settings.mchid || data.appid !== this.settings.appid || data.out_trade_no !== outTradeNo) {
      this.log.warn({ provider: "wechat", method: "query", outTradeNo }, "payment gateway answered another trade");
      throw paymentBusy();
    }
    return {
      state: TRADE_STATES.get(String(data.trade_state)) ?? null,
      amountCents: fen(data.amount?.total),
      tradeNo: typeof data.transaction_id === "string" ? data.transaction_id : null,
      paidAt: parseTime(data.success_time),
      raw: flatten(data),
    };
  }

  async close(outTradeNo: string): Promise<void> {
    try {
      await this.call("close", outTradeNo, () =>
        this.sdk
          .chain("v3/pay/transactions/out-trade-no/{out_trade_no}/close")
          .post({ mchid: this.settings.mchid }, { out_trade_no: outTradeNo }),
      );
    } catch (error) {
      // A trade WeChat never created (the buyer never scanned… or precreate never reached it) cannot be paid.
      if (error instanceof NotExist) return;
      throw error;
    }
  }

  verifyNotify(request: NotifyRequest): NotifyVerdict {
    const opened = this.openNotify(request);
    if (!opened.ok) return opened;
    const transaction = opened.resource as Transaction;
    if (transaction.mchid !== this.settings.mchid) return { ok: false, reason: "another mchid" };
    if (transaction.appid !== this.settings.appid) return { ok: false, reason: "another appid" };
    const state = TRADE_STATES.get(String(transaction.trade_state));
    if (typeof transaction.out_trade_no !== "string" || !state) return { ok: false, reason: "no trade or state" };
    return {
      ok: true,
      notify: {
        outTradeNo: transaction.out_trade_no,
        state,
        amountCents: fen(transaction.amount?.total),
        tradeNo: typeof transaction.transaction_id === "string" ? transaction.transaction_id : null,
        paidAt: parseTime(transaction.success_time),
        raw: flatten(transaction),
      },
    };
  }

  /**
   * A refund notify (event_type REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED): the same signature
   * and AES-256-GCM envelope as a payment's; its resource names our mchid (a refund's has no appid).
   */
  verifyRefundNotify(request: NotifyRequest): RefundNotifyVerdict {
    const opened = this.openNotify(request);
    if (!opened.ok) return opened;
    const refund = opened.resource as RefundAnswer;
    if (refund.mchid !== this.settings.mchid) return { ok: false, reason: "another mchid" };
    const state = REFUND_STATES.get(String(refund.refund_status));
    if (typeof refund.out_trade_no !== "string" || typeof refund.out_refund_no !== "string" || !state)
      return { ok: false, reason: "no refund or state" };
    return {
      ok: true,
      notify: {
        outTradeNo: refund.out_trade_no,
        outRefundNo: refund.out_refund_no,
        state,
        amountCents: fen(refund.amount?.refund),
        refundNo: typeof refund.refund_id === "string" ? refund.refund_id : null,
        raw: flatten(refund),
      },
    };
  }

  /**
   * POST /v3/refund/domestic/refunds under out_refund_no: the same number again is the same refund at
   * WeChat Pay. Its status (usually PROCESSING) is the answer; the notify or a query settles it.
   */
  async refund({ outTradeNo, outRefundNo, amountCents, totalCents, reason }: RefundRequest): Promise<ProviderRefund> {
    let data: RefundAnswer;
    try {
      data = (await this.call(
        "refund",
        outTradeNo,
        () =>
          this.sdk.chain("v3/refund/domestic/refunds").post({
            out_trade_no: outTradeNo,
            out_refund_no: outRefundNo,
            // WeChat's limit is 80 characters.
            reason: reason.slice(0, 80),
            notify_url: this.settings.refundNotifyUrl || refundNotifyUrlOf(this.settings.notifyUrl),
            amount: { refund: amountCents, total: totalCents, currency: "CNY" },
          }),
        (status, code) => status >= 400 && status < 500 && !!code && REFUND_REFUSALS.has(code),
      )) as RefundAnswer;
    } catch (error) {
      if (error instanceof Refused)
        return {
          state: "failed",
          amountCents: null,
          refundNo: null,
          raw: { code: error.code, status: String(error.status) },
        };
      // The trade is not WeChat's to refund.
      if (error instanceof NotExist)
        return { state: "failed", amountCents: null, refundNo: null, raw: { code: "RESOURCE_NOT_EXISTS" } };
      throw error;
    }
    return this.refundOf(data, outRefundNo);
  }

  /** GET /v3/refund/domestic/refunds/{out_refund_no}; RESOURCE_NOT_EXISTS: no such refund. */
  async queryRefund({ outTradeNo, outRefundNo }: { outTradeNo: string; outRefundNo: string }): Promise<ProviderRefund> {
    let data: RefundAnswer;
    try {
      data = (await this.call("refund-query", outTradeNo, () =>
        this.sdk.chain("v3/refund/domestic/refunds/{out_refund_no}").get({ out_refund_no: outRefundNo }),
      )) as RefundAnswer;
    } catch (error) {
      if (error instanceof NotExist) return { state: null, amountCents: null, refundNo: null, raw: {} };
      throw error;
    }
    return this.refundOf(data, outRefundNo);
  }

  private refundOf(data: RefundAnswer, outRefundNo: string): ProviderRefund {
    // Signed by WeChat Pay (the SDK checked it); it must still be about this refund.
    if (data.out_refund_no !== outRefundNo) {
      this.log.warn({ provider: "wechat", outRefundNo }, "payment gateway answered another refund");
      throw paymentBusy();
    }
    return {
      state: REFUND_STATES.get(String(data.status)) ?? null,
      amountCents: fen(data.amount?.refund),
      refundNo: typeof data.refund_id === "string" ? data.refund_id : null,
      raw: flatten(data),
    };
  }

  /** A notify's signature, serial, time and encrypted resource, checked and opened. */
  private openNotify({
    headers,
    body,
  }: NotifyRequest): { ok: true; resource: unknown } | { ok: false; reason: string } {
    const serial = headers["wechatpay-serial"] ?? "";
    const signature = headers["wechatpay-signature"] ?? "";
    const timestamp = headers["wechatpay-timestamp"] ?? "";
    const nonce = headers["wechatpay-nonce"] ?? "";
    if (!serial || !signature || !timestamp || !nonce) return { ok: false, reason: "unsigned" };
    const key = this.verifiers.get(serial);
    if (!key) return { ok: false, reason: "unknown serial" };
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(Formatter.timestamp() - Number(timestamp)) > WECHATPAY_CLOCK_SKEW_SECONDS
    )
      return { ok: false, reason: "timestamp outside the window" };
    let signed = false;
    try {
      signed = Rsa.verify(Formatter.response(timestamp, nonce, body), signature, key);
    } catch {
      signed = false;
    }
    if (!signed) return { ok: false, reason: "bad signature" };
    try {
      const envelope = JSON.parse(body) as {
        resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string };
      };
      const resource = envelope.resource;
      if (resource?.algorithm !== "AEAD_AES_256_GCM" || !resource.ciphertext || !resource.nonce)
        return { ok: false, reason: "no encrypted resource" };
      const plain = Aes.AesGcm.decrypt(
        resource.ciphertext,
        this.apiV3Key,
        resource.nonce,
        resource.associated_data ?? "",
      );
      const parsed: unknown = JSON.parse(plain);
      if (!parsed || typeof parsed !== "object") return { ok: false, reason: "resource is not an object" };
      return { ok: true, resource: parsed };
    } catch {
      return { ok: false, reason: "resource does not decrypt" };
    }
  }

  /** The day's trade bill, hash-checked (docs/decisions/0065; wechat-bill.ts). */
  downloadBill(billDate: string): Promise<ProviderBill> {
    return downloadWechatBill(this.sdk, billDate, this.settings.timeoutMs);
  }

  /**
   * One gateway call within WECHATPAY_TIMEOUT_MS, answering the verified JSON. ORDER_NOT_EXIST
   * (HTTP 404) is NotExist; any other refusal, transport or signature failure is paymentBusy().
   */
  private async call(
    method: string,
    outTradeNo: string,
    request: () => Promise<{ data?: unknown }>,
    /** A refusal that is the gateway's last word (a refund refused): thrown as Refused. */
    definite?: (status: number, code: string | undefined) => boolean,
  ): Promise<unknown> {
    const started = Date.now();
    try {
      const response = await withPaymentTimeout(request(), this.settings.timeoutMs);
      return response.data;
    } catch (error) {
      const timedOut = error instanceof AppError;
      const { status, code, reason } = failure(error);
      if (status === 404 && (code === "ORDER_NOT_EXIST" || code === "RESOURCE_NOT_EXISTS")) throw new NotExist();
      this.log.warn(
        {
          provider: "wechat",
          method,
          outTradeNo,
          ms: Date.now() - started,
          status,
          code,
          reason: timedOut ? "timeout" : reason,
        },
        status ? "payment gateway refused" : "payment gateway failed",
      );
      if (status && definite?.(status, code)) throw new Refused(status, code ?? "");
      throw new AppError("upstream", PAYMENT_BUSY_MESSAGE);
    }
  }
}

/** WeChat Pay has no such trade (or refund). */
class NotExist extends Error {}

/** WeChat Pay refused, for good. */
class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}
