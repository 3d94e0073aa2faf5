// A local WeChat Pay APIv3 gateway that speaks the real protocol (ADR 0062), for tests and for
// development without a merchant account (WECHATPAY_FAKE_GATEWAY=true; refused in production). It
// checks each request's Authorization (WECHATPAY2-SHA256-RSA2048, signed by the merchant's key, the
// merchant's mchid and serial, a ±5 minute timestamp), keeps the Native trades it was asked to
// create, answers signed with a key pair of its own in public-key mode (Wechatpay-Serial is its
// PUB_KEY_ID), and sends notifies the way WeChat Pay does: the transaction encrypted with the APIv3
// key (AEAD_AES_256_GCM), the envelope signed. Its keys are made when it is created, never stored.
// Tests (and the development page, through POST /fake/pay) pay trades here, with or without a notify.
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FakeBillBook, type FakeBillLine, sha1Hex, wechatTradeBillCsv } from "./fake-bills.js";

export interface RsaKeys {
  /** PKCS8 PEM. */
  privateKey: string;
  /** SPKI PEM. */
  publicKey: string;
}

export function newRsaKeys(): RsaKeys {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

/** Everything a merchant configures to talk to this gateway (the WECHATPAY_* settings). */
export interface FakeMerchant {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantKeys: RsaKeys;
  apiV3Key: string;
}

export function newFakeMerchant(): FakeMerchant {
  return {
    mchid: "1900000109",
    appid: "wxd678efh567hg6787",
    merchantSerial: randomBytes(20).toString("hex").toUpperCase(),
    merchantKeys: newRsaKeys(),
    // 32 characters, as the merchant platform makes them.
    apiV3Key: randomBytes(16).toString("hex"),
  };
}

export type FakeTradeState = "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND";

export interface FakeWechatTrade {
  outTradeNo: string;
  appid: string;
  mchid: string;
  description: string;
  totalFen: number;
  timeExpire: string;
  notifyUrl: string;
  state: FakeTradeState;
  transactionId: string;
  successTime: string | null;
}

export type FakeRefundStatus = "PROCESSING" | "SUCCESS" | "CLOSED" | "ABNORMAL";

export interface FakeWechatRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  refundFen: number;
  reason: string;
  notifyUrl: string;
  status: FakeRefundStatus;
  createTime: string;
  successTime: string | null;
}

export interface RefundNotifyOptions extends Omit<NotifyOptions, "transaction"> {
  /** Fields of the decrypted refund to replace (another mchid, amount, status…). */
  refund?: Record<string, unknown>;
}

export interface FakeCall {
  method: string;
  path: string;
  body: string;
  signatureValid: boolean;
}

/** What a notify is made of, before it is sent; each part can be tampered with. */
export interface NotifyMessage {
  headers: Record<string, string>;
  body: string;
}

export interface NotifyOptions {
  /** Fields of the decrypted transaction to replace (another mchid, amount…). */
  transaction?: Record<string, unknown>;
  /** Sign with this key instead of the gateway's (a forgery). */
  signWith?: string;
  serial?: string;
  /** Seconds since the epoch (an old notify). */
  timestamp?: number;
  /** Change one byte of the ciphertext after encryption. */
  tamperCiphertext?: boolean;
  /** Encrypt with this APIv3 key instead of the merchant's. */
  apiV3Key?: string;
}

const sign = (message: string, privateKey: string) =>
  createSign("RSA-SHA256").update(message, "utf8").sign(privateKey, "base64");

function nonce(): string {
  return randomBytes(16).toString("hex");
}

function beijing(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** AES-256-GCM as WeChat Pay encrypts a notify's resource: ciphertext ‖ 16-byte tag, base64. */
export function encryptResource(plaintext: string, apiV3Key: string, iv: string, aad: string): string {
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(apiV3Key), Buffer.from(iv)).setAAD(Buffer.from(aad));
  return Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64");
}

