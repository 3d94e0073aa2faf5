// Live chat's rules (issue #25, docs/decisions/0075): a visitor's conversation found by cookie or
// account, messages stored first and fanned out after the commit, a phone left as a 在线咨询 lead
// with the transcript, and the inbox's claim, transfer, close and reply, each on record.
import {
  CHAT_QUICK_QUESTIONS,
  type ChatBox,
  ChatMessages,
  type ChatSettings,
  type ChatStatus,
  type LeadState,
  maskLeadPhone,
  maskPhone,
  roleAllows,
  type StaffRole,
} from "@yj/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, notFound } from "../../lib/errors.js";
import { consumeOrThrow, type RateLimiter } from "../../limits/rate-limiter.js";
import { customerMobiles, customersOfMobiles } from "../accounts/index.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import { leadPhones, leadsOfPhones } from "../leads/index.js";
import type { ChatLeadSubmission } from "../leads/service.js";
import { storedUploads } from "../media/index.js";
import { ordersOfCustomers } from "../orders/index.js";
import { activeStaff, staffNames } from "../staff/index.js";
import type { ChatEvent, ChatHub } from "./chat-hub.js";
import {
  type Appended,
  type ChatStore,
  type ConversationRow,
  MESSAGES_PER_READ,
  type VisitorIdentity,
} from "./chat-store.js";
import { CHAT_OPEN_RULES_PER_IP, CHAT_RULES_PER_IP, CHAT_RULES_PER_VISITOR } from "./limits.js";

/** Messages the window shows when it opens; older ones come through history. */
const MESSAGES_ON_OPEN = 50;
/** Rows an inbox list shows. */
const INBOX_ROWS = 100;
/** Leads and orders the side panel shows of one visitor (the newest). */
const VISITOR_ROWS = 10;

export interface ChatStaff {
  id: number;
  role: StaffRole;
  displayName: string;
  actor: Actor;
}

export interface ChatDeps {
  db: Db;
  store: ChatStore;
  hub: ChatHub;
  limiter: RateLimiter;
  now: Clock;
  log: FastifyBaseLogger;
  /** The leads module's way in (docs/decisions/0040): the lead, its limits and its notification. */
  leaveLead(lead: ChatLeadSubmission, clientIp: string): Promise<{ id: number }>;
  serviceHours(): Promise<string>;
  /** The site settings' 在线客服 card (docs/decisions/0078). */
  settings(): Promise<ChatSettings>;
}

const business = (message: string) => new AppError("business", message);

function conversationOf(row: ConversationRow) {
  return {
    id: row.id,
    status: row.status,
    lastSeq: row.lastSeq,
    page: row.page,
    city: row.city,
    createdAt: row.createdAt.toISOString(),
  };
}

export class ChatService {
  constructor(private readonly deps: ChatDeps) {}

  // ── The visitor ────────────────────────────────────────────────────────────────────────────────

  /** The visitor's open conversation (a new one when there is none), with its newest messages. */
  async open(who: VisitorIdentity, place: { page: string; city: string }, clientIp: string) {
    const { store } = this.deps;
    // Login merges: what this browser said before logging in stays with the customer.
    if (who.customerId !== null) await store.adoptAnonymous(who.visitorKey, who.customerId);
    let conversation = await store.currentOf(who);
    if (!conversation) {
      await consumeOrThrow(
        this.deps.limiter,
        [{ key: `chat:open:ip:${clientIp}`, rules: CHAT_OPEN_RULES_PER_IP }],
        this.deps.now(),
        ChatMessages.limited,
      );
      conversation = await store.create(who, place, this.deps.now());
      this.deps.log.info({ conversationId: conversation.id }, "chat conversation opened");
    } else if (place.page && (place.page !== conversation.page || place.city !== conversation.city)) {
      // The inbox shows the page the visitor is on now, not the one the chat began on.
      conversation = await store.movePlace(conversation.id, place);
    }
    const settings = await this.deps.settings();
    return {
      conversation: conversationOf(conversation),
      greeting: settings.greeting,
      quickQuestions: [...CHAT_QUICK_QUESTIONS],
      serviceHours: await this.deps.serviceHours(),
      wecomUrl: settings.wecomUrl,
      messages: await store.newestMessages(conversation.id, MESSAGES_ON_OPEN),
    };
  }

