// R10 and R15 against a local fake Alipay gateway (test/support/fake-alipay.ts) that verifies the
// SDK's signed requests and signs its answers and notifies with a key pair of its own, on PGlite and,
// with TEST_DATABASE_URL, PostgreSQL: precreate for an order and the activity deposit; forged,
// tampered and unknown notifies change nothing and are not answered `success`; ten concurrent
// copies of a valid notify record one payment; a lost notify is recovered by the reconciliation job
// and by the page's query; a payment for a cancelled order is recorded and logged for refund; a slow
// or failing gateway answers a prompt 1502.
import { randomBytes } from "node:crypto";
import { maskPhone, type PrecreateData, type TradeData } from "@yj/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { customers, orderEvents, orders, payments } from "../src/db/schema.js";
import { createLogger } from "../src/lib/logger.js";
import { AccountsHarness, type Session, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { describeEachBackend, testEnv } from "./helper.js";
import { FakeAlipay, rsa2Sign, rsaKeyPair, signingString } from "./support/fake-alipay.js";

const APP_ID = "2021000000000001";
const SELLER_ID = "2088000000000001";
/**
 * Two deadlines: the R15 cases run on an app with a short one (a slow gateway always takes all of it),
 * every other case on one with a long one, so a loaded machine's slow signing is never a timeout.
 */
const TIMEOUT_MS = 400;
const PATIENT_MS = 15_000;
/** "Promptly": the short deadline plus room for a loaded machine, below the fake's 3 s delay. */
const PROMPTLY_MS = TIMEOUT_MS + 2_000;
const BUSY = "支付服务繁忙，请稍后重试";

const appKeys = rsaKeyPair();

/** Each field a tampered notify changes: the amount, the app id, the seller. */
const TAMPERED: Record<string, string>[] = [
  { total_amount: "0.01" },
  { total_amount: "88.01" },
  { app_id: "2021999999999999" },
  { seller_id: "2088999999999999" },
];

function alipayEnv(fake: FakeAlipay, timeoutMs = PATIENT_MS): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "alipay",
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: appKeys.privateKey,
    ALIPAY_PUBLIC_KEY: fake.alipayKeys.publicKey,
    ALIPAY_SELLER_ID: SELLER_ID,
    ALIPAY_GATEWAY: fake.url,
    ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
    ALIPAY_TIMEOUT_MS: String(timeoutMs),
  };
}

