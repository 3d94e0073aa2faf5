// R19 (docs/quality.md, docs/decisions/0063): refunds against the local fake WeChat Pay v3 gateway
// (and Alipay's), on PGlite and, with TEST_DATABASE_URL, PostgreSQL. A customer's 申请退款 on a paid,
// unshipped order, approved by a 销售/客服: sent once under its number, settled by the signed and
// encrypted refund notify, the order refunded and its stock back. The same approval 20 times at once
// through two instances sends one refund and records one; partial refunds add up and an over-refund
// is refused; a forged refund notify changes nothing; a send that times out is settled by the job's
// query under the same number, and one the provider never received is sent again under that number;
// a payment for a cancelled order is refunded automatically; the deposit's window, and a refunded
// deposit paid anew; a refund takes its units out of goods.sales; an approved return's refund marks
// the request 已退款 when it succeeds and leaves it 已同意 with 退款失败 for staff when it fails.
import { randomBytes } from "node:crypto";
import type { AdminAfterSale, AdminRefund, MyDeposit, Order, OrderRefund, PrecreateData } from "@yj/contract";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import {
  afterSales,
  auditLog,
  goods,
  goodsSkus,
  orderEvents,
  orders,
  paymentEvents,
  payments,
  refunds,
  siteSettings,
} from "../src/db/schema.js";
import { createLogger } from "../src/lib/logger.js";
import { AlipayPaymentProvider } from "../src/providers/payment/alipay-payment-provider.js";
import {
  FakeWechatPayGateway,
  type NotifyMessage,
  newRsaKeys,
} from "../src/providers/payment/fake-wechatpay-gateway.js";
import { AccountsHarness, type Session, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { pickSkus, type Shopper, setStock, shopper, stockOf } from "./commerce-fixtures.js";
import { describeEachBackend, testEnv } from "./helper.js";
import { FakeAlipay, rsaKeyPair } from "./support/fake-alipay.js";

const NOTIFY_URL = "https://shop.example.cn/api/wechatpay/notify";
const REFUND_NOTIFY = "/api/wechatpay/refund-notify";
const REFUNDS_PATH = "/v3/refund/domestic/refunds";

function wechatEnv(fake: FakeWechatPayGateway, timeoutMs = 15_000): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "wechat",
    ...fake.settings(NOTIFY_URL),
    WECHATPAY_TIMEOUT_MS: String(timeoutMs),
    PAYMENT_RECONCILE_POLL_MS: "3600000",
  };
}

const post = (app: FastifyInstance, { headers, body }: NotifyMessage, url: string) =>
  app.inject({ method: "POST", url, headers, payload: body });

interface Answer<T> {
  code: number;
  message: string;
  errorCode?: number;
  data: T;
}

async function staffCall<T>(app: FastifyInstance, member: StaffSession, options: InjectOptions): Promise<Answer<T>> {
  const res = await app.inject(asStaff(member, options));
  return res.json() as Answer<T>;
}