export class FakeWechatPayGateway {
  /** The gateway's own key (WeChat Pay public-key mode) and its id. */
  readonly wechatpayKeys = newRsaKeys();
  readonly publicKeyId = `PUB_KEY_ID_0119${randomBytes(12).toString("hex").toUpperCase()}`;
  readonly trades = new Map<string, FakeWechatTrade>();
  readonly calls: FakeCall[] = [];
  /** Refunds by out_refund_no (ADR 0063). */
  readonly refunds = new Map<string, FakeWechatRefund>();
  /** Answer each call after this long. */
  delayMs = 0;
  /**
   * Answer a refund request after this long, but make the refund first, as a gateway whose answer
   * is lost does: the shop times out, the money is on its way.
   */
  refundDelayMs = 0;
  /** What a new refund's status is (WeChat Pay usually answers PROCESSING, then notifies). */
  refundStatusOnCreate: FakeRefundStatus = "PROCESSING";
  /** Development: settle every new refund at once and send its notify (WECHATPAY_FAKE_GATEWAY). */
  autoSettleRefunds = false;
  /** Answer each call with this HTTP status (a failing gateway). */
  failStatus = 0;
  url = "";
  /** What its bills hold, and the test hooks that plant differences (docs/decisions/0065). */
  readonly bills = new FakeBillBook();
  private readonly billFiles = new Map<string, Buffer>();
  private server: Server | undefined;
  private counter = 0;

  constructor(readonly merchant: FakeMerchant = newFakeMerchant()) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The settings a shop uses to talk to this gateway (public-key mode). */
  settings(notifyUrl: string): Record<string, string> {
    const m = this.merchant;
    return {
      WECHATPAY_MCHID: m.mchid,
      WECHATPAY_APPID: m.appid,
      WECHATPAY_MERCHANT_SERIAL: m.merchantSerial,
      WECHATPAY_MERCHANT_PRIVATE_KEY: m.merchantKeys.privateKey,
      WECHATPAY_APIV3_KEY: m.apiV3Key,
      WECHATPAY_PUBLIC_KEY_ID: this.publicKeyId,
      WECHATPAY_PUBLIC_KEY: this.wechatpayKeys.publicKey,
      WECHATPAY_NOTIFY_URL: notifyUrl,
      WECHATPAY_BASE_URL: this.url,
    };
  }

  callsTo(pathPart: string): FakeCall[] {
    return this.calls.filter((c) => c.path.includes(pathPart));
  }

