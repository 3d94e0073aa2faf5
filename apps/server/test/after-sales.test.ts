// Made-to-order goods and after-sales requests (docs/decisions/0064): the buyer's confirmation is
// required and recorded; 申请售后 on a shipped or completed order, one open request per order, the
// no-reason return refused for made-to-order goods and after the window, photos only the buyer's
// uploads; staff approve, refuse and close with the audit, and an approved return opens its refund
// through the payments port once, inside the approval's transaction.
import {
  type AdminAfterSale,
  type AdminOrderDetail,
  AfterSaleMessages,
  type AfterSalePhotoData,
  ErrorCode,
  type GoodsDetail,
  type Order,
} from "@yj/contract";
import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { afterSales, auditLog, goods, goodsSkus, orders } from "../src/db/schema.js";
import type { Tx } from "../src/db/transaction.js";
import { AppError } from "../src/lib/errors.js";
import type { ReturnRefundInput, ReturnRefunds } from "../src/modules/orders/orders-module.js";
import { AccountsHarness, DAY, ManualClock } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { pickSkus, setStock, shopper, type TestSku } from "./commerce-fixtures.js";
import { describeEachBackend } from "./helper.js";

/** The payments port as a recording fake: what it was asked, what the transaction showed it. */
class FakeRefunds implements ReturnRefunds {
  opened: (ReturnRefundInput & { statusSeen: string | undefined })[] = [];
  sent: { refundId: number; statusAtSend: string | undefined }[] = [];
  /** Set to make the next open refuse, as the payments module does for a payment it cannot refund. */
  refuse: string | null = null;
  constructor(private readonly read: (id: number) => Promise<string | undefined>) {}

  async open(tx: Tx, input: ReturnRefundInput) {
    // Inside the approval's transaction: the request is locked there, still 申请中.
    const [row] = await tx
      .select({ status: afterSales.status })
      .from(afterSales)
      .where(eq(afterSales.id, input.afterSaleId));
    this.opened.push({ ...input, statusSeen: row?.status });
    if (this.refuse) throw new AppError("business", this.refuse);
    return { refundId: 1000 + this.opened.length };
  }

  async send(refundId: number) {
    const input = this.opened.find((_o, i) => 1001 + i === refundId);
    this.sent.push({ refundId, statusAtSend: input ? await this.read(input.afterSaleId) : undefined });
  }
}

