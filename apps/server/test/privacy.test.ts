// 我的数据 and 注销账号 (issue #26, docs/decisions/0076) on each backend: the export holds the
// customer's order and lead; closing is refused while an order, a refund or a project is open; after
// it no phone, name or address of the customer is left in any text or JSON column of any table (read
// from information_schema, so a table added later is checked too); the orders keep their amounts; a
// new login with the phone is a new, empty account; 管理员 export and delete are audited.
import { type AdminCustomerExport, type AdminCustomerLookup, type MyData, PrivacyMessages } from "@yj/contract";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../src/db/client.js";
import {
  chatConversations,
  chatMessages,
  customers,
  leads,
  mediaUploads,
  orderLines,
  orders,
  payments,
  projects,
  refunds,
} from "../src/db/schema.js";
import { AccountsHarness, MINUTE, type Session, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { ADDRESS, pickSkus, setStock, shopper } from "./commerce-fixtures.js";
import { describeEachBackend } from "./helper.js";

const NAME = "隐私测试甲乙";
const DETAIL = "隐私路 77 号 8 栋 901";
/** A picture the customer sent in the chat: two of its stored files (the rest need not exist). */
const PICTURE_HASH = `${Date.now().toString(16)}`.padEnd(24, "a").slice(0, 24);
const PICTURE = `/media/chat-${PICTURE_HASH}-avif-1200.webp`;
const PICTURE_KEYS = [`chat-${PICTURE_HASH}-avif-1200.webp`, `chat-${PICTURE_HASH}-avif-240.avif`];

/**
 * Every text, varchar, JSON and text-array column of every table in the public schema, searched for
 * each value: answers "table.column" for each hit.
 */
async function leftovers(db: Db, values: string[]): Promise<string[]> {
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'character')
    order by table_name, column_name`)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const hits: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    for (const value of values) {
      const found = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(${sql.identifier(column_name)}::text, ${value}) > 0`,
      )) as unknown as { rows: { n: number }[] };
      if ((found.rows[0]?.n ?? 0) > 0) hits.push(`${table_name}.${column_name} has ${value}`);
    }
  }
  return hits;
}

