// A local Alipay open-platform gateway that speaks the real protocol to the real alipay-sdk: it
// verifies each request's RSA2 signature with the application's public key, keeps the trades it
// was asked to create, answers signed with an Alipay key pair of its own, and signs notifies the way
// Alipay does. Tests pay trades here, make it slow or failing, and forge or tamper with notifies.
import { createSign, createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ALIPAY_BILL_METHOD } from "../../src/providers/payment/alipay-bill.js";
import { alipayBillZip, chinaClock, FakeBillBook, type FakeBillLine } from "../../src/providers/payment/fake-bills.js";

export interface KeyPair {
  /** PKCS8 PEM. */
  privateKey: string;
  /** SPKI PEM. */
  publicKey: string;
}

export function rsaKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

export interface FakeTrade {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  sellerId: string;
  timeoutExpress: string;
  notifyUrl: string;
  status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED" | "TRADE_FINISHED";
  tradeNo: string;
}

/** A refund (out_request_no) of a trade, in yuan as Alipay keeps it. */
export interface FakeRefund {
  outTradeNo: string;
  outRequestNo: string;
  refundAmount: string;
  reason: string;
}

export interface ReceivedCall {
  method: string;
  params: Record<string, string>;
  biz: Record<string, string>;
  signatureValid: boolean;
}

