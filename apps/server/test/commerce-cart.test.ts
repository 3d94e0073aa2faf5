// The cart API (docs/product.md §3, §7; ADR 0023, 0025): login and CSRF, whole-cart answers, stock
// caps, packages grouped under isMeal, another customer's lines refused, kept across logout.
import { ErrorCode, MAX_LINE_QUANTITY } from "@yj/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { goods, goodsSkus } from "../src/db/schema.js";
import { AccountsHarness, uniqueIp } from "./accounts-fixtures.js";
import { pickSkus, setStock, shopper, type TestSku } from "./commerce-fixtures.js";
import { describeEachBackend } from "./helper.js";

describeEachBackend("commerce: cart", { embedded: true, app: false }, (ctx) => {
  let h: AccountsHarness;
  let single: TestSku;
  let other: TestSku;
  let pkg: TestSku;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database, { orders: { runExpiry: false } });
    [single, other] = (await pickSkus(ctx.database.db, false, 2)) as [TestSku, TestSku];
    [pkg] = (await pickSkus(ctx.database.db, true, 1)) as [TestSku];
  });
  afterAll(() => h?.close());

  const fresh = async () => shopper(h, await h.login());
  const restock = async (...skus: TestSku[]) => {
    for (const s of skus) await setStock(ctx.database.db, s.skuId, 50);
  };

  it("answers 1201 without a session and 403 without the CSRF header, writing nothing", async () => {
    for (const [method, url] of [
      ["GET", "/api/carts"],
      ["POST", "/api/carts/create"],
      ["POST", "/api/order/createOrder"],
      ["GET", "/api/order/list"],
    ] as const) {
      const { body } = await h.call({
        method,
        url,
        payload: method === "POST" ? {} : undefined,
        remoteAddress: uniqueIp(),
      });
      expect(body).toMatchObject({ code: 0, errorCode: ErrorCode.LOGIN_REQUIRED, message: "请重新登陆" });
    }
    const s = await fresh();
    const { status, body } = await s.call(
      {
        method: "POST",
        url: "/api/carts/create",
        payload: { goodsId: single.goodsId, skuId: single.skuId, quantity: 1 },
      },
      false,
    );
    expect([status, body.errorCode]).toEqual([403, ErrorCode.CSRF]);
    expect((await s.cart()).body.data.cartNum).toBe(0);
  });

  it("adds single goods, grows a line added again, and answers the whole cart at today's prices", async () => {
    await restock(single, other);
    const s = await fresh();
    expect((await s.cart()).body.data).toEqual({ singleDada: [], mealData: [], cartNum: 0, realPrice: 0 });
    const first = await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 });
    expect(first.body).toMatchObject({ code: 1, message: "已加入购物车" });
    await s.add({ goodsId: other.goodsId, skuId: other.skuId, quantity: 1 });
    const { data } = (await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 })).body;
    expect(data.singleDada).toHaveLength(2);
    const line = data.singleDada.find((l) => l.skuId === single.skuId);
    expect(line).toMatchObject({
      goodsId: single.goodsId,
      quantity: 3,
      price: single.priceCents,
      addedPrice: single.priceCents,
      selected: true,
      available: true,
      stock: 50,
    });
    expect(line?.name.length).toBeGreaterThan(0);
    expect(data.cartNum).toBe(4);
    expect(data.realPrice).toBe(3 * single.priceCents + other.priceCents);
    expect(data.mealData).toEqual([]);
  });

  it("caps quantities by stock with a clear message, and lets a line shrink", async () => {
    const s = await fresh();
    await setStock(ctx.database.db, single.skuId, 3);
    expect((await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 })).body.code).toBe(1);
    const over = await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 });
    expect(over.body).toMatchObject({ code: 0, errorCode: ErrorCode.BUSINESS });
    expect(over.body.message).toMatch(/库存不足，最多还能购买 1 件$/);
    const [line] = (await s.cart()).body.data.singleDada;
    if (!line) throw new Error("no line");
    expect(line.quantity).toBe(2);
    expect((await s.update({ id: line.id, quantity: 4 })).body.message).toMatch(/库存不足，最多还能购买 3 件$/);
    expect((await s.update({ id: line.id, quantity: 3 })).body.data.cartNum).toBe(3);
    const full = await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 });
    expect(full.body.message).toMatch(/库存不足，购物车里已有全部 3 件$/);
    await setStock(ctx.database.db, single.skuId, 0);
    const soldOut = (await s.cart()).body.data;
    expect(soldOut.singleDada[0]).toMatchObject({ available: false, stock: 0 });
    expect(soldOut.realPrice).toBe(0);
    expect((await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 })).body.message).toMatch(
      /已售罄$/,
    );
    // Shrinking is always allowed, even below a stock that fell under the line.
    expect((await s.update({ id: line.id, quantity: 1 })).body.data.cartNum).toBe(1);
    await restock(single);
  });

  it("#21 item 7: a line holds at most MAX_LINE_QUANTITY units however much is in stock", async () => {
    await setStock(ctx.database.db, single.skuId, 50_000);
    try {
      const s = await fresh();
      const line = { goodsId: single.goodsId, skuId: single.skuId };
      expect((await s.add({ ...line, quantity: MAX_LINE_QUANTITY })).body.code).toBe(1);
      const more = await s.add({ ...line, quantity: 1 });
      expect(more.body).toMatchObject({ code: 0, errorCode: ErrorCode.BUSINESS });
      expect(more.body.message).toContain(`每种最多购买 ${MAX_LINE_QUANTITY} 件，购物车里已有 ${MAX_LINE_QUANTITY} 件`);
      expect((await s.cart()).body.data.cartNum).toBe(MAX_LINE_QUANTITY);
    } finally {
      await restock(single);
    }
  });

  it("marks off-sale goods unavailable and a changed price with addedPrice", async () => {
    await restock(single, other);
    const s = await fresh();
    await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 });
    await s.add({ goodsId: other.goodsId, skuId: other.skuId, quantity: 1 });
    const db = ctx.database.db;
    await db
      .update(goodsSkus)
      .set({ priceCents: single.priceCents + 1000 })
      .where(eq(goodsSkus.id, single.skuId));
    await db.update(goods).set({ status: 0 }).where(eq(goods.id, other.goodsId));
    try {
      const { data } = (await s.cart()).body;
      const changed = data.singleDada.find((l) => l.skuId === single.skuId);
      expect(changed).toMatchObject({
        price: single.priceCents + 1000,
        addedPrice: single.priceCents,
        available: true,
      });
      expect(data.singleDada.find((l) => l.skuId === other.skuId)).toMatchObject({ available: false });
      expect(data.realPrice).toBe(single.priceCents + 1000);
      const refused = await s.add({ goodsId: other.goodsId, skuId: other.skuId, quantity: 1 });
      expect(refused.body.message).toMatch(/已下架$/);
    } finally {
      await db.update(goodsSkus).set({ priceCents: single.priceCents }).where(eq(goodsSkus.id, single.skuId));
      await db.update(goods).set({ status: 1 }).where(eq(goods.id, other.goodsId));
    }
  });

  it("selects and deselects lines (update, updateList); realPrice counts the selected ones", async () => {
    await restock(single, other);
    const s = await fresh();
    await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 });
    const lines = (await s.add({ goodsId: other.goodsId, skuId: other.skuId, quantity: 2 })).body.data.singleDada;
    const ids = lines.map((l) => l.id);
    const none = (await s.updateList(ids.map((id) => ({ id, selected: false })))).body.data;
    expect(none.realPrice).toBe(0);
    expect(none.cartNum).toBe(3);
    const oneLine = lines.find((l) => l.skuId === other.skuId);
    const back = (await s.update({ id: oneLine?.id ?? 0, selected: true })).body.data;
    expect(back.realPrice).toBe(2 * other.priceCents);
    const empty = await s.update({ id: oneLine?.id ?? 0 });
    expect(empty.body).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
  });

  it("adds a package as a package: grouped under isMeal with what it includes; wrong goods refused", async () => {
    await restock(pkg, single);
    const s = await fresh();
    const { data } = (await s.addPackage(pkg.goodsId, [{ goodsId: pkg.goodsId, skuId: pkg.skuId, quantity: 1 }])).body;
    expect(data.singleDada).toEqual([]);
    expect(data.mealData).toHaveLength(1);
    expect(data.mealData[0]).toMatchObject({ isMeal: pkg.goodsId, lines: [{ skuId: pkg.skuId, quantity: 1 }] });
    expect(data.mealData[0]?.includes.length).toBeGreaterThan(0);
    expect(data.realPrice).toBe(pkg.priceCents);
    // Not a package; an item of other goods; a SKU of other goods.
    const notPackage = await s.addPackage(single.goodsId, [
      { goodsId: single.goodsId, skuId: single.skuId, quantity: 1 },
    ]);
    expect(notPackage.body).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
    const mixed = await s.addPackage(pkg.goodsId, [
      { goodsId: pkg.goodsId, skuId: pkg.skuId, quantity: 1 },
      { goodsId: single.goodsId, skuId: single.skuId, quantity: 1 },
    ]);
    expect(mixed.body).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
    const foreignSku = await s.addPackage(pkg.goodsId, [{ goodsId: pkg.goodsId, skuId: single.skuId, quantity: 1 }]);
    expect(foreignSku.body).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT, message: "规格与商品不匹配" });
    // Nothing of the refused calls was added.
    expect((await s.cart()).body.data.cartNum).toBe(1);
  });

  it("refuses another customer's cart lines (update and delete) and leaves both carts intact", async () => {
    await restock(single);
    const owner = await fresh();
    const intruder = await fresh();
    const [line] = (await owner.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 })).body.data
      .singleDada;
    if (!line) throw new Error("no line");
    await intruder.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 1 });
    const [ownLine] = (await intruder.cart()).body.data.singleDada;
    for (const attempt of [
      await intruder.update({ id: line.id, quantity: 1 }),
      await intruder.remove([line.id]),
      await intruder.remove([ownLine?.id ?? 0, line.id]),
    ]) {
      expect(attempt.body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND });
    }
    expect((await owner.cart()).body.data.singleDada).toEqual([line]);
    expect((await intruder.cart()).body.data.cartNum).toBe(1);
    const removed = await owner.remove([line.id]);
    expect(removed.body).toMatchObject({ code: 1, message: "已删除", data: { cartNum: 0 } });
  });

  it("keeps the cart across logout and login", async () => {
    await restock(single);
    const session = await h.login();
    const s = shopper(h, session);
    await s.add({ goodsId: single.goodsId, skuId: single.skuId, quantity: 2 });
    await h.asCustomer(session, { method: "POST", url: "/api/customers/logout", payload: {} });
    expect((await s.cart()).body.errorCode).toBe(ErrorCode.LOGIN_REQUIRED);
    h.clock.advance(61_000); // the next code to the same phone may be sent after a minute
    const again = shopper(h, await h.login(session.mobile));
    expect((await again.cart()).body.data.cartNum).toBe(2);
  });
});
