// Orders (ADR 0023, 0025): made from database prices, whole or absent (R9), one per Idempotency-Key
// (R8, serial here; concurrent in commerce-concurrency.test.ts), cancelled by the owner only, expired
// by the job exactly once, marked paid once through markOrderPaid.
import { randomUUID } from "node:crypto";
import { ErrorCode, ORDER_PAYMENT_WINDOW_MINUTES, type PrecreateData, YuanAmount } from "@yj/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { goods, goodsSkus, idempotencyKeys, orderEvents, orders } from "../src/db/schema.js";
import { DEFAULT_EXPIRY_POLICY, EXPIRY_NOTE, OrderExpiryJob } from "../src/modules/orders/expiry-job.js";
import { markOrderPaid } from "../src/modules/orders/order-payment.js";
import { AccountsHarness, ManualClock, MINUTE } from "./accounts-fixtures.js";
import { ADDRESS, orderCount, pickSkus, setStock, shopper, stockOf, type TestSku } from "./commerce-fixtures.js";
import { describeEachBackend, testEnv } from "./helper.js";

describeEachBackend("commerce: orders", { embedded: true, app: false }, (ctx) => {
  let h: AccountsHarness;
  let clock: ManualClock;
  let single: TestSku;
  let other: TestSku;
  let pkg: TestSku;
  beforeAll(async () => {
    clock = new ManualClock();
    h = await AccountsHarness.build(ctx.database, { clock, orders: { now: clock.now, runExpiry: false } });
    [single, other] = (await pickSkus(ctx.database.db, false, 2)) as [TestSku, TestSku];
    [pkg] = (await pickSkus(ctx.database.db, true, 1)) as [TestSku];
  });
  afterAll(() => h?.close());

  const fresh = async () => shopper(h, await h.login());
  const db = () => ctx.database.db;
  const orderIdOf = async (orderNo: string) => {
    const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
    if (!row) throw new Error(`no order ${orderNo}`);
    return row.id;
  };

  it("getCustomerInfoForShopping: null before the first order, the last address after; another mobile refused", async () => {
    await setStock(db(), single.skuId, 10);
    const s = await fresh();
    const info = (mobile: string) =>
      s.call({ method: "GET", url: `/api/order/getCustomerInfoForShopping?mobile=${mobile}` });
    expect((await info(s.session.mobile)).body).toMatchObject({
      code: 1,
      data: { mobile: s.session.mobile, address: null },
    });
    const someoneElse = await fresh();
    await someoneElse.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 });
    const refused = await info(someoneElse.session.mobile);
    expect(refused.body).toMatchObject({ code: 0, errorCode: ErrorCode.BUSINESS, data: null });
    await s.buyNow({
      goodsId: single.goodsId,
      skuId: single.skuId,
      quantity: 1,
      address: { ...ADDRESS, name: "李四" },
    });
    expect((await info(s.session.mobile)).body.data).toEqual({
      mobile: s.session.mobile,
      address: { ...ADDRESS, name: "李四" },
    });
  });

  it("createOrder: needs an Idempotency-Key; prices from the database; stock taken; pays within the window", async () => {
    await setStock(db(), single.skuId, 10);
    const s = await fresh();
    const missing = await s.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 }, null);
    expect(missing.body).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
    expect(missing.body.message).toContain("Idempotency-Key");
    // A price sent by the client is not part of the contract and changes nothing.
    const { body } = await s.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2, price: 1 });
    expect(body).toMatchObject({ code: 1, message: "下单成功" });
    const order = body.data;
    expect(order.orderNo).toMatch(/^\d{14}[A-Z0-9]{8}$/);
    expect(order).toMatchObject({
      status: "pending_payment",
      totalAmount: 2 * single.priceCents,
      lines: [{ goodsId: single.goodsId, skuId: single.skuId, isMeal: null, price: single.priceCents, quantity: 2 }],
      address: ADDRESS,
      paidAt: null,
      history: [{ status: "pending_payment" }],
    });
    expect(Date.parse(order.payBefore) - Date.parse(order.createdAt)).toBe(ORDER_PAYMENT_WINDOW_MINUTES * MINUTE);
    expect(await stockOf(db(), single.skuId)).toBe(8);
    expect((await s.detail(order.orderNo)).body.data).toEqual(order);
    // Buying a package names it as the line's isMeal; a package id that is not the goods is refused.
    await setStock(db(), pkg.skuId, 5);
    const meal = await s.buyNow({ goodsId: pkg.goodsId, skuId: pkg.skuId, quantity: 1, isMeal: pkg.goodsId });
    expect(meal.body.data.lines[0]).toMatchObject({ isMeal: pkg.goodsId, price: pkg.priceCents });
    const wrong = await s.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1, isMeal: pkg.goodsId });
    expect(wrong.body).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
  });

  it("createOrders: the chosen cart lines become one order and leave the cart; the rest stays", async () => {
    for (const s of [single, other, pkg]) await setStock(db(), s.skuId, 20);
    const s = await fresh();
    await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 });
    await s.add({ goodsId: other.goodsId, skuId: other.skuId, quantity: 1 });
    const cart = (await s.addPackage(pkg.goodsId, [{ goodsId: pkg.goodsId, skuId: pkg.skuId, quantity: 1 }])).body.data;
    const chosen = [...cart.singleDada.filter((l) => l.skuId === single.skuId), ...(cart.mealData[0]?.lines ?? [])];
    const { body } = await s.checkout({ cartIds: chosen.map((l) => l.id), remark: "周末送货" });
    expect(body.code).toBe(1);
    expect(body.data.totalAmount).toBe(2 * single.priceCents + pkg.priceCents);
    expect(body.data.remark).toBe("周末送货");
    expect(body.data.lines.map((l) => [l.skuId, l.isMeal, l.quantity]).sort()).toEqual(
      [
        [single.skuId, null, 2],
        [pkg.skuId, pkg.goodsId, 1],
      ].sort(),
    );
    const left = (await s.cart()).body.data;
    expect(left.singleDada.map((l) => l.skuId)).toEqual([other.skuId]);
    expect(left.mealData).toEqual([]);
    expect([await stockOf(db(), single.skuId), await stockOf(db(), pkg.skuId)]).toEqual([18, 19]);
    // Lines already ordered, or another customer's, are not found.
    expect((await s.checkout({ cartIds: [chosen[0]?.id ?? 0] })).body.errorCode).toBe(ErrorCode.NOT_FOUND);
    const stranger = await fresh();
    expect((await stranger.checkout({ cartIds: [left.singleDada[0]?.id ?? 0] })).body.errorCode).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await s.list()).body.data).toMatchObject({ total: 1, dataList: [{ orderNo: body.data.orderNo }] });
  });

  it("R8 (serial): the same key replays the same order; the same key with another body is refused", async () => {
    await setStock(db(), single.skuId, 10);
    const s = await fresh();
    const key = randomUUID();
    const first = await s.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 }, key);
    const again = await s.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 }, key);
    expect(again.body).toEqual(first.body);
    expect(await stockOf(db(), single.skuId)).toBe(9);
    const other = await s.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 3 }, key);
    expect(other.body).toMatchObject({ code: 0, errorCode: ErrorCode.BUSINESS, message: "该请求已处理，请勿重复提交" });
    const elsewhere = await s.checkout({ cartIds: [1] }, key);
    expect(elsewhere.body.errorCode).toBe(ErrorCode.BUSINESS);
    expect((await s.list()).body.data.total).toBe(1);
    // Another customer's identical key is theirs alone.
    const t = await fresh();
    const theirs = await t.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 }, key);
    expect(theirs.body.data.orderNo).not.toBe(first.body.data.orderNo);
  });

  it("R9: not enough of one line rolls back the whole order: no order, stock and cart unchanged", async () => {
    await setStock(db(), single.skuId, 10);
    await setStock(db(), other.skuId, 5);
    const s = await fresh();
    await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 3 });
    const cart = (await s.add({ goodsId: other.goodsId, skuId: other.skuId, quantity: 5 })).body.data;
    await setStock(db(), other.skuId, 4);
    const before = await orderCount(db());
    const key = randomUUID();
    const refused = await s.checkout({ cartIds: cart.singleDada.map((l) => l.id) }, key);
    expect(refused.body).toMatchObject({ code: 0, errorCode: ErrorCode.BUSINESS });
    expect(refused.body.message).toMatch(/库存不足，最多还能购买 4 件$/);
    expect(await orderCount(db())).toBe(before);
    expect([await stockOf(db(), single.skuId), await stockOf(db(), other.skuId)]).toEqual([10, 4]);
    expect((await s.cart()).body.data).toEqual({
      ...cart,
      singleDada: cart.singleDada.map((l) => ({ ...l, stock: l.skuId === other.skuId ? 4 : l.stock })),
    });
    // The failed attempt did not keep the key: the same key goes through once there is stock.
    await setStock(db(), other.skuId, 5);
    expect((await s.checkout({ cartIds: cart.singleDada.map((l) => l.id) }, key)).body.code).toBe(1);
  });

  it("R9: a database failure after the order insert (a trigger on the stock update) leaves nothing behind", async () => {
    await setStock(db(), single.skuId, 10);
    const s = await fresh();
    const cart = (await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 })).body.data;
    const before = await orderCount(db());
    await db().execute(
      sql.raw(`create function yj_test_fail_stock() returns trigger language plpgsql as $$
                 begin raise exception 'injected failure between the order insert and the stock update'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger yj_test_fail_stock before update of stock on goods_skus for each row
                 when (old.id = ${single.skuId}) execute function yj_test_fail_stock()`),
    );
    const key = randomUUID();
    try {
      const failed = await s.checkout({ cartIds: cart.singleDada.map((l) => l.id) }, key);
      expect(failed.status).toBe(500);
      expect(failed.body).toMatchObject({ code: 0, errorCode: ErrorCode.INTERNAL });
    } finally {
      await db().execute(sql.raw("drop trigger yj_test_fail_stock on goods_skus"));
      await db().execute(sql.raw("drop function yj_test_fail_stock()"));
    }
    expect(await orderCount(db())).toBe(before);
    expect(await stockOf(db(), single.skuId)).toBe(10);
    expect((await s.cart()).body.data).toEqual(cart);
    const keys = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys).toEqual([]);
  });

  it("#21 item 6: NUL in the remark or the address, a lone surrogate: refused in the envelope, nothing ordered", async () => {
    await setStock(db(), single.skuId, 10);
    const s = await fresh();
    const before = await orderCount(db());
    const line = { goodsId: single.goodsId, skuId: single.skuId, quantity: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...line, remark: "请放门口\u0000" }, "备注包含无法识别的字符"],
      [{ ...line, address: { ...ADDRESS, detail: "科技园路\u00001 号" } }, "详细地址包含无法识别的字符"],
      [{ ...line, address: { ...ADDRESS, name: "\u0000" } }, "收货人包含无法识别的字符"],
      [{ ...line, remark: "备注\ud800" }, "备注包含无法识别的字符"],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await s.buyNow(body);
      expect(status, message).toBe(200);
      expect(answer).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT, data: null });
      expect(answer.message).toContain(message);
    }
    expect(await orderCount(db())).toBe(before);
    expect(await stockOf(db(), single.skuId)).toBe(10);
  });

  it("#21 item 7: a 9 999 999.99 元 price times a quantity makes an order past 2^31 cents, paid in full; past 1 亿元 refused", async () => {
    // The back office accepts 9999999.99 元 (YuanAmount); that price, bought 3 at once, overflowed integer.
    const price = YuanAmount.parse("9999999.99");
    expect(price).toBe(999_999_999);
    const [dear] = (await pickSkus(db(), false, 1, 3)) as [TestSku];
    await db().update(goodsSkus).set({ priceCents: price }).where(eq(goodsSkus.id, dear.skuId));
    await setStock(db(), dear.skuId, 50);
    try {
      const s = await fresh();
      const { status, body } = await s.buyNow({ goodsId: dear.goodsId, skuId: dear.skuId, quantity: 3 });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        code: 1,
        data: { totalAmount: 2_999_999_997, lines: [{ price, quantity: 3, amount: 2_999_999_997 }] },
      });
      expect((await s.detail(body.data.orderNo)).body.data.totalAmount).toBe(2_999_999_997);
      const pay = await s.call<PrecreateData>({
        method: "GET",
        url: `/api/alipay/precreate?orderNo=${body.data.orderNo}`,
      });
      expect(pay.body).toMatchObject({ code: 1, data: { amount: 2_999_999_997 } });

      // 11 of them: 109 999 999.89 元, past what one order (and one Alipay trade) may be.
      const before = await orderCount(db());
      const tooMuch = await s.buyNow({ goodsId: dear.goodsId, skuId: dear.skuId, quantity: 11 });
      expect(tooMuch.status).toBe(200);
      expect(tooMuch.body).toMatchObject({ code: 0, data: null });
      expect(tooMuch.body.message).toContain("订单金额不能超过");
      expect(await orderCount(db())).toBe(before);
      expect(await stockOf(db(), dear.skuId)).toBe(47);
    } finally {
      await db().update(goodsSkus).set({ priceCents: dear.priceCents }).where(eq(goodsSkus.id, dear.skuId));
    }
  });

  it("cancel: the owner's unpaid order only; stock given back once, with an event", async () => {
    await setStock(db(), single.skuId, 10);
    const owner = await fresh();
    const { orderNo } = (await owner.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 3 })).body.data;
    expect(await stockOf(db(), single.skuId)).toBe(7);
    const stranger = await fresh();
    expect((await stranger.cancel(orderNo)).body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND });
    expect((await stranger.detail(orderNo)).body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND });
    expect(await stockOf(db(), single.skuId)).toBe(7);
    const cancelled = await owner.cancel(orderNo);
    expect(cancelled.body).toMatchObject({ code: 1, message: "订单已取消", data: { status: "cancelled" } });
    expect(cancelled.body.data.history.map((e) => e.status)).toEqual(["pending_payment", "cancelled"]);
    expect(await stockOf(db(), single.skuId)).toBe(10);
    const twice = await owner.cancel(orderNo);
    expect(twice.body).toMatchObject({ code: 0, errorCode: ErrorCode.BUSINESS, message: "订单已取消" });
    expect(await stockOf(db(), single.skuId)).toBe(10);
    expect((await owner.list("?status=cancelled")).body.data.total).toBe(1);
    expect((await owner.list("?status=paid")).body.data.total).toBe(0);
  });

  it("markOrderPaid moves a pending order to paid once and counts the sales; a paid order is not cancelled", async () => {
    await setStock(db(), single.skuId, 10);
    const s = await fresh();
    const { orderNo } = (await s.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 })).body.data;
    const id = await orderIdOf(orderNo);
    const salesOf = async () =>
      (await db().select({ sales: goods.sales }).from(goods).where(eq(goods.id, single.goodsId)))[0]?.sales ?? -1;
    const salesBefore = await salesOf();
    const paidAt = clock.now();
    const first = await db().transaction((tx) => markOrderPaid(tx, id, paidAt, "测试支付"));
    expect(first).toEqual({ changed: true, orderNo, totalCents: 2 * single.priceCents });
    const second = await db().transaction((tx) => markOrderPaid(tx, id, paidAt, "测试支付"));
    expect(second).toEqual({ changed: false, status: "paid" });
    expect(await salesOf()).toBe(salesBefore + 2);
    const detail = (await s.detail(orderNo)).body.data;
    expect(detail).toMatchObject({ status: "paid", paidAt: paidAt.toISOString() });
    expect(detail.history.map((e) => [e.status, e.note])).toEqual([
      ["pending_payment", ""],
      ["paid", "测试支付"],
    ]);
    expect((await s.cancel(orderNo)).body.message).toBe("订单已支付，不能取消");
    const log = h.app.log;
    const job = new OrderExpiryJob(db(), {
      policy: DEFAULT_EXPIRY_POLICY,
      now: () => new Date(Date.now() + 86_400_000),
      log,
    });
    await job.runOnce();
    expect((await s.detail(orderNo)).body.data.status).toBe("paid");
  });

  it("the expiry job cancels an unpaid order after the window and grace, once, with two instances racing", async () => {
    await setStock(db(), other.skuId, 10);
    const s = await fresh();
    const { orderNo } = (await s.buyNow({ goodsId: other.goodsId, skuId: other.skuId, quantity: 4 })).body.data;
    const id = await orderIdOf(orderNo);
    const log = h.app.log;
    const jobAt = (minutes: number) =>
      new OrderExpiryJob(db(), {
        policy: DEFAULT_EXPIRY_POLICY,
        now: () => new Date(clock.now().getTime() + minutes * MINUTE),
        log,
      });
    // Within the window plus grace nothing happens.
    await jobAt(ORDER_PAYMENT_WINDOW_MINUTES + 4).runOnce();
    expect((await s.detail(orderNo)).body.data.status).toBe("pending_payment");
    const [a, b] = [jobAt(ORDER_PAYMENT_WINDOW_MINUTES + 6), jobAt(ORDER_PAYMENT_WINDOW_MINUTES + 6)];
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    const order = (await s.detail(orderNo)).body.data;
    expect(order.status).toBe("cancelled");
    expect(await stockOf(db(), other.skuId)).toBe(10);
    const events = await db()
      .select({ actor: orderEvents.actor, note: orderEvents.note })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.status, "cancelled")));
    expect(events).toEqual([{ actor: "system", note: EXPIRY_NOTE }]);
    // Paying it now changes nothing.
    const late = await db().transaction((tx) => markOrderPaid(tx, id, clock.now(), "迟到的支付"));
    expect(late).toEqual({ changed: false, status: "cancelled" });
  });

  it("the expiry job prunes idempotency keys older than a day", async () => {
    await setStock(db(), single.skuId, 10);
    const s = await fresh();
    const key = randomUUID();
    await s.buyNow({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 }, key);
    const keyRows = () => db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(await keyRows()).toHaveLength(1);
    const log = h.app.log;
    const job = (hours: number) =>
      new OrderExpiryJob(db(), {
        policy: DEFAULT_EXPIRY_POLICY,
        now: () => new Date(clock.now().getTime() + hours * 3_600_000),
        log,
      });
    await job(23).runOnce();
    expect(await keyRows()).toHaveLength(1);
    await job(25).runOnce();
    expect(await keyRows()).toHaveLength(0);
  });

  it("every instance runs the job from app start (ORDER_EXPIRY_POLL_MS) and stops it on close", async () => {
    await setStock(db(), other.skuId, 10);
    const s = await fresh();
    const { orderNo } = (await s.buyNow({ goodsId: other.goodsId, skuId: other.skuId, quantity: 1 })).body.data;
    const later = () => new Date(clock.now().getTime() + (ORDER_PAYMENT_WINDOW_MINUTES + 10) * MINUTE);
    const instance = await buildApp({
      env: testEnv({ ORDER_EXPIRY_POLL_MS: "50" }),
      database: ctx.database,
      serveWeb: false,
      orders: { now: later },
    });
    await instance.ready();
    try {
      // A deadline, not a wait: the loop ends as soon as the job has run (a loaded machine may be slow).
      const until = Date.now() + 20_000;
      while ((await s.detail(orderNo)).body.data.status !== "cancelled" && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await instance.close();
    }
    expect((await s.detail(orderNo)).body.data.status).toBe("cancelled");
    expect(await stockOf(db(), other.skuId)).toBe(10);
  });
});
