// The inbox's live feed (docs/decisions/0075): server-sent events on the staff stream. With a
// conversation id, that conversation's messages in order after `after`; without, every event, for the
// lists to refresh. EventSource reconnects by itself after a drop and tells the server the last seq
// it saw (Last-Event-ID), so nothing is shown twice or lost; when the server refused the stream
// (a restart mid-login), it is opened again a little later from the last seq seen.
import { CHAT_STAFF_STREAM_PATH, type ChatMessage } from "@yj/contract";
import { useEffect, useRef } from "react";

export type StaffFrame = { type: "message"; message: ChatMessage } | { type: "conversation"; conversationId: number };

const REOPEN_MS = 3000;

export function staffStreamUrl(id: number | undefined, after: number): string {
  const query = new URLSearchParams();
  if (id !== undefined) query.set("id", String(id));
  if (after > 0) query.set("after", String(after));
  const search = query.toString();
  return search ? `${CHAT_STAFF_STREAM_PATH}?${search}` : CHAT_STAFF_STREAM_PATH;
}

/**
 * Listens while mounted (and `enabled`); `onFrame` is always the latest one given. `lastSeq()` says
 * where to start again when the stream must be opened anew.
 */
export function useStaffStream(
  id: number | undefined,
  enabled: boolean,
  lastSeq: () => number,
  onFrame: (frame: StaffFrame) => void,
  /** After a reconnect: the list stream replays nothing, so what came meanwhile is read again. */
  onReconnect?: () => void,
) {
  const frameRef = useRef(onFrame);
  frameRef.current = onFrame;
  const reconnectRef = useRef(onReconnect);
  reconnectRef.current = onReconnect;
  const seqRef = useRef(lastSeq);
  seqRef.current = lastSeq;

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let opened = false;
    const read = (event: MessageEvent) => {
      try {
        frameRef.current(JSON.parse(event.data) as StaffFrame);
      } catch {
        // A frame that is not JSON is not ours (a proxy's page): the next reload shows the truth.
      }
    };
    const open = () => {
      source = new EventSource(staffStreamUrl(id, id === undefined ? 0 : seqRef.current()));
      source.addEventListener("message", read);
      source.addEventListener("conversation", read);
      source.onopen = () => {
        if (opened) reconnectRef.current?.();
        opened = true;
      };
      source.onerror = () => {
        // CONNECTING: the browser is already retrying. CLOSED: it gave up; we try again.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          timer = setTimeout(open, REOPEN_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [id, enabled]);
}

/** The conversation's messages with `incoming` added: each seq once, in order. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  let added = false;
  for (const message of incoming) {
    if (!bySeq.has(message.seq)) {
      bySeq.set(message.seq, message);
      added = true;
    }
  }
  if (!added) return current;
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
