// The back office's order desk (R16): the list with filters and masked phones, the detail with
// payments and history, the staff moves 已支付 → 已发货 → 已完成 and the cancel of an unpaid order
// (stock back, as the customer's cancel), each with its order event and audit row; illegal moves are
// refused in Chinese and change nothing; trades that need a person are listed.
import { AdminMessages, type AdminOrderDetail, type PrecreateData, type UnreconciledPayment } from "@yj/contract";
import { and, desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, orderEvents, orders, payments } from "../src/db/schema.js";
import { AccountsHarness, uniqueIp } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { pickSkus, type Shopper, setStock, shopper, stockOf } from "./commerce-fixtures.js";
import { describeEachBackend } from "./helper.js";

type Answer<T = unknown> = { code: number; message: string; data: T; errorCode?: number };

describeEachBackend("back office orders", (ctx) => {
  const db = () => ctx.database.db;
  let harness: AccountsHarness;
  let buyer: Shopper;
  let sales: StaffSession;
  let skuId = 0;
  let goodsId = 0;

  const as = async <T = unknown>(session: StaffSession, options: InjectOptions) => {
    const res = await ctx.app.inject(asStaff(session, { remoteAddress: uniqueIp(), ...options }));
    return res.json() as Answer<T>;
  };
  const post = <T = AdminOrderDetail>(url: string, payload: object) =>
    as<T>(sales, { method: "POST", url, payload: payload as InjectOptions["payload"] });
  const auditOf = (orderNo: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, orderNo)))
      .orderBy(desc(auditLog.id));

  /** A real order of 2 units, made through the shop's API. */
  async function newOrder() {
    const made = await buyer.buyNow({ goodsId, skuId, quantity: 2 });
    expect(made.body.code).toBe(1);
    return made.body.data.orderNo;
  }
  /** Paid through the offline provider, as the pay step does. */
  async function pay(orderNo: string) {
    const trade = await buyer.call<PrecreateData>({ method: "GET", url: `/api/alipay/precreate?orderNo=${orderNo}` });
    const paid = await harness.call({
      method: "POST",
      url: "/api/pay/offline/confirm",
      payload: { outTradeNo: trade.body.data.outTradeNo },
    });
    expect(paid.body.code).toBe(1);
    return trade.body.data.outTradeNo;
  }

  beforeAll(async () => {
    harness = await AccountsHarness.build(ctx.database);
    buyer = shopper(harness, await harness.login());
    sales = await newStaff(ctx.app, db(), "sales", "李客服");
    const [sku] = await pickSkus(db(), false, 1, 3);
    skuId = sku!.skuId;
    goodsId = sku!.goodsId;
    await setStock(db(), skuId, 50);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it("finds an order by number and phone, masked in the list, whole in the detail with its payment", async () => {
    const orderNo = await newOrder();
    const outTradeNo = await pay(orderNo);
    const list = await as<{ total: number; dataList: { orderNo: string; phone: string; status: string }[] }>(sales, {
      url: "/api/admin/orders/list",
      query: { orderNo: orderNo.slice(-10), phone: "13800138", status: "paid" },
    });
    expect(list.code).toBe(1);
    expect(list.data.dataList.map((r) => r.orderNo)).toEqual([orderNo]);
    expect(list.data.dataList[0]?.phone).toBe("138****8000");
    const none = await as<{ total: number }>(sales, {
      url: "/api/admin/orders/list",
      query: { orderNo, status: "shipped" },
    });
    expect(none.data.total).toBe(0);

    const detail = await as<AdminOrderDetail>(sales, { url: "/api/admin/orders/detail", query: { orderNo } });
    expect(detail.data).toMatchObject({ orderNo, status: "paid", address: { phone: "13800138000" } });
    expect(detail.data.lines[0]).toMatchObject({ skuId, quantity: 2 });
    expect(detail.data.payments).toEqual([
      expect.objectContaining({ outTradeNo, provider: "offline", status: "paid", amount: detail.data.totalAmount }),
    ]);
    expect(detail.data.history.map((h) => [h.status, h.actor])).toEqual([
      ["pending_payment", "顾客"],
      ["paid", "系统"],
    ]);
  });

  it("ships a paid order and completes it, each move with its event and audit row; the customer sees the tracking number", async () => {
    const orderNo = await newOrder();
    await pay(orderNo);
    const tooEarly = await post("/api/admin/orders/complete", { orderNo });
    expect(tooEarly).toMatchObject({ code: 0, message: AdminMessages.orderCannotComplete });

    const shipped = await post("/api/admin/orders/ship", { orderNo, carrier: "顺丰速运", trackingNo: "SF1234567890" });
    expect(shipped).toMatchObject({ code: 1, message: AdminMessages.orderShipped });
    expect(shipped.data).toMatchObject({ status: "shipped", carrier: "顺丰速运", trackingNo: "SF1234567890" });
    expect(shipped.data.history.at(-1)).toMatchObject({
      status: "shipped",
      actor: "李客服",
      note: "顺丰速运 SF1234567890",
    });
    const seen = await buyer.detail(orderNo);
    expect(seen.body.data).toMatchObject({ status: "shipped", trackingNo: "SF1234567890" });

    const again = await post("/api/admin/orders/ship", { orderNo, carrier: "圆通", trackingNo: "YT000000" });
    expect(again).toMatchObject({ code: 0, message: AdminMessages.orderCannotShip });
    const cancelShipped = await post("/api/admin/orders/cancel", { orderNo });
    expect(cancelShipped).toMatchObject({ code: 0, message: AdminMessages.orderCannotCancel });

    const completed = await post("/api/admin/orders/complete", { orderNo });
    expect(completed).toMatchObject({ code: 1, message: AdminMessages.orderCompleted, data: { status: "completed" } });
    expect(completed.data.completedAt).not.toBeNull();

    const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, row!.id));
    expect(events.map((e) => e.status)).toEqual(["pending_payment", "paid", "shipped", "completed"]);
    expect(events.slice(2).every((e) => e.actor === `staff:${sales.id}`)).toBe(true);
    const audits = await auditOf(orderNo);
    expect(audits.map((a) => [a.action, a.staffId])).toEqual([
      ["order.complete", sales.id],
      ["order.ship", sales.id],
    ]);
    expect(audits[1]).toMatchObject({
      before: { status: "paid", carrier: null, trackingNo: null },
      after: { status: "shipped", carrier: "顺丰速运", trackingNo: "SF1234567890" },
    });
  });

  it("cancels an unpaid order and gives its stock back, as the customer's cancel does; a paid one is refused", async () => {
    const before = await stockOf(db(), skuId);
    const orderNo = await newOrder();
    expect(await stockOf(db(), skuId)).toBe(before - 2);
    const shipUnpaid = await post("/api/admin/orders/ship", { orderNo, carrier: "顺丰速运", trackingNo: "SF99990000" });
    expect(shipUnpaid).toMatchObject({ code: 0, message: AdminMessages.orderCannotShip });

    const cancelled = await post("/api/admin/orders/cancel", { orderNo, note: "顾客电话要求取消" });
    expect(cancelled).toMatchObject({ code: 1, message: AdminMessages.orderCancelled, data: { status: "cancelled" } });
    expect(cancelled.data.history.at(-1)).toMatchObject({
      status: "cancelled",
      actor: "李客服",
      note: "顾客电话要求取消",
    });
    expect(await stockOf(db(), skuId)).toBe(before);
    const twice = await post("/api/admin/orders/cancel", { orderNo });
    expect(twice).toMatchObject({ code: 0, message: AdminMessages.orderCannotCancel });
    expect(await stockOf(db(), skuId)).toBe(before);
    expect((await auditOf(orderNo)).map((a) => a.action)).toEqual(["order.cancel"]);

    const paidNo = await newOrder();
    await pay(paidNo);
    const paidStock = await stockOf(db(), skuId);
    expect(await post("/api/admin/orders/cancel", { orderNo: paidNo })).toMatchObject({
      code: 0,
      message: AdminMessages.orderCannotCancel,
    });
    expect(await stockOf(db(), skuId)).toBe(paidStock);
    expect(await auditOf(paidNo)).toEqual([]);
  });

  it("an unknown order is 订单不存在; a bad tracking number is refused with the rule", async () => {
    const missing = await post("/api/admin/orders/ship", {
      orderNo: "NOSUCH000001",
      carrier: "顺丰",
      trackingNo: "SF1234",
    });
    expect(missing).toMatchObject({ code: 0, message: AdminMessages.orderNotFound });
    const orderNo = await newOrder();
    const bad = await post("/api/admin/orders/ship", { orderNo, carrier: "顺丰", trackingNo: "单号" });
    expect(bad.code).toBe(0);
    expect(bad.message).toContain("运单号为 4–40 位字母、数字或短横线");
  });

  it("lists trades that need a person: paid for a cancelled order, and pending past payBefore", async () => {
    const refundNo = await newOrder();
    const refundTrade = await pay(refundNo);
    // A payment recorded after the order was cancelled (a late notify): the money must go back.
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.orderNo, refundNo));
    const staleNo = await newOrder();
    const stale = await buyer.call<PrecreateData>({ method: "GET", url: `/api/alipay/precreate?orderNo=${staleNo}` });
    await db()
      .update(orders)
      .set({ payBefore: new Date(Date.now() - 60_000) })
      .where(eq(orders.orderNo, staleNo));
    const issues = await as<UnreconciledPayment[]>(sales, { url: "/api/admin/orders/unreconciled" });
    expect(issues.code).toBe(1);
    const byTrade = new Map(issues.data.map((i) => [i.outTradeNo, i]));
    expect(byTrade.get(refundTrade)).toMatchObject({ issue: "refund_needed", orderNo: refundNo, status: "paid" });
    expect(byTrade.get(stale.body.data.outTradeNo)).toMatchObject({ issue: "stale_pending", orderNo: staleNo });
    const [paidRow] = await db().select().from(payments).where(eq(payments.outTradeNo, refundTrade));
    expect(paidRow?.status).toBe("paid");
  });

  it("the dashboard counts today's orders made and paid with the amount, for 销售 but not for 运营", async () => {
    type Board = { leads: unknown; orders: { today: { made: number; paid: number; paidAmount: number } } | null };
    const before = (await as<Board>(sales, { url: "/api/admin/dashboard" })).data.orders!.today;
    const orderNo = await newOrder();
    await pay(orderNo);
    await newOrder();
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    const after = (await as<Board>(sales, { url: "/api/admin/dashboard" })).data.orders!.today;
    expect(after).toEqual({
      made: before.made + 2,
      paid: before.paid + 1,
      paidAmount: before.paidAmount + row!.totalCents,
    });
    const ops = await newStaff(ctx.app, db(), "operations");
    const opsBoard = (await as<Board>(ops, { url: "/api/admin/dashboard" })).data;
    expect(opsBoard.orders).toBeNull();
    expect(opsBoard.leads).toBeNull();
  });
});
