// A stored chat message for the tests, by seq.
import type { ChatMessage } from "@yj/contract";

export const message = (seq: number, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  conversationId: 1,
  seq,
  clientId: `client-${seq}`,
  sender: "staff",
  staffName: "小王",
  text: `第 ${seq} 条`,
  picture: "",
  createdAt: new Date(2026, 10, 25, 10, 0, seq).toISOString(),
  ...patch,
});