describeEachBackend("我的数据 and 注销账号", { embedded: true, app: false }, (ctx) => {
  let h: AccountsHarness;
  let db: Db;
  let admin: StaffSession;
  let sales: StaffSession;
  const phone = uniquePhone("136");
  let session: Session;
  let customerId = 0;
  let orderNo = "";

  const myData = (s = session) => h.asCustomer<MyData>(s, { method: "GET", url: "/api/my-data" });
  const askCode = (s = session) =>
    h.asCustomer(s, { method: "POST", url: "/api/my-data/close/code", remoteAddress: uniqueIp() });
  const close = (code: string, s = session) =>
    h.asCustomer(s, { method: "POST", url: "/api/my-data/close", payload: { code }, remoteAddress: uniqueIp() });

  async function refusedWith(message: string) {
    const check = await myData();
    expect(check.body.data.closing).toEqual({ allowed: false, reasons: [message] });
    h.clock.advance(MINUTE + 1000);
    const asked = await askCode();
    expect(asked.body).toMatchObject({ code: 0, message });
  }

  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database);
    db = ctx.database.db;
    admin = await newStaff(h.app, db, "admin", "管理员隐私");
    sales = await newStaff(h.app, db, "sales", "销售隐私");
    session = await h.login(phone);
    const [row] = await db.select().from(customers).where(eq(customers.mobile, phone));
    customerId = row?.id ?? 0;
    const [sku] = await pickSkus(db, false, 1);
    if (!sku) throw new Error("no goods");
    await setStock(db, sku.skuId, 50);
    const bought = await shopper(h, session).buyNow({
      goodsId: sku.goodsId,
      skuId: sku.skuId,
      quantity: 1,
      address: { ...ADDRESS, name: NAME, phone, detail: DETAIL },
      remark: `请联系${NAME}`,
    });
    expect(bought.body.code, bought.body.message).toBe(1);
    orderNo = bought.body.data.orderNo;
    const booked = await h.call({
      method: "POST",
      url: "/api/customers/appointment",
      payload: { phone, originDetail: "首页·免费设计", consent: true },
      remoteAddress: uniqueIp(),
    });
    expect(booked.body.code, booked.body.message).toBe(1);
    const now = new Date();
    await db.insert(leads).values({
      kind: "activity",
      phone,
      name: NAME,
      city: "深圳市",
      payload: { name: NAME, phone },
      consent: true,
      consentAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const [talk] = await db
      .insert(chatConversations)
      .values({ visitorKey: "privacy-test", customerId, lastSeq: 1, createdAt: now, updatedAt: now })
      .returning();
    await db.insert(chatMessages).values({
      conversationId: talk?.id ?? 0,
      seq: 1,
      clientId: "privacy-1",
      sender: "visitor",
      text: `我是${NAME}，电话 ${phone}`,
      picture: PICTURE,
      createdAt: now,
    });
    for (const key of PICTURE_KEYS) {
      await db.insert(mediaUploads).values({
        key,
        purpose: "chat",
        contentType: key.endsWith(".avif") ? "image/avif" : "image/webp",
        width: 1200,
        height: 900,
        body: Buffer.from("picture"),
        createdAt: now,
      });
    }
  }, 120_000);
  afterAll(() => h?.close());

  it("我的数据 lists the account, the order, the lead with its consent and the chat; the workbook holds them too", async () => {
    const { body } = await myData();
    expect(body.code, body.message).toBe(1);
    const section = (key: string) => body.data.sections.find((s) => s.key === key);
    expect(section("account")?.rows).toEqual([expect.objectContaining({ mobile: phone })]);
    expect(section("orders")?.rows).toEqual([expect.objectContaining({ orderNo, consignee: NAME })]);
    expect(section("orderLines")?.rows.length).toBe(1);
    expect(section("leads")?.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ phone, name: NAME, consent: "是" })]),
    );
    expect(section("chatMessages")?.rows).toEqual([expect.objectContaining({ text: `我是${NAME}，电话 ${phone}` })]);
    // The sessions' secrets are not the customer's data and never leave.
    expect(JSON.stringify(body.data)).not.toContain(session.token);

    const file = await h.asCustomer<{ fileName: string; contentBase64: string }>(session, {
      method: "GET",
      url: "/api/my-data/workbook",
    });
    expect(file.body.data.fileName).toMatch(/^我的数据-\d{12}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.body.data.contentBase64, "base64") as unknown as ArrayBuffer);
    const cells = (sheet: string) => {
      const values: string[] = [];
      workbook.getWorksheet(sheet)?.eachRow((row) => {
        row.eachCell((cell) => {
          values.push(String(cell.value));
        });
      });
      return values;
    };
    expect(cells("订单")).toContain(orderNo);
    expect(cells("预约与报价申请")).toContain(phone);
  });

  it("a visitor has no data page", async () => {
    const res = await h.call({ method: "GET", url: "/api/my-data" });
    expect(res.body).toMatchObject({ code: 0, errorCode: 1201 });
  });

  it("refuses to close while an order is unpaid, paid, shipped, a refund is open or a project is running", async () => {
    await refusedWith(PrivacyMessages.unpaidOrder);
    const created = await h.asCustomer<{ outTradeNo: string }>(session, {
      method: "GET",
      url: `/api/alipay/precreate?orderNo=${orderNo}`,
    });
    expect(created.body.code, created.body.message).toBe(1);
    const paid = await h.call({
      method: "POST",
      url: "/api/pay/offline/confirm",
      payload: { outTradeNo: created.body.data.outTradeNo },
    });
    expect(paid.body.code, paid.body.message).toBe(1);
    await refusedWith(PrivacyMessages.paidOrder);
    await db.update(orders).set({ status: "shipped" }).where(eq(orders.orderNo, orderNo));
    await refusedWith(PrivacyMessages.shippedOrder);
    await db.update(orders).set({ status: "completed" }).where(eq(orders.orderNo, orderNo));

    const [payment] = await db.select().from(payments).where(eq(payments.outTradeNo, created.body.data.outTradeNo));
    expect(payment?.orderId).toBeTruthy();
    const [refund] = await db
      .insert(refunds)
      .values({
        outRefundNo: `R${Date.now()}${customerId}`,
        paymentId: payment?.id ?? 0,
        orderId: payment?.orderId,
        provider: "offline",
        amountCents: 100,
        origin: "customer",
        reason: `${NAME}不想要了`,
        status: "requested",
        createdAt: new Date(),
      })
      .returning();
    await refusedWith(PrivacyMessages.pendingRefund);
    await db
      .update(refunds)
      .set({ status: "refused" })
      .where(eq(refunds.id, refund?.id ?? 0));

    const [project] = await db
      .insert(projects)
      .values({
        ownerPhone: phone,
        ownerName: NAME,
        city: "深圳市",
        address: DETAIL,
        areaSqm: 90,
        contractCents: 10_000_000,
        startDate: "2026-01-01",
        plannedFinishDate: "2026-04-01",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    await refusedWith(PrivacyMessages.runningProject);
    await db
      .update(projects)
      .set({ status: "completed" })
      .where(eq(projects.id, project?.id ?? 0));
    expect((await myData()).body.data.closing).toEqual({ allowed: true, reasons: [] });
  });

  it("closes with a close code only: a login code or a wrong one is refused, then nothing of the customer is left", async () => {
    h.clock.advance(MINUTE + 1000);
    expect((await askCode()).body.code).toBe(1);
    const code = h.sms.lastCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await close(wrong)).body).toMatchObject({ code: 0, message: "验证码错误或已失效，请重新获取" });
    const closed = await close(code);
    expect(closed.body).toMatchObject({ code: 1, message: PrivacyMessages.closed });
    // The session is gone at once.
    const me = await h.asCustomer(session, { method: "GET", url: "/api/customers/me" });
    expect(me.body).toMatchObject({ code: 0, errorCode: 1201 });

    expect(await leftovers(db, [phone, NAME, DETAIL, PICTURE_HASH])).toEqual([]);
    // Accounting law: the order keeps its number, amount, dates and goods.
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order).toMatchObject({ customerId, status: "completed" });
    expect(order?.totalCents).toBeGreaterThan(0);
    expect(order?.address.name).toBe("已注销用户");
    expect(
      (
        await db
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, order?.id ?? 0))
      ).length,
    ).toBe(1);
    const [account] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect(account?.closedAt).not.toBeNull();
  });

  it("a new login with the phone is a new, empty account", async () => {
    h.clock.advance(MINUTE + 1000);
    const again = await h.login(phone);
    const [row] = await db.select().from(customers).where(eq(customers.mobile, phone));
    expect(row?.id).not.toBe(customerId);
    const { body } = await myData(again);
    const counts = Object.fromEntries(body.data.sections.map((s) => [s.key, s.rows.length]));
    expect(counts).toMatchObject({ orders: 0, addresses: 0, leads: 0, payments: 0, chats: 0, projects: 0 });
  });

  it("管理员 looks a customer up, exports and deletes their data on request (audited); 销售 may not", async () => {
    const other = uniquePhone("135");
    await h.login(other);
    const refused = await h.call(asStaff(sales, { method: "GET", url: `/api/admin/customers/lookup?phone=${other}` }));
    expect(refused.body.code).toBe(0);
    const found = await h.call<AdminCustomerLookup>(
      asStaff(admin, { method: "GET", url: `/api/admin/customers/lookup?phone=${other}` }),
    );
    const id = found.body.data.customer?.id ?? 0;
    expect(found.body.data.customer).toMatchObject({ mobile: other, closing: { allowed: true } });
    const exported = await h.call<AdminCustomerExport>(
      asStaff(admin, { method: "POST", url: "/api/admin/customers/export", payload: { id } }),
    );
    expect(exported.body.code, exported.body.message).toBe(1);
    const json = JSON.parse(Buffer.from(exported.body.data.json.contentBase64, "base64").toString("utf8"));
    expect(json.data.account.rows[0].mobile).toBe(other);
    const deleted = await h.call(
      asStaff(admin, { method: "POST", url: "/api/admin/customers/delete", payload: { id } }),
    );
    expect(deleted.body).toMatchObject({ code: 1, message: PrivacyMessages.deleted });
    const gone = await h.call<AdminCustomerLookup>(
      asStaff(admin, { method: "GET", url: `/api/admin/customers/lookup?phone=${other}` }),
    );
    expect(gone.body.data.customer).toBeNull();
    const trail = await h.call<{ dataList: { action: string; staffName: string }[] }>(
      asStaff(admin, { method: "GET", url: `/api/admin/audit/list?customerId=${id}` }),
    );
    expect(trail.body.data.dataList.map((r) => r.action)).toEqual(["customer.delete", "customer.export"]);
    expect(await leftovers(db, [other])).toEqual([]);

    const closedTrail = await h.call<{ dataList: { action: string; entity: string }[] }>(
      asStaff(admin, { method: "GET", url: `/api/admin/audit/list?customerId=${customerId}` }),
    );
    expect(closedTrail.body.data.dataList.map((r) => r.action)).toContain("customer.close");
  });
});
