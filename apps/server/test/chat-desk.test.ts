// The inbox's desk (issue #25 §3–4, docs/decisions/0078): 转为线索 through the leads module's path
// with the transcript kept on the lead, the visitor's leads and orders beside the conversation with
// the number masked and its reveal on record, and the 在线客服 settings (greeting, canned replies,
// WeCom link) that the window and the inbox use. PostgreSQL only (docs/decisions/0071).
import { CHAT_CANNED_REPLIES, CHAT_GREETING, ChatMessages, ErrorCode, Messages } from "@yj/contract";
import { and, desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { auditLog, chatConversations, customers, leadOutbox, leads, orders } from "../src/db/schema.js";
import { uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { clientId, newVisitor, openChat, type Visitor, visitorSend } from "./chat-support.js";
import { ADDRESS } from "./commerce-fixtures.js";
import { type ApiAnswer, describeEachBackend } from "./helper.js";

type VisitorData = {
  phone: string;
  phoneFrom: string;
  leads: { id: number; kind: string; phone: string }[];
  orders: { orderNo: string; totalCents: number }[];
};

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

describeEachBackend("live chat desk", (ctx) => {
  const staff = {} as Record<"sales" | "sales2" | "admin" | "operations", StaffSession>;
  beforeAll(async () => {
    staff.sales = await newStaff(ctx.app, ctx.database.db, "sales", "客服小王");
    staff.sales2 = await newStaff(ctx.app, ctx.database.db, "sales", "客服小李");
    staff.admin = await newStaff(ctx.app, ctx.database.db, "admin", "管理员");
    staff.operations = await newStaff(ctx.app, ctx.database.db, "operations", "运营");
  });

  async function asMember<T = unknown>(member: StaffSession, options: InjectOptions) {
    const res = await ctx.app.inject(asStaff(member, options));
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res.json() as ApiAnswer<T>;
  }
  const post = <T = unknown>(member: StaffSession, url: string, payload: object) =>
    asMember<T>(member, { method: "POST", url, payload });
  const claimed = async (member: StaffSession, text = "一百平米的全包多少钱？") => {
    const visitor = await newVisitor(ctx.app);
    await visitorSend(ctx.app, visitor, text);
    expect((await post(member, "/api/admin/chat/claim", { id: visitor.conversationId })).code).toBe(1);
    return visitor;
  };
  const auditOf = async (action: string, entityId: number) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
      .orderBy(desc(auditLog.id));

  it("转为线索 is the chat permission's: refused to 运营 and to visitors", async () => {
    const visitor = await claimed(staff.sales);
    const refused = await post(staff.operations, "/api/admin/chat/lead", { id: visitor.conversationId });
    expect(refused).toMatchObject({ code: 0, errorCode: ErrorCode.FORBIDDEN });
    for (const url of ["/api/admin/chat/visitor", "/api/admin/chat/reveal-phone"]) {
      const answer = await asMember(staff.operations, {
        method: url.endsWith("visitor") ? "GET" : "POST",
        url,
        ...(url.endsWith("visitor")
          ? { query: { id: String(visitor.conversationId) } }
          : { payload: { id: visitor.conversationId } }),
      });
      expect(answer, url).toMatchObject({ code: 0, errorCode: ErrorCode.FORBIDDEN });
    }
    const anonymous = await ctx.api({
      method: "POST",
      url: "/api/admin/chat/lead",
      payload: { id: visitor.conversationId, phone: uniquePhone("137") },
      remoteAddress: uniqueIp(),
    });
    expect(anonymous.body).toMatchObject({ code: 0, errorCode: ErrorCode.LOGIN_REQUIRED });
    expect(await ctx.database.db.select().from(leads).where(eq(leads.kind, "chat"))).not.toContainEqual(
      expect.objectContaining({ payload: expect.objectContaining({ conversationId: visitor.conversationId }) }),
    );
  });

  it("转为线索 makes a 在线咨询 lead with the transcript, its notification and the link, once", async () => {
    const visitor = await claimed(staff.sales, "杭州能上门量房吗？");
    await post(staff.sales, "/api/admin/chat/reply", {
      id: visitor.conversationId,
      clientId: clientId(),
      text: "可以的，请问您的电话？",
    });
    await visitorSend(ctx.app, visitor, "我的电话是 13900001111");
    const phone = uniquePhone("139");
    const made = await post<{ leadId: number }>(staff.sales, "/api/admin/chat/lead", {
      id: visitor.conversationId,
      phone,
      name: "陈女士",
    });
    expect(made).toMatchObject({ code: 1, message: ChatMessages.leadMade });
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.id, made.data.leadId));
    // Staff made it: no privacy consent is claimed for the visitor.
    expect(lead).toMatchObject({ kind: "chat", phone, name: "陈女士", city: "杭州市", consent: false });
    const payload = lead!.payload as { conversationId: number; transcript: { sender: string; text: string }[] };
    expect(payload.conversationId).toBe(visitor.conversationId);
    expect(payload.transcript.map((t) => [t.sender, t.text])).toEqual([
      ["访客", "杭州能上门量房吗？"],
      ["客服 客服小王", "可以的，请问您的电话？"],
      ["访客", "我的电话是 13900001111"],
    ]);
    // Through the leads module's own path: the outbox row that notifies the sales team.
    const outbox = await ctx.database.db.select().from(leadOutbox).where(eq(leadOutbox.leadId, lead!.id));
    expect(outbox).toHaveLength(1);
    const [conversation] = await ctx.database.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, visitor.conversationId));
    expect(conversation!.leadId).toBe(lead!.id);
    const [record] = await auditOf("chat.lead", visitor.conversationId);
    expect(record).toMatchObject({ entity: "chat_conversation", after: { leadId: lead!.id } });
    // The inbox shows the link; a second 转为线索 is refused.
    const detail = await asMember<{ leadId: number }>(staff.sales, {
      url: "/api/admin/chat/detail",
      query: { id: String(visitor.conversationId) },
    });
    expect(detail.data.leadId).toBe(lead!.id);
    const again = await post(staff.sales, "/api/admin/chat/lead", { id: visitor.conversationId, phone });
    expect(again).toMatchObject({ code: 0, message: ChatMessages.alreadyLead });
    // The back office's lead detail carries the transcript.
    const shown = await asMember<{ payload: typeof payload }>(staff.sales, {
      url: "/api/admin/leads/detail",
      query: { id: String(lead!.id) },
    });
    expect(shown.data.payload.transcript).toHaveLength(3);
  });

  it("转为线索 checks the conversation, its holder and the number", async () => {
    const waiting = await newVisitor(ctx.app);
    await visitorSend(ctx.app, waiting, "你好");
    const phone = uniquePhone("136");
    expect(await post(staff.sales, "/api/admin/chat/lead", { id: waiting.conversationId, phone })).toMatchObject({
      code: 0,
      message: ChatMessages.claimFirst,
    });
    const mine = await claimed(staff.sales);
    expect(await post(staff.sales2, "/api/admin/chat/lead", { id: mine.conversationId, phone })).toMatchObject({
      code: 0,
      message: ChatMessages.notYours,
    });
    // An anonymous visitor who left no number: staff must type the one said in the chat.
    expect(await post(staff.sales, "/api/admin/chat/lead", { id: mine.conversationId })).toMatchObject({
      code: 0,
      message: ChatMessages.phoneNeeded,
    });
    const bad = await post(staff.sales, "/api/admin/chat/lead", { id: mine.conversationId, phone: "1390000" });
    expect(bad.code).toBe(0);
    expect(bad.message).toContain(Messages.invalidPhone);
    const missing = await post(staff.sales, "/api/admin/chat/lead", { id: 2_000_000_000, phone });
    expect(missing).toMatchObject({ code: 0, message: ChatMessages.conversationNotFound });
    // 管理员 may on any open conversation, and anyone at the inbox on a closed one.
    expect((await post(staff.admin, "/api/admin/chat/lead", { id: mine.conversationId, phone })).code).toBe(1);
    const ended = await claimed(staff.sales2);
    await post(staff.sales2, "/api/admin/chat/close", { id: ended.conversationId });
    const late = await post(staff.sales, "/api/admin/chat/lead", {
      id: ended.conversationId,
      phone: uniquePhone("135"),
    });
    expect(late.code, late.message).toBe(1);
  });

  it("beside the conversation: the customer's leads and orders, masked; the reveal is on record", async () => {
    const db = ctx.database.db;
    const mobile = uniquePhone("188");
    const now = new Date();
    const [customer] = await db.insert(customers).values({ mobile, createdAt: now, lastLoginAt: now }).returning();
    const [order] = await db
      .insert(orders)
      .values({
        orderNo: `CHATDESK${Date.now()}`,
        customerId: customer!.id,
        status: "paid",
        totalCents: 129_900,
        address: ADDRESS,
        createdAt: now,
        payBefore: now,
      })
      .returning();
    const [earlier] = await db
      .insert(leads)
      .values({ kind: "estimate", phone: mobile, payload: {}, ipHash: "x", createdAt: now, updatedAt: now })
      .returning();
    const [conversation] = await db
      .insert(chatConversations)
      .values({
        visitorKey: "desk",
        customerId: customer!.id,
        city: "上海市",
        page: "/case",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const id = conversation!.id;
    const seen = await asMember<VisitorData>(staff.sales, {
      url: "/api/admin/chat/visitor",
      query: { id: String(id) },
    });
    expect(seen.code, seen.message).toBe(1);
    expect(seen.data).toMatchObject({ phone: masked(mobile), phoneFrom: "customer" });
    expect(seen.data.leads).toEqual([
      expect.objectContaining({ id: earlier!.id, kind: "estimate", phone: masked(mobile) }),
    ]);
    expect(seen.data.orders).toEqual([expect.objectContaining({ orderNo: order!.orderNo, totalCents: 129_900 })]);
    expect(JSON.stringify(seen.data)).not.toContain(mobile);

    const before = (await auditOf("chat.revealPhone", id)).length;
    const revealed = await post<{ phone: string }>(staff.sales, "/api/admin/chat/reveal-phone", { id });
    expect(revealed).toMatchObject({ code: 1, data: { phone: mobile } });
    const records = await auditOf("chat.revealPhone", id);
    expect(records).toHaveLength(before + 1);
    expect(records[0]).toMatchObject({
      entity: "chat_conversation",
      staffId: staff.sales.id,
      after: { from: "customer" },
    });
  });

  it("an anonymous visitor is found by the phone they left; without one there is nothing to reveal", async () => {
    const visitor: Visitor = await newVisitor(ctx.app);
    const nothing = await asMember<VisitorData>(staff.sales, {
      url: "/api/admin/chat/visitor",
      query: { id: String(visitor.conversationId) },
    });
    expect(nothing.data).toEqual({ phone: "", phoneFrom: "", leads: [], orders: [] });
    expect(await post(staff.sales, "/api/admin/chat/reveal-phone", { id: visitor.conversationId })).toMatchObject({
      code: 0,
      message: ChatMessages.noPhone,
    });
    expect(await auditOf("chat.revealPhone", visitor.conversationId)).toHaveLength(0);
    const phone = uniquePhone("158");
    const left = await ctx.api({
      method: "POST",
      url: "/api/chat/lead",
      payload: { conversationId: visitor.conversationId, phone, consent: true },
      cookies: { yj_chat: visitor.cookie },
      remoteAddress: uniqueIp(),
    });
    expect(left.body.code, left.body.message).toBe(1);
    const found = await asMember<VisitorData>(staff.sales, {
      url: "/api/admin/chat/visitor",
      query: { id: String(visitor.conversationId) },
    });
    expect(found.data).toMatchObject({ phone: masked(phone), phoneFrom: "lead" });
    expect(found.data.leads.map((l) => l.kind)).toEqual(["chat"]);
    const bad = await asMember(staff.sales, { url: "/api/admin/chat/visitor", query: { id: "abc" } });
    expect(bad.code).toBe(0);
  });

  it("staff send a picture through the picture pipeline under the inbox's permission; the visitor has it", async () => {
    const visitor = await claimed(staff.sales);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    const upload = (member: StaffSession) =>
      asMember<{ url: string }>(member, {
        method: "POST",
        url: "/api/admin/chat/picture",
        payload: png,
        headers: { "content-type": "image/png" },
      });
    expect(await upload(staff.operations)).toMatchObject({ code: 0, errorCode: ErrorCode.FORBIDDEN });
    const uploaded = await upload(staff.sales);
    expect(uploaded.code, uploaded.message).toBe(1);
    expect(uploaded.data.url).toMatch(/^\/media\/chat-[0-9a-f]{24}-avif-1200\.webp$/);
    const [record] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "media.upload"), eq(auditLog.staffId, staff.sales.id)))
      .orderBy(desc(auditLog.id));
    expect(record).toMatchObject({ entity: "media", after: { purpose: "chat" } });
    const reply = (picture: string, text = "") =>
      post<{ message: { picture: string; sender: string } }>(staff.sales, "/api/admin/chat/reply", {
        id: visitor.conversationId,
        clientId: clientId(),
        text,
        picture,
      });
    const sent = await reply(uploaded.data.url);
    expect(sent).toMatchObject({ code: 1, data: { message: { sender: "staff", picture: uploaded.data.url } } });
    const typed = await reply("/media/chat-0123456789abcdef01234567-avif-1200.webp");
    expect(typed).toMatchObject({ code: 0, message: ChatMessages.pictureInvalid });
    const empty = await reply("", " ");
    expect(empty.code).toBe(0);
    expect(empty.message).toContain(ChatMessages.textRequired);
    const seen = await ctx.api<{ messages: { picture: string }[] }>({
      url: "/api/chat/history",
      query: { conversationId: String(visitor.conversationId) },
      cookies: { yj_chat: visitor.cookie },
      remoteAddress: uniqueIp(),
    });
    expect(seen.body.data.messages.at(-1)?.picture).toBe(uploaded.data.url);
  });

  it("the 在线客服 settings: 运营 save them, the window and the inbox use them, bad input is refused", async () => {
    const initial = await asMember<{ greeting: string; cannedReplies: string[]; wecomUrl: string }>(staff.operations, {
      url: "/api/admin/settings/chat/detail",
    });
    expect(initial.data).toEqual({ greeting: CHAT_GREETING, cannedReplies: [...CHAT_CANNED_REPLIES], wecomUrl: "" });
    const refused = await post(staff.sales, "/api/admin/settings/chat/save", {
      greeting: "你好",
      cannedReplies: [],
      wecomUrl: "",
    });
    expect(refused).toMatchObject({ code: 0, errorCode: ErrorCode.FORBIDDEN });
    for (const [body, message] of [
      [{ greeting: "  ", cannedReplies: [] }, "请输入欢迎语"],
      [{ greeting: "您好", cannedReplies: [], wecomUrl: "http://work.weixin.qq.com/kfid/x" }, "https://"],
      [{ greeting: "您好", cannedReplies: [], wecomUrl: "javascript:alert(1)" }, "https://"],
      [{ greeting: "您好", cannedReplies: Array.from({ length: 21 }, (_, i) => `回复 ${i}`) }, "最多 20 条"],
      [{ greeting: "您好", cannedReplies: ["x".repeat(201)] }, "最多 200 个字"],
    ] as const) {
      const answer = await post(staff.operations, "/api/admin/settings/chat/save", body);
      expect(answer.code, JSON.stringify(body)).toBe(0);
      expect(answer.message).toContain(message);
    }
    const wecomUrl = "https://work.weixin.qq.com/kfid/kfc0123456789abcdef";
    const saved = await post(staff.operations, "/api/admin/settings/chat/save", {
      greeting: "  您好，这里是装修顾问，有问题尽管问～  ",
      cannedReplies: ["您好！", "请问房子在哪个城市？"],
      wecomUrl,
    });
    expect(saved).toMatchObject({
      code: 1,
      message: ChatMessages.chatSettingsSaved,
      data: {
        greeting: "您好，这里是装修顾问，有问题尽管问～",
        cannedReplies: ["您好！", "请问房子在哪个城市？"],
        wecomUrl,
      },
    });
    const [record] = await auditOf("settings.chat", 1);
    expect(record).toMatchObject({ entity: "site_settings", after: { wecomUrl } });
    const opened = await openChat(ctx.app);
    expect(opened.body.data).toMatchObject({ greeting: "您好，这里是装修顾问，有问题尽管问～", wecomUrl });
    const canned = await asMember<string[]>(staff.sales, { url: "/api/admin/chat/canned" });
    expect(canned.data).toEqual(["您好！", "请问房子在哪个城市？"]);
  });
});