/** Alipay's signing string: sorted key=value of every non-empty field but sign (and sign_type). */
export function signingString(params: Record<string, string>, without: string[]): string {
  return Object.keys(params)
    .filter((k) => !without.includes(k) && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

export function rsa2Sign(content: string, privateKey: string): string {
  return createSign("RSA-SHA256").update(content, "utf8").sign(privateKey, "base64");
}

/** Beijing time as Alipay writes it: "2026-11-23 20:05:01". */
function beijing(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

export class FakeAlipay {
  readonly alipayKeys = rsaKeyPair();
  readonly trades = new Map<string, FakeTrade>();
  readonly calls: ReceivedCall[] = [];
  /** Refunds by out_request_no (ADR 0063). */
  readonly refunds = new Map<string, FakeRefund>();
  /** Answer each call after this long. */
  delayMs = 0;
  /** Answer alipay.trade.refund after this long, having made the refund first (an answer lost on the way). */
  refundDelayMs = 0;
  /** Answer each call with this HTTP status and no body (a failing gateway). */
  failStatus = 0;
  url = "";
  /** What its bills hold, and the test hooks that plant differences (docs/decisions/0065). */
  readonly bills = new FakeBillBook();
  /** When each trade was paid, China time, as its bill line says. */
  readonly paidTimes = new Map<string, string>();
  private readonly billFiles = new Map<string, Uint8Array>();
  private server: Server | undefined;
  private tradeCounter = 0;

  constructor(
    /** The application's public key: requests signed with another key are refused. */
    private readonly appPublicKey: string,
    readonly appId: string,
    readonly sellerId: string,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/gateway.do`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  callsOf(method: string): ReceivedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** The buyer scans and pays (no notify is sent: the test sends it, or loses it). */
  pay(outTradeNo: string) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`the fake has no trade ${outTradeNo}`);
    trade.status = "TRADE_SUCCESS";
    this.paidTimes.set(outTradeNo, chinaClock(new Date()));
  }

  /** The notify Alipay would post for a paid trade, signed with Alipay's key; fields can be replaced. */
  notifyFor(outTradeNo: string, overrides: Record<string, string> = {}, signWith = this.alipayKeys.privateKey) {
    const trade = this.trades.get(outTradeNo);
    const now = new Date();
    const params: Record<string, string> = {
      notify_time: beijing(now),
      notify_type: "trade_status_sync",
      notify_id: `ac05099524730693a8b330c5ecf72da${this.tradeCounter}`,
      charset: "utf-8",
      version: "1.0",
      sign_type: "RSA2",
      app_id: this.appId,
      seller_id: this.sellerId,
      auth_app_id: this.appId,
      trade_no: trade?.tradeNo ?? "2026112322001400000000000000",
      out_trade_no: outTradeNo,
      buyer_id: "2088102122524333",
      buyer_logon_id: "159****5620",
      trade_status: "TRADE_SUCCESS",
      total_amount: trade?.totalAmount ?? "1.00",
      receipt_amount: trade?.totalAmount ?? "1.00",
      subject: trade?.subject ?? "商品",
      gmt_create: beijing(new Date(now.getTime() - 30_000)),
      gmt_payment: beijing(now),
      fund_bill_list: '[{"amount":"1.00","fundChannel":"ALIPAYACCOUNT"}]',
      ...overrides,
    };
    return { ...params, sign: rsa2Sign(signingString(params, ["sign", "sign_type"]), signWith) };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failStatus) {
      res.writeHead(this.failStatus, { "content-type": "text/html" }).end("<html>error</html>");
      return;
    }
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname.startsWith("/bills/")) return this.serveBill(url, res);
    // The buyer confirms on the mobile-site pay page (docs/decisions/0066).
    if (url.pathname.endsWith("/fake/wap/pay")) return this.wapPaid(res, Buffer.concat(chunks).toString("utf8"));
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) params[k] = v;
    const method = params.method ?? "";
    const signatureValid =
      !!params.sign &&
      createVerify("RSA-SHA256")
        .update(signingString(params, ["sign"]), "utf8")
        .verify(this.appPublicKey, params.sign, "base64");
    const biz = params.biz_content ? (JSON.parse(params.biz_content) as Record<string, string>) : {};
    this.calls.push({ method, params, biz, signatureValid });
    const responseKey = `${method.replaceAll(".", "_")}_response`;
    if (method === "alipay.trade.wap.pay") return this.wapPage(res, signatureValid, params, biz);
    if (!signatureValid || params.app_id !== this.appId) {
      this.answer(res, responseKey, {
        code: "40002",
        msg: "Invalid Arguments",
        sub_code: "isv.invalid-signature",
        sub_msg: "验签出错",
      });
      return;
    }
    if (method === "alipay.trade.precreate") this.answer(res, responseKey, this.precreate(biz, params));
    else if (method === "alipay.trade.query") this.answer(res, responseKey, this.query(biz));
    else if (method === "alipay.trade.close") this.answer(res, responseKey, this.close(biz));
    else if (method === "alipay.trade.refund") {
      const answer = this.refund(biz);
      if (this.refundDelayMs) await new Promise((r) => setTimeout(r, this.refundDelayMs));
      this.answer(res, responseKey, answer);
    } else if (method === "alipay.trade.fastpay.refund.query") this.answer(res, responseKey, this.refundQuery(biz));
    else if (method === ALIPAY_BILL_METHOD) this.answer(res, responseKey, this.billUrl(biz));
    else this.answer(res, responseKey, { code: "40004", msg: "Business Failed", sub_code: "isv.unknown-method" });
  }

  private precreate(biz: Record<string, string>, params: Record<string, string>): Record<string, string> {
    const outTradeNo = biz.out_trade_no ?? "";
    const existing = this.trades.get(outTradeNo);
    if (existing && existing.status !== "WAIT_BUYER_PAY")
      return { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_HAS_SUCCESS", sub_msg: "交易已被支付" };
    if (!existing) {
      this.tradeCounter += 1;
      this.trades.set(outTradeNo, {
        outTradeNo,
        totalAmount: biz.total_amount ?? "",
        subject: biz.subject ?? "",
        sellerId: biz.seller_id ?? "",
        timeoutExpress: biz.timeout_express ?? "",
        notifyUrl: params.notify_url ?? "",
        status: "WAIT_BUYER_PAY",
        tradeNo: `2026112322001${String(this.tradeCounter).padStart(15, "0")}`,
      });
    }
    return {
      code: "10000",
      msg: "Success",
      out_trade_no: outTradeNo,
      qr_code: `https://qr.alipay.com/bax0${outTradeNo.slice(-8)}`,
    };
  }

  private query(biz: Record<string, string>): Record<string, string> {
    const trade = this.trades.get(biz.out_trade_no ?? "");
    if (!trade)
      return { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" };
    const paid = trade.status === "TRADE_SUCCESS" || trade.status === "TRADE_FINISHED";
    return {
      code: "10000",
      msg: "Success",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: "159****5620",
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      ...(paid ? { send_pay_date: beijing(new Date()), receipt_amount: trade.totalAmount } : {}),
    };
  }

  /** Cents from Alipay's yuan text. */
  private static cents(yuan: string | undefined): number {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan ?? "");
    return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : Number.NaN;
  }

  /** Cents refunded so far on a trade. */
  refundedCents(outTradeNo: string): number {
    let sum = 0;
    for (const r of this.refunds.values()) if (r.outTradeNo === outTradeNo) sum += FakeAlipay.cents(r.refundAmount);
    return sum;
  }

  /**
   * alipay.trade.refund: the same out_request_no is the same refund (answered again with fund_change
   * N); a refund beyond what is left is refused (ACQ.REFUND_AMT_NOT_EQUAL_TOTAL).
   */
  private refund(biz: Record<string, string>): Record<string, string> {
    const trade = this.trades.get(biz.out_trade_no ?? "");
    if (!trade)
      return { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" };
    if (trade.status !== "TRADE_SUCCESS" && !(trade.status === "TRADE_CLOSED" && this.refundedCents(trade.outTradeNo)))
      return { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" };
    const requestNo = biz.out_request_no || trade.outTradeNo;
    const amount = FakeAlipay.cents(biz.refund_amount);
    const existing = this.refunds.get(requestNo);
    const total = FakeAlipay.cents(trade.totalAmount);
    const answer = (fundChange: string) => ({
      code: "10000",
      msg: "Success",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: "159****5620",
      fund_change: fundChange,
      refund_fee: (this.refundedCents(trade.outTradeNo) / 100).toFixed(2),
    });
    if (existing) {
      if (FakeAlipay.cents(existing.refundAmount) !== amount || existing.outTradeNo !== trade.outTradeNo)
        return {
          code: "40004",
          msg: "Business Failed",
          sub_code: "ACQ.DISCORDANT_REPEAT_REQUEST",
          sub_msg: "请求信息不一致",
        };
      return answer("N");
    }
    if (!Number.isFinite(amount) || amount <= 0)
      return { code: "40004", msg: "Business Failed", sub_code: "ACQ.REFUND_FEE_ERROR", sub_msg: "退款金额无效" };
    if (this.refundedCents(trade.outTradeNo) + amount > total)
      return {
        code: "40004",
        msg: "Business Failed",
        sub_code: "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL",
        sub_msg: "退款金额超限",
      };
    this.refunds.set(requestNo, {
      outTradeNo: trade.outTradeNo,
      outRequestNo: requestNo,
      refundAmount: biz.refund_amount ?? "",
      reason: biz.refund_reason ?? "",
    });
    // A trade refunded in full is TRADE_CLOSED at Alipay.
    if (this.refundedCents(trade.outTradeNo) === total) trade.status = "TRADE_CLOSED";
    return answer("Y");
  }

  /** alipay.trade.fastpay.refund.query: a refund found answers its amount and REFUND_SUCCESS; else no amount. */
  private refundQuery(biz: Record<string, string>): Record<string, string> {
    const trade = this.trades.get(biz.out_trade_no ?? "");
    if (!trade)
      return { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" };
    const refund = this.refunds.get(biz.out_request_no ?? "");
    if (!refund || refund.outTradeNo !== trade.outTradeNo)
      return { code: "10000", msg: "Success", out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo };
    return {
      code: "10000",
      msg: "Success",
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      out_request_no: refund.outRequestNo,
      total_amount: trade.totalAmount,
      refund_amount: refund.refundAmount,
      refund_status: "REFUND_SUCCESS",
    };
  }

  private close(biz: Record<string, string>): Record<string, string> {
    const trade = this.trades.get(biz.out_trade_no ?? "");
    if (!trade)
      return { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" };
    if (trade.status !== "WAIT_BUYER_PAY" && trade.status !== "TRADE_CLOSED")
      return { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" };
    trade.status = "TRADE_CLOSED";
    return { code: "10000", msg: "Success", trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo };
  }

  // ── Bills (docs/decisions/0065) ──────────────────────────────────────────────────────────────

  /** A trade paid at `time` (China time), as if the buyer had paid it then. */
  paidTrade(outTradeNo: string, amountCents: number, time: string): FakeTrade {
    this.tradeCounter += 1;
    const trade: FakeTrade = {
      outTradeNo,
      totalAmount: (amountCents / 100).toFixed(2),
      subject: "悦家整装订单",
      sellerId: this.sellerId,
      timeoutExpress: "30m",
      notifyUrl: "",
      status: "TRADE_SUCCESS",
      tradeNo: `2026112422001${String(this.tradeCounter).padStart(15, "0")}`,
    };
    this.trades.set(outTradeNo, trade);
    this.paidTimes.set(outTradeNo, time);
    return trade;
  }

  /** alipay.data.dataservice.bill.downloadurl.query: the address of the day's zipped bill. */
  private billUrl(biz: Record<string, string>): Record<string, string> {
    const billDate = biz.bill_date ?? "";
    if (biz.bill_type !== "trade" || !/^\d{4}-\d{2}-\d{2}$/.test(billDate))
      return { code: "40004", msg: "Business Failed", sub_code: "isv.invalid-arguments", sub_msg: "参数错误" };
    const trades: FakeBillLine[] = [...this.trades.values()]
      .filter(
        (t) => (t.status === "TRADE_SUCCESS" || t.status === "TRADE_FINISHED") && this.paidTimes.has(t.outTradeNo),
      )
      .map((t) => ({
        kind: "trade",
        outTradeNo: t.outTradeNo,
        tradeNo: t.tradeNo,
        outRefundNo: "",
        amountCents: Math.round(Number(t.totalAmount) * 100),
        time: this.paidTimes.get(t.outTradeNo) ?? "",
        subject: t.subject,
      }));
    const lines = this.bills.lines(trades, billDate);
    if (lines.length === 0)
      return { code: "40004", msg: "Business Failed", sub_code: "isp.bill_not_exist", sub_msg: "账单不存在" };
    const token = `${billDate.replaceAll("-", "")}${randomBytes(8).toString("hex")}`;
    this.billFiles.set(token, alipayBillZip(lines, billDate));
    return {
      code: "10000",
      msg: "Success",
      bill_download_url: `${this.url.replace("/gateway.do", "")}/bills/${token}.csv.zip`,
    };
  }

  private serveBill(url: URL, res: ServerResponse) {
    const token = /^\/bills\/([0-9a-f]+)\.csv\.zip$/.exec(url.pathname)?.[1] ?? "";
    const file = this.billFiles.get(token);
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "application/zip" }).end(Buffer.from(file));
  }

  // ── alipay.trade.wap.pay (docs/decisions/0066) ─────────────────────────────────────────────────

  /** Where each mobile-site trade sends the browser back (its return_url), as the shop signed it. */
  readonly wapReturns = new Map<string, string>();

  /**
   * The page the browser opens (the SDK's signed GET URL): a bad signature, another app or a product
   * other than QUICK_WAP_WAY is an error page, as Alipay shows; else the trade exists from now, and
   * the page offers 确认付款, which pays it and sends the browser to return_url.
   */
  private wapPage(
    res: ServerResponse,
    signatureValid: boolean,
    params: Record<string, string>,
    biz: Record<string, string>,
  ) {
    const html = (status: number, body: string) =>
      res
        .writeHead(status, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>支付宝（测试）</title></head><body><main>${body}</main></body></html>`,
        );
    if (!signatureValid || params.app_id !== this.appId) return html(400, "<h1>验签出错</h1>");
    const outTradeNo = biz.out_trade_no ?? "";
    if (biz.product_code !== "QUICK_WAP_WAY" || !outTradeNo || !/^\d+\.\d{2}$/.test(biz.total_amount ?? ""))
      return html(400, "<h1>参数错误</h1>");
    const existing = this.trades.get(outTradeNo);
    if (existing && existing.status !== "WAIT_BUYER_PAY") return html(400, "<h1>交易已支付或已关闭</h1>");
    if (!existing) {
      this.tradeCounter += 1;
      this.trades.set(outTradeNo, {
        outTradeNo,
        totalAmount: biz.total_amount ?? "",
        subject: biz.subject ?? "",
        sellerId: biz.seller_id ?? "",
        timeoutExpress: biz.time_expire ?? "",
        notifyUrl: params.notify_url ?? "",
        status: "WAIT_BUYER_PAY",
        tradeNo: `2026112322001${String(this.tradeCounter).padStart(15, "0")}`,
      });
    }
    this.wapReturns.set(outTradeNo, params.return_url ?? "");
    const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return html(
      200,
      `<h1>支付宝（测试）</h1><p>${esc(biz.subject ?? "")}</p><p>￥${esc(biz.total_amount ?? "")}</p><form method="post" action="/fake/wap/pay"><input type="hidden" name="out_trade_no" value="${esc(outTradeNo)}"><button type="submit">确认付款</button></form>`,
    );
  }

  /** 确认付款: paid (no notify: the page's polling or a test sends it), back to return_url with Alipay's signed fields. */
  private wapPaid(res: ServerResponse, body: string) {
    const outTradeNo = new URLSearchParams(body).get("out_trade_no") ?? "";
    const trade = this.trades.get(outTradeNo);
    const returnUrl = this.wapReturns.get(outTradeNo);
    if (!trade || !returnUrl) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("交易不存在");
      return;
    }
    this.pay(outTradeNo);
    const fields: Record<string, string> = {
      charset: "utf-8",
      out_trade_no: outTradeNo,
      method: "alipay.trade.wap.pay.return",
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: this.appId,
      version: "1.0",
      app_id: this.appId,
      sign_type: "RSA2",
      seller_id: this.sellerId,
      timestamp: beijing(new Date()),
    };
    const back = new URL(returnUrl);
    for (const [k, v] of Object.entries(fields)) back.searchParams.append(k, v);
    back.searchParams.append(
      "sign",
      rsa2Sign(signingString(fields, ["sign", "sign_type"]), this.alipayKeys.privateKey),
    );
    res.writeHead(302, { location: back.toString() }).end();
  }

  /** Alipay's answer: the response object's JSON text, and its RSA2 signature by Alipay's key. */
  private answer(res: ServerResponse, responseKey: string, body: Record<string, string>) {
    const json = JSON.stringify(body);
    const sign = rsa2Sign(json, this.alipayKeys.privateKey);
    res
      .writeHead(200, { "content-type": "text/html;charset=utf-8" })
      .end(`{"${responseKey}":${json},"sign":"${sign}"}`);
  }
}
