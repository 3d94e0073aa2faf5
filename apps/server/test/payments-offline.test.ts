// The offline payment provider (ADR 0024), the default on a fresh clone: precreate names the trade,
// the local pay step records it paid as a verified notify would (once), the query answers it, and
// production refuses it: at start unless explicitly allowed, and then it takes no payments at all.
import type { PrecreateData, TradeData } from "@yj/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../src/config/env.js";
import { customers, orders, payments } from "../src/db/schema.js";
import { centsToYuan, yuanToCents } from "../src/providers/payment/payment-provider.js";
import { AccountsHarness, type Session, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { pickSkus, setStock, shopper } from "./commerce-fixtures.js";
import { createTestDatabase, describeEachBackend, type TestDatabase } from "./helper.js";
import { productionEnvWithout } from "./support/production-env.js";

describeEachBackend("payments with the offline provider", { app: false }, (ctx) => {
  let harness: AccountsHarness;
  let session: Session;

  beforeAll(async () => {
    harness = await AccountsHarness.build(ctx.database);
    session = await harness.login();
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  const pay = (outTradeNo: string) =>
    harness.call<TradeData>({ method: "POST", url: "/api/pay/offline/confirm", payload: { outTradeNo } });

  it("pays an order: precreate, the local pay step, the order paid; a second pay step changes nothing", async () => {
    const db = ctx.database.db;
    const [customer] = await db.select().from(customers).where(eq(customers.mobile, session.mobile));
    const now = new Date();
    await db.insert(orders).values({
      orderNo: "OFFLINE0001",
      customerId: customer?.id ?? 0,
      status: "pending_payment",
      totalCents: 45_600,
      address: {
        name: "李四",
        phone: session.mobile,
        province: "北京市",
        city: "北京市",
        district: "朝阳区",
        town: "",
        detail: "1 号",
      },
      createdAt: now,
      payBefore: new Date(now.getTime() + 30 * 60_000),
    });
    const created = await harness.asCustomer<PrecreateData>(session, {
      method: "GET",
      url: "/api/alipay/precreate?orderNo=OFFLINE0001",
    });
    expect(created.body.data).toMatchObject({ provider: "offline", amount: 45_600 });
    const { outTradeNo, qrCode } = created.body.data;
    expect(qrCode).toBe(`offline:${outTradeNo}`);
    const waiting = await harness.call<TradeData>({
      method: "GET",
      url: `/api/alipay/query?out_trade_no=${outTradeNo}`,
    });
    expect(waiting.body.data).toMatchObject({ status: "WAIT_BUYER_PAY", orderNo: "OFFLINE0001", paidAt: null });

    const paid = await pay(outTradeNo);
    expect(paid.body).toMatchObject({
      code: 1,
      message: "支付成功",
      data: { status: "TRADE_SUCCESS", amount: 45_600 },
    });
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, "OFFLINE0001"));
    expect(order?.status).toBe("paid");
    const [payment] = await db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    const again = await pay(outTradeNo);
    expect(again.body.data.status).toBe("TRADE_SUCCESS");
    const [after] = await db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    expect(after?.paidAt).toEqual(payment?.paidAt);
    const polled = await harness.call<TradeData>({
      method: "GET",
      url: `/api/alipay/query?out_trade_no=${outTradeNo}`,
    });
    expect(polled.body.data.status).toBe("TRADE_SUCCESS");
  });

  it("pays an order made by the orders module; a cancelled one is refused", async () => {
    const buyer = shopper(harness, session);
    const [sku] = await pickSkus(ctx.database.db, false, 1);
    if (!sku) throw new Error("no goods");
    await setStock(ctx.database.db, sku.skuId, 10);
    const made = await buyer.buyNow({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 2 });
    expect(made.body.code).toBe(1);
    const { orderNo, totalAmount } = made.body.data;
    const precreate = (no: string) =>
      buyer.call<PrecreateData>({ method: "GET", url: `/api/alipay/precreate?orderNo=${no}` });
    const trade = (await precreate(orderNo)).body.data;
    expect(trade.amount).toBe(totalAmount);
    expect((await pay(trade.outTradeNo)).body.data).toMatchObject({ status: "TRADE_SUCCESS", orderNo });
    const detail = (await buyer.detail(orderNo)).body.data;
    expect(detail.status).toBe("paid");
    expect(detail.history.map((h) => h.status)).toEqual(["pending_payment", "paid"]);
    const paidAgain = (await precreate(orderNo)).body;
    expect(paidAgain.message).toBe("订单已支付");
    // The pay step reads this to say 已支付 rather than offer a new code.
    expect(paidAgain.data).toEqual({ alreadyPaid: true });

    const other = await buyer.buyNow({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 1 });
    await buyer.cancel(other.body.data.orderNo);
    expect((await precreate(other.body.data.orderNo)).body).toMatchObject({
      code: 0,
      errorCode: 1100,
      message: "订单已取消，请重新下单",
    });
  });

  it("pays the activity deposit after the phone entered the activity", async () => {
    const mobile = uniquePhone("136");
    await harness.call({
      method: "POST",
      url: "/api/customers/denominate",
      payload: { phone: mobile, content: "悦居", consent: true },
      remoteAddress: uniqueIp(),
    });
    const { body } = await harness.call<PrecreateData>({
      method: "GET",
      url: `/api/alipay/precreate?name=${encodeURIComponent("悦居")}&mobile=${mobile}`,
      remoteAddress: uniqueIp(),
    });
    expect(body.data).toMatchObject({ provider: "offline", amount: 9_900, subject: "活动定金" });
    expect((await pay(body.data.outTradeNo)).body.data.status).toBe("TRADE_SUCCESS");
  });

  it("answers unknown trades, a precreate without mobile or order, and the notify (offline sends none) plainly", async () => {
    expect((await pay("P20260101000000aaaaaaaaaaaaaaaa")).body).toMatchObject({ code: 0, errorCode: 1004 });
    const query = await harness.call({
      method: "GET",
      url: "/api/alipay/query?out_trade_no=P20260101000000bbbbbbbb",
    });
    expect(query.body).toMatchObject({ code: 0, errorCode: 1004, message: "交易不存在" });
    const empty = await harness.call({ method: "GET", url: "/api/alipay/precreate", remoteAddress: uniqueIp() });
    expect(empty.body).toMatchObject({ code: 0, errorCode: 1001, message: "请输入手机号" });
    const notify = await harness.app.inject({
      method: "POST",
      url: "/api/alipay/notify",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "out_trade_no=P20260101000000aaaaaaaaaaaaaaaa&trade_status=TRADE_SUCCESS&sign=x",
    });
    expect(notify.body).toBe("failure");
  });
});

describe("payment configuration", () => {
  const production = productionEnvWithout("PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION");

  it("offline is the default outside production and refused at start in production", () => {
    expect(loadEnv({}).PAYMENT_PROVIDER).toBe("offline");
    expect(() => loadEnv(production)).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadEnv({ ...production, PAYMENT_PROVIDER: "offline" })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadEnv({ ...production, PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true" }).PAYMENT_PROVIDER).toBe("offline");
  });

  it("alipay needs its app id, keys, seller and notify URL", () => {
    for (const name of [
      "ALIPAY_APP_ID",
      "ALIPAY_PRIVATE_KEY",
      "ALIPAY_PUBLIC_KEY",
      "ALIPAY_SELLER_ID",
      "ALIPAY_NOTIFY_URL",
    ]) {
      expect(() => loadEnv({ PAYMENT_PROVIDER: "alipay" })).toThrow(new RegExp(name));
    }
    const env = loadEnv({
      ...production,
      PAYMENT_PROVIDER: "alipay",
      ALIPAY_APP_ID: "2021000000000001",
      ALIPAY_PRIVATE_KEY: "k",
      ALIPAY_PUBLIC_KEY: "k",
      ALIPAY_SELLER_ID: "2088000000000001",
      ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
    });
    expect(env.ALIPAY_GATEWAY).toBe("https://openapi.alipay.com/gateway.do");
    expect(env.ALIPAY_TIMEOUT_MS).toBe(5000);
  });

  it("converts cents and yuan exactly, and refuses malformed amounts", () => {
    expect(centsToYuan(9_900)).toBe("99.00");
    expect(centsToYuan(12_345)).toBe("123.45");
    expect(centsToYuan(5)).toBe("0.05");
    expect(yuanToCents("123.45")).toBe(12_345);
    expect(yuanToCents("99.9")).toBe(9_990);
    expect(yuanToCents("99")).toBe(9_900);
    for (const bad of ["", "-1.00", "1.234", "1e3", "0x10", " ", "１.00", undefined])
      expect(yuanToCents(bad)).toBeNull();
  });
});

describe("a production instance running the offline provider (allowed explicitly)", () => {
  let testDb: TestDatabase;
  let harness: AccountsHarness;

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    harness = await AccountsHarness.build(testDb.database, {
      env: {
        NODE_ENV: "production",
        CODE_HASH_SECRET: "0123456789abcdef0123456789abcdef",
        TRUST_PROXY: "0",
        DATA_DIR: "./data",
        SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
        PUBLIC_ORIGIN: "https://shop.example.cn",
        PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
      },
    });
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await testDb?.database.close();
  });

  it("takes no payments: precreate and the local pay step are refused", async () => {
    const mobile = uniquePhone("135");
    const precreate = await harness.call({ method: "GET", url: `/api/alipay/precreate?mobile=${mobile}` });
    expect(precreate.body).toMatchObject({ code: 0, errorCode: 1100, message: "在线支付暂未开通" });
    const pay = await harness.call({
      method: "POST",
      url: "/api/pay/offline/confirm",
      payload: { outTradeNo: "P20260101000000aaaaaaaaaaaaaaaa" },
    });
    expect(pay.body).toMatchObject({ code: 0, errorCode: 1100, message: "线下支付仅用于开发环境" });
  });
});