describeEachBackend("after-sales and made-to-order goods", { embedded: true, app: false }, (ctx) => {
  let h: AccountsHarness;
  let clock: ManualClock;
  let ready: TestSku;
  let custom: TestSku;
  let png: Buffer;
  let sales: StaffSession;
  let operations: StaffSession;
  const refunds = new FakeRefunds(async (id) => {
    const [row] = await ctx.database.db
      .select({ status: afterSales.status })
      .from(afterSales)
      .where(eq(afterSales.id, id));
    return row?.status;
  });

  beforeAll(async () => {
    clock = new ManualClock();
    h = await AccountsHarness.build(ctx.database, {
      clock,
      orders: { now: clock.now, runExpiry: false, returnRefunds: refunds },
    });
    [ready] = (await pickSkus(ctx.database.db, false, 1)) as [TestSku];
    const [row] = await ctx.database.db
      .select({ goodsId: goods.id, skuId: goodsSkus.id, priceCents: goodsSkus.priceCents })
      .from(goods)
      .innerJoin(goodsSkus, eq(goodsSkus.goodsId, goods.id))
      .where(and(eq(goods.madeToOrder, true), eq(goods.status, 1), eq(goods.isShow, 1)))
      .orderBy(asc(goodsSkus.id))
      .limit(1);
    custom = row!;
    await setStock(ctx.database.db, ready.skuId, 10_000);
    await setStock(ctx.database.db, custom.skuId, 10_000);
    png = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#2e86c1" } })
      .png()
      .toBuffer();
    sales = await newStaff(h.app, ctx.database.db, "sales", "售后客服");
    operations = await newStaff(h.app, ctx.database.db, "operations");
  }, 120_000);
  afterAll(() => h?.close());

  const fresh = async () => shopper(h, await h.login());
  type Shopper = Awaited<ReturnType<typeof fresh>>;
  const db = () => ctx.database.db;

  /** An order of these lines, moved to shipped (or completed) as the order desk would. */
  async function shippedOrder(s: Shopper, skus: TestSku[], status: "shipped" | "completed" = "shipped") {
    const body =
      skus.length === 1
        ? { goodsId: skus[0]!.goodsId, skuId: skus[0]!.skuId, quantity: 1, madeToOrderConfirmed: true }
        : null;
    let answer: Awaited<ReturnType<Shopper["buyNow"]>>;
    if (body) answer = await s.buyNow(body);
    else {
      let cart = await s.cart();
      for (const sku of skus) cart = await s.add({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 1 });
      const ids = [...cart.body.data.singleDada].map((l) => l.id);
      answer = await s.checkout({ cartIds: ids, madeToOrderConfirmed: true });
    }
    expect(answer.body.code, answer.body.message).toBe(1);
    const orderNo = answer.body.data.orderNo;
    const now = clock.now();
    await db()
      .update(orders)
      .set({ status, paidAt: now, shippedAt: now, ...(status === "completed" ? { completedAt: now } : {}) })
      .where(eq(orders.orderNo, orderNo));
    return orderNo;
  }

  const file = (s: Shopper, body: Record<string, unknown>) =>
    s.call<Order>({ method: "POST", url: "/api/order/afterSale/create", payload: body });
  const upload = (s: Shopper, bytes: Buffer, type = "image/png") =>
    s.call<AfterSalePhotoData>({
      method: "POST",
      url: "/api/order/afterSale/photo",
      payload: bytes,
      headers: { "content-type": type },
    });
  const staffCall = async <T>(member: StaffSession, method: "GET" | "POST", url: string, payload?: object) => {
    const res = await h.app.inject(asStaff(member, { method, url, ...(payload ? { payload } : {}) }));
    return res.json() as { code: number; message: string; errorCode?: number; data: T };
  };
  const decide = (member: StaffSession, body: object) =>
    staffCall<AdminAfterSale>(member, "POST", "/api/admin/afterSales/decide", body);
  const auditRows = async (id: number) =>
    (
      await db()
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "after_sale"), eq(auditLog.entityId, String(id))))
    )[0]!.n;

  it("the goods API marks made-to-order goods; an order of them needs the buyer's confirmation, recorded", async () => {
    const detail = await h.call<GoodsDetail>({ method: "GET", url: `/api/goods/mail/show?id=${custom.goodsId}` });
    expect(detail.body.data.madeToOrder).toBe(true);
    const plain = await h.call<GoodsDetail>({ method: "GET", url: `/api/goods/mail/show?id=${ready.goodsId}` });
    expect(plain.body.data.madeToOrder).toBe(false);

    const s = await fresh();
    const line = { goodsId: custom.goodsId, skuId: custom.skuId, quantity: 1 };
    const refused = await s.buyNow(line);
    expect(refused.body).toMatchObject({ code: 0, message: AfterSaleMessages.madeToOrderUnconfirmed });
    expect((await s.buyNow({ ...line, madeToOrderConfirmed: false })).body.code).toBe(0);
    expect((await s.list()).body.data.total).toBe(0);

    // The same Idempotency-Key, now confirmed: the refused attempt left nothing, so this one orders (R8).
    const key = "mto-confirm-key-1";
    expect((await s.buyNow(line, key)).body.code).toBe(0);
    const placed = await s.buyNow({ ...line, madeToOrderConfirmed: true }, key);
    expect(placed.body.code).toBe(1);
    expect(placed.body.data.lines[0]?.madeToOrder).toBe(true);
    expect(placed.body.data.madeToOrderConfirmedAt).toBe(clock.now().toISOString());
    const replay = await s.buyNow({ ...line, madeToOrderConfirmed: true }, key);
    expect(replay.body.data.orderNo).toBe(placed.body.data.orderNo);
    expect((await s.list()).body.data.total).toBe(1);

    // The cart checks the goods as they are: a cart line of made-to-order goods needs it too.
    const cart = await s.add(line);
    const cartLine = cart.body.data.singleDada[0]!;
    expect(cartLine.madeToOrder).toBe(true);
    expect((await s.checkout({ cartIds: [cartLine.id] })).body.message).toBe(AfterSaleMessages.madeToOrderUnconfirmed);

    // Ready-made goods need nothing, and record nothing.
    const plainOrder = await s.buyNow({ goodsId: ready.goodsId, skuId: ready.skuId, quantity: 1 });
    expect(plainOrder.body.code).toBe(1);
    expect(plainOrder.body.data.madeToOrderConfirmedAt).toBeNull();
    expect(plainOrder.body.data.lines[0]?.madeToOrder).toBe(false);
  });

  it("photos: the picture pipeline's checks, only for a logged-in customer, per-customer limited", async () => {
    const s = await fresh();
    const ok = await upload(s, png);
    expect(ok.body.code, ok.body.message).toBe(1);
    expect(ok.body.data.url).toMatch(/^\/media\/aftersale-[0-9a-f]{24}-avif-1200\.webp$/);
    const served = await h.app.inject({ method: "GET", url: ok.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");

    const junk = await upload(s, Buffer.from("not a picture at all"), "image/png");
    expect(junk.body).toMatchObject({ code: 0, message: "不支持的图片格式，请上传 JPEG、PNG、WebP、GIF 或 AVIF 图片" });
    const anonymous = await h.app.inject({
      method: "POST",
      url: "/api/order/afterSale/photo",
      payload: png,
      headers: { "content-type": "image/png" },
    });
    expect(anonymous.json()).toMatchObject({ code: 0, errorCode: ErrorCode.LOGIN_REQUIRED });
    const noCsrf = await h.asCustomer(
      s.session,
      { method: "POST", url: "/api/order/afterSale/photo", payload: png, headers: { "content-type": "image/png" } },
      { csrf: null },
    );
    expect(noCsrf.body.code).toBe(0);

    // 30 an hour per customer: the 31st is refused before its bytes are read; another customer is not.
    for (let i = 0; i < 28; i += 1) expect((await upload(s, png)).body.code).toBe(1);
    const limited = await upload(s, png);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain(AfterSaleMessages.uploadLimited);
    expect((await upload(await fresh(), png)).body.code).toBe(1);
  });

  it("filing: shipped or completed only, the owner only, one open request, photos only uploads", async () => {
    const s = await fresh();
    const photo = (await upload(s, png)).body.data.url;
    const pending = await s.buyNow({ goodsId: ready.goodsId, skuId: ready.skuId, quantity: 1 });
    const request = { kind: "repair", reasonKind: "quality", reason: "柜门合页松动", photos: [photo] };
    expect((await file(s, { ...request, orderNo: pending.body.data.orderNo })).body).toMatchObject({
      code: 0,
      message: AfterSaleMessages.notAfterShipping,
    });

    const orderNo = await shippedOrder(s, [ready]);
    const stranger = await fresh();
    expect((await file(stranger, { ...request, orderNo })).body).toMatchObject({ code: 0, message: "订单不存在" });
    // The contract's messages name the field after them: "请填写问题描述（reason）".
    expect((await file(s, { ...request, orderNo, reason: "  " })).body).toMatchObject({ code: 0, errorCode: 1001 });
    expect((await file(s, { ...request, orderNo, reason: "  " })).body.message).toContain("请填写问题描述");
    expect((await file(s, { ...request, orderNo, photos: Array(7).fill(photo) })).body.message).toContain(
      "照片最多 6 张",
    );
    expect((await file(s, { ...request, orderNo, photos: ["/media/goods-1-1.svg"] })).body.message).toContain(
      "照片无效，请重新上传",
    );
    const unknown = photo.replace(/aftersale-[0-9a-f]{24}/, `aftersale-${"0".repeat(24)}`);
    expect((await file(s, { ...request, orderNo, photos: [unknown] })).body.message).toBe(
      AfterSaleMessages.photoNotFound,
    );
    expect((await file(s, { ...request, orderNo, reasonKind: "no_reason" })).body.message).toBe(
      AfterSaleMessages.repairReason,
    );

    const filed = await file(s, { ...request, orderNo });
    expect(filed.body).toMatchObject({ code: 1, message: AfterSaleMessages.filed });
    expect(filed.body.data.afterSales).toEqual([
      expect.objectContaining({
        kind: "repair",
        reason: "质量问题：柜门合页松动",
        photos: [photo],
        status: "requested",
        decisionNote: "",
      }),
    ]);
    expect((await file(s, { ...request, orderNo, kind: "return" })).body.message).toBe(AfterSaleMessages.alreadyOpen);
    // /my-orders carries each order's requests.
    const listed = (await s.list()).body.data.dataList.find((o) => o.orderNo === orderNo);
    expect(listed?.afterSales.map((r) => r.status)).toEqual(["requested"]);

    // Refused: the order may be asked about again; the note reaches the customer.
    const id = filed.body.data.afterSales[0]!.id;
    const refusal = await decide(sales, { id, decision: "refuse", note: "请先按说明书调节合页" });
    expect(refusal).toMatchObject({ code: 1, message: AfterSaleMessages.refused });
    const detail = (await s.detail(orderNo)).body.data;
    expect(detail.afterSales[0]).toMatchObject({ status: "refused", decisionNote: "请先按说明书调节合页" });
    expect((await file(s, { ...request, orderNo, reason: "调节后仍松动" })).body.code).toBe(1);
  });

  it("the no-reason return: refused for made-to-order goods and after 7 days; a mixed order refunds its ready-made lines", async () => {
    const s = await fresh();
    const noReason = { kind: "return", reasonKind: "no_reason", reason: "不喜欢颜色" };
    const customOnly = await shippedOrder(s, [custom]);
    expect((await file(s, { ...noReason, orderNo: customOnly })).body).toMatchObject({
      code: 0,
      message: AfterSaleMessages.madeToOrderNoReason,
    });
    // Another reason is heard: a made-to-order piece may still be faulty.
    expect((await file(s, { ...noReason, orderNo: customOnly, reasonKind: "quality" })).body.code).toBe(1);

    const late = await shippedOrder(s, [ready], "completed");
    // Completed 7 days and a minute ago (the sessions' clock stays where it is).
    const longAgo = new Date(clock.now().getTime() - 7 * DAY - 60_000);
    await db().update(orders).set({ shippedAt: longAgo, completedAt: longAgo }).where(eq(orders.orderNo, late));
    expect((await file(s, { ...noReason, orderNo: late })).body.message).toBe(AfterSaleMessages.noReasonExpired);
    expect((await file(s, { ...noReason, orderNo: late, reasonKind: "wrong_item" })).body.code).toBe(1);

    const mixed = await shippedOrder(s, [ready, custom]);
    const filed = await file(s, { ...noReason, orderNo: mixed });
    expect(filed.body.code, filed.body.message).toBe(1);
    const page = await staffCall<{ dataList: AdminAfterSale[] }>(
      sales,
      "GET",
      "/api/admin/afterSales/list?status=requested&kind=return",
    );
    const row = page.data.dataList.find((r) => r.orderNo === mixed)!;
    expect(row.orderTotal).toBe(ready.priceCents + custom.priceCents);
    expect(row.refundableAmount).toBe(ready.priceCents);
    expect(row.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it("staff: the 售后 list, approval of a return opening one refund in its transaction, audited; closing", async () => {
    const s = await fresh();
    const orderNo = await shippedOrder(s, [ready]);
    const filed = await file(s, { orderNo, kind: "return", reasonKind: "quality", reason: "表面有裂纹" });
    const id = filed.body.data.afterSales[0]!.id;

    // 运营 may not; a customer may not.
    expect(await decide(operations, { id, decision: "approve" })).toMatchObject({
      code: 0,
      errorCode: ErrorCode.FORBIDDEN,
    });
    const list = await staffCall<{ dataList: AdminAfterSale[]; total: number }>(
      sales,
      "GET",
      "/api/admin/afterSales/list?kind=return",
    );
    expect(list.code).toBe(1);
    const times = list.data.dataList.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(list.data.dataList[0]?.id).toBe(id);

    // More than the order's total: refused, nothing asked of payments, nothing audited.
    const tooMuch = await decide(sales, { id, decision: "approve", refundAmount: (ready.priceCents + 1) / 100 });
    expect(tooMuch.message).toBe(AfterSaleMessages.refundTooLarge);
    // The payments module refuses: the approval is rolled back with it.
    refunds.refuse = "该订单的支付无法退款";
    const refusedByPayments = await decide(sales, { id, decision: "approve" });
    expect(refusedByPayments).toMatchObject({ code: 0, message: "该订单的支付无法退款" });
    refunds.refuse = null;
    expect(await auditRows(id)).toBe(0);
    const [still] = await db().select().from(afterSales).where(eq(afterSales.id, id));
    expect(still?.status).toBe("requested");

    const before = refunds.opened.length;
    const approved = await decide(sales, { id, decision: "approve", note: "请寄回商品，收到后退款" });
    expect(approved).toMatchObject({ code: 1, message: AfterSaleMessages.returnApproved });
    expect(approved.data).toMatchObject({ status: "approved", decidedBy: "售后客服", orderNo });
    const calls = refunds.opened.slice(before);
    const [orderRow] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(calls).toEqual([
      {
        orderId: orderRow!.id,
        afterSaleId: id,
        amountCents: ready.priceCents,
        reason: "质量问题：表面有裂纹",
        staffId: sales.id,
        now: clock.now(),
        statusSeen: "requested",
      },
    ]);
    // Sent once, after the commit (the approval is visible by then).
    expect(refunds.sent.filter((c) => c.refundId === 1000 + refunds.opened.length)).toEqual([
      { refundId: 1000 + refunds.opened.length, statusAtSend: "approved" },
    ]);
    expect(await auditRows(id)).toBe(1);
    expect((await decide(sales, { id, decision: "approve" })).message).toBe(AfterSaleMessages.alreadyDecided);
    expect(refunds.opened.length).toBe(before + 1);

    // The order detail shows it; then staff close it: 已完成 for the customer.
    const detail = await staffCall<AdminOrderDetail>(sales, "GET", `/api/admin/orders/detail?orderNo=${orderNo}`);
    expect(detail.data.afterSales.map((r) => r.status)).toEqual(["approved"]);
    expect((await decide(sales, { id, decision: "close" })).message).toBe(AfterSaleMessages.closed);
    const mine = (await s.detail(orderNo)).body.data.afterSales[0];
    expect(mine).toMatchObject({ status: "closed", decisionNote: "请寄回商品，收到后退款" });
    expect(await auditRows(id)).toBe(2);
  });

  it("a partial refund; a refusal needs its note; a repair needs no refund", async () => {
    const s = await fresh();
    const first = await shippedOrder(s, [ready]);
    const id = (await file(s, { orderNo: first, kind: "return", reasonKind: "wrong_item", reason: "颜色不对" })).body
      .data.afterSales[0]!.id;
    const partial = await decide(sales, { id, decision: "approve", refundAmount: "0.5" });
    expect(partial.code, partial.message).toBe(1);
    expect(refunds.opened.at(-1)).toMatchObject({ afterSaleId: id, amountCents: 50 });

    const second = await shippedOrder(s, [ready]);
    const repairId = (await file(s, { orderNo: second, kind: "repair", reasonKind: "other", reason: "安装后异响" }))
      .body.data.afterSales[0]!.id;
    expect((await decide(sales, { id: repairId, decision: "refuse" })).message).toContain(
      AfterSaleMessages.noteRequired,
    );
    const opened = refunds.opened.length;
    const repair = await decide(sales, { id: repairId, decision: "approve", note: "师傅明天上门" });
    expect(repair).toMatchObject({ code: 1, message: AfterSaleMessages.approved });
    expect(refunds.opened.length).toBe(opened);
  });
});

describeEachBackend("after-sales through the payments module's refunds", { embedded: true, app: false }, (ctx) => {
  let h: AccountsHarness;
  afterAll(() => h?.close());

  it("approving a return of an order with no paid payment is refused with the refund's reason, and nothing changes", async () => {
    h = await AccountsHarness.build(ctx.database, { orders: { runExpiry: false } });
    const [sku] = (await pickSkus(ctx.database.db, false, 1)) as [TestSku];
    await setStock(ctx.database.db, sku.skuId, 100);
    const s = shopper(h, await h.login());
    const placed = await s.buyNow({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 1 });
    const orderNo = placed.body.data.orderNo;
    await ctx.database.db
      .update(orders)
      .set({ status: "shipped", shippedAt: new Date() })
      .where(eq(orders.orderNo, orderNo));
    const filed = await s.call<Order>({
      method: "POST",
      url: "/api/order/afterSale/create",
      payload: { orderNo, kind: "return", reasonKind: "quality", reason: "破损" },
    });
    const id = filed.body.data.afterSales[0]!.id;
    const admin = await newStaff(h.app, ctx.database.db, "admin");
    const approve = await h.app.inject(
      asStaff(admin, { method: "POST", url: "/api/admin/afterSales/decide", payload: { id, decision: "approve" } }),
    );
    // The order was moved to shipped by hand, never paid: the payments module refuses the refund.
    expect(approve.json()).toMatchObject({ code: 0, message: "订单没有已支付的记录，无法退款" });
    const [row] = await ctx.database.db.select().from(afterSales).where(eq(afterSales.id, id));
    expect(row?.status).toBe("requested");
  });
});
