// Where the live chat runs (issue #25): nothing at all until the visitor opens it or already has a
// conversation (lib/chat-state.ts); then its own chunk, so a visitor who never chats pays nothing.
import { lazy, Suspense, useEffect } from "react";
import { resumeRememberedChat, useChatState } from "../../lib/chat-state";

const ChatSession = lazy(() => import("../../features/leads/chat/chat-session"));

export function ChatHost() {
  const { active } = useChatState();
  useEffect(resumeRememberedChat, []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ChatSession />
    </Suspense>
  );
}
