// R10 and R15 for WeChat Pay (ADR 0062) against the local fake WeChat Pay v3 gateway
// (src/providers/payment/fake-wechatpay-gateway.ts), which verifies the SDK's signed requests, signs
// its answers and encrypts and signs its notifies with keys made at test time, on PGlite and, with
// TEST_DATABASE_URL, PostgreSQL: Native precreate; a notify with a bad signature, an unknown serial,
// an old timestamp, a tampered ciphertext, another mchid or appid, or a differing amount changes
// nothing and is not answered success; ten concurrent copies of a valid notify record one payment;
// a lost notify is recovered by the page's query and by the reconciliation job of two instances;
// platform-certificate mode; close; a slow or failing gateway answers a prompt 1502.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PrecreateData, TradeData } from "@yj/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadEnv } from "../src/config/env.js";
import { customers, orderEvents, orders, payments } from "../src/db/schema.js";
import { createLogger } from "../src/lib/logger.js";
import {
  FakeWechatPayGateway,
  type NotifyMessage,
  newRsaKeys,
} from "../src/providers/payment/fake-wechatpay-gateway.js";
import { WechatPaymentProvider } from "../src/providers/payment/wechat-payment-provider.js";
import { AccountsHarness, type Session } from "./accounts-fixtures.js";
import { describeEachBackend, testEnv } from "./helper.js";
import { FakeAlipay, rsaKeyPair } from "./support/fake-alipay.js";

const NOTIFY_URL = "https://shop.example.cn/api/wechatpay/notify";

/** A port nothing listens on now (the development fake gateway notifies the server's PORT). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
/** As in payments-alipay.test.ts: a short deadline for the R15 cases, a patient one for the rest. */
const TIMEOUT_MS = 400;
const PATIENT_MS = 15_000;
const PROMPTLY_MS = TIMEOUT_MS + 2_000;
const BUSY = "支付服务繁忙，请稍后重试";

function wechatEnv(fake: FakeWechatPayGateway, timeoutMs = PATIENT_MS): Record<string, string> {
  return { PAYMENT_PROVIDER: "wechat", ...fake.settings(NOTIFY_URL), WECHATPAY_TIMEOUT_MS: String(timeoutMs) };
}

function postNotify(app: FastifyInstance, { headers, body }: NotifyMessage) {
  return app.inject({ method: "POST", url: "/api/wechatpay/notify", headers, payload: body });
}

