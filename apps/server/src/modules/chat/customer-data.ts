// The live chat's part of a customer's data (docs/decisions/0040, 0075, 0076): the conversations of
// the logged-in customer, and those where a visitor left the customer's phone as a lead. Closing the
// account deletes them with their messages.
import { CHAT_STATUS_LABELS, type DataSection } from "@yj/contract";
import { asc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chatConversations, chatMessages } from "../../db/schema.js";

type Reader = Pick<Db, "select">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const SENDER_LABELS: Record<string, string> = { visitor: "我", staff: "客服", system: "系统" };

export interface ChatterOf {
  customerId: number;
  /** The customer's leads: a conversation that left one of them is theirs too. */
  leadIds: number[];
}

function conversationsOf(who: ChatterOf): SQL {
  const mine = eq(chatConversations.customerId, who.customerId);
  return who.leadIds.length ? (or(mine, inArray(chatConversations.leadId, who.leadIds)) as SQL) : mine;
}

export async function chatData(reader: Reader, who: ChatterOf): Promise<DataSection[]> {
  const talks = await reader
    .select()
    .from(chatConversations)
    .where(conversationsOf(who))
    .orderBy(asc(chatConversations.id));
  const ids = talks.map((t) => t.id);
  const messages = ids.length
    ? await reader
        .select()
        .from(chatMessages)
        .where(inArray(chatMessages.conversationId, ids))
        .orderBy(asc(chatMessages.conversationId), asc(chatMessages.seq))
    : [];
  return [
    {
      key: "chats",
      title: "在线咨询会话",
      columns: [
        { key: "id", header: "会话编号" },
        { key: "status", header: "状态" },
        { key: "page", header: "发起页面" },
        { key: "city", header: "城市" },
        { key: "createdAt", header: "开始时间" },
        { key: "closedAt", header: "结束时间" },
      ],
      rows: talks.map((t) => ({
        id: t.id,
        status: CHAT_STATUS_LABELS[t.status],
        page: t.page,
        city: t.city,
        createdAt: iso(t.createdAt),
        closedAt: iso(t.closedAt),
      })),
    },
    {
      key: "chatMessages",
      title: "在线咨询消息",
      columns: [
        { key: "conversationId", header: "会话编号" },
        { key: "sender", header: "发送方" },
        { key: "staffName", header: "客服" },
        { key: "text", header: "内容" },
        { key: "picture", header: "图片" },
        { key: "createdAt", header: "时间" },
      ],
      rows: messages.map((m) => ({
        conversationId: m.conversationId,
        sender: SENDER_LABELS[m.sender] ?? m.sender,
        staffName: m.staffName,
        text: m.text,
        picture: m.picture,
        createdAt: iso(m.createdAt),
      })),
    },
  ];
}

/** Deletes the conversations (their messages go with them); answers their ids for the audit. */
export async function forgetChats(tx: Db, who: ChatterOf): Promise<number[]> {
  const gone = await tx.delete(chatConversations).where(conversationsOf(who)).returning({ id: chatConversations.id });
  return gone.map((c) => c.id);
}

export async function conversationIdsOf(reader: Reader, who: ChatterOf): Promise<number[]> {
  const rows = await reader.select({ id: chatConversations.id }).from(chatConversations).where(conversationsOf(who));
  return rows.map((r) => r.id);
}
