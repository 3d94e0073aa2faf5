// Whether the live chat (issue #25, docs/decisions/0075) is open, running, and how many replies wait
// unread. The layout's buttons (side panel, bottom bar) ask for the chat here, so they import none of
// the chat itself: its code is a chunk loaded on the first opening, or on load only for a visitor who
// already has a conversation (remembered in localStorage; the chat cookie itself is httpOnly).
import { useSyncExternalStore } from "react";

export interface ChatState {
  /** The window is shown. */
  open: boolean;
  /** The chat's code runs (a conversation exists or the visitor opened it once). */
  active: boolean;
  /** Replies that arrived while the window was closed. */
  unread: number;
}

const REMEMBER_KEY = "yj_chat_conversation";
const CLOSED: ChatState = { open: false, active: false, unread: 0 };
let current: ChatState = CLOSED;
const listeners = new Set<() => void>();

function publish(patch: Partial<ChatState>) {
  current = { ...current, ...patch };
  for (const listener of listeners) listener();
}

export function openChat() {
  publish({ open: true, active: true, unread: 0 });
}

export function closeChat() {
  publish({ open: false });
}

export function setChatUnread(unread: number) {
  if (unread !== current.unread) publish({ unread });
}

/** On load: a visitor who had a conversation gets the chat running (its unread count, its stream). */
export function resumeRememberedChat() {
  if (rememberedConversation() !== null && !current.active) publish({ active: true });
}

export function rememberConversation(id: number) {
  try {
    localStorage.setItem(REMEMBER_KEY, String(id));
  } catch {
    // Storage refused (private mode): the chat still works, it is only not resumed on the next load.
  }
}

const LEAD_KEY = "yj_chat_lead";

/** The conversation in which the visitor left a phone: the window stops offering the form. */
export function rememberLeadLeft(conversationId: number) {
  try {
    localStorage.setItem(LEAD_KEY, String(conversationId));
  } catch {
    // Storage refused: the form is offered again after a reload, nothing worse.
  }
}

export function leadLeftIn(conversationId: number): boolean {
  try {
    return localStorage.getItem(LEAD_KEY) === String(conversationId);
  } catch {
    return false;
  }
}

function rememberedConversation(): number | null {
  try {
    const value = Number(localStorage.getItem(REMEMBER_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function useChatState(): ChatState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => CLOSED,
  );
}

/** Tests only: back to a fresh page. */
export function resetChatState() {
  current = CLOSED;
}