describeEachBackend("payments through Alipay (fake gateway)", { embedded: true, app: false }, (ctx) => {
  let fake: FakeAlipay;
  let harness: AccountsHarness;
  let session: Session;
  let customerId: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await new FakeAlipay(appKeys.publicKey, APP_ID, SELLER_ID).start();
    harness = await AccountsHarness.build(ctx.database, {
      // The reconciliation job of this instance stays out of the way (its own test runs it).
      env: { ...alipayEnv(fake), LOG_LEVEL: "info", PAYMENT_RECONCILE_POLL_MS: "3600000" },
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

  /** An unpaid order of the test customer, as the orders module makes it. */
  async function newOrder(totalCents = 12_345, payBeforeMs = 30 * 60_000): Promise<string> {
    const orderNo = `T${randomBytes(6).toString("hex").toUpperCase()}`;
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

  const precreateOrder = (orderNo: string, s = session) =>
    harness.asCustomer<PrecreateData>(s, { method: "GET", url: `/api/alipay/precreate?orderNo=${orderNo}` });

  const query = (outTradeNo: string) =>
    harness.call<TradeData>({ method: "GET", url: `/api/alipay/query?out_trade_no=${outTradeNo}` });

  function postNotify(app: FastifyInstance, params: Record<string, string>) {
    return app.inject({
      method: "POST",
      url: "/api/alipay/notify",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      payload: new URLSearchParams(params).toString(),
    });
  }

  async function paymentOf(outTradeNo: string) {
    const [row] = await db().select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    return row;
  }

  async function orderOf(orderNo: string) {
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    return row;
  }

  it("precreates an order's trade through the SDK: signed request, amount in yuan, seller, notify URL, the order's time limit", async () => {
    const orderNo = await newOrder(12_345);
    const { body } = await precreateOrder(orderNo);
    expect(body.code).toBe(1);
    expect(body.data.provider).toBe("alipay");
    expect(body.data.amount).toBe(12_345);
    expect(body.data.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const trade = fake.trades.get(body.data.outTradeNo);
    expect(trade).toMatchObject({
      totalAmount: "123.45",
      sellerId: SELLER_ID,
      notifyUrl: "https://shop.example.cn/api/alipay/notify",
      subject: `悦家整装订单 ${orderNo}`,
    });
    const minutes = Number(trade?.timeoutExpress.replace("m", ""));
    expect(minutes).toBeGreaterThanOrEqual(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(fake.calls.every((c) => c.signatureValid)).toBe(true);

    // Asking again (another tab, a reload) gives the same trade, without a second gateway call.
    const calls = fake.callsOf("alipay.trade.precreate").length;
    const again = await precreateOrder(orderNo);
    expect(again.body.data.outTradeNo).toBe(body.data.outTradeNo);
    expect(again.body.data.qrCode).toBe(body.data.qrCode);
    expect(fake.callsOf("alipay.trade.precreate")).toHaveLength(calls);
    expect((await paymentOf(body.data.outTradeNo))?.status).toBe("pending");
  });

  it("an order's precreate needs the customer's session and CSRF value, and the customer's own pending order", async () => {
    const orderNo = await newOrder();
    const anonymous = await harness.call({ method: "GET", url: `/api/alipay/precreate?orderNo=${orderNo}` });
    expect(anonymous.body).toMatchObject({ code: 0, errorCode: 1201 });
    const noCsrf = await harness.asCustomer(
      session,
      { method: "GET", url: `/api/alipay/precreate?orderNo=${orderNo}` },
      { csrf: null },
    );
    expect(noCsrf.status).toBe(403);
    const other = await harness.login();
    const foreign = await precreateOrder(orderNo, other);
    expect(foreign.body).toMatchObject({ code: 0, errorCode: 1004, message: "订单不存在" });
    const expired = await newOrder(5_000, -1000);
    expect((await precreateOrder(expired)).body.message).toBe("订单已超时未支付，请重新下单");
    expect(await db().select().from(payments).where(eq(payments.outTradeNo, orderNo))).toHaveLength(0);
  });

  it("the activity deposit: refused before the phone entered the activity, then site_settings' amount as '活动定金'", async () => {
    const mobile = uniquePhone("137");
    const url = `/api/alipay/precreate?name=${encodeURIComponent("悦享家")}&mobile=${mobile}`;
    const before = await harness.call({ method: "GET", url, remoteAddress: uniqueIp() });
    expect(before.body).toMatchObject({ code: 0, errorCode: 1100, message: "请先提交活动报名信息" });
    const entered = await harness.call({
      method: "POST",
      url: "/api/customers/denominate",
      payload: { phone: mobile, content: "悦享家", consent: true },
      remoteAddress: uniqueIp(),
    });
    expect(entered.body.code).toBe(1);
    const { body } = await harness.call<PrecreateData>({ method: "GET", url, remoteAddress: uniqueIp() });
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ amount: 9_900, subject: "活动定金", provider: "alipay" });
    expect(fake.trades.get(body.data.outTradeNo)?.totalAmount).toBe("99.00");
    const row = await paymentOf(body.data.outTradeNo);
    expect(row).toMatchObject({ purpose: "deposit", payerName: "悦享家", payerPhone: mobile, orderId: null });

    // Paid by notify; a second deposit for the phone is refused.
    const notified = await postNotify(harness.app, fake.notifyFor(body.data.outTradeNo));
    expect(notified.body).toBe("success");
    const again = await harness.call({ method: "GET", url, remoteAddress: uniqueIp() });
    expect(again.body.message).toBe("您已支付活动定金，无需重复支付");
    expect(again.body.data).toEqual({ alreadyPaid: true });
  });

  describe("R10: notifies", () => {
    let orderNo: string;
    let outTradeNo: string;

    beforeAll(async () => {
      orderNo = await newOrder(8_800);
      outTradeNo = (await precreateOrder(orderNo)).body.data.outTradeNo;
      fake.pay(outTradeNo);
    });

    async function expectNothingRecorded() {
      expect(await paymentOf(outTradeNo)).toMatchObject({ status: "pending", tradeNo: null, paidAt: null });
      expect((await orderOf(orderNo))?.status).toBe("pending_payment");
    }

    it("a notify signed with another key (forged) answers failure and changes nothing", async () => {
      const forger = rsaKeyPair();
      const res = await postNotify(harness.app, fake.notifyFor(outTradeNo, {}, forger.privateKey));
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("failure");
      await expectNothingRecorded();
    });

    it("a notify without a signature, or with its amount, app id or seller changed after signing, answers failure", async () => {
      const { sign: _sign, ...unsigned } = fake.notifyFor(outTradeNo);
      expect((await postNotify(harness.app, unsigned)).body).toBe("failure");
      for (const change of TAMPERED) {
        const res = await postNotify(harness.app, { ...fake.notifyFor(outTradeNo), ...change });
        expect(res.body).toBe("failure");
      }
      await expectNothingRecorded();
    });

    it("a notify properly signed but for another amount, app id or seller answers failure", async () => {
      for (const change of TAMPERED) {
        const res = await postNotify(harness.app, fake.notifyFor(outTradeNo, change));
        expect(res.body).toBe("failure");
      }
      await expectNothingRecorded();
    });

    it("a properly signed notify of an unknown trade answers failure and writes nothing", async () => {
      const count = (await db().select().from(payments)).length;
      const res = await postNotify(harness.app, fake.notifyFor("P20261123000000ffffffffffffffff"));
      expect(res.body).toBe("failure");
      expect(await db().select().from(payments)).toHaveLength(count);
      await expectNothingRecorded();
    });

    it("a JSON body or an empty form is not a notify", async () => {
      const json = await harness.app.inject({
        method: "POST",
        url: "/api/alipay/notify",
        payload: fake.notifyFor(outTradeNo),
      });
      expect(json.body).toBe("failure");
      const empty = await postNotify(harness.app, {});
      expect(empty.body).toBe("failure");
      await expectNothingRecorded();
    });

    it("the same valid notify 10 times concurrently: success each time, one payment, one order event", async () => {
      const notify = fake.notifyFor(outTradeNo);
      const answers = await Promise.all(Array.from({ length: 10 }, () => postNotify(harness.app, notify)));
      expect(answers.map((a) => a.body)).toEqual(Array(10).fill("success"));
      const payment = await paymentOf(outTradeNo);
      expect(payment).toMatchObject({ status: "paid", tradeNo: fake.trades.get(outTradeNo)?.tradeNo });
      expect(payment?.confirmation?.trade_status).toBe("TRADE_SUCCESS");
      const order = await orderOf(orderNo);
      expect(order?.status).toBe("paid");
      const events = await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order?.id ?? 0), eq(orderEvents.status, "paid")));
      expect(events).toHaveLength(1);
      // Recorded once: one transaction got through the guarded update, the others found it paid.
      const outcomes = logLines
        .map((l) => JSON.parse(l))
        .filter((l) => l.outTradeNo === outTradeNo && /^payment (recorded|needs refund)$/.test(l.msg));
      expect(outcomes.map((l) => l.msg)).toEqual(["payment recorded"]);
      // A later repeat is still acknowledged and changes nothing.
      expect((await postNotify(harness.app, notify)).body).toBe("success");
      expect((await paymentOf(outTradeNo))?.paidAt).toEqual(payment?.paidAt);
      const answer = await query(outTradeNo);
      expect(answer.body.data).toMatchObject({ status: "TRADE_SUCCESS", amount: 8_800, orderNo });
    });
  });

  it("a verified notify of a trade still waiting is acknowledged and records nothing", async () => {
    const orderNo = await newOrder(1_000);
    const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
    const res = await postNotify(harness.app, fake.notifyFor(outTradeNo, { trade_status: "WAIT_BUYER_PAY" }));
    expect(res.body).toBe("success");
    expect((await paymentOf(outTradeNo))?.status).toBe("pending");
  });

  it("a payment for an order cancelled meanwhile is recorded, the order stays cancelled, and it is logged for refund", async () => {
    const orderNo = await newOrder(2_000);
    const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
    await db().update(orders).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(orders.orderNo, orderNo));
    fake.pay(outTradeNo);
    expect((await postNotify(harness.app, fake.notifyFor(outTradeNo))).body).toBe("success");
    expect((await paymentOf(outTradeNo))?.status).toBe("paid");
    expect((await orderOf(orderNo))?.status).toBe("cancelled");
    const refund = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === "payment needs refund");
    // Every log line passes the phone mask (R14): a trade number whose random hex holds a run such as
    // 14063538343 is logged with that run masked, as a reader of the log would see it.
    expect(refund).toMatchObject({ level: 50, outTradeNo: maskPhone(outTradeNo), orderNo: maskPhone(orderNo) });
    expect(refund.orderStatus).toBe("cancelled");
  });

  it("a lost notify: the page's query asks Alipay and records the payment", async () => {
    const orderNo = await newOrder(3_000);
    const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
    expect((await query(outTradeNo)).body.data.status).toBe("WAIT_BUYER_PAY");
    fake.pay(outTradeNo);
    const { body } = await query(outTradeNo);
    expect(body.data).toMatchObject({ status: "TRADE_SUCCESS", orderNo, amount: 3_000 });
    expect(body.data.paidAt).not.toBeNull();
    expect((await orderOf(orderNo))?.status).toBe("paid");
  });

  it("a lost notify: the reconciliation job of two other instances records it once, and closes long-expired trades", async () => {
    const lostOrder = await newOrder(4_000);
    const lost = (await precreateOrder(lostOrder)).body.data.outTradeNo;
    const staleOrder = await newOrder(4_100, 60_000);
    const stale = (await precreateOrder(staleOrder)).body.data.outTradeNo;
    fake.pay(lost);
    // Two more instances, their clocks two hours on (past the stale trade's end), asking every 50 ms.
    const later = () => new Date(Date.now() + 2 * 3600_000);
    const instances = await Promise.all(
      [0, 1].map(() =>
        buildApp({
          env: testEnv(alipayEnv(fake)),
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
        const [a, b] = await Promise.all([paymentOf(lost), paymentOf(stale)]);
        if (a?.status === "paid" && b?.status === "closed") break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await Promise.all(instances.map((app) => app.close()));
    }
    expect(await paymentOf(lost)).toMatchObject({ status: "paid", tradeNo: fake.trades.get(lost)?.tradeNo });
    expect((await orderOf(lostOrder))?.status).toBe("paid");
    const order = await orderOf(lostOrder);
    const events = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order?.id ?? 0), eq(orderEvents.status, "paid")));
    expect(events).toHaveLength(1);
    expect(events[0]?.note).toBe("对账查询确认");
    expect((await paymentOf(stale))?.status).toBe("closed");
    expect((await query(stale)).body.data.status).toBe("TRADE_CLOSED");
    // A notify that still comes for the closed trade is recorded: the money arrived.
    fake.pay(stale);
    expect((await postNotify(harness.app, fake.notifyFor(stale))).body).toBe("success");
    expect((await paymentOf(stale))?.status).toBe("paid");
  });

  describe("R15: a slow or failing gateway", () => {
    let hasty: AccountsHarness;
    beforeAll(async () => {
      hasty = await AccountsHarness.build(ctx.database, {
        env: { ...alipayEnv(fake, TIMEOUT_MS), PAYMENT_RECONCILE_POLL_MS: "3600000" },
      });
    });
    afterAll(() => hasty?.close());
    const hastyPrecreate = (orderNo: string) =>
      hasty.asCustomer<PrecreateData>(session, { method: "GET", url: `/api/alipay/precreate?orderNo=${orderNo}` });
    const hastyQuery = (outTradeNo: string) =>
      hasty.call<TradeData>({ method: "GET", url: `/api/alipay/query?out_trade_no=${outTradeNo}` });

    it("answers a slow precreate promptly with 1502 '支付服务繁忙，请稍后重试'", async () => {
      const orderNo = await newOrder(5_000);
      fake.delayMs = 3_000;
      try {
        const started = performance.now();
        const { status, body } = await hastyPrecreate(orderNo);
        const ms = performance.now() - started;
        expect(status).toBe(200);
        expect(body).toMatchObject({ code: 0, errorCode: 1502, message: BUSY, data: null });
        expect(ms).toBeLessThan(PROMPTLY_MS);
      } finally {
        fake.delayMs = 0;
      }
      // The gateway back, the same order gets its trade (the pending row is reused).
      const { body } = await precreateOrder(orderNo);
      expect(body.code).toBe(1);
      expect(await db().select().from(payments).where(eq(payments.outTradeNo, body.data.outTradeNo))).toHaveLength(1);
    });

    it("answers a gateway failing with HTTP 500 with the same message, and the query falls back to the local state", async () => {
      const orderNo = await newOrder(6_000);
      const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
      fake.failStatus = 500;
      try {
        const other = await newOrder(6_100);
        const { status, body } = await precreateOrder(other);
        expect(status).toBe(200);
        expect(body).toMatchObject({ code: 0, errorCode: 1502, message: BUSY });
        const polled = await query(outTradeNo);
        expect(polled.body).toMatchObject({ code: 1, data: { status: "WAIT_BUYER_PAY" } });
      } finally {
        fake.failStatus = 0;
      }
    });

    it("a slow gateway does not hold the page's query beyond the timeout", async () => {
      const orderNo = await newOrder(6_500);
      const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
      fake.delayMs = 3_000;
      try {
        const started = performance.now();
        const polled = await hastyQuery(outTradeNo);
        expect(polled.body.data.status).toBe("WAIT_BUYER_PAY");
        expect(performance.now() - started).toBeLessThan(PROMPTLY_MS);
      } finally {
        fake.delayMs = 0;
      }
    });
  });

  it("the offline pay step is refused while the provider is alipay", async () => {
    const orderNo = await newOrder(7_000);
    const { outTradeNo } = (await precreateOrder(orderNo)).body.data;
    const { body } = await harness.call({ method: "POST", url: "/api/pay/offline/confirm", payload: { outTradeNo } });
    expect(body).toMatchObject({ code: 0, errorCode: 1100, message: "线下支付仅用于开发环境" });
    expect((await paymentOf(outTradeNo))?.status).toBe("pending");
  });

  it("never logs the keys, and every request the gateway saw was signed by the application", () => {
    const text = logLines.join("\n");
    const body = (pem: string) => pem.split("\n").slice(1, 3).join("");
    expect(text).not.toContain(body(appKeys.privateKey));
    expect(text).not.toContain(body(fake.alipayKeys.privateKey));
    expect(fake.calls.length).toBeGreaterThan(0);
    expect(fake.calls.every((c) => c.signatureValid && c.params.app_id === APP_ID)).toBe(true);
  });
});

describe("the fake gateway's notify signature", () => {
  it("is Alipay's: sorted fields without sign and sign_type", () => {
    const keys = rsaKeyPair();
    const params = { b: "2", a: "1", sign_type: "RSA2", empty: "" };
    expect(signingString(params, ["sign", "sign_type"])).toBe("a=1&b=2");
    expect(rsa2Sign("a=1&b=2", keys.privateKey)).toMatch(/^[A-Za-z0-9+/=]+$/);
  });
});