  async send(
    who: VisitorIdentity,
    input: { conversationId: number; clientId: string; text: string; picture: string },
    clientIp: string,
  ) {
    const conversation = await this.owned(who, input.conversationId);
    const visitor = who.customerId !== null ? `customer:${who.customerId}` : `visitor:${who.visitorKey}`;
    await consumeOrThrow(
      this.deps.limiter,
      [
        { key: `chat:${visitor}`, rules: CHAT_RULES_PER_VISITOR },
        { key: `chat:ip:${clientIp}`, rules: CHAT_RULES_PER_IP },
      ],
      this.deps.now(),
      ChatMessages.limited,
    );
    // A picture must be one uploaded for the chat, not any address of the right shape.
    if (input.picture && !(await storedUploads(this.deps.db, [input.picture], "chat")).has(input.picture)) {
      throw business(ChatMessages.pictureInvalid);
    }
    const appended = await this.deps.store.append(
      {
        conversationId: conversation.id,
        clientId: input.clientId,
        sender: "visitor",
        text: input.text,
        picture: input.picture,
      },
      this.deps.now(),
      (locked) => {
        if (locked.status === "closed") throw business(ChatMessages.closed);
      },
    );
    return this.announce(appended);
  }

  /** Messages after `after`: a reload, a reconnect's catch-up, or an older page. */
  async history(who: VisitorIdentity, conversationId: number, after: number) {
    const conversation = await this.owned(who, conversationId);
    const messages = await this.deps.store.messagesAfter(conversation.id, after);
    return { messages, lastSeq: conversation.lastSeq };
  }

  /** The stream's check: the conversation is this visitor's (else not found, like any other id). */
  async owned(who: VisitorIdentity, conversationId: number): Promise<ConversationRow> {
    const conversation = await this.deps.store.ownedConversation(who, conversationId);
    if (!conversation) throw notFound(ChatMessages.conversationNotFound);
    return conversation;
  }

  /** The visitor leaves a phone with consent: a 在线咨询 lead with the transcript, and a line in the chat. */
  async leaveLead(
    who: VisitorIdentity,
    input: { conversationId: number; phone: string; name: string; marketingConsent?: boolean },
    clientIp: string,
  ): Promise<void> {
    const conversation = await this.owned(who, input.conversationId);
    const lead = await this.deps.leaveLead(
      {
        phone: input.phone,
        name: input.name,
        city: conversation.city,
        page: conversation.page,
        conversationId: conversation.id,
        transcript: await this.transcript(conversation.id),
        by: "visitor",
        marketingConsent: input.marketingConsent === true,
      },
      clientIp,
    );
    const now = this.deps.now();
    // The conversation's link to its lead and the line that tells the visitor commit together.
    const appended = await this.deps.store.append(
      {
        conversationId: conversation.id,
        clientId: `lead-${lead.id}-${now.getTime()}`,
        sender: "system",
        text: `已收到您的手机号 ${maskLeadPhone(input.phone)}，稍后会有客服联系您`,
      },
      now,
      () => {},
      (tx) => this.deps.store.linkLead(tx, conversation.id, lead.id),
    );
    this.announce(appended);
  }

  // ── The inbox ──────────────────────────────────────────────────────────────────────────────────

  async list(member: ChatStaff, box: ChatBox) {
    const { store } = this.deps;
    const rows =
      box === "waiting"
        ? await store.list(["waiting"], null, INBOX_ROWS)
        : box === "mine"
          ? await store.list(["open"], member.id, INBOX_ROWS)
          : await store.list(["closed"], member.role === "admin" ? null : member.id, INBOX_ROWS);
    return this.rowsOf(rows);
  }

  async detail(id: number, after: number) {
    const conversation = await this.conversation(id);
    const messages =
      after > 0
        ? await this.deps.store.messagesAfter(id, after)
        : await this.deps.store.newestMessages(id, MESSAGES_PER_READ);
    const [row] = await this.rowsOf([conversation]);
    return { ...row!, messages };
  }

  claim(member: ChatStaff, id: number) {
    return this.change(member, id, "chat.claim", (c) => {
      if (c.status !== "waiting") throw business(ChatMessages.notWaiting);
      return { status: "open", assigneeId: member.id };
    });
  }

  async transfer(member: ChatStaff, id: number, staffId: number) {
    const [target] = await activeStaff(this.deps.db, [staffId]);
    if (!target || !roleAllows(target.role, "chat")) throw business(ChatMessages.staffInvalid);
    return this.change(member, id, "chat.transfer", (c) => {
      this.mayWork(member, c);
      return { status: "open", assigneeId: target.id };
    });
  }

  close(member: ChatStaff, id: number) {
    return this.change(member, id, "chat.close", (c) => {
      // A waiting conversation (spam, a visitor who left) may be closed by anyone at the inbox.
      if (c.status === "waiting") return { status: "closed", closedAt: this.deps.now() };
      this.mayWork(member, c);
      return { status: "closed", closedAt: this.deps.now() };
    });
  }

