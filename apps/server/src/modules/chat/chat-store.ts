// The chat tables (docs/decisions/0075), which only this module reads and writes: conversations, and
// messages numbered 1, 2, 3 … per conversation. Appending takes the conversation's row lock, so two
// instances never hand out the same number, and a resend (same clientId) answers the stored message.
import type { ChatMessage, ChatSender, ChatStatus } from "@yj/contract";
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chatConversations, chatMessages } from "../../db/schema.js";

export type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** How many messages one read answers at most (the window's first screen, a reconnect's catch-up). */
export const MESSAGES_PER_READ = 200;

export function messageOf(row: MessageRow): ChatMessage {
  return {
    conversationId: row.conversationId,
    seq: row.seq,
    clientId: row.clientId,
    sender: row.sender,
    staffName: row.staffName,
    text: row.text,
    picture: row.picture,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewMessage {
  conversationId: number;
  clientId: string;
  sender: ChatSender;
  staffId?: number | null;
  staffName?: string;
  text: string;
  picture?: string;
}

export type Appended = { message: ChatMessage; duplicate: boolean; conversation: ConversationRow };

/** Who may read a conversation: the visitor's cookie, or the logged-in customer it belongs to. */
export interface VisitorIdentity {
  visitorKey: string;
  customerId: number | null;
}

function ownedBy(who: VisitorIdentity): SQL {
  const byCookie = eq(chatConversations.visitorKey, who.visitorKey);
  return who.customerId === null ? byCookie : (or(byCookie, eq(chatConversations.customerId, who.customerId)) as SQL);
}

export class ChatStore {
  constructor(private readonly db: Db) {}

  /** The visitor's conversation that is not closed, newest first; none when all are closed. */
  async currentOf(who: VisitorIdentity): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chatConversations)
      .where(and(ownedBy(who), ne(chatConversations.status, "closed")))
      .orderBy(desc(chatConversations.createdAt), desc(chatConversations.id))
      .limit(1);
    return row;
  }

  /** The conversation if this visitor may read it; undefined for anyone else's (never told apart from none). */
  async ownedConversation(who: VisitorIdentity, id: number): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.id, id), ownedBy(who)));
    return row;
  }

  async conversation(id: number): Promise<ConversationRow | undefined> {
    const [row] = await this.db.select().from(chatConversations).where(eq(chatConversations.id, id));
    return row;
  }

  async create(who: VisitorIdentity, place: { page: string; city: string }, now: Date): Promise<ConversationRow> {
    const [row] = await this.db
      .insert(chatConversations)
      .values({ ...who, ...place, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("conversation insert returned no row");
    return row;
  }

  /** The visitor opened the chat on another page (or chose another city). */
  async movePlace(id: number, place: { page: string; city: string }): Promise<ConversationRow> {
    const [row] = await this.db.update(chatConversations).set(place).where(eq(chatConversations.id, id)).returning();
    if (!row) throw new Error("conversation vanished");
    return row;
  }

  /** The 在线咨询 lead left from the conversation, in the caller's transaction. */
  async linkLead(tx: Db, id: number, leadId: number): Promise<void> {
    await tx.update(chatConversations).set({ leadId }).where(eq(chatConversations.id, id));
  }

  /** Login merges: this cookie's anonymous conversations become the customer's. */
  async adoptAnonymous(visitorKey: string, customerId: number): Promise<void> {
    await this.db
      .update(chatConversations)
      .set({ customerId })
      .where(and(eq(chatConversations.visitorKey, visitorKey), isNull(chatConversations.customerId)));
  }

  /**
   * Stores a message as the conversation's next one, or answers the one already stored under its
   * clientId. `check` sees the locked conversation first and may refuse (a closed one, another's);
   * `alsoWrite` adds rows to the same transaction.
   */
  async append(
    input: NewMessage,
    now: Date,
    check: (c: ConversationRow) => void,
    alsoWrite?: (tx: Db, message: ChatMessage) => Promise<void>,
  ): Promise<Appended> {
    return this.db.transaction(async (tx) => {
      // The row lock orders every writer of this conversation, on every instance: the resend that
      // waits here finds the first one's message below instead of taking a second number.
      const [locked] = await tx
        .select()
        .from(chatConversations)
        .where(eq(chatConversations.id, input.conversationId))
        .for("update");
      if (!locked) throw new Error("conversation vanished");
      const [stored] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, input.conversationId), eq(chatMessages.clientId, input.clientId)));
      if (stored) return { message: messageOf(stored), duplicate: true, conversation: locked };
      check(locked);
      const [conversation] = await tx
        .update(chatConversations)
        .set({ lastSeq: sql`${chatConversations.lastSeq} + 1`, updatedAt: now })
        .where(eq(chatConversations.id, input.conversationId))
        .returning();
      if (!conversation) throw new Error("conversation vanished");
      const [row] = await tx
        .insert(chatMessages)
        .values({
          conversationId: input.conversationId,
          seq: conversation.lastSeq,
          clientId: input.clientId,
          sender: input.sender,
          staffId: input.staffId ?? null,
          staffName: input.staffName ?? "",
          text: input.text,
          picture: input.picture ?? "",
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error("message insert returned no row");
      const message = messageOf(row);
      // The audit record of a staff reply commits with it (docs/quality.md R16).
      await alsoWrite?.(tx, message);
      return { message, duplicate: false, conversation };
    });
  }

  /** Messages after `afterSeq`, in order, at most MESSAGES_PER_READ. */
  async messagesAfter(conversationId: number, afterSeq: number, limit = MESSAGES_PER_READ): Promise<ChatMessage[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, afterSeq)))
      .orderBy(asc(chatMessages.seq))
      .limit(limit);
    return rows.map(messageOf);
  }

  /** The newest `limit` messages, oldest first. */
  async newestMessages(conversationId: number, limit: number): Promise<ChatMessage[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
    return rows.reverse().map(messageOf);
  }

  /** The inbox: conversations in these states, assigned to `assigneeId` when given, newest activity first. */
  async list(statuses: ChatStatus[], assigneeId: number | null, limit: number): Promise<ConversationRow[]> {
    const conditions = [inArray(chatConversations.status, statuses)];
    if (assigneeId !== null) conditions.push(eq(chatConversations.assigneeId, assigneeId));
    return this.db
      .select()
      .from(chatConversations)
      .where(and(...conditions))
      .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
      .limit(limit);
  }

  /** The last message of each conversation, for the inbox's rows. */
  async lastTexts(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ conversationId: chatMessages.conversationId, text: chatMessages.text, picture: chatMessages.picture })
      .from(chatMessages)
      .innerJoin(
        chatConversations,
        and(eq(chatConversations.id, chatMessages.conversationId), eq(chatConversations.lastSeq, chatMessages.seq)),
      )
      .where(inArray(chatMessages.conversationId, ids));
    // A picture alone still tells the inbox's list that something came.
    return new Map(rows.map((r) => [r.conversationId, r.text || (r.picture ? "[图片]" : "")]));
  }

  /** Changes a conversation under its row lock: `change` sees it and answers the new fields (or throws). */
  async update(
    tx: Db,
    id: number,
    change: (c: ConversationRow) => Partial<Pick<ConversationRow, "status" | "assigneeId" | "closedAt">>,
    now: Date,
  ): Promise<{ before: ConversationRow; after: ConversationRow } | undefined> {
    const [before] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).for("update");
    if (!before) return undefined;
    const [after] = await tx
      .update(chatConversations)
      .set({ ...change(before), updatedAt: now })
      .where(eq(chatConversations.id, id))
      .returning();
    if (!after) throw new Error("conversation vanished");
    return { before, after };
  }
}
