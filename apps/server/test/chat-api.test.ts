// Live chat's API (issue #25, docs/decisions/0075; R22): the visitor's conversation by cookie or
// account, idempotent resends and one ordered sequence (on PGlite and PostgreSQL: the sequence is a
// row lock), a visitor never reading another's conversation, the inbox behind its permission, the
// phone left as a 在线咨询 lead with its transcript, and the per-visitor limit.
import {
  CHAT_GREETING,
  CHAT_QUICK_QUESTIONS,
  CHAT_VISITOR_COOKIE,
  type ChatMessage,
  ChatMessages,
  ErrorCode,
  Messages,
} from "@yj/contract";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { chatConversations, leads } from "../src/db/schema.js";
import { AccountsHarness, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { clientId, newVisitor, openChat, type Visitor, visitorSend } from "./chat-support.js";
import { type ApiAnswer, describeEachBackend } from "./helper.js";

type Row = { id: number; status: string; assigneeId: number | null; lastText: string };

describeEachBackend("live chat", { embedded: true }, (ctx) => {
  const staff = {} as Record<"sales" | "sales2" | "admin" | "operations", StaffSession>;
  beforeAll(async () => {
    staff.sales = await newStaff(ctx.app, ctx.database.db, "sales", "客服小王");
    staff.sales2 = await newStaff(ctx.app, ctx.database.db, "sales", "客服小李");
    staff.admin = await newStaff(ctx.app, ctx.database.db, "admin", "管理员");
    staff.operations = await newStaff(ctx.app, ctx.database.db, "operations", "运营");
  });

  async function asMember<T = Row>(member: StaffSession, options: InjectOptions) {
    const res = await ctx.app.inject(asStaff(member, options));
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res.json() as ApiAnswer<T>;
  }
  const history = (visitor: Pick<Visitor, "cookie" | "conversationId">, after = 0) =>
    ctx.api<{ messages: ChatMessage[]; lastSeq: number }>({
      url: "/api/chat/history",
      query: { conversationId: String(visitor.conversationId), after: String(after) },
      cookies: { [CHAT_VISITOR_COOKIE]: visitor.cookie },
      remoteAddress: uniqueIp(),
    });

  it("opens a conversation under an httpOnly cookie with the greeting and quick questions, and resumes it", async () => {
    const first = await openChat(ctx.app);
    expect(first.body.code, first.body.message).toBe(1);
    expect(first.setCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(first.body.data).toMatchObject({ greeting: CHAT_GREETING, quickQuestions: [...CHAT_QUICK_QUESTIONS] });
    const again = await openChat(ctx.app, first.cookie);
    expect(again.body.data.conversation.id).toBe(first.body.data.conversation.id);
    expect(again.setCookie).toBeUndefined();
    // Opened again on another page: the conversation now shows that page to the inbox.
    const moved = await openChat(ctx.app, first.cookie, { payload: { page: "/case", city: "上海市" } });
    expect(moved.body.data.conversation).toMatchObject({
      id: first.body.data.conversation.id,
      page: "/case",
      city: "上海市",
    });
    // Another browser is another visitor.
    const other = await openChat(ctx.app);
    expect(other.body.data.conversation.id).not.toBe(first.body.data.conversation.id);
  });

  it("a resend with the same client id is stored once; concurrent sends get one gapless sequence", async () => {
    const visitor = await newVisitor(ctx.app);
    const id = clientId();
    const a = await visitorSend(ctx.app, visitor, "这个套餐包含哪些？", id);
    const b = await visitorSend(ctx.app, visitor, "这个套餐包含哪些？", id);
    expect(a.body.data).toMatchObject({ duplicate: false, message: { seq: 1, sender: "visitor" } });
    expect(b.body.data).toMatchObject({ duplicate: true, message: { seq: 1 } });
    // Five resends of one message and five different messages, all at once.
    const resend = clientId();
    const sent = await Promise.all([
      ...Array.from({ length: 5 }, () => visitorSend(ctx.app, visitor, "重发的消息", resend)),
      ...Array.from({ length: 5 }, (_, i) => visitorSend(ctx.app, visitor, `第 ${i} 条`)),
    ]);
    for (const s of sent) expect(s.body.code, s.body.message).toBe(1);
    const resent = sent.slice(0, 5).map((s) => s.body.data.message.seq);
    expect(new Set(resent).size).toBe(1);
    const { body } = await history(visitor);
    expect(body.data.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(body.data.messages.filter((m) => m.clientId === resend)).toHaveLength(1);
    expect(body.data.lastSeq).toBe(7);
    // A reconnect with its last seen sequence gets only what came after, in order.
    const after = await history(visitor, 4);
    expect(after.body.data.messages.map((m) => m.seq)).toEqual([5, 6, 7]);
  });

  it("a visitor can never read, write to or leave a lead on another's conversation", async () => {
    const owner = await newVisitor(ctx.app);
    await visitorSend(ctx.app, owner, "我的手机号是 13812345678");
    const stranger = await newVisitor(ctx.app);
    const asStranger = { cookie: stranger.cookie, conversationId: owner.conversationId };
    const read = await history(asStranger);
    expect(read.body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND, data: null });
    const noCookie = await history({ cookie: "", conversationId: owner.conversationId });
    expect(noCookie.body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND });
    const forged = await history({ cookie: "x".repeat(43), conversationId: owner.conversationId });
    expect(forged.body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND });
    const write = await visitorSend(ctx.app, { ...stranger, conversationId: owner.conversationId }, "冒充");
    expect(write.body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND });
    const lead = await ctx.api({
      method: "POST",
      url: "/api/chat/lead",
      payload: { conversationId: owner.conversationId, phone: uniquePhone("137"), consent: true },
      cookies: { [CHAT_VISITOR_COOKIE]: stranger.cookie },
      remoteAddress: uniqueIp(),
    });
    expect(lead.body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND });
    const mine = await history(owner);
    expect(mine.body.data.messages.map((m) => m.text)).toEqual(["我的手机号是 13812345678"]);
  });

  it("the inbox is refused to staff without the chat permission and to visitors", async () => {
    const refused = await asMember(staff.operations, { url: "/api/admin/chat/list", query: { box: "waiting" } });
    expect(refused).toMatchObject({ code: 0, errorCode: ErrorCode.FORBIDDEN });
    const visitor = await ctx.api({ url: "/api/admin/chat/list", remoteAddress: uniqueIp() });
    expect(visitor.body).toMatchObject({ code: 0, errorCode: ErrorCode.LOGIN_REQUIRED });
    const stream = await ctx.app.inject(asStaff(staff.operations, { url: "/api/admin/chat/stream" }));
    expect(stream.json()).toMatchObject({ code: 0, errorCode: ErrorCode.FORBIDDEN });
  });

  it("staff claim, reply, transfer and close; each step on record and the visitor sees the replies", async () => {
    const visitor = await newVisitor(ctx.app);
    await visitorSend(ctx.app, visitor, "杭州能上门量房吗");
    const waiting = await asMember<Row[]>(staff.sales, { url: "/api/admin/chat/list", query: { box: "waiting" } });
    expect(waiting.data.find((r) => r.id === visitor.conversationId)).toMatchObject({ lastText: "杭州能上门量房吗" });
    const early = await asMember(staff.sales, {
      method: "POST",
      url: "/api/admin/chat/reply",
      payload: { id: visitor.conversationId, clientId: clientId(), text: "您好" },
    });
    expect(early).toMatchObject({ code: 0, message: ChatMessages.claimFirst });
    const claimed = await asMember(staff.sales, {
      method: "POST",
      url: "/api/admin/chat/claim",
      payload: { id: visitor.conversationId },
    });
    expect(claimed.data).toMatchObject({ status: "open", assigneeId: staff.sales.id });
    const twice = await asMember(staff.sales2, {
      method: "POST",
      url: "/api/admin/chat/claim",
      payload: { id: visitor.conversationId },
    });
    expect(twice).toMatchObject({ code: 0, message: ChatMessages.notWaiting });
    const replyId = clientId();
    const reply = () =>
      asMember<{ message: ChatMessage; duplicate: boolean }>(staff.sales, {
        method: "POST",
        url: "/api/admin/chat/reply",
        payload: { id: visitor.conversationId, clientId: replyId, text: "可以的，免费上门量房" },
      });
    expect((await reply()).data).toMatchObject({
      duplicate: false,
      message: { seq: 2, sender: "staff", staffName: "客服小王" },
    });
    expect((await reply()).data).toMatchObject({ duplicate: true, message: { seq: 2 } });
    // Someone else's conversation cannot be answered by another 客服.
    const notMine = await asMember(staff.sales2, {
      method: "POST",
      url: "/api/admin/chat/reply",
      payload: { id: visitor.conversationId, clientId: clientId(), text: "抢答" },
    });
    expect(notMine).toMatchObject({ code: 0, message: ChatMessages.notYours });
    const seen = await history(visitor);
    expect(seen.body.data.messages.map((m) => [m.seq, m.sender, m.text])).toEqual([
      [1, "visitor", "杭州能上门量房吗"],
      [2, "staff", "可以的，免费上门量房"],
    ]);
    const toOperations = await asMember(staff.sales, {
      method: "POST",
      url: "/api/admin/chat/transfer",
      payload: { id: visitor.conversationId, staffId: staff.operations.id },
    });
    expect(toOperations).toMatchObject({ code: 0, message: ChatMessages.staffInvalid });
    const transferred = await asMember(staff.sales, {
      method: "POST",
      url: "/api/admin/chat/transfer",
      payload: { id: visitor.conversationId, staffId: staff.sales2.id },
    });
    expect(transferred.data).toMatchObject({ assigneeId: staff.sales2.id, assigneeName: "客服小李" });
    const mine = await asMember<Row[]>(staff.sales2, { url: "/api/admin/chat/list", query: { box: "mine" } });
    expect(mine.data.map((r) => r.id)).toContain(visitor.conversationId);
    const closed = await asMember(staff.sales2, {
      method: "POST",
      url: "/api/admin/chat/close",
      payload: { id: visitor.conversationId },
    });
    expect(closed.data).toMatchObject({ status: "closed" });
    const late = await visitorSend(ctx.app, visitor, "还在吗");
    expect(late.body).toMatchObject({ code: 0, message: ChatMessages.closed });
    // The visitor's next open starts a new conversation; the old one stays readable.
    const next = await openChat(ctx.app, visitor.cookie);
    expect(next.body.data.conversation.id).not.toBe(visitor.conversationId);
    expect((await history(visitor)).body.data.messages).toHaveLength(2);
    const canned = await asMember<string[]>(staff.admin, { url: "/api/admin/chat/canned" });
    expect(canned.data.length).toBeGreaterThan(0);
  });

  it("a phone left with consent becomes a 在线咨询 lead with the transcript; without consent it is refused", async () => {
    const visitor = await newVisitor(ctx.app);
    await visitorSend(ctx.app, visitor, "报价");
    await visitorSend(ctx.app, visitor, "一百平米大概多少钱");
    const phone = uniquePhone("186");
    const leave = (consent: unknown) =>
      ctx.api({
        method: "POST",
        url: "/api/chat/lead",
        payload: { conversationId: visitor.conversationId, phone, name: "陈先生", consent },
        cookies: { [CHAT_VISITOR_COOKIE]: visitor.cookie },
        remoteAddress: uniqueIp(),
      });
    const refused = await leave(false);
    expect(refused.body).toMatchObject({ code: 0, data: null });
    expect(refused.body.message).toContain(Messages.consentRequired);
    const left = await leave(true);
    expect(left.body).toMatchObject({ code: 1, message: ChatMessages.leadLeft });
    const [lead] = await ctx.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.phone, phone), eq(leads.kind, "chat")));
    expect(lead).toMatchObject({ kind: "chat", name: "陈先生", consent: true, city: "杭州市" });
    const payload = lead!.payload as { conversationId: number; transcript: { sender: string; text: string }[] };
    expect(payload.conversationId).toBe(visitor.conversationId);
    expect(payload.transcript.map((t) => t.text)).toEqual(["报价", "一百平米大概多少钱"]);
    const [conversation] = await ctx.database.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, visitor.conversationId));
    expect(conversation!.leadId).toBe(lead!.id);
    const seen = await history(visitor);
    expect(seen.body.data.messages.at(-1)).toMatchObject({ sender: "system" });
    expect(seen.body.data.messages.at(-1)!.text).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  });

  it("a visitor's messages are limited per visitor (429 with a Chinese message)", async () => {
    const visitor = await newVisitor(ctx.app);
    for (let i = 0; i < 20; i += 1) expect((await visitorSend(ctx.app, visitor, `消息 ${i}`)).body.code).toBe(1);
    const over = await visitorSend(ctx.app, visitor, "第二十一条");
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 0, errorCode: ErrorCode.RATE_LIMITED });
    expect(over.body.message).toContain(ChatMessages.limited);
  });

  it("a picture goes through the picture pipeline and into a message; a picture not uploaded for the chat is refused", async () => {
    const visitor = await newVisitor(ctx.app);
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2e86de" } })
      .png()
      .toBuffer();
    const upload = (cookie?: string) =>
      ctx.api<{ url: string; thumbnail: string }>({
        method: "POST",
        url: "/api/chat/picture",
        payload: png,
        headers: { "content-type": "image/png" },
        cookies: cookie ? { [CHAT_VISITOR_COOKIE]: cookie } : {},
        remoteAddress: uniqueIp(),
      });
    expect((await upload()).body).toMatchObject({ code: 0, message: ChatMessages.openFirst });
    const uploaded = await upload(visitor.cookie);
    expect(uploaded.body.code, uploaded.body.message).toBe(1);
    expect(uploaded.body.data.url).toMatch(/^\/media\/chat-[0-9a-f]{24}-avif-1200\.webp$/);
    const send = (picture: string, text = "") =>
      ctx.api<{ message: ChatMessage }>({
        method: "POST",
        url: "/api/chat/send",
        payload: { conversationId: visitor.conversationId, clientId: clientId(), text, picture },
        cookies: { [CHAT_VISITOR_COOKIE]: visitor.cookie },
        remoteAddress: uniqueIp(),
      });
    const sent = await send(uploaded.body.data.url);
    expect(sent.body.data.message).toMatchObject({ seq: 1, text: "", picture: uploaded.body.data.url });
    // The inbox's list says a picture came (docs/decisions/0078).
    const waiting = await asMember<Row[]>(staff.sales, { url: "/api/admin/chat/list", query: { box: "waiting" } });
    expect(waiting.data.find((r) => r.id === visitor.conversationId)).toMatchObject({ lastText: "[图片]" });
    const never = uploaded.body.data.url.replace(/chat-[0-9a-f]{6}/, "chat-000000");
    expect((await send(never)).body).toMatchObject({ code: 0, message: ChatMessages.pictureInvalid });
    const goods = (await send("/media/goods-0123456789abcdef01234567-avif-800.webp")).body;
    expect(goods.code).toBe(0);
    expect(goods.message).toContain(ChatMessages.pictureInvalid);
    const empty = (await send("", "  ")).body;
    expect(empty.message).toContain(ChatMessages.textRequired);
    expect((await history(visitor)).body.data.messages).toHaveLength(1);
  });

  describe("a logged-in customer", () => {
    it("keeps the anonymous conversation after logging in, finds it from another browser; another customer cannot", async () => {
      const customers = await AccountsHarness.build(ctx.database);
      try {
        const anonymous = await openChat(customers.app);
        const visitor: Visitor = {
          cookie: anonymous.cookie,
          conversationId: anonymous.body.data.conversation.id,
          ip: uniqueIp(),
        };
        await visitorSend(customers.app, visitor, "登录前的问题");
        const session = await customers.login();
        const withAccount = {
          cookies: { token: session.token, csrf: session.csrf },
          headers: { "x-csrf-token": session.csrf },
        };
        const merged = await openChat(customers.app, visitor.cookie, withAccount);
        expect(merged.body.data.conversation.id).toBe(visitor.conversationId);
        // Another browser: no chat cookie, the same account.
        const elsewhere = await openChat(customers.app, undefined, withAccount);
        expect(elsewhere.body.data.conversation.id).toBe(visitor.conversationId);
        expect(elsewhere.body.data.messages.map((m) => m.text)).toEqual(["登录前的问题"]);
        const read = await customers.call<{ messages: ChatMessage[] }>({
          url: "/api/chat/history",
          query: { conversationId: String(visitor.conversationId) },
          cookies: { token: session.token, [CHAT_VISITOR_COOKIE]: elsewhere.cookie },
          remoteAddress: uniqueIp(),
        });
        expect(read.body.data.messages).toHaveLength(1);
        // Another customer's account opens nothing of it, with or without a chat cookie of their own (R22).
        const other = await customers.login();
        const otherChat = await openChat(customers.app, undefined, {
          cookies: { token: other.token, csrf: other.csrf },
          headers: { "x-csrf-token": other.csrf },
        });
        expect(otherChat.body.data.conversation.id).not.toBe(visitor.conversationId);
        for (const chatCookie of [{}, { [CHAT_VISITOR_COOKIE]: otherChat.cookie }] as Record<string, string>[]) {
          const refused = await customers.call({
            url: "/api/chat/history",
            query: { conversationId: String(visitor.conversationId) },
            cookies: { token: other.token, ...chatCookie },
            remoteAddress: uniqueIp(),
          });
          expect(refused.body).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND, data: null });
        }
      } finally {
        await customers.close();
      }
    });
  });
});