describeEachBackend("payments through WeChat Pay v3 (fake gateway)", { embedded: true, app: false }, (ctx) => {
  let fake: FakeWechatPayGateway;
  let harness: AccountsHarness;
  let session: Session;
  let customerId: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await new FakeWechatPayGateway().start();
    harness = await AccountsHarness.build(ctx.database, {
      env: { ...wechatEnv(fake), LOG_LEVEL: "info", PAYMENT_RECONCILE_POLL_MS: "3600000" },
      logger: createLogger("info", { write: (line: string) => void logLines.push(line) }),
    });
    session = await harness.login();
    const [row] = await ctx.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.mobile, session.mobile));
    customerId = row?.id ?? 0;
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await fake?.stop();
  });

  const db = () => ctx.database.db;

  async function newOrder(totalCents = 12_345, payBeforeMs = 30 * 60_000): Promise<string> {
    const orderNo = `W${randomBytes(6).toString("hex").toUpperCase()}`;
    const now = new Date();
    await db()
      .insert(orders)
      .values({
        orderNo,
        customerId,
        status: "pending_payment",
        totalCents,
        address: {
          name: "张三",
          phone: session.mobile,
          province: "浙江省",
          city: "杭州市",
          district: "西湖区",
          town: "",
          detail: "文三路 1 号",
        },
        createdAt: now,
        payBefore: new Date(now.getTime() + payBeforeMs),
      });
    return orderNo;
  }

  const precreateOrder = (orderNo: string, method = "") =>
    harness.asCustomer<PrecreateData>(session, {
      method: "GET",
      url: `/api/alipay/precreate?orderNo=${orderNo}${method ? `&method=${method}` : ""}`,
    });

  const query = (outTradeNo: string) =>
    harness.call<TradeData>({ method: "GET", url: `/api/alipay/query?out_trade_no=${outTradeNo}` });

  async function paymentOf(outTradeNo: string) {
    const [row] = await db().select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    return row;
  }

  async function orderOf(orderNo: string) {
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    return row;
  }

  async function paidEvents(orderNo: string) {
    const order = await orderOf(orderNo);
    return db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order?.id ?? 0), eq(orderEvents.status, "paid")));
  }

  it("precreates a Native trade through the SDK: signed request, amount in fen, appid, mchid, notify URL, the order's end", async () => {
    const orderNo = await newOrder(12_345);
    const { body } = await precreateOrder(orderNo);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ provider: "wechat", amount: 12_345 });
    expect(body.data.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const trade = fake.trades.get(body.data.outTradeNo);
    expect(trade).toMatchObject({
      totalFen: 12_345,
      appid: fake.merchant.appid,
      mchid: fake.merchant.mchid,
      notifyUrl: NOTIFY_URL,
      description: `悦家整装订单 ${orderNo}`,
      state: "NOTPAY",
    });
    // time_expire is the order's pay_before, in Beijing time.
    const order = await orderOf(orderNo);
    expect(new Date(trade?.timeExpire ?? "").getTime()).toBe(
      Math.floor((order?.payBefore.getTime() ?? 0) / 1000) * 1000,
    );
    expect(trade?.timeExpire).toMatch(/\+08:00$/);
    expect(fake.calls.length).toBeGreaterThan(0);
    expect(fake.calls.every((c) => c.signatureValid)).toBe(true);
    // Asked again: the same trade, no second gateway call.
    const calls = fake.callsTo("/native").length;
    const again = await precreateOrder(orderNo);
    expect(again.body.data).toMatchObject({ outTradeNo: body.data.outTradeNo, qrCode: body.data.qrCode });
    expect(fake.callsTo("/native")).toHaveLength(calls);
  });

  it("a method the instance does not run is refused in Chinese; an unknown one fails validation", async () => {
    const orderNo = await newOrder(1_000);
    const alipay = await precreateOrder(orderNo, "alipay");
    expect(alipay.body).toMatchObject({ code: 0, errorCode: 1100, message: "支付宝支付暂未开通" });
    const unknown = await precreateOrder(orderNo, "unionpay");
    expect(unknown.body).toMatchObject({ code: 0, errorCode: 1001 });
    expect(unknown.body.message).toMatch(/^请选择支付宝或微信支付/);
    expect((await precreateOrder(orderNo, "wechat")).body.data.provider).toBe("wechat");
  });

  describe("R10: notifies", () => {
    let orderNo: string;
    let outTradeNo: string;

    beforeAll(async () => {
      orderNo = await newOrder(8_800);
      outTradeNo = (await precreateOrder(orderNo)).body.data.outTradeNo;
      fake.pay(outTradeNo);
    });

    async function expectRefused(message: NotifyMessage) {
      const res = await postNotify(harness.app, message);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "FAIL", message: expect.any(String) });
      expect(await paymentOf(outTradeNo)).toMatchObject({ status: "pending", tradeNo: null, paidAt: null });
      expect((await orderOf(orderNo))?.status).toBe("pending_payment");
    }

    it("a bad signature (another key, or the body changed after signing) changes nothing and is not answered success", async () => {
      await expectRefused(fake.notifyFor(outTradeNo, { signWith: newRsaKeys().privateKey }));
      const good = fake.notifyFor(outTradeNo);
      await expectRefused({ ...good, body: good.body.replace('"summary":"支付成功"', '"summary":"支付成功 "') });
      const { "wechatpay-signature": _s, ...unsigned } = good.headers;
      await expectRefused({ headers: unsigned, body: good.body });
    });

    it("an unknown serial changes nothing", async () => {
      await expectRefused(fake.notifyFor(outTradeNo, { serial: "PUB_KEY_ID_0000000000000000000000000000" }));
    });

    it("a timestamp outside ±5 minutes (properly signed) changes nothing", async () => {
      // Six minutes, so a loaded machine's seconds between signing and checking cannot bring it inside.
      const now = Math.floor(Date.now() / 1000);
      await expectRefused(fake.notifyFor(outTradeNo, { timestamp: now - 360 }));
      await expectRefused(fake.notifyFor(outTradeNo, { timestamp: now + 360 }));
    });

    it("a tampered ciphertext, or one under another APIv3 key, changes nothing", async () => {
      await expectRefused(fake.notifyFor(outTradeNo, { tamperCiphertext: true }));
      await expectRefused(fake.notifyFor(outTradeNo, { apiV3Key: randomBytes(16).toString("hex") }));
    });

    it("another mchid or appid, properly signed and encrypted, changes nothing", async () => {
      await expectRefused(fake.notifyFor(outTradeNo, { transaction: { mchid: "1900000999" } }));
      await expectRefused(fake.notifyFor(outTradeNo, { transaction: { appid: "wx0000000000000000" } }));
    });

    it("an amount that differs from the record changes nothing (and is logged as an error)", async () => {
      for (const total of [1, 8_801, "8800"])
        await expectRefused(fake.notifyFor(outTradeNo, { transaction: { amount: { total, currency: "CNY" } } }));
      const mismatch = logLines
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === "payment notify amount differs from the trade's");
      expect(mismatch).toMatchObject({ level: 50, outTradeNo, expected: 8_800, notified: 1 });
    });

    it("a signed notify of an unknown trade, or a body that is not JSON, changes nothing", async () => {
      const count = (await db().select().from(payments)).length;
      await expectRefused(
        fake.notifyFor(outTradeNo, { transaction: { out_trade_no: "P20261125000000ffffffffffffffff" } }),
      );
      const form = fake.notifyFor(outTradeNo);
      await expectRefused({
        headers: { ...form.headers, "content-type": "application/x-www-form-urlencoded" },
        body: form.body,
      });
      expect(await db().select().from(payments)).toHaveLength(count);
    });

    it("the same valid notify 10 times at once: 204 each time, one payment, one order event", async () => {
      const notify = fake.notifyFor(outTradeNo);
      const answers = await Promise.all(Array.from({ length: 10 }, () => postNotify(harness.app, notify)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(204));
      const payment = await paymentOf(outTradeNo);
      expect(payment).toMatchObject({ status: "paid", tradeNo: fake.trades.get(outTradeNo)?.transactionId });
      expect(payment?.confirmation).toMatchObject({ trade_state: "SUCCESS", "amount.total": "8800" });
      expect((await orderOf(orderNo))?.status).toBe("paid");
      const events = await paidEvents(orderNo);
      expect(events.map((e) => e.note)).toEqual(["微信支付通知"]);
      const outcomes = logLines
        .map((l) => JSON.parse(l))
        .filter((l) => l.outTradeNo === outTradeNo && /^payment (recorded|needs refund)$/.test(l.msg));
      expect(outcomes.map((l) => l.msg)).toEqual(["payment recorded"]);
      // A later repeat is acknowledged and changes nothing.
      expect((await postNotify(harness.app, fake.notifyFor(outTradeNo))).statusCode).toBe(204);
      expect((await paymentOf(outTradeNo))?.paidAt).toEqual(payment?.paidAt);
      expect((await query(outTradeNo)).body.data).toMatchObject({ status: "TRADE_SUCCESS", amount: 8_800, orderNo });
    });
  });

  it("the fake gateway's notify reaches a listening server over HTTP and is answered 204", async () => {
    const app = await buildApp({
      env: testEnv(wechatEnv(fake)),
      database: ctx.database,
      serveWeb: false,
      payments: { runReconcile: false },
    });
    try {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      const orderNo = await newOrder(2_500);
      const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
      const trade = fake.trades.get(outTradeNo);
      if (!trade) throw new Error("no trade at the fake");
      trade.notifyUrl = `${address}/api/wechatpay/notify`;
      fake.pay(outTradeNo);
      expect(await fake.sendNotify(outTradeNo, { transaction: { mchid: "1900000999" } })).toBe(400);
      expect((await paymentOf(outTradeNo))?.status).toBe("pending");
      expect(await fake.sendNotify(outTradeNo)).toBe(204);
      expect((await orderOf(orderNo))?.status).toBe("paid");
    } finally {
      await app.close();
    }
  });

  it("a verified notify of a trade not paid (closed) is acknowledged and records nothing", async () => {
    const orderNo = await newOrder(1_100);
    const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
    const res = await postNotify(harness.app, fake.notifyFor(outTradeNo, { transaction: { trade_state: "CLOSED" } }));
    expect(res.statusCode).toBe(204);
    expect((await paymentOf(outTradeNo))?.status).toBe("pending");
  });

  it("a lost notify: the page's query asks WeChat Pay (out-trade-no with mchid) and records the payment", async () => {
    const orderNo = await newOrder(3_000);
    const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
    expect((await query(outTradeNo)).body.data.status).toBe("WAIT_BUYER_PAY");
    fake.pay(outTradeNo);
    const { body } = await query(outTradeNo);
    expect(body.data).toMatchObject({ status: "TRADE_SUCCESS", orderNo, amount: 3_000 });
    expect((await orderOf(orderNo))?.status).toBe("paid");
    expect((await paidEvents(orderNo)).map((e) => e.note)).toEqual(["支付查询确认"]);
    expect(fake.callsTo(`/v3/pay/transactions/out-trade-no/${outTradeNo}?mchid=${fake.merchant.mchid}`).length).toBe(2);
  });

  it("a lost notify: the reconciliation job of two other instances records it once; a trade WeChat closed is closed here", async () => {
    const lostOrder = await newOrder(4_000);
    const lost = (await precreateOrder(lostOrder)).body.data.outTradeNo;
    const closedOrder = await newOrder(4_100);
    const closedThere = (await precreateOrder(closedOrder)).body.data.outTradeNo;
    fake.pay(lost);
    const fakeTrade = fake.trades.get(closedThere);
    if (fakeTrade) fakeTrade.state = "CLOSED";
    // Two more instances, their clocks ten minutes on (past the one-minute age), asking every 50 ms.
    const later = () => new Date(Date.now() + 10 * 60_000);
    const instances = await Promise.all(
      [0, 1].map(() =>
        buildApp({
          env: testEnv(wechatEnv(fake)),
          database: ctx.database,
          serveWeb: false,
          payments: { now: later, reconcile: { pollMs: 50 } },
        }),
      ),
    );
    try {
      await Promise.all(instances.map((app) => app.ready()));
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const [a, b] = await Promise.all([paymentOf(lost), paymentOf(closedThere)]);
        if (a?.status === "paid" && b?.status === "closed") break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await Promise.all(instances.map((app) => app.close()));
    }
    expect(await paymentOf(lost)).toMatchObject({ status: "paid", tradeNo: fake.trades.get(lost)?.transactionId });
    expect((await orderOf(lostOrder))?.status).toBe("paid");
    expect((await paidEvents(lostOrder)).map((e) => e.note)).toEqual(["对账查询确认"]);
    expect((await paymentOf(closedThere))?.status).toBe("closed");
  });

  it("close: the SDK closes a trade at WeChat Pay; a trade WeChat never saw counts as closed", async () => {
    const orderNo = await newOrder(5_500);
    const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
    const env = testEnv(wechatEnv(fake));
    const provider = new WechatPaymentProvider(
      {
        mchid: fake.merchant.mchid,
        appid: fake.merchant.appid,
        merchantSerial: fake.merchant.merchantSerial,
        merchantPrivateKey: fake.merchant.merchantKeys.privateKey,
        apiV3Key: fake.merchant.apiV3Key,
        wechatpayKeys: { [fake.publicKeyId]: fake.wechatpayKeys.publicKey },
        notifyUrl: NOTIFY_URL,
        baseUrl: fake.url,
        timeoutMs: env.WECHATPAY_TIMEOUT_MS,
      },
      harness.app.log,
    );
    await provider.close(outTradeNo);
    expect(fake.trades.get(outTradeNo)?.state).toBe("CLOSED");
    expect((await provider.query(outTradeNo)).state).toBe("closed");
    await expect(provider.close("P20261125000000eeeeeeeeeeeeeeee")).resolves.toBeUndefined();
    expect((await provider.query("P20261125000000eeeeeeeeeeeeeeee")).state).toBeNull();
    // A paid trade cannot be closed: the provider says so (1502), it does not pretend.
    const paidOrder = await newOrder(5_600);
    const paid = (await precreateOrder(paidOrder)).body.data.outTradeNo;
    fake.pay(paid);
    await expect(provider.close(paid)).rejects.toThrow(BUSY);
  });

  it("an answer not signed by the configured WeChat Pay key is refused (1502), whatever it says", async () => {
    const env = testEnv(wechatEnv(fake));
    const provider = new WechatPaymentProvider(
      {
        mchid: fake.merchant.mchid,
        appid: fake.merchant.appid,
        merchantSerial: fake.merchant.merchantSerial,
        merchantPrivateKey: fake.merchant.merchantKeys.privateKey,
        apiV3Key: fake.merchant.apiV3Key,
        // The right id, another key: every answer's signature fails.
        wechatpayKeys: { [fake.publicKeyId]: newRsaKeys().publicKey },
        notifyUrl: NOTIFY_URL,
        baseUrl: fake.url,
        timeoutMs: env.WECHATPAY_TIMEOUT_MS,
      },
      harness.app.log,
    );
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    await expect(
      provider.precreate({
        outTradeNo: "P20261125000000aaaaaaaaaaaaaaaa",
        amountCents: 100,
        subject: "测试",
        expiresAt,
      }),
    ).rejects.toThrow(BUSY);
    await expect(provider.query("P20261125000000aaaaaaaaaaaaaaaa")).rejects.toThrow(BUSY);
  });

  it("platform-certificate mode: a notify signed by the platform key under its serial is verified, beside the public key", async () => {
    const platform = newRsaKeys();
    const serial = randomBytes(20).toString("hex").toUpperCase();
    const app = await buildApp({
      env: testEnv({
        ...wechatEnv(fake),
        WECHATPAY_PLATFORM_CERT_SERIAL: serial,
        WECHATPAY_PLATFORM_CERT: platform.publicKey,
      }),
      database: ctx.database,
      serveWeb: false,
      payments: { runReconcile: false },
    });
    try {
      const orderNo = await newOrder(2_200);
      const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
      fake.pay(outTradeNo);
      // The platform serial with the public key's signature is refused; with its own key, verified.
      expect((await postNotify(app, fake.notifyFor(outTradeNo, { serial }))).statusCode).toBe(400);
      const res = await postNotify(app, fake.notifyFor(outTradeNo, { serial, signWith: platform.privateKey }));
      expect(res.statusCode).toBe(204);
      expect((await paymentOf(outTradeNo))?.status).toBe("paid");
    } finally {
      await app.close();
    }
  });

  describe("R15: a slow or failing gateway", () => {
    let hasty: AccountsHarness;
    beforeAll(async () => {
      hasty = await AccountsHarness.build(ctx.database, {
        env: { ...wechatEnv(fake, TIMEOUT_MS), PAYMENT_RECONCILE_POLL_MS: "3600000" },
      });
    });
    afterAll(() => hasty?.close());

    it("answers a slow precreate promptly with 1502, and a failing one with the same message", async () => {
      const orderNo = await newOrder(6_000);
      fake.delayMs = 3_000;
      try {
        const started = performance.now();
        const { status, body } = await hasty.asCustomer<PrecreateData>(session, {
          method: "GET",
          url: `/api/alipay/precreate?orderNo=${orderNo}`,
        });
        expect(status).toBe(200);
        expect(body).toMatchObject({ code: 0, errorCode: 1502, message: BUSY });
        expect(performance.now() - started).toBeLessThan(PROMPTLY_MS);
      } finally {
        fake.delayMs = 0;
      }
      fake.failStatus = 500;
      try {
        const { body } = await precreateOrder(await newOrder(6_100));
        expect(body).toMatchObject({ code: 0, errorCode: 1502, message: BUSY });
      } finally {
        fake.failStatus = 0;
      }
      expect((await precreateOrder(orderNo)).body.code).toBe(1);
    });
  });

  it("both methods: the default first, and switching method closes the other trade, at the provider and here", async () => {
    const appKeys = rsaKeyPair();
    const alipay = await new FakeAlipay(appKeys.publicKey, "2021000000000001", "2088000000000001").start();
    const both = await AccountsHarness.build(ctx.database, {
      env: {
        ...wechatEnv(fake),
        PAYMENT_PROVIDER: "alipay,wechat",
        ALIPAY_APP_ID: "2021000000000001",
        ALIPAY_PRIVATE_KEY: appKeys.privateKey,
        ALIPAY_PUBLIC_KEY: alipay.alipayKeys.publicKey,
        ALIPAY_SELLER_ID: "2088000000000001",
        ALIPAY_GATEWAY: alipay.url,
        ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
        PAYMENT_RECONCILE_POLL_MS: "3600000",
      },
    });
    try {
      const orderNo = await newOrder(7_700);
      const pay = (method = "") =>
        both.asCustomer<PrecreateData>(session, {
          method: "GET",
          url: `/api/alipay/precreate?orderNo=${orderNo}${method ? `&method=${method}` : ""}`,
        });
      const first = (await pay()).body.data;
      expect(first).toMatchObject({ provider: "alipay", methods: ["alipay", "wechat"] });
      const wechat = (await pay("wechat")).body.data;
      expect(wechat.provider).toBe("wechat");
      expect(alipay.trades.get(first.outTradeNo)?.status).toBe("TRADE_CLOSED");
      expect((await paymentOf(first.outTradeNo))?.status).toBe("closed");
      expect((await paymentOf(wechat.outTradeNo))?.status).toBe("pending");
      // Back to Alipay: a new trade; the WeChat one is closed at WeChat Pay and here.
      const again = (await pay("alipay")).body.data;
      expect(again.outTradeNo).not.toBe(first.outTradeNo);
      expect(fake.trades.get(wechat.outTradeNo)?.state).toBe("CLOSED");
      expect((await paymentOf(wechat.outTradeNo))?.status).toBe("closed");
      // The open trade is paid; a late notify of a closed one is still recorded (the money arrived).
      alipay.pay(again.outTradeNo);
      expect(
        (await both.call<TradeData>({ method: "GET", url: `/api/alipay/query?out_trade_no=${again.outTradeNo}` })).body
          .data.status,
      ).toBe("TRADE_SUCCESS");
      expect((await orderOf(orderNo))?.status).toBe("paid");
    } finally {
      await both.close();
      await alipay.stop();
    }
  });

  it("development without keys: WECHATPAY_FAKE_GATEWAY starts a fake gateway whose /fake/pay pays the trade and notifies this server", async () => {
    const port = await freePort();
    const lines: string[] = [];
    const app = await buildApp({
      env: testEnv({
        PAYMENT_PROVIDER: "wechat",
        WECHATPAY_FAKE_GATEWAY: "true",
        PORT: String(port),
        LOG_LEVEL: "info",
      }),
      database: ctx.database,
      serveWeb: false,
      logger: createLogger("info", { write: (line: string) => void lines.push(line) }),
      payments: { runReconcile: false },
    });
    try {
      await app.listen({ port, host: "127.0.0.1" });
      const started = lines.map((l) => JSON.parse(l)).find((l) => /^fake WeChat Pay gateway/.test(l.msg));
      expect(started?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const orderNo = await newOrder(1_500);
      const { body } = await app.inject({
        method: "GET",
        url: `/api/alipay/precreate?orderNo=${orderNo}`,
        headers: { "x-csrf-token": session.csrf },
        cookies: { token: session.token, csrf: session.csrf },
      });
      expect(body).toContain("weixin://wxpay/bizpayurl");
      const { outTradeNo } = (JSON.parse(body) as { data: PrecreateData }).data;
      const paid = await fetch(`${started.url}/fake/pay`, {
        method: "POST",
        body: JSON.stringify({ out_trade_no: outTradeNo }),
      });
      expect(await paid.json()).toEqual({ paid: true, notifyStatus: 204 });
      expect((await orderOf(orderNo))?.status).toBe("paid");
    } finally {
      await app.close();
    }
  });

  it("never logs the keys", () => {
    const text = logLines.join("\n");
    const body = (pem: string) => pem.split("\n").slice(1, 3).join("");
    expect(text).not.toContain(body(fake.merchant.merchantKeys.privateKey));
    expect(text).not.toContain(fake.merchant.apiV3Key);
  });
});

