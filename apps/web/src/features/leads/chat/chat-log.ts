// The window's list of messages: what the server stored (by seq, each once, in order, whether it came
// from the open answer, a send's answer, the stream or a reconnect's replay) and what the visitor typed
// that the server has not confirmed yet (by client id: sending, or failed with 重试).
import type { ChatMessage, DataOf, EndpointOf, routes } from "@yj/contract";

/** The open answer: the conversation, greeting, quick questions, service hours, newest messages. */
export type ChatOpened = DataOf<EndpointOf<typeof routes.chatOpen>>;

export interface PendingMessage {
  clientId: string;
  text: string;
  /** An uploaded picture's URL the message carries, or empty. */
  picture: string;
  failed: boolean;
}

export interface ChatLog {
  messages: ChatMessage[];
  pending: PendingMessage[];
}

export const EMPTY_LOG: ChatLog = { messages: [], pending: [] };

/** Adds stored messages: a seq already held is skipped, the list stays in seq order, a confirmed pending one leaves. */
export function withStored(log: ChatLog, incoming: readonly ChatMessage[]): ChatLog {
  const held = new Set(log.messages.map((m) => m.seq));
  const fresh: ChatMessage[] = [];
  for (const m of incoming) {
    if (held.has(m.seq)) continue;
    held.add(m.seq);
    fresh.push(m);
  }
  if (fresh.length === 0) return log;
  const confirmed = new Set(fresh.map((m) => m.clientId));
  return {
    messages: [...log.messages, ...fresh].sort((a, b) => a.seq - b.seq),
    pending: log.pending.filter((p) => !confirmed.has(p.clientId)),
  };
}

/** The visitor's message, shown at once while it is sent (again, after a failure: same client id). */
export function withSending(log: ChatLog, clientId: string, text: string, picture = ""): ChatLog {
  const others = log.pending.filter((p) => p.clientId !== clientId);
  if (log.messages.some((m) => m.clientId === clientId)) return log;
  return { ...log, pending: [...others, { clientId, text, picture, failed: false }] };
}

export function withFailed(log: ChatLog, clientId: string): ChatLog {
  return { ...log, pending: log.pending.map((p) => (p.clientId === clientId ? { ...p, failed: true } : p)) };
}

export function lastSeq(log: ChatLog): number {
  return log.messages.at(-1)?.seq ?? 0;
}

/** Replies (staff or system) after a seq: what the closed window counts as unread. */
export function repliesAfter(log: ChatLog, seq: number): number {
  return log.messages.filter((m) => m.seq > seq && m.sender !== "visitor").length;
}

/** A fresh client id: resends reuse it, so the server stores the message once (ADR 0075). */
export function newClientId(): string {
  return crypto.randomUUID();
}

/** The shop's hours are China time, whatever the visitor's clock says. */
const chinaClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Shanghai",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The first "HH:MM-HH:MM" of the site's service hours ("每天 09:00-21:00（节假日不休）"), China time. */
export function outsideServiceHours(serviceHours: string, now: Date): boolean {
  const found = /(\d{1,2}):(\d{2})\s*[-–~至]\s*(\d{1,2}):(\d{2})/.exec(serviceHours);
  if (!found) return false;
  const [from, to] = [Number(found[1]) * 60 + Number(found[2]), Number(found[3]) * 60 + Number(found[4])];
  const [hour, minutes] = chinaClock.format(now).split(":").map(Number);
  const minute = (hour ?? 0) * 60 + (minutes ?? 0);
  return from <= to ? minute < from || minute >= to : minute < from && minute >= to;
}

/** When the visitor's oldest unanswered message was written (no staff message after it), or null. */
export function waitingSince(log: ChatLog): number | null {
  let since: number | null = null;
  for (const m of log.messages) {
    if (m.sender === "staff") since = null;
    else if (m.sender === "visitor" && since === null) since = Date.parse(m.createdAt);
  }
  return since;
}