describeEachBackend("refunds (R19) through the fake WeChat Pay and Alipay", { embedded: true, app: false }, (ctx) => {
  let fake: FakeWechatPayGateway;
  let harness: AccountsHarness;
  let session: Session;
  let shop: Shopper;
  let sales: StaffSession;
  let operations: StaffSession;
  let skuId: number;
  let goodsId: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await new FakeWechatPayGateway().start();
    harness = await AccountsHarness.build(ctx.database, {
      env: { ...wechatEnv(fake), LOG_LEVEL: "info" },
      logger: createLogger("info", { write: (line: string) => void logLines.push(line) }),
    });
    session = await harness.login();
    shop = shopper(harness, session);
    sales = await newStaff(harness.app, ctx.database.db, "sales", "客服小王");
    operations = await newStaff(harness.app, ctx.database.db, "operations", "运营小李");
    const [sku] = await pickSkus(ctx.database.db, false, 1);
    if (!sku) throw new Error("no goods in the demo data");
    ({ skuId, goodsId } = sku);
    await setStock(ctx.database.db, skuId, 500);
  }, 300_000);

  afterAll(async () => {
    await harness?.close();
    await fake?.stop();
  });

  const db = () => ctx.database.db;

  /** A real order of one unit, paid with 微信支付 through the fake and its notify. */
  async function paidOrder(app = harness.app): Promise<{ orderNo: string; outTradeNo: string; total: number }> {
    const placed = await shop.buyNow({ goodsId, skuId, quantity: 1 });
    expect(placed.body.code).toBe(1);
    const { orderNo, totalAmount } = placed.body.data;
    // From an address of its own: precreate counts as a write in the per-address limit (ADR 0022).
    const pre = await harness.asCustomer<PrecreateData>(session, {
      method: "GET",
      url: `/api/alipay/precreate?orderNo=${orderNo}`,
      remoteAddress: uniqueIp(),
    });
    expect(pre.body.code, pre.body.message).toBe(1);
    const { outTradeNo } = pre.body.data;
    fake.pay(outTradeNo);
    const notified = await post(app, fake.notifyFor(outTradeNo), "/api/wechatpay/notify");
    expect(notified.statusCode).toBe(204);
    return { orderNo, outTradeNo, total: totalAmount };
  }

  const requestRefund = (orderNo: string, reason = "不想要了") =>
    shop.call<OrderRefund>({ method: "POST", url: "/api/order/refund", payload: { orderNo, reason } });

  const approve = (refundId: number, extra: Record<string, unknown> = {}, app = harness.app, member = sales) =>
    staffCall<AdminRefund>(app, member, {
      method: "POST",
      url: "/api/admin/refunds/approve",
      payload: { refundId, ...extra },
    });

  async function paymentOf(outTradeNo: string) {
    const [row] = await db().select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    if (!row) throw new Error(`no payment ${outTradeNo}`);
    return row;
  }
  async function paymentOfOrder(orderNo: string) {
    const order = await orderOf(orderNo);
    const [row] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order?.id ?? 0), eq(payments.status, "paid")));
    if (!row) throw new Error(`no paid payment of ${orderNo}`);
    return row;
  }
  async function refundsOf(outTradeNo: string) {
    const payment = await paymentOf(outTradeNo);
    return db().select().from(refunds).where(eq(refunds.paymentId, payment.id)).orderBy(asc(refunds.id));
  }
  async function orderOf(orderNo: string) {
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    return row;
  }
  async function eventsOf(refundId: number) {
    return db().select().from(paymentEvents).where(eq(paymentEvents.refundId, refundId)).orderBy(asc(paymentEvents.id));
  }
  const refundPosts = (outRefundNo?: string) =>
    fake.calls.filter(
      (c) => c.method === "POST" && c.path === REFUNDS_PATH && (!outRefundNo || c.body.includes(outRefundNo)),
    );

  it("申请退款 → 同意退款: sent once with out_refund_no, settled by the notify; the order is 已退款, its stock back, all on record", async () => {
    const { orderNo, outTradeNo, total } = await paidOrder();
    const stockPaid = await stockOf(db(), skuId);
    // A reason is required; only the buyer's own paid order.
    const empty = await requestRefund(orderNo, "  ");
    expect(empty.body.code).toBe(0);
    expect(empty.body.message).toMatch(/^请填写退款原因/);
    const asked = await requestRefund(orderNo, "尺寸不合适");
    expect(asked.body).toMatchObject({ code: 1, data: { status: "requested", amount: total, reason: "尺寸不合适" } });
    expect((await requestRefund(orderNo)).body).toMatchObject({ code: 0, message: "退款申请已提交，请等待处理" });
    const detail = await shop.detail(orderNo);
    expect(detail.body.data.refunds).toEqual([expect.objectContaining({ status: "requested", amount: total })]);

    // 运营 may not decide; 销售/客服 may.
    const refundId = asked.body.data.id;
    expect((await approve(refundId, {}, harness.app, operations)).code).toBe(0);
    const approved = await approve(refundId, { note: "同意" });
    expect(approved).toMatchObject({ code: 1, data: { status: "processing", amount: total, decidedBy: "客服小王" } });
    const [row] = await refundsOf(outTradeNo);
    if (!row) throw new Error("no refund row");
    expect(refundPosts(row.outRefundNo)).toHaveLength(1);
    const sent = JSON.parse(refundPosts(row.outRefundNo)[0]?.body ?? "{}");
    expect(sent).toMatchObject({
      out_trade_no: outTradeNo,
      out_refund_no: row.outRefundNo,
      notify_url: "https://shop.example.cn/api/wechatpay/refund-notify",
      amount: { refund: total, total, currency: "CNY" },
    });
    expect((await paymentOf(outTradeNo)).refundedCents).toBe(total);
    expect((await orderOf(orderNo))?.status).toBe("paid");

    // WeChat Pay finishes and notifies: settled, the order refunded, the unit back in stock.
    fake.settleRefund(row.outRefundNo, "SUCCESS");
    const res = await post(harness.app, fake.refundNotifyFor(row.outRefundNo), REFUND_NOTIFY);
    expect(res.statusCode).toBe(204);
    const [settled] = await refundsOf(outTradeNo);
    expect(settled).toMatchObject({
      status: "succeeded",
      providerRefundNo: fake.refunds.get(row.outRefundNo)?.refundId,
    });
    expect((await orderOf(orderNo))?.status).toBe("refunded");
    expect(await stockOf(db(), skuId)).toBe(stockPaid + 1);
    const order = await orderOf(orderNo);
    const events = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order?.id ?? 0), eq(orderEvents.status, "refunded")));
    expect(events).toHaveLength(1);
    expect((await eventsOf(refundId)).map((e) => [e.fromStatus, e.toStatus, e.source])).toEqual([
      [null, "requested", "customer"],
      ["requested", "processing", "staff"],
      ["processing", "succeeded", "notify"],
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "refund"), eq(auditLog.entityId, String(refundId))));
    expect(audits.map((a) => [a.action, a.staffId])).toEqual([["refund.approve", sales.id]]);
    // The buyer and staff see it.
    expect((await shop.detail(orderNo)).body.data).toMatchObject({
      status: "refunded",
      refunds: [expect.objectContaining({ status: "succeeded" })],
    });
    const list = await staffCall<AdminRefund[]>(harness.app, sales, {
      method: "GET",
      url: `/api/admin/orders/refunds?orderNo=${orderNo}`,
    });
    expect(list.data[0]?.history.map((h) => h.toStatus)).toEqual(["requested", "processing", "succeeded"]);
    // A repeat of the notify is acknowledged and changes nothing; a refunded order cannot ask again.
    expect((await post(harness.app, fake.refundNotifyFor(row.outRefundNo), REFUND_NOTIFY)).statusCode).toBe(204);
    expect(await eventsOf(refundId)).toHaveLength(3);
    expect((await requestRefund(orderNo)).body.message).toBe("订单已退款");
  });

  it("拒绝 with a note: the buyer sees 已拒绝 and the note; nothing is sent; audited", async () => {
    const { orderNo, outTradeNo } = await paidOrder();
    const refundId = (await requestRefund(orderNo)).body.data.id;
    const noNote = await staffCall(harness.app, sales, {
      method: "POST",
      url: "/api/admin/refunds/refuse",
      payload: { refundId, note: "" },
    });
    expect(noNote.code).toBe(0);
    expect(noNote.message).toMatch(/^请填写拒绝原因/);
    const refused = await staffCall<AdminRefund>(harness.app, sales, {
      method: "POST",
      url: "/api/admin/refunds/refuse",
      payload: { refundId, note: "定制商品已生产" },
    });
    expect(refused).toMatchObject({ code: 1, data: { status: "refused", note: "定制商品已生产" } });
    expect(refundPosts().filter((c) => c.body.includes(outTradeNo))).toHaveLength(0);
    expect((await shop.detail(orderNo)).body.data.refunds).toEqual([
      expect.objectContaining({ status: "refused", note: "定制商品已生产" }),
    ]);
    expect((await approve(refundId)).message).toBe("该退款申请已处理");
    // A shipped order is after-sales' business.
    const shipped = await paidOrder();
    await db().update(orders).set({ status: "shipped" }).where(eq(orders.orderNo, shipped.orderNo));
    expect((await requestRefund(shipped.orderNo)).body.message).toBe("订单已发货，请申请售后");
  });

  it("R19: the same approval 20 times at once through two instances sends one refund and records one", async () => {
    const other = await buildApp({
      env: testEnv(wechatEnv(fake)),
      database: ctx.database,
      serveWeb: false,
      payments: { runReconcile: false },
    });
    try {
      await other.ready();
      const { orderNo, outTradeNo, total } = await paidOrder();
      const refundId = (await requestRefund(orderNo)).body.data.id;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => approve(refundId, {}, i % 2 ? other : harness.app)),
      );
      expect(answers.every((a) => a.code === 1 && a.data.status === "processing")).toBe(true);
      const rows = await refundsOf(outTradeNo);
      expect(rows).toHaveLength(1);
      expect(refundPosts(rows[0]?.outRefundNo)).toHaveLength(1);
      expect(refundPosts().filter((c) => c.body.includes(outTradeNo))).toHaveLength(1);
      expect((await paymentOf(outTradeNo)).refundedCents).toBe(total);
      const moves = (await eventsOf(refundId)).filter((e) => e.toStatus === "processing");
      expect(moves).toHaveLength(1);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "refund.approve"), eq(auditLog.entityId, String(refundId))));
      expect(audits).toHaveLength(1);
      // The same notify 10 times at once, on both instances: settled once.
      fake.settleRefund(rows[0]?.outRefundNo ?? "", "SUCCESS");
      const notify = fake.refundNotifyFor(rows[0]?.outRefundNo ?? "");
      const codes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(i % 2 ? other : harness.app, notify, REFUND_NOTIFY)),
      );
      expect(codes.map((c) => c.statusCode)).toEqual(Array(10).fill(204));
      expect((await eventsOf(refundId)).filter((e) => e.toStatus === "succeeded")).toHaveLength(1);
      expect((await orderOf(orderNo))?.status).toBe("refunded");
    } finally {
      await other.close();
    }
  });

  it("R19: partial refunds add up to what was paid, never more; an over-refund is refused with a message", async () => {
    const { orderNo, outTradeNo, total } = await paidOrder();
    const part = Math.floor(total / 3);
    const first = (await requestRefund(orderNo)).body.data.id;
    expect((await approve(first, { amount: total + 1 })).message).toBe(
      `退款金额不能超过可退金额 ¥${(total / 100).toFixed(2)}`,
    );
    expect((await approve(first, { amount: part })).data).toMatchObject({ status: "processing", amount: part });
    const [one] = await refundsOf(outTradeNo);
    fake.settleRefund(one?.outRefundNo ?? "", "SUCCESS");
    expect((await post(harness.app, fake.refundNotifyFor(one?.outRefundNo ?? ""), REFUND_NOTIFY)).statusCode).toBe(204);
    // Partly refunded: the order stays paid and may ask for the rest.
    expect((await orderOf(orderNo))?.status).toBe("paid");
    const second = await requestRefund(orderNo, "剩余部分也退");
    expect(second.body.data.amount).toBe(total - part);
    const over = await approve(second.body.data.id, { amount: total - part + 1 });
    expect(over).toMatchObject({ code: 0, message: `退款金额不能超过可退金额 ¥${((total - part) / 100).toFixed(2)}` });
    expect((await approve(second.body.data.id)).data.amount).toBe(total - part);
    expect((await paymentOf(outTradeNo)).refundedCents).toBe(total);
    // The fake refuses more than the trade has left, as WeChat Pay does.
    expect(fake.refundedFen(outTradeNo)).toBe(total);
    // The database refuses it too (CHECK refunded <= amount), whatever the code does.
    await expect(
      db()
        .update(payments)
        .set({ refundedCents: total + 1 })
        .where(eq(payments.outTradeNo, outTradeNo)),
    ).rejects.toThrow();
    const [, two] = await refundsOf(outTradeNo);
    fake.settleRefund(two?.outRefundNo ?? "", "SUCCESS");
    await post(harness.app, fake.refundNotifyFor(two?.outRefundNo ?? ""), REFUND_NOTIFY);
    expect((await orderOf(orderNo))?.status).toBe("refunded");
  });

  it("R19: a forged or tampered refund notify changes nothing and is not answered success", async () => {
    const { orderNo, outTradeNo, total } = await paidOrder();
    const refundId = (await requestRefund(orderNo)).body.data.id;
    await approve(refundId);
    const [row] = await refundsOf(outTradeNo);
    const no = row?.outRefundNo ?? "";
    fake.settleRefund(no, "SUCCESS");
    const refused = async (message: NotifyMessage) => {
      const res = await post(harness.app, message, REFUND_NOTIFY);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "FAIL" });
      const [now] = await refundsOf(outTradeNo);
      expect(now?.status).toBe("processing");
      expect((await orderOf(orderNo))?.status).toBe("paid");
    };
    await refused(fake.refundNotifyFor(no, { signWith: newRsaKeys().privateKey }));
    const good = fake.refundNotifyFor(no);
    await refused({ ...good, body: good.body.replace('"summary":"退款成功"', '"summary":"退款成功 "') });
    await refused(fake.refundNotifyFor(no, { serial: "PUB_KEY_ID_0000000000000000000000000000" }));
    await refused(fake.refundNotifyFor(no, { timestamp: Math.floor(Date.now() / 1000) - 360 }));
    await refused(fake.refundNotifyFor(no, { tamperCiphertext: true }));
    await refused(fake.refundNotifyFor(no, { apiV3Key: randomBytes(16).toString("hex") }));
    await refused(fake.refundNotifyFor(no, { refund: { mchid: "1900000999" } }));
    await refused(fake.refundNotifyFor(no, { refund: { amount: { total, refund: total - 1 } } }));
    await refused(fake.refundNotifyFor(no, { refund: { out_refund_no: "R20261125000000ffffffffffffffff" } }));
    await refused(fake.refundNotifyFor(no, { refund: { out_trade_no: "P20261125000000ffffffffffffffff" } }));
    // A payment notify's body at the refund URL is not a refund.
    await refused(fake.notifyFor(outTradeNo));
    // The real one settles it.
    expect((await post(harness.app, fake.refundNotifyFor(no), REFUND_NOTIFY)).statusCode).toBe(204);
    expect((await refundsOf(outTradeNo))[0]?.status).toBe("succeeded");
  });

  it("R19: a send that times out is settled by the job's query, never sent again with a new number", async () => {
    const hasty = await buildApp({
      env: testEnv(wechatEnv(fake, 400)),
      database: ctx.database,
      serveWeb: false,
      payments: { runReconcile: false },
    });
    const { orderNo, outTradeNo, total } = await paidOrder();
    const refundId = (await requestRefund(orderNo)).body.data.id;
    fake.refundDelayMs = 2_000;
    let approved: Answer<AdminRefund>;
    try {
      await hasty.ready();
      const started = performance.now();
      approved = await approve(refundId, {}, hasty);
      expect(performance.now() - started).toBeLessThan(1_900);
    } finally {
      fake.refundDelayMs = 0;
      await hasty.close();
    }
    // The approval stands; the refund waits with its number; WeChat Pay did receive it.
    expect(approved).toMatchObject({ code: 1, data: { status: "processing" } });
    const [row] = await refundsOf(outTradeNo);
    const no = row?.outRefundNo ?? "";
    expect(row?.sentAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 2_100)); // the slow answer's refund is made at the fake
    expect(fake.refunds.get(no)?.refundFen).toBe(total);
    fake.settleRefund(no, "SUCCESS");
    // Two more instances, ten minutes on: one asks about that number and settles it.
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
      while (Date.now() < deadline && (await refundsOf(outTradeNo))[0]?.status !== "succeeded")
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await Promise.all(instances.map((app) => app.close()));
    }
    const rows = await refundsOf(outTradeNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", outRefundNo: no });
    expect(refundPosts().filter((c) => c.body.includes(outTradeNo))).toHaveLength(1);
    expect(fake.callsTo(`${REFUNDS_PATH}/${no}`).length).toBeGreaterThan(0);
    expect((await eventsOf(refundId)).at(-1)).toMatchObject({ toStatus: "succeeded", source: "reconcile" });
    expect((await orderOf(orderNo))?.status).toBe("refunded");
  });

  it("R19: a send WeChat Pay never received is sent again by the job under the same number; a failed one is retried by staff", async () => {
    const { orderNo, outTradeNo } = await paidOrder();
    const refundId = (await requestRefund(orderNo)).body.data.id;
    fake.failStatus = 500;
    try {
      expect((await approve(refundId)).data.status).toBe("processing");
    } finally {
      fake.failStatus = 0;
    }
    const [row] = await refundsOf(outTradeNo);
    const no = row?.outRefundNo ?? "";
    expect(fake.refunds.has(no)).toBe(false);
    const later = () => new Date(Date.now() + 10 * 60_000);
    const job = await buildApp({
      env: testEnv(wechatEnv(fake)),
      database: ctx.database,
      serveWeb: false,
      payments: { now: later, reconcile: { pollMs: 50 } },
    });
    try {
      await job.ready();
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !fake.refunds.has(no)) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await job.close();
    }
    // Sent again under its own number: one refund at WeChat Pay, one row here.
    expect(fake.refunds.get(no)?.status).toBe("PROCESSING");
    expect([...fake.refunds.values()].filter((r) => r.outTradeNo === outTradeNo)).toHaveLength(1);
    expect(await refundsOf(outTradeNo)).toHaveLength(1);
    // WeChat Pay closes it (REFUND.CLOSED): 退款失败, the amount refundable again; staff retry the same number.
    fake.settleRefund(no, "CLOSED");
    expect((await post(harness.app, fake.refundNotifyFor(no), REFUND_NOTIFY)).statusCode).toBe(204);
    expect((await refundsOf(outTradeNo))[0]?.status).toBe("failed");
    expect((await paymentOf(outTradeNo)).refundedCents).toBe(0);
    expect((await shop.detail(orderNo)).body.data.refunds?.[0]?.status).toBe("failed");
    const retried = await staffCall<AdminRefund>(harness.app, sales, {
      method: "POST",
      url: "/api/admin/refunds/retry",
      payload: { refundId },
    });
    expect(retried).toMatchObject({ code: 1, data: { status: "processing", outRefundNo: no } });
    expect(fake.refunds.get(no)?.status).toBe("PROCESSING");
    expect(refundPosts(no).length).toBeGreaterThanOrEqual(2);
    expect(
      new Set(
        refundPosts()
          .filter((c) => c.body.includes(outTradeNo))
          .map((c) => JSON.parse(c.body).out_refund_no),
      ),
    ).toEqual(new Set([no]));
    expect((await paymentOf(outTradeNo)).refundedCents).toBe(row?.amountCents);
  });

  it("a payment that arrives for a cancelled order is refunded automatically, in full", async () => {
    const placed = await shop.buyNow({ goodsId, skuId, quantity: 1 });
    const { orderNo, totalAmount } = placed.body.data;
    const { outTradeNo } = (
      await harness.asCustomer<PrecreateData>(session, {
        method: "GET",
        url: `/api/alipay/precreate?orderNo=${orderNo}`,
        remoteAddress: uniqueIp(),
      })
    ).body.data;
    const stockBefore = await stockOf(db(), skuId);
    expect((await shop.cancel(orderNo)).body.code).toBe(1);
    expect(await stockOf(db(), skuId)).toBe(stockBefore + 1);
    fake.pay(outTradeNo);
    expect((await post(harness.app, fake.notifyFor(outTradeNo), "/api/wechatpay/notify")).statusCode).toBe(204);
    const rows = await refundsOf(outTradeNo);
    expect(rows).toEqual([
      expect.objectContaining({
        origin: "auto",
        status: "processing",
        amountCents: totalAmount,
        orderId: expect.any(Number),
      }),
    ]);
    expect(refundPosts(rows[0]?.outRefundNo)).toHaveLength(1);
    fake.settleRefund(rows[0]?.outRefundNo ?? "", "SUCCESS");
    await post(harness.app, fake.refundNotifyFor(rows[0]?.outRefundNo ?? ""), REFUND_NOTIFY);
    expect((await refundsOf(outTradeNo))[0]?.status).toBe("succeeded");
    // The order stays cancelled; its stock was given back once, at the cancel.
    expect((await orderOf(orderNo))?.status).toBe("cancelled");
    expect(await stockOf(db(), skuId)).toBe(stockBefore + 1);
    expect((await paymentOf(outTradeNo)).refundedCents).toBe(totalAmount);
    const logged = logLines
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === "payment needs refund" && l.outTradeNo === outTradeNo);
    expect(logged).toMatchObject({ refundId: rows[0]?.id });
  });

  it("the deposit: its payer (logged in with that phone) gets it back within the window, no one else, not after", async () => {
    const mobile = uniquePhone("137");
    const entered = await harness.call({
      method: "POST",
      url: "/api/customers/denominate",
      payload: { phone: mobile, content: "悦享家", consent: true },
      remoteAddress: uniqueIp(),
    });
    expect(entered.body.code).toBe(1);
    const pre = await harness.call<PrecreateData>({
      method: "GET",
      url: `/api/alipay/precreate?name=${encodeURIComponent("悦享家")}&mobile=${mobile}`,
      remoteAddress: uniqueIp(),
    });
    const { outTradeNo, amount } = pre.body.data;
    fake.pay(outTradeNo);
    expect((await post(harness.app, fake.notifyFor(outTradeNo), "/api/wechatpay/notify")).statusCode).toBe(204);

    const payer = await harness.login(mobile);
    const mine = await harness.asCustomer<MyDeposit[]>(payer, { method: "GET", url: "/api/pay/deposits" });
    expect(mine.body.data).toEqual([expect.objectContaining({ outTradeNo, amount, canRefund: true, refunds: [] })]);
    // Someone else's session sees none and cannot ask.
    expect(
      (await harness.asCustomer<MyDeposit[]>(session, { method: "GET", url: "/api/pay/deposits" })).body.data,
    ).toEqual([]);
    const stranger = await harness.asCustomer(session, {
      method: "POST",
      url: "/api/pay/deposit/refund",
      payload: { outTradeNo, reason: "不参加了" },
    });
    expect(stranger.body).toMatchObject({ code: 0, message: "定金记录不存在" });

    // Past the window (paid eight days ago): refused.
    await db()
      .update(payments)
      .set({ paidAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(payments.outTradeNo, outTradeNo));
    const late = await harness.asCustomer(payer, {
      method: "POST",
      url: "/api/pay/deposit/refund",
      payload: { outTradeNo, reason: "不参加了" },
    });
    expect(late.body).toMatchObject({ code: 0, message: "定金支付超过 7 天，不能申请退款" });
    // A longer window in the settings: accepted and sent at once.
    await db().update(siteSettings).set({ depositRefundDays: 10 }).where(eq(siteSettings.id, 1));
    try {
      const asked = await harness.asCustomer<OrderRefund>(payer, {
        method: "POST",
        url: "/api/pay/deposit/refund",
        payload: { outTradeNo, reason: "不参加了" },
      });
      expect(asked.body).toMatchObject({ code: 1, data: { status: "processing", amount } });
    } finally {
      await db().update(siteSettings).set({ depositRefundDays: 7 }).where(eq(siteSettings.id, 1));
    }
    const [row] = await refundsOf(outTradeNo);
    expect(row).toMatchObject({ origin: "customer", orderId: null, amountCents: amount });
    expect(refundPosts(row?.outRefundNo)).toHaveLength(1);
    const again = (await harness.asCustomer<MyDeposit[]>(payer, { method: "GET", url: "/api/pay/deposits" })).body.data;
    expect(again[0]).toMatchObject({ canRefund: false, refunds: [expect.objectContaining({ status: "processing" })] });
  });

  const salesOf = async () =>
    (await db().select({ sales: goods.sales }).from(goods).where(eq(goods.id, goodsId)))[0]?.sales as number;

  it("a refunded order's units leave goods.sales: paying adds them, the full refund takes them back once", async () => {
    const before = await salesOf();
    const { orderNo, outTradeNo } = await paidOrder();
    expect(await salesOf()).toBe(before + 1);
    await approve((await requestRefund(orderNo)).body.data.id);
    const [row] = await refundsOf(outTradeNo);
    // Still on its way: nothing taken back yet.
    expect(await salesOf()).toBe(before + 1);
    fake.settleRefund(row?.outRefundNo ?? "", "SUCCESS");
    const notify = fake.refundNotifyFor(row?.outRefundNo ?? "");
    expect((await post(harness.app, notify, REFUND_NOTIFY)).statusCode).toBe(204);
    expect((await orderOf(orderNo))?.status).toBe("refunded");
    expect(await salesOf()).toBe(before);
    // A repeated notify settles nothing and takes nothing more.
    expect((await post(harness.app, notify, REFUND_NOTIFY)).statusCode).toBe(204);
    expect(await salesOf()).toBe(before);
  });

  it("an approved return: its refund's success marks the request 已退款 for the buyer and takes its units out of sales; a failed one stays 已同意 with 退款失败 for staff", async () => {
    /** A paid order, shipped, with a return filed by the buyer and approved by a 销售/客服. */
    async function approvedReturn() {
      const { orderNo, outTradeNo, total } = await paidOrder();
      await db().update(orders).set({ status: "shipped", shippedAt: new Date() }).where(eq(orders.orderNo, orderNo));
      const filed = await shop.call<Order>({
        method: "POST",
        url: "/api/order/afterSale/create",
        payload: { orderNo, kind: "return", reasonKind: "quality", reason: "柜门开裂" },
      });
      expect(filed.body.code, filed.body.message).toBe(1);
      const id = filed.body.data.afterSales[0]?.id as number;
      const decided = await staffCall<AdminAfterSale>(harness.app, sales, {
        method: "POST",
        url: "/api/admin/afterSales/decide",
        payload: { id, decision: "approve", note: "请寄回" },
      });
      expect(decided).toMatchObject({ code: 1, data: { status: "approved", refundStatus: "processing" } });
      const [row] = await refundsOf(outTradeNo);
      expect(row).toMatchObject({ origin: "after_sales", afterSaleId: id, amountCents: total, status: "processing" });
      return { orderNo, id, outRefundNo: row?.outRefundNo ?? "" };
    }
    const myRequest = async (orderNo: string) => (await shop.detail(orderNo)).body.data.afterSales[0];
    const listed = async (status: string) =>
      (
        await staffCall<{ dataList: AdminAfterSale[] }>(harness.app, sales, {
          method: "GET",
          url: `/api/admin/afterSales/list?status=${status}&kind=return&pageSize=50`,
        })
      ).data.dataList;

    const before = await salesOf();
    const good = await approvedReturn();
    expect(await salesOf()).toBe(before + 1);
    fake.settleRefund(good.outRefundNo, "SUCCESS");
    expect((await post(harness.app, fake.refundNotifyFor(good.outRefundNo), REFUND_NOTIFY)).statusCode).toBe(204);
    // The buyer reads 已退款 (refunded); it is no longer open, and the returned unit left the sales once.
    expect(await myRequest(good.orderNo)).toMatchObject({ id: good.id, status: "refunded", decisionNote: "请寄回" });
    expect(await salesOf()).toBe(before);
    expect((await listed("refunded")).find((r) => r.id === good.id)).toMatchObject({ refundStatus: "succeeded" });
    expect((await orderOf(good.orderNo))?.status).toBe("shipped");
    expect((await post(harness.app, fake.refundNotifyFor(good.outRefundNo), REFUND_NOTIFY)).statusCode).toBe(204);
    expect(await salesOf()).toBe(before);

    // WeChat Pay closes the other one: the request stays 已同意 (open), listed for staff with 退款失败.
    const bad = await approvedReturn();
    fake.settleRefund(bad.outRefundNo, "CLOSED");
    expect((await post(harness.app, fake.refundNotifyFor(bad.outRefundNo), REFUND_NOTIFY)).statusCode).toBe(204);
    expect(await myRequest(bad.orderNo)).toMatchObject({ id: bad.id, status: "approved" });
    expect((await listed("approved")).find((r) => r.id === bad.id)).toMatchObject({ refundStatus: "failed" });
    expect(await salesOf()).toBe(before + 1);
    // Staff retry it (same number); its success then closes the request as the first.
    const refundId = (await refundsOf((await paymentOfOrder(bad.orderNo)).outTradeNo))[0]?.id as number;
    const retried = await staffCall<AdminRefund>(harness.app, sales, {
      method: "POST",
      url: "/api/admin/refunds/retry",
      payload: { refundId },
    });
    expect(retried).toMatchObject({ code: 1, data: { status: "processing", outRefundNo: bad.outRefundNo } });
    fake.settleRefund(bad.outRefundNo, "SUCCESS");
    expect((await post(harness.app, fake.refundNotifyFor(bad.outRefundNo), REFUND_NOTIFY)).statusCode).toBe(204);
    expect(await myRequest(bad.orderNo)).toMatchObject({ status: "refunded" });
    expect(await salesOf()).toBe(before);
  });

  it("returns of a mixed order: the no-reason return takes back only its ready-made units, a later return of the same order only the rest", async () => {
    const [custom] = await db()
      .select({ goodsId: goods.id, skuId: goodsSkus.id })
      .from(goods)
      .innerJoin(goodsSkus, eq(goodsSkus.goodsId, goods.id))
      .where(and(eq(goods.madeToOrder, true), eq(goods.status, 1), eq(goods.isShow, 1)))
      .orderBy(asc(goodsSkus.id))
      .limit(1);
    if (!custom) throw new Error("no made-to-order goods in the demo data");
    await setStock(db(), custom.skuId, 500);
    const buyer = shopper(harness, await harness.login());
    await buyer.add({ goodsId, skuId, quantity: 2 });
    const cart = await buyer.add({ goodsId: custom.goodsId, skuId: custom.skuId, quantity: 1 });
    const placed = await buyer.checkout({
      cartIds: cart.body.data.singleDada.map((l) => l.id),
      madeToOrderConfirmed: true,
    });
    expect(placed.body.code, placed.body.message).toBe(1);
    const { orderNo } = placed.body.data;
    const pre = await harness.asCustomer<PrecreateData>(buyer.session, {
      method: "GET",
      url: `/api/alipay/precreate?orderNo=${orderNo}`,
      remoteAddress: uniqueIp(),
    });
    const { outTradeNo } = pre.body.data;
    fake.pay(outTradeNo);
    expect((await post(harness.app, fake.notifyFor(outTradeNo), "/api/wechatpay/notify")).statusCode).toBe(204);
    await db().update(orders).set({ status: "shipped", shippedAt: new Date() }).where(eq(orders.orderNo, orderNo));
    const salesOfBoth = async () =>
      Promise.all(
        [goodsId, custom.goodsId].map(
          async (id) => (await db().select({ sales: goods.sales }).from(goods).where(eq(goods.id, id)))[0]?.sales,
        ),
      );
    const [readyPaid, customPaid] = (await salesOfBoth()) as [number, number];

    /** Files a return, has it approved (for `yuan`, or what is refundable) and its refund settled. */
    async function returned(reasonKind: string, yuan?: string) {
      const filed = await buyer.call<Order>({
        method: "POST",
        url: "/api/order/afterSale/create",
        payload: { orderNo, kind: "return", reasonKind, reason: "退回" },
      });
      expect(filed.body.code, filed.body.message).toBe(1);
      const id = filed.body.data.afterSales[0]?.id as number;
      const decided = await staffCall<AdminAfterSale>(harness.app, sales, {
        method: "POST",
        url: "/api/admin/afterSales/decide",
        payload: { id, decision: "approve", ...(yuan ? { refundAmount: yuan } : {}) },
      });
      expect(decided.code, decided.message).toBe(1);
      const row = (await refundsOf(outTradeNo)).find((r) => r.afterSaleId === id);
      fake.settleRefund(row?.outRefundNo ?? "", "SUCCESS");
      expect((await post(harness.app, fake.refundNotifyFor(row?.outRefundNo ?? ""), REFUND_NOTIFY)).statusCode).toBe(
        204,
      );
      return { id, amount: row?.amountCents as number };
    }
    // 七天无理由: the two ready-made units come back (the made-to-order one cannot be returned so).
    const first = await returned("no_reason");
    expect((await buyer.detail(orderNo)).body.data.afterSales.find((r) => r.id === first.id)?.status).toBe("refunded");
    expect(await salesOfBoth()).toEqual([readyPaid - 2, customPaid]);
    // 质量问题 on the same order, for what is left: only the made-to-order unit leaves the sales now.
    const left = (await paymentOf(outTradeNo)).amountCents - first.amount;
    await returned("quality", (left / 100).toFixed(2));
    expect(await salesOfBoth()).toEqual([readyPaid - 2, customPaid - 1]);
  });

  it("a phone whose deposit was refunded can pay a new one; while the refund is on its way it cannot", async () => {
    const mobile = uniquePhone("136");
    const entered = await harness.call({
      method: "POST",
      url: "/api/customers/denominate",
      payload: { phone: mobile, content: "再次参加", consent: true },
      remoteAddress: uniqueIp(),
    });
    expect(entered.body.code).toBe(1);
    const precreate = () =>
      harness.call<PrecreateData>({
        method: "GET",
        url: `/api/alipay/precreate?name=${encodeURIComponent("再次参加")}&mobile=${mobile}`,
        remoteAddress: uniqueIp(),
      });
    const first = (await precreate()).body.data.outTradeNo;
    fake.pay(first);
    expect((await post(harness.app, fake.notifyFor(first), "/api/wechatpay/notify")).statusCode).toBe(204);
    expect((await precreate()).body).toMatchObject({ code: 0, message: "您已支付活动定金，无需重复支付" });

    const payer = await harness.login(mobile);
    const asked = await harness.asCustomer<OrderRefund>(payer, {
      method: "POST",
      url: "/api/pay/deposit/refund",
      payload: { outTradeNo: first, reason: "时间冲突" },
    });
    expect(asked.body).toMatchObject({ code: 1, data: { status: "processing" } });
    // On its way (it may yet fail): the deposit is still held.
    expect((await precreate()).body).toMatchObject({ code: 0, message: "您已支付活动定金，无需重复支付" });
    const [row] = await refundsOf(first);
    fake.settleRefund(row?.outRefundNo ?? "", "SUCCESS");
    expect((await post(harness.app, fake.refundNotifyFor(row?.outRefundNo ?? ""), REFUND_NOTIFY)).statusCode).toBe(204);

    // Given back: a new deposit trade, paid and listed beside the refunded one.
    const again = await precreate();
    expect(again.body.code, again.body.message).toBe(1);
    const second = again.body.data.outTradeNo;
    expect(second).not.toBe(first);
    fake.pay(second);
    expect((await post(harness.app, fake.notifyFor(second), "/api/wechatpay/notify")).statusCode).toBe(204);
    expect((await paymentOf(second)).status).toBe("paid");
    const mine = (await harness.asCustomer<MyDeposit[]>(payer, { method: "GET", url: "/api/pay/deposits" })).body.data;
    expect(mine.map((d) => [d.outTradeNo, d.canRefund])).toEqual([
      [first, false],
      [second, true],
    ]);
    expect((await precreate()).body).toMatchObject({ code: 0, message: "您已支付活动定金，无需重复支付" });
  });

  it("Alipay: alipay.trade.refund with out_request_no (a repeat is the same refund), over-refund refused, fastpay.refund.query", async () => {
    const appKeys = rsaKeyPair();
    const alipay = await new FakeAlipay(appKeys.publicKey, "2021000000000001", "2088000000000001").start();
    try {
      const provider = new AlipayPaymentProvider(
        {
          appId: "2021000000000001",
          privateKey: appKeys.privateKey,
          alipayPublicKey: alipay.alipayKeys.publicKey,
          sellerId: "2088000000000001",
          gateway: alipay.url,
          notifyUrl: "https://shop.example.cn/api/alipay/notify",
          timeoutMs: 15_000,
        },
        harness.app.log,
      );
      const outTradeNo = "P20261125000000abcdefabcdefabcd";
      await provider.precreate({
        outTradeNo,
        amountCents: 10_000,
        subject: "测试",
        expiresAt: new Date(Date.now() + 600_000),
      });
      alipay.pay(outTradeNo);
      const first = {
        outTradeNo,
        outRefundNo: "R20261125000000aaaaaaaaaaaaaaaa",
        amountCents: 6_000,
        totalCents: 10_000,
        reason: "退款",
      };
      expect(await provider.queryRefund(first)).toMatchObject({ state: null });
      expect(await provider.refund(first)).toMatchObject({ state: "succeeded", amountCents: 6_000 });
      expect(await provider.refund(first)).toMatchObject({ state: "succeeded" });
      expect(alipay.callsOf("alipay.trade.refund").at(-1)?.biz).toMatchObject({
        out_request_no: first.outRefundNo,
        refund_amount: "60.00",
      });
      expect(alipay.refundedCents(outTradeNo)).toBe(6_000);
      const over = { ...first, outRefundNo: "R20261125000000bbbbbbbbbbbbbbbb", amountCents: 4_001 };
      expect(await provider.refund(over)).toMatchObject({ state: "failed" });
      expect(await provider.queryRefund(first)).toMatchObject({ state: "succeeded", amountCents: 6_000 });
      expect(await provider.queryRefund(over)).toMatchObject({ state: null });
      // A slow answer is an unknown outcome (1502), never a failure; the refund exists and is found by query.
      const slowProvider = new AlipayPaymentProvider(
        {
          appId: "2021000000000001",
          privateKey: appKeys.privateKey,
          alipayPublicKey: alipay.alipayKeys.publicKey,
          sellerId: "2088000000000001",
          gateway: alipay.url,
          notifyUrl: "https://shop.example.cn/api/alipay/notify",
          timeoutMs: 300,
        },
        harness.app.log,
      );
      alipay.refundDelayMs = 1_000;
      const slow = { ...first, outRefundNo: "R20261125000000cccccccccccccccc", amountCents: 4_000 };
      await expect(slowProvider.refund(slow)).rejects.toThrow("支付服务繁忙，请稍后重试");
      alipay.refundDelayMs = 0;
      await new Promise((r) => setTimeout(r, 1_100));
      expect(await provider.queryRefund(slow)).toMatchObject({ state: "succeeded", amountCents: 4_000 });
      expect(alipay.refundedCents(outTradeNo)).toBe(10_000);
    } finally {
      await alipay.stop();
    }
  });

  it("openReturnRefund (the after-sales return's refund) opens a processing refund in the caller's transaction, with the same guards", async () => {
    const { openReturnRefund } = await import("../src/modules/payments/index.js");
    const { orderNo, outTradeNo, total } = await paidOrder();
    const order = await orderOf(orderNo);
    await db().update(orders).set({ status: "completed" }).where(eq(orders.orderNo, orderNo));
    const [afterSale] = await db()
      .insert(afterSales)
      .values({
        orderId: order?.id ?? 0,
        customerId: order?.customerId ?? 0,
        kind: "return",
        reason: "退货",
        status: "approved",
        createdAt: new Date(),
      })
      .returning();
    const open = (amountCents: number) =>
      db().transaction((tx) =>
        openReturnRefund(tx, {
          orderId: order?.id ?? 0,
          afterSaleId: afterSale?.id ?? 0,
          amountCents,
          reason: "退货退款",
          staffId: sales.id,
          now: new Date(),
        }),
      );
    await expect(open(total + 1)).rejects.toThrow(`退款金额不能超过可退金额 ¥${(total / 100).toFixed(2)}`);
    expect(await refundsOf(outTradeNo)).toHaveLength(0);
    const { refundId } = await open(total - 1);
    await expect(open(1)).rejects.toThrow("该笔支付已有处理中的退款，请等待处理完成");
    const [row] = await refundsOf(outTradeNo);
    expect(row).toMatchObject({
      id: refundId,
      origin: "after_sales",
      status: "processing",
      afterSaleId: afterSale?.id,
      decidedByStaffId: sales.id,
      sentAt: null,
    });
    expect((await paymentOf(outTradeNo)).refundedCents).toBe(total - 1);
    // A pending order has nothing to refund.
    const unpaid = await shop.buyNow({ goodsId, skuId, quantity: 1 });
    const unpaidOrder = await orderOf(unpaid.body.data.orderNo);
    await expect(
      db().transaction((tx) =>
        openReturnRefund(tx, {
          orderId: unpaidOrder?.id ?? 0,
          afterSaleId: afterSale?.id ?? 0,
          amountCents: 1,
          reason: "x",
          staffId: sales.id,
          now: new Date(),
        }),
      ),
    ).rejects.toThrow("订单未支付，无法退款");
  });
});