describe("WeChat Pay configuration", () => {
  const production = {
    NODE_ENV: "production",
    CODE_HASH_SECRET: "x".repeat(32),
    DATABASE_URL: "postgres://u@h/db",
    PUBLIC_ORIGIN: "https://www.example.cn",
  };

  it("PAYMENT_PROVIDER takes a comma list of known names, each once", () => {
    expect(loadEnv({ PAYMENT_PROVIDER: "offline,wechat", WECHATPAY_FAKE_GATEWAY: "true" }).PAYMENT_PROVIDER).toBe(
      "offline,wechat",
    );
    expect(() => loadEnv({ PAYMENT_PROVIDER: "wechat,wechat", WECHATPAY_FAKE_GATEWAY: "true" })).toThrow(
      /PAYMENT_PROVIDER/,
    );
    expect(() => loadEnv({ PAYMENT_PROVIDER: "unionpay" })).toThrow(/PAYMENT_PROVIDER/);
  });

  it("wechat needs the merchant's settings and a verifying key (public key or platform certificate)", () => {
    for (const name of [
      "WECHATPAY_MCHID",
      "WECHATPAY_APPID",
      "WECHATPAY_MERCHANT_SERIAL",
      "WECHATPAY_MERCHANT_PRIVATE_KEY",
      "WECHATPAY_APIV3_KEY",
      "WECHATPAY_NOTIFY_URL",
      "WECHATPAY_PUBLIC_KEY",
    ])
      expect(() => loadEnv({ PAYMENT_PROVIDER: "wechat" })).toThrow(new RegExp(name));
    expect(() => loadEnv({ PAYMENT_PROVIDER: "wechat", WECHATPAY_APIV3_KEY: "short" })).toThrow(/32-character/);
  });

  it("production refuses the fake gateway", () => {
    expect(() => loadEnv({ ...production, PAYMENT_PROVIDER: "wechat", WECHATPAY_FAKE_GATEWAY: "true" })).toThrow(
      /WECHATPAY_FAKE_GATEWAY/,
    );
  });
});