  /** The buyer scans and pays; no notify is sent (the test sends it, or loses it). */
  pay(outTradeNo: string): FakeWechatTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`the fake has no trade ${outTradeNo}`);
    if (trade.state === "NOTPAY") {
      trade.state = "SUCCESS";
      trade.successTime = beijing(new Date());
    }
    return trade;
  }

  /** The refunds of a trade that are not failed: what the trade has given back or is giving back. */
  refundedFen(outTradeNo: string): number {
    let sum = 0;
    for (const r of this.refunds.values())
      if (r.outTradeNo === outTradeNo && (r.status === "PROCESSING" || r.status === "SUCCESS")) sum += r.refundFen;
    return sum;
  }

  /** WeChat Pay finishes (or gives up on) a refund; no notify is sent (the test sends it, or loses it). */
  settleRefund(outRefundNo: string, status: FakeRefundStatus = "SUCCESS"): FakeWechatRefund {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`the fake has no refund ${outRefundNo}`);
    refund.status = status;
    if (status === "SUCCESS") refund.successTime = beijing(new Date());
    return refund;
  }

  /** A refund's answer, query answer or decrypted notify resource. */
  refundAnswer(refund: FakeWechatRefund, forNotify = false): Record<string, unknown> {
    const trade = this.trades.get(refund.outTradeNo);
    const total = trade?.totalFen ?? 0;
    const common = {
      out_trade_no: refund.outTradeNo,
      transaction_id: trade?.transactionId ?? "",
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      user_received_account: "支付用户零钱",
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
    };
    if (forNotify)
      return {
        mchid: this.merchant.mchid,
        ...common,
        refund_status: refund.status,
        amount: { total, refund: refund.refundFen, payer_total: total, payer_refund: refund.refundFen },
      };
    return {
      ...common,
      channel: "ORIGINAL",
      create_time: refund.createTime,
      status: refund.status,
      funds_account: "AVAILABLE",
      amount: {
        total,
        refund: refund.refundFen,
        payer_total: total,
        payer_refund: refund.refundFen,
        settlement_total: total,
        settlement_refund: refund.refundFen,
        discount_refund: 0,
        currency: "CNY",
      },
    };
  }

  /** A refund notify as WeChat Pay posts it, signed and encrypted; every part can be tampered with. */
  refundNotifyFor(outRefundNo: string, options: RefundNotifyOptions = {}): NotifyMessage {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`the fake has no refund ${outRefundNo}`);
    const resource = { ...this.refundAnswer(refund, true), ...options.refund };
    const status = String(resource.refund_status);
    return this.envelope(
      resource,
      "refund",
      `REFUND.${status === "SUCCESS" ? "SUCCESS" : status}`,
      "退款成功",
      options,
    );
  }

  /** Posts the refund's notify to its notify_url; answers the reply's status. */
  async sendRefundNotify(outRefundNo: string, options: RefundNotifyOptions = {}): Promise<number> {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`the fake has no refund ${outRefundNo}`);
    const { headers, body } = this.refundNotifyFor(outRefundNo, options);
    const res = await fetch(refund.notifyUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  }

  /** The decrypted transaction of a notify or a query answer. */
  transaction(trade: FakeWechatTrade): Record<string, unknown> {
    const paid = trade.state === "SUCCESS" || trade.state === "REFUND";
    return {
      appid: trade.appid,
      mchid: trade.mchid,
      out_trade_no: trade.outTradeNo,
      trade_type: "NATIVE",
      trade_state: trade.state,
      trade_state_desc: paid ? "支付成功" : trade.state === "CLOSED" ? "订单已关闭" : "订单未支付",
      attach: "",
      ...(paid
        ? {
            transaction_id: trade.transactionId,
            bank_type: "OTHERS",
            success_time: trade.successTime,
            payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
          }
        : {}),
      amount: {
        total: trade.totalFen,
        currency: "CNY",
        ...(paid ? { payer_total: trade.totalFen, payer_currency: "CNY" } : {}),
      },
    };
  }

  /** A notify as WeChat Pay posts it for this trade, signed and encrypted; every part can be tampered with. */
  notifyFor(outTradeNo: string, options: NotifyOptions = {}): NotifyMessage {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`the fake has no trade ${outTradeNo}`);
    const transaction = { ...this.transaction(trade), ...options.transaction };
    return this.envelope(
      transaction,
      "transaction",
      transaction.trade_state === "SUCCESS" ? "TRANSACTION.SUCCESS" : "TRANSACTION.OTHER",
      "支付成功",
      options,
    );
  }

  /** A notify's envelope: the resource encrypted (AEAD_AES_256_GCM), the body signed. */
  private envelope(
    resource: Record<string, unknown>,
    originalType: string,
    eventType: string,
    summary: string,
    options: Omit<NotifyOptions, "transaction">,
  ): NotifyMessage {
    const iv = nonce().slice(0, 12);
    const aad = originalType;
    let ciphertext = encryptResource(JSON.stringify(resource), options.apiV3Key ?? this.merchant.apiV3Key, iv, aad);
    if (options.tamperCiphertext) {
      const bytes = Buffer.from(ciphertext, "base64");
      bytes[0] = (bytes[0] ?? 0) ^ 0x01;
      ciphertext = bytes.toString("base64");
    }
    this.counter += 1;
    const body = JSON.stringify({
      id: `EV-2026112500000000000${this.counter}`,
      create_time: beijing(new Date()),
      resource_type: "encrypt-resource",
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: "AEAD_AES_256_GCM",
        ciphertext,
        associated_data: aad,
        nonce: iv,
      },
    });
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const n = nonce();
    return {
      headers: {
        "content-type": "application/json",
        "wechatpay-serial": options.serial ?? this.publicKeyId,
        "wechatpay-timestamp": timestamp,
        "wechatpay-nonce": n,
        "wechatpay-signature": sign(`${timestamp}\n${n}\n${body}\n`, options.signWith ?? this.wechatpayKeys.privateKey),
        "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048",
      },
      body,
    };
  }

  /** Posts the trade's notify to its notify_url; answers WeChat's view of the reply's status. */
  async sendNotify(outTradeNo: string, options: NotifyOptions = {}): Promise<number> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`the fake has no trade ${outTradeNo}`);
    const { headers, body } = this.notifyFor(outTradeNo, options);
    const res = await fetch(trade.notifyUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    // Development's pay button: not part of WeChat Pay (no signature), on the fake's own port only.
    if (method === "POST" && path === "/fake/pay") {
      const outTradeNo = String((JSON.parse(body || "{}") as { out_trade_no?: unknown }).out_trade_no ?? "");
      if (!this.trades.has(outTradeNo))
        return this.answer(res, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
      this.pay(outTradeNo);
      const status = await this.sendNotify(outTradeNo).catch(() => 0);
      return this.answer(res, 200, { paid: true, notifyStatus: status });
    }
    // WeChat's OAuth and the phone pay pages (docs/decisions/0066): no merchant signature, like WeChat's own.
    if (await this.phonePages(method, path, body, res)) return;
    const signatureValid = this.authorized(method, path, body, req.headers.authorization ?? "");
    this.calls.push({ method, path, body, signatureValid });
    if (this.failStatus)
      return this.answer(res, this.failStatus, { code: "SYSTEM_ERROR", message: "系统错误" }, { unsigned: true });
    if (!signatureValid) return this.answer(res, 401, { code: "SIGN_ERROR", message: "签名错误" });
    const url = new URL(path, "http://fake");
    if (url.pathname.startsWith("/v3/bill")) return this.bill(method, url, res);
    if (method === "POST" && url.pathname === "/v3/pay/transactions/native") return this.native(res, body);
    if (method === "POST" && url.pathname === "/v3/refund/domestic/refunds") return this.refund(res, body);
    const refundMatch = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (method === "GET" && refundMatch) {
      const refund = this.refunds.get(decodeURIComponent(refundMatch[1] ?? ""));
      if (!refund) return this.answer(res, 404, { code: "RESOURCE_NOT_EXISTS", message: "退款单不存在" });
      return this.answer(res, 200, this.refundAnswer(refund));
    }
    if (
      method === "POST" &&
      (url.pathname === "/v3/pay/transactions/h5" || url.pathname === "/v3/pay/transactions/jsapi")
    )
      return this.phoneCreate(res, url.pathname.endsWith("/h5") ? "MWEB" : "JSAPI", body);
    const match = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (match) {
      const trade = this.trades.get(decodeURIComponent(match[1] ?? ""));
      if (method === "GET" && !match[2]) {
        if (url.searchParams.get("mchid") !== this.merchant.mchid)
          return this.answer(res, 400, { code: "PARAM_ERROR", message: "mchid 与请求方不符" });
        if (!trade) return this.answer(res, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
        return this.answer(res, 200, this.transaction(trade));
      }
      if (method === "POST" && match[2]) {
        if (!trade) return this.answer(res, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
        if (trade.state === "SUCCESS" || trade.state === "REFUND")
          return this.answer(res, 400, { code: "ORDERPAID", message: "订单已支付" });
        trade.state = "CLOSED";
        return this.answer(res, 204, null);
      }
    }
    return this.answer(res, 404, { code: "NOT_FOUND", message: "无此接口" });
  }

  private authorized(method: string, path: string, body: string, authorization: string): boolean {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(authorization);
    if (!match?.[1]) return false;
    const fields = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
    );
    const { mchid, serial_no, timestamp, nonce_str, signature } = fields;
    if (mchid !== this.merchant.mchid || serial_no !== this.merchant.merchantSerial) return false;
    if (!timestamp || !nonce_str || !signature) return false;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
    return createVerify("RSA-SHA256")
      .update(`${method}\n${path}\n${timestamp}\n${nonce_str}\n${body}\n`, "utf8")
      .verify(this.merchant.merchantKeys.publicKey, signature, "base64");
  }

  /**
   * POST /v3/refund/domestic/refunds: the same out_refund_no is the same refund (a failed one is
   * tried again); a refund beyond what the trade has left is refused; the refund is made before a
   * slow answer (refundDelayMs), as when the answer is lost on the way.
   */
  private async refund(res: ServerResponse, body: string) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return this.answer(res, 400, { code: "PARAM_ERROR", message: "请求体不是 JSON" });
    }
    const amount = request.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const outTradeNo = String(request.out_trade_no ?? "");
    const outRefundNo = String(request.out_refund_no ?? "");
    const refundFen = Number(amount?.refund);
    if (!/^[A-Za-z0-9_|*@-]{1,64}$/.test(outRefundNo) || !Number.isSafeInteger(refundFen) || refundFen <= 0)
      return this.answer(res, 400, { code: "PARAM_ERROR", message: "参数错误" });
    if (amount?.currency !== "CNY") return this.answer(res, 400, { code: "PARAM_ERROR", message: "币种错误" });
    const trade = this.trades.get(outTradeNo);
    if (!trade) return this.answer(res, 404, { code: "RESOURCE_NOT_EXISTS", message: "订单不存在" });
    if (trade.state !== "SUCCESS" && trade.state !== "REFUND")
      return this.answer(res, 400, { code: "INVALID_REQUEST", message: "订单未支付" });
    if (amount?.total !== trade.totalFen)
      return this.answer(res, 400, { code: "INVALID_REQUEST", message: "订单金额与原订单不一致" });
    let refund = this.refunds.get(outRefundNo);
    if (refund && (refund.outTradeNo !== outTradeNo || refund.refundFen !== refundFen))
      return this.answer(res, 400, { code: "INVALID_REQUEST", message: "同一退款单号的参数不一致" });
    const failed = refund && (refund.status === "CLOSED" || refund.status === "ABNORMAL");
    if (!refund || failed) {
      if (this.refundedFen(outTradeNo) + refundFen > trade.totalFen)
        return this.answer(res, 400, { code: "INVALID_REQUEST", message: "申请退款金额超过订单可退金额" });
      if (refund) refund.status = this.refundStatusOnCreate;
      else {
        this.counter += 1;
        refund = {
          outRefundNo,
          outTradeNo,
          refundId: `50300${String(this.counter).padStart(24, "0")}`,
          refundFen,
          reason: String(request.reason ?? ""),
          notifyUrl: String(request.notify_url ?? ""),
          status: this.refundStatusOnCreate,
          createTime: beijing(new Date()),
          successTime: null,
        };
        this.refunds.set(outRefundNo, refund);
      }
      if (refund.status === "SUCCESS") refund.successTime = beijing(new Date());
      trade.state = "REFUND";
    }
    const answer = this.refundAnswer(refund);
    if (this.autoSettleRefunds && refund.status === "PROCESSING") {
      const no = outRefundNo;
      setTimeout(() => {
        this.settleRefund(no, "SUCCESS");
        void this.sendRefundNotify(no).catch(() => 0);
      }, 200).unref();
    }
    if (this.refundDelayMs) await new Promise((r) => setTimeout(r, this.refundDelayMs));
    return this.answer(res, 200, answer);
  }

  private native(res: ServerResponse, body: string) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return this.answer(res, 400, { code: "PARAM_ERROR", message: "请求体不是 JSON" });
    }
    const amount = request.amount as { total?: unknown } | undefined;
    const outTradeNo = String(request.out_trade_no ?? "");
    if (request.mchid !== this.merchant.mchid || request.appid !== this.merchant.appid)
      return this.answer(res, 400, { code: "PARAM_ERROR", message: "mchid 与 appid 不匹配" });
    if (!/^[A-Za-z0-9_|*-]{6,32}$/.test(outTradeNo) || !Number.isSafeInteger(amount?.total))
      return this.answer(res, 400, { code: "PARAM_ERROR", message: "参数错误" });
    const existing = this.trades.get(outTradeNo);
    if (existing && existing.state !== "NOTPAY")
      return this.answer(res, 400, { code: "ORDERPAID", message: "订单已支付" });
    if (existing && existing.totalFen !== amount?.total)
      return this.answer(res, 400, { code: "INVALID_REQUEST", message: "订单金额与原订单不一致" });
    if (!existing) {
      this.counter += 1;
      this.trades.set(outTradeNo, {
        outTradeNo,
        appid: String(request.appid),
        mchid: String(request.mchid),
        description: String(request.description ?? ""),
        totalFen: Number(amount?.total),
        timeExpire: String(request.time_expire ?? ""),
        notifyUrl: String(request.notify_url ?? ""),
        state: "NOTPAY",
        transactionId: `4200002${String(this.counter).padStart(21, "0")}`,
        successTime: null,
      });
    }
    return this.answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${outTradeNo.slice(-10)}fake` });
  }

  // ── Bills (docs/decisions/0065) ──────────────────────────────────────────────────────────────

  /** GET /v3/bill/tradebill (the file's address and SHA1) and GET /v3/billdownload/file (the file). */
  private bill(method: string, url: URL, res: ServerResponse) {
    if (method === "GET" && url.pathname === "/v3/bill/tradebill") {
      const billDate = url.searchParams.get("bill_date") ?? "";
      if (!/^\d{4}-\d{2}-\d{2}$/.test(billDate) || url.searchParams.get("bill_type") !== "ALL")
        return this.answer(res, 400, { code: "PARAM_ERROR", message: "参数错误" });
      const lines = this.bills.lines(this.billTrades(), billDate);
      if (lines.length === 0) return this.answer(res, 400, { code: "NO_STATEMENT_EXIST", message: "账单文件不存在" });
      const content = Buffer.from(wechatTradeBillCsv(lines, this.merchant.appid, this.merchant.mchid), "utf8");
      const token = randomBytes(12).toString("hex");
      this.billFiles.set(token, content);
      const hash = this.bills.corruptHash ? sha1Hex(Buffer.concat([content, Buffer.from("x")])) : sha1Hex(content);
      return this.answer(res, 200, {
        hash_type: "SHA1",
        hash_value: hash,
        download_url: `${this.url}/v3/billdownload/file?token=${token}`,
      });
    }
    if (method === "GET" && url.pathname === "/v3/billdownload/file") {
      const content = this.billFiles.get(url.searchParams.get("token") ?? "");
      if (!content) return this.answer(res, 400, { code: "PARAM_ERROR", message: "token 无效" });
      // WeChat Pay does not sign the file; its SHA1 is in the tradebill answer.
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(content);
      return;
    }
    return this.answer(res, 404, { code: "NOT_FOUND", message: "无此接口" });
  }

  /** The paid (and since refunded) trades as bill lines, at their success time. */
  private billTrades(): FakeBillLine[] {
    return [...this.trades.values()]
      .filter((t) => (t.state === "SUCCESS" || t.state === "REFUND") && t.successTime)
      .map((t) => ({
        kind: "trade" as const,
        outTradeNo: t.outTradeNo,
        tradeNo: t.transactionId,
        outRefundNo: "",
        amountCents: t.totalFen,
        time: (t.successTime ?? "").slice(0, 19).replace("T", " "),
        subject: t.description,
      }));
  }

  // ── Phone channels (docs/decisions/0066): H5, JSAPI, and WeChat's OAuth for the openid ──────────

  /** The official account's AppSecret that the OAuth exchange checks (WECHAT_APP_SECRET). */
  readonly oauthSecret = randomBytes(16).toString("hex");
  /** OAuth codes handed out, each exchangeable once, and the openid each stands for. */
  readonly oauthCodes = new Map<string, { openid: string; used: boolean }>();
  /** Every code exchange asked for (tests count them: a replayed state must not reach here). */
  readonly oauthExchanges: string[] = [];
  /** H5 and JSAPI trades: their type and what the merchant sent. */
  readonly phoneTrades = new Map<
    string,
    { tradeType: "MWEB" | "JSAPI"; clientIp?: string; openid?: string; prepayId?: string }
  >();
  readonly prepays = new Map<string, string>();

  /** The settings a shop uses for JSAPI with this gateway standing in for WeChat's OAuth. */
  oauthSettings(): Record<string, string> {
    return {
      WECHATPAY_JSAPI: "true",
      WECHAT_APP_SECRET: this.oauthSecret,
      WECHAT_OAUTH_BASE_URL: this.url,
      WECHAT_API_BASE_URL: this.url,
    };
  }

  /** What WeChat's authorize page does for snsapi_base: a one-time code for this visitor's openid. */
  issueCode(openid = `o${randomBytes(20).toString("base64url")}`): string {
    const code = `fakecode${randomBytes(12).toString("hex")}`;
    this.oauthCodes.set(code, { openid, used: false });
    return code;
  }

  /** The buyer confirms in WeChat (the h5 page or getBrandWCPayRequest): paid, and the notify sent. */
  private async payAndNotify(outTradeNo: string): Promise<number> {
    this.pay(outTradeNo);
    return this.sendNotify(outTradeNo).catch(() => 0);
  }

  private async phonePages(method: string, path: string, body: string, res: ServerResponse): Promise<boolean> {
    const url = new URL(path, "http://fake");
    const q = url.searchParams;
    // The browser asks the pay page's origin for an icon: none, rather than a 401 for an unsigned request.
    if (method === "GET" && url.pathname === "/favicon.ico") {
      res.writeHead(204).end();
      return true;
    }
    if (method === "GET" && url.pathname === "/connect/oauth2/authorize") {
      const redirect = q.get("redirect_uri") ?? "";
      if (
        q.get("appid") !== this.merchant.appid ||
        q.get("scope") !== "snsapi_base" ||
        q.get("response_type") !== "code" ||
        !/^https?:\/\//.test(redirect)
      ) {
        res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("参数错误");
        return true;
      }
      const back = new URL(redirect);
      back.searchParams.set("code", this.issueCode());
      back.searchParams.set("state", q.get("state") ?? "");
      res.writeHead(302, { location: back.toString() }).end();
      return true;
    }
    if (method === "GET" && url.pathname === "/sns/oauth2/access_token") {
      const code = q.get("code") ?? "";
      this.oauthExchanges.push(code);
      const entry = this.oauthCodes.get(code);
      let answer: Record<string, unknown>;
      if (q.get("appid") !== this.merchant.appid || q.get("secret") !== this.oauthSecret)
        answer = { errcode: 40125, errmsg: "invalid appsecret" };
      else if (q.get("grant_type") !== "authorization_code" || !entry)
        answer = { errcode: 40029, errmsg: "invalid code" };
      else if (entry.used) answer = { errcode: 40163, errmsg: "code been used" };
      else {
        entry.used = true;
        answer = {
          access_token: randomBytes(16).toString("hex"),
          expires_in: 7200,
          refresh_token: randomBytes(16).toString("hex"),
          openid: entry.openid,
          scope: "snsapi_base",
        };
      }
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(answer));
      return true;
    }
    if (method === "GET" && url.pathname === "/fake/h5") {
      const outTradeNo = this.prepays.get(q.get("prepay_id") ?? "") ?? "";
      const trade = this.trades.get(outTradeNo);
      if (!trade) {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("订单不存在");
        return true;
      }
      const redirect = q.get("redirect_url") ?? "";
      const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>微信支付（开发环境）</title></head><body><main><h1>微信支付（开发环境）</h1><p>${esc(trade.description)}</p><p>￥${(trade.totalFen / 100).toFixed(2)}</p><form method="post" action="/fake/h5/pay"><input type="hidden" name="prepay_id" value="${esc(q.get("prepay_id") ?? "")}"><input type="hidden" name="redirect_url" value="${esc(redirect)}"><button type="submit">确认支付</button></form></main></body></html>`,
        );
      return true;
    }
    if (method === "POST" && url.pathname === "/fake/h5/pay") {
      const form = new URLSearchParams(body);
      const outTradeNo = this.prepays.get(form.get("prepay_id") ?? "") ?? "";
      if (!this.trades.has(outTradeNo)) {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("订单不存在");
        return true;
      }
      await this.payAndNotify(outTradeNo);
      const redirect = form.get("redirect_url") ?? "";
      res.writeHead(302, { location: /^https?:\/\//.test(redirect) ? redirect : "/" }).end();
      return true;
    }
    if (method === "POST" && url.pathname === "/fake/jsapi/pay") {
      // What getBrandWCPayRequest does: WeChat checks the pay sign with the merchant's key, then pays.
      const p = JSON.parse(body || "{}") as Record<string, string>;
      const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
      const signed =
        p.appId === this.merchant.appid &&
        p.signType === "RSA" &&
        typeof p.paySign === "string" &&
        createVerify("RSA-SHA256")
          .update(message, "utf8")
          .verify(this.merchant.merchantKeys.publicKey, p.paySign, "base64");
      const outTradeNo = this.prepays.get(String(p.package ?? "").replace(/^prepay_id=/, "")) ?? "";
      if (!signed || !this.trades.has(outTradeNo)) {
        res
          .writeHead(400, { "content-type": "application/json" })
          .end(JSON.stringify({ err_msg: "get_brand_wcpay_request:fail" }));
        return true;
      }
      const notifyStatus = await this.payAndNotify(outTradeNo);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ err_msg: "get_brand_wcpay_request:ok", notifyStatus }));
      return true;
    }
    return false;
  }

  /** POST /v3/pay/transactions/h5 (scene_info) or /jsapi (payer.openid), as Native plus what each needs. */
  private phoneCreate(res: ServerResponse, tradeType: "MWEB" | "JSAPI", body: string) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return this.answer(res, 400, { code: "PARAM_ERROR", message: "请求体不是 JSON" });
    }
    const outTradeNo = String(request.out_trade_no ?? "");
    const amount = request.amount as { total?: unknown } | undefined;
    if (request.mchid !== this.merchant.mchid || request.appid !== this.merchant.appid)
      return this.answer(res, 400, { code: "PARAM_ERROR", message: "mchid 与 appid 不匹配" });
    if (!/^[A-Za-z0-9_|*-]{6,32}$/.test(outTradeNo) || !Number.isSafeInteger(amount?.total))
      return this.answer(res, 400, { code: "PARAM_ERROR", message: "参数错误" });
    let clientIp: string | undefined;
    let openid: string | undefined;
    if (tradeType === "MWEB") {
      const scene = request.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
      clientIp = typeof scene?.payer_client_ip === "string" ? scene.payer_client_ip : "";
      if (
        !/^[\d.]{7,15}$|^[\da-fA-F:]{2,39}$/.test(clientIp) ||
        !["Wap", "iOS", "Android"].includes(String(scene?.h5_info?.type))
      )
        return this.answer(res, 400, { code: "PARAM_ERROR", message: "scene_info 参数错误" });
    } else {
      const payer = request.payer as { openid?: unknown } | undefined;
      openid = typeof payer?.openid === "string" ? payer.openid : "";
      // WeChat knows each openid under the appid; this gateway knows those its OAuth handed out.
      if (![...this.oauthCodes.values()].some((c) => c.openid === openid))
        return this.answer(res, 400, { code: "PARAM_ERROR", message: "openid 与 appid 不匹配" });
    }
    const existing = this.trades.get(outTradeNo);
    const phone = this.phoneTrades.get(outTradeNo);
    if (existing && (phone?.tradeType ?? "NATIVE") !== tradeType)
      return this.answer(res, 400, { code: "INVALID_REQUEST", message: "订单号重复，交易类型不一致" });
    if (existing && existing.state !== "NOTPAY")
      return this.answer(res, 400, { code: "ORDERPAID", message: "订单已支付" });
    if (existing && existing.totalFen !== amount?.total)
      return this.answer(res, 400, { code: "INVALID_REQUEST", message: "订单金额与原订单不一致" });
    if (existing && phone?.openid !== openid)
      return this.answer(res, 400, { code: "INVALID_REQUEST", message: "支付者与原订单不一致" });
    if (!existing) {
      this.counter += 1;
      this.trades.set(outTradeNo, {
        outTradeNo,
        appid: String(request.appid),
        mchid: String(request.mchid),
        description: String(request.description ?? ""),
        totalFen: Number(amount?.total),
        timeExpire: String(request.time_expire ?? ""),
        notifyUrl: String(request.notify_url ?? ""),
        state: "NOTPAY",
        transactionId: `4200002${String(this.counter).padStart(21, "0")}`,
        successTime: null,
      });
    }
    const prepayId = `wx${randomBytes(16).toString("hex")}`;
    this.prepays.set(prepayId, outTradeNo);
    this.phoneTrades.set(outTradeNo, { tradeType, clientIp, openid, prepayId });
    if (tradeType === "JSAPI") return this.answer(res, 200, { prepay_id: prepayId });
    return this.answer(res, 200, {
      h5_url: `${this.url}/fake/h5?prepay_id=${prepayId}&package=${randomBytes(4).toString("hex")}`,
    });
  }

  /** WeChat Pay's answer: JSON (or nothing for 204), signed over `timestamp\nnonce\nbody\n`. */
  private answer(res: ServerResponse, status: number, payload: unknown, options: { unsigned?: boolean } = {}) {
    const body = payload === null ? "" : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const n = nonce();
    const headers: Record<string, string> = { "request-id": randomBytes(8).toString("hex") };
    if (body) headers["content-type"] = "application/json; charset=utf-8";
    if (!options.unsigned) {
      headers["wechatpay-serial"] = this.publicKeyId;
      headers["wechatpay-timestamp"] = timestamp;
      headers["wechatpay-nonce"] = n;
      headers["wechatpay-signature"] = sign(`${timestamp}\n${n}\n${body}\n`, this.wechatpayKeys.privateKey);
    }
    res.writeHead(status, headers).end(body);
  }
}
