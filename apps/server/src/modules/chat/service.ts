// Live chat's rules (issue #25, docs/decisions/0075): a visitor's conversation found by cookie or
// account, messages stored first and fanned out after the commit, a phone left as a 在线咨询 lead
// with the transcript, and the inbox's claim, transfer, close and reply, each on record.
import {
  CHAT_CANNED_REPLIES,
  CHAT_GREETING,
  CHAT_QUICK_QUESTIONS,
  type ChatBox,
  ChatMessages,
  type ChatStatus,
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
import { customerMobiles } from "../accounts/index.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import type { ChatLeadSubmission } from "../leads/service.js";
import { storedUploads } from "../media/index.js";
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
    return {
      conversation: conversationOf(conversation),
      greeting: CHAT_GREETING,
      quickQuestions: [...CHAT_QUICK_QUESTIONS],
      serviceHours: await this.deps.serviceHours(),
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
    const transcript = (await this.deps.store.newestMessages(conversation.id, MESSAGES_PER_READ)).map((m) => ({
      sender: m.sender === "staff" ? `客服 ${m.staffName}` : m.sender === "visitor" ? "访客" : "系统",
      text: m.picture ? `${m.text}${m.text ? " " : ""}[图片] ${m.picture}` : m.text,
      at: m.createdAt,
    }));
    const lead = await this.deps.leaveLead(
      {
        phone: input.phone,
        name: input.name,
        city: conversation.city,
        page: conversation.page,
        conversationId: conversation.id,
        transcript,
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
  async reply(member: ChatStaff, input: { id: number; clientId: string; text: string }) {
    await this.conversation(input.id);
    const appended = await this.deps.store.append(
      {
        conversationId: input.id,
        clientId: input.clientId,
        sender: "staff",
        staffId: member.id,
        staffName: member.displayName,
        text: input.text,
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

  canned(): string[] {
    return [...CHAT_CANNED_REPLIES];
  }

  // ── Shared ─────────────────────────────────────────────────────────────────────────────────────

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
