// The chat's live stream (docs/decisions/0075): a WebSocket on /api/chat/stream, or, when the socket
// fails before it ever opened (blocked by a proxy), server-sent events on the same path. Every
// (re)connection asks for what came after the last seq the window holds, so a drop loses nothing;
// the window's log drops what it already has (chat-log.ts). Reconnects after a drop and on focus.
import { CHAT_STREAM_PATH, type ChatMessage } from "@yj/contract";

export interface StreamSockets {
  socket(url: string): WebSocket;
  events(url: string): EventSource;
}

const browserSockets: StreamSockets = {
  socket: (url) => new WebSocket(url),
  events: (url) => new EventSource(url, { withCredentials: true }),
};

const RETRY_MS = 2000;

export interface ChatStreamOptions {
  conversationId: number;
  /** The last seq the window holds, read at every (re)connection. */
  lastSeq(): number;
  onMessages(messages: ChatMessage[]): void;
  sockets?: StreamSockets;
}

type Frame = { type: "message"; message: ChatMessage } | { type: string };

/** Opens the stream; the answer closes it for good. */
export function openChatStream(options: ChatStreamOptions): () => void {
  const sockets = options.sockets ?? browserSockets;
  let useEvents = false;
  let stopped = false;
  let close: (() => void) | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const url = (scheme: "ws" | "http") => {
    const base = `${location.protocol === "https:" ? `${scheme}s` : scheme}://${location.host}`;
    return `${base}${CHAT_STREAM_PATH}?conversationId=${options.conversationId}&after=${options.lastSeq()}`;
  };
  const onFrame = (data: unknown) => {
    try {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.type === "message" && "message" in frame) options.onMessages([frame.message]);
    } catch {
      // A frame that is not JSON (none is sent): ignored rather than ending the stream.
    }
  };
  const later = () => {
    close?.();
    close = null;
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(connect, RETRY_MS);
  };

  function connect() {
    if (stopped) return;
    if (useEvents) {
      const source = sockets.events(url("http"));
      source.onmessage = (e) => onFrame(e.data);
      // EventSource retries by itself with Last-Event-ID; closing and reopening keeps `after` ours.
      source.onerror = later;
      close = () => source.close();
      return;
    }
    const socket = sockets.socket(url("ws"));
    let opened = false;
    socket.onopen = () => {
      opened = true;
    };
    socket.onmessage = (e) => onFrame(e.data);
    socket.onclose = () => {
      // Never opened: WebSocket is blocked on this path; server-sent events from now on.
      if (!opened) useEvents = true;
      if (!opened && !stopped) {
        close = null;
        connect();
      } else later();
    };
    close = () => {
      socket.onclose = null;
      socket.close();
    };
  }

  const onFocus = () => {
    if (!close && !stopped) connect();
  };
  window.addEventListener("focus", onFocus);
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    window.removeEventListener("focus", onFocus);
    close?.();
  };
}