  /** A staff reply: stored as the conversation's next message and on record, then fanned out. */
  async reply(member: ChatStaff, input: { id: number; clientId: string; text: string; picture: string }) {
    await this.conversation(input.id);
    // A picture must be one uploaded for the chat (by staff or a visitor), not any address.
    if (input.picture && !(await storedUploads(this.deps.db, [input.picture], "chat")).has(input.picture)) {
      throw business(ChatMessages.pictureInvalid);
    }
    const appended = await this.deps.store.append(
      {
        conversationId: input.id,
        clientId: input.clientId,
        sender: "staff",
        staffId: member.id,
        staffName: member.displayName,
        text: input.text,
        picture: input.picture,
      },
      this.deps.now(),
      (locked) => this.mayWork(member, locked),
      (tx, message) =>
        recordAudit(
          tx,
          member.actor,
          { action: "chat.reply", entity: "chat_conversation", entityId: input.id, after: { seq: message.seq } },
          this.deps.now(),
        ),
    );
    return this.announce(appended);
  }

  async canned(): Promise<string[]> {
    return (await this.deps.settings()).cannedReplies;
  }

  /**
   * 转为线索 (docs/decisions/0078): a 在线咨询 lead through the leads module's own path (dedupe,
   * outbox notification), its payload the transcript so far; the conversation remembers the lead.
   * The number is the one staff type (the visitor said it in the chat), else the customer's own.
   */
  async turnIntoLead(member: ChatStaff, input: { id: number; phone: string; name: string }, clientIp: string) {
    const conversation = await this.conversation(input.id);
    if (conversation.status === "waiting") throw business(ChatMessages.claimFirst);
    if (conversation.status === "open" && conversation.assigneeId !== member.id && member.role !== "admin")
      throw business(ChatMessages.notYours);
    if (conversation.leadId !== null) throw business(ChatMessages.alreadyLead);
    let phone = input.phone;
    if (!phone && conversation.customerId !== null)
      phone = (await customerMobiles(this.deps.db, [conversation.customerId])).get(conversation.customerId) ?? "";
    if (!phone) throw business(ChatMessages.phoneNeeded);
    const lead = await this.deps.leaveLead(
      {
        phone,
        name: input.name,
        city: conversation.city,
        page: conversation.page,
        conversationId: conversation.id,
        transcript: await this.transcript(conversation.id),
        by: "staff",
      },
      clientIp,
    );
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      await this.deps.store.linkLead(tx, conversation.id, lead.id);
      await recordAudit(
        tx,
        member.actor,
        { action: "chat.lead", entity: "chat_conversation", entityId: conversation.id, after: { leadId: lead.id } },
        now,
      );
    });
    this.publish({ kind: "conversation", conversationId: conversation.id });
    return { leadId: lead.id };
  }

  /**
   * Beside the conversation: the visitor's number (the account's, else the one left), masked, and
   * the leads of that number and the orders of the account or of the customer with that number.
   */
  async visitor(id: number) {
    const conversation = await this.conversation(id);
    const { phone, from } = await this.phoneOf(conversation);
    const phones = phone ? [phone] : [];
    const customerIds = new Set(await customersOfMobiles(this.deps.db, phones));
    if (conversation.customerId !== null) customerIds.add(conversation.customerId);
    const [leadRows, orderRows] = await Promise.all([
      leadsOfPhones(this.deps.db, phones, VISITOR_ROWS),
      ordersOfCustomers(this.deps.db, [...customerIds], VISITOR_ROWS),
    ]);
    return {
      phone: phone ? maskLeadPhone(phone) : "",
      phoneFrom: from,
      leads: leadRows.map((l) => ({
        ...l,
        state: l.state as LeadState,
        phone: maskLeadPhone(l.phone),
        createdAt: l.createdAt.toISOString(),
      })),
      orders: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    };
  }

  /** The full number, for one click; the click is on record (as a lead's or a project's, R16). */
  async revealPhone(member: ChatStaff, id: number) {
    const conversation = await this.conversation(id);
    const { phone, from } = await this.phoneOf(conversation);
    if (!phone) throw business(ChatMessages.noPhone);
    await this.deps.db.transaction((tx) =>
      recordAudit(
        tx,
        member.actor,
        { action: "chat.revealPhone", entity: "chat_conversation", entityId: id, after: { from } },
        this.deps.now(),
      ),
    );
    return { phone };
  }

  // ── Shared ─────────────────────────────────────────────────────────────────────────────────────

  /** What a lead keeps of the conversation: its messages so far, each with who and when. */
  private async transcript(conversationId: number) {
    return (await this.deps.store.newestMessages(conversationId, MESSAGES_PER_READ)).map((m) => ({
      sender: m.sender === "staff" ? `客服 ${m.staffName}` : m.sender === "visitor" ? "访客" : "系统",
      text: m.text,
      // A picture stays a picture: the lead's page shows it (a stored upload, kept like any other).
      ...(m.picture ? { picture: m.picture } : {}),
      at: m.createdAt,
    }));
  }

  /** The visitor's number: the logged-in customer's, else the one left as the conversation's lead. */
  private async phoneOf(c: ConversationRow): Promise<{ phone: string; from: "customer" | "lead" | "" }> {
    if (c.customerId !== null) {
      const phone = (await customerMobiles(this.deps.db, [c.customerId])).get(c.customerId);
      if (phone) return { phone, from: "customer" };
    }
    if (c.leadId !== null) {
      const phone = (await leadPhones(this.deps.db, [c.leadId])).get(c.leadId);
      if (phone) return { phone, from: "lead" };
    }
    return { phone: "", from: "" };
  }

  /** Staff may work a conversation that is open and theirs; 管理员 any open one. */
  private mayWork(member: ChatStaff, c: ConversationRow) {
    if (c.status === "closed") throw business(ChatMessages.closed);
    if (c.status === "waiting") throw business(ChatMessages.claimFirst);
    if (c.assigneeId !== member.id && member.role !== "admin") throw business(ChatMessages.notYours);
  }

  private async conversation(id: number): Promise<ConversationRow> {
    const conversation = await this.deps.store.conversation(id);
    if (!conversation) throw notFound(ChatMessages.conversationNotFound);
    return conversation;
  }

  private async change(
    member: ChatStaff,
    id: number,
    action: string,
    change: (c: ConversationRow) => { status: ChatStatus; assigneeId?: number; closedAt?: Date },
  ) {
    const now = this.deps.now();
    const changed = await this.deps.db.transaction(async (tx) => {
      const result = await this.deps.store.update(tx, id, change, now);
      if (!result) throw notFound(ChatMessages.conversationNotFound);
      const { before, after } = result;
      await recordAudit(
        tx,
        member.actor,
        {
          action,
          entity: "chat_conversation",
          entityId: id,
          before: { status: before.status, assigneeId: before.assigneeId },
          after: { status: after.status, assigneeId: after.assigneeId },
        },
        now,
      );
      return after;
    });
    this.publish({ kind: "conversation", conversationId: id });
    const [row] = await this.rowsOf([changed]);
    return row!;
  }

  /** After the commit: every listener on every instance hears of the message. A resend is not news. */
  private announce(appended: Appended) {
    const { message, duplicate, conversation } = appended;
    if (!duplicate) {
      this.deps.log.info(
        {
          conversationId: message.conversationId,
          seq: message.seq,
          sender: message.sender,
          chars: message.text.length,
        },
        "chat message stored",
      );
      this.publish({ kind: "message", conversationId: message.conversationId, message });
      // The inbox hears of a conversation once it has something to answer.
      if (conversation.lastSeq === 1) this.publish({ kind: "conversation", conversationId: conversation.id });
    }
    return { message, duplicate };
  }

  private publish(event: ChatEvent) {
    this.deps.hub.publish(event);
  }

  private async rowsOf(rows: ConversationRow[]) {
    const ids = rows.map((r) => r.id);
    const staffIds = [...new Set(rows.map((r) => r.assigneeId).filter((id): id is number => id !== null))];
    const customerIds = [...new Set(rows.map((r) => r.customerId).filter((id): id is number => id !== null))];
    const [lastTexts, names, phones] = await Promise.all([
      this.deps.store.lastTexts(ids),
      assigneeNames(this.deps.db, staffIds),
      customerMobiles(this.deps.db, customerIds),
    ]);
    return rows.map((r) => ({
      ...conversationOf(r),
      assigneeId: r.assigneeId,
      assigneeName: names.get(r.assigneeId ?? 0) ?? "",
      customerPhone: r.customerId !== null ? maskLeadPhone(phones.get(r.customerId) ?? "") : "",
      leadId: r.leadId,
      lastText: maskPhone(lastTexts.get(r.id) ?? ""),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }
}

/** Assignees' names, disabled members' too: a conversation keeps who had it. */
async function assigneeNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length ? await staffNames(db, ids) : [];
  return new Map(rows.map((r) => [r.id, r.name]));
}
