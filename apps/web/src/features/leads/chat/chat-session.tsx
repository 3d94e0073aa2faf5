// The live chat's running part (issue #25, docs/decisions/0075), a chunk of its own loaded on the first
// opening or on load for a visitor who has a conversation: opens the conversation (the page the visitor
// is on goes with it), holds the stream and the log, counts replies while the window is closed (the
// side panel shows the count), and shows the window when asked.
import { routes } from "@yj/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useApi } from "../../../lib/api-context";
import { rememberConversation, setChatUnread, useChatState } from "../../../lib/chat-state";
import { useAppState } from "../../../lib/store";
import { failureDetail } from "../lead-rules";
import {
  type ChatOpened,
  EMPTY_LOG,
  lastSeq,
  newClientId,
  repliesAfter,
  withFailed,
  withSending,
  withStored,
} from "./chat-log";
import { uploadChatPicture } from "./chat-picture";
import { openChatStream, type StreamSockets } from "./chat-stream";
import { ChatWindow } from "./chat-window";

export default function ChatSession({ sockets }: { sockets?: StreamSockets }) {
  const api = useApi();
  const { open } = useChatState();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState<ChatOpened | null>(null);
  const [failure, setFailure] = useState("");
  const [log, setLog] = useState(EMPTY_LOG);
  const logRef = useRef(log);
  logRef.current = log;
  /** The last seq the visitor has seen (the window open, or history on load). */
  const seenRef = useRef(-1);
  const openedRef = useRef<ChatOpened | null>(null);
  const conversationId = opened?.conversation.id ?? null;

  // On load (resuming) and at every opening: the current page goes with it; a closed conversation
  // comes back as a new one, whose log starts empty.
  const pageRef = useRef(pathname);
  pageRef.current = pathname;
  // The visitor's city (chosen or detected) goes with the page: the inbox shows both beside the
  // conversation (docs/decisions/0078).
  const cityName = useAppState((s) => s.cityName);
  const cityRef = useRef(cityName);
  cityRef.current = cityName;
  const loadedRef = useRef(false);
  useEffect(() => {
    if (!open && loadedRef.current) return;
    loadedRef.current = true;
    let live = true;
    setFailure("");
    api
      .post(routes.chatOpen, { page: pageRef.current, city: cityRef.current.slice(0, 32) })
      .then((data) => {
        if (!live) return;
        rememberConversation(data.conversation.id);
        const same = openedRef.current?.conversation.id === data.conversation.id;
        openedRef.current = data;
        setOpened(data);
        setLog((l) => withStored(same ? l : EMPTY_LOG, data.messages));
        if (seenRef.current < 0) seenRef.current = data.messages.at(-1)?.seq ?? 0;
      })
      .catch((error: unknown) => live && setFailure(failureDetail(error, "在线客服连接失败，请稍后重试")));
    return () => {
      live = false;
    };
  }, [api, open]);

  useEffect(() => {
    if (conversationId === null) return;
    return openChatStream({
      conversationId,
      lastSeq: () => lastSeq(logRef.current),
      onMessages: (messages) => setLog((l) => withStored(l, messages)),
      sockets,
    });
  }, [conversationId, sockets]);

  useEffect(() => {
    if (open) seenRef.current = lastSeq(log);
    setChatUnread(open ? 0 : repliesAfter(log, Math.max(seenRef.current, 0)));
  }, [open, log]);

  const send = useCallback(
    (text: string, clientId = newClientId(), picture = "") => {
      if (conversationId === null) return;
      setLog((l) => withSending(l, clientId, text, picture));
      api
        .post(routes.chatSend, { conversationId, clientId, text, picture })
        .then((data) => setLog((l) => withStored(l, [data.message])))
        .catch(() => setLog((l) => withFailed(l, clientId)));
    },
    [api, conversationId],
  );

  if (!open) return null;
  return <ChatWindow opened={opened} failure={failure} log={log} send={send} upload={uploadChatPicture} />;
}
