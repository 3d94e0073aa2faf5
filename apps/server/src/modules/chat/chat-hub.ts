// Fanning a stored chat message out to every listener on every instance (docs/decisions/0075).
// A message reaches the hub only after it is committed. The instance that stored it hands it to its
// own listeners at once; with REDIS_URL set it also publishes it on one Redis channel, and every
// other instance hands it to its listeners. Without Redis there is one instance to tell. The hub
// promises nothing about order or loss: each stream (stream.ts) puts its messages in sequence order
// and reads any gap back from the database, so a lost or late publication costs a read, never a message.
import { randomUUID } from "node:crypto";
import type { ChatMessage } from "@yj/contract";
import { Redis } from "ioredis";

/** What travels: a stored message, or a conversation whose state changed (claimed, closed …). */
export type ChatEvent =
  | { kind: "message"; conversationId: number; message: ChatMessage }
  | { kind: "conversation"; conversationId: number };

type Listener = (event: ChatEvent) => void;

/** Listeners of one conversation, and of all of them (the staff inbox): key 0. */
export const ALL_CONVERSATIONS = 0;

export interface ChatHub {
  publish(event: ChatEvent): void;
  /** Calls `listener` with every event of the conversation (or of all, ALL_CONVERSATIONS); answers the unsubscribe. */
  subscribe(conversationId: number, listener: Listener): () => void;
  /** Open listeners, for the bench and the metrics. */
  listeners(): number;
  close(): Promise<void>;
}

class LocalListeners {
  private readonly byConversation = new Map<number, Set<Listener>>();

  add(conversationId: number, listener: Listener): () => void {
    let set = this.byConversation.get(conversationId);
    if (!set) {
      set = new Set();
      this.byConversation.set(conversationId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byConversation.delete(conversationId);
    };
  }

  deliver(event: ChatEvent) {
    for (const key of [event.conversationId, ALL_CONVERSATIONS]) {
      for (const listener of this.byConversation.get(key) ?? []) {
        // One broken listener (a socket that just closed) must not keep the message from the others.
        try {
          listener(event);
        } catch {}
      }
    }
  }

  count(): number {
    let n = 0;
    for (const set of this.byConversation.values()) n += set.size;
    return n;
  }
}

export function localChatHub(): ChatHub {
  const local = new LocalListeners();
  return {
    publish: (event) => local.deliver(event),
    subscribe: (id, listener) => local.add(id, listener),
    listeners: () => local.count(),
    close: async () => {},
  };
}

export class RedisChatHub implements ChatHub {
  private readonly local = new LocalListeners();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  /** This instance's name on the channel: it skips its own publications, already delivered. */
  private readonly origin = randomUUID();

  constructor(
    url: string,
    { prefix, timeoutMs, onError }: { prefix: string; timeoutMs: number; onError(error: Error): void },
  ) {
    this.channel = `${prefix}chat`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: timeoutMs, commandTimeout: timeoutMs });
    // A subscribed connection may not time out commands: it waits for messages indefinitely.
    this.subscriber = new Redis(url, { connectTimeout: timeoutMs });
    this.publisher.on("error", () => {});
    this.subscriber.on("error", () => {});
    this.subscriber.on("message", (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        const { origin, event } = JSON.parse(raw) as { origin: string; event: ChatEvent };
        if (origin !== this.origin) this.local.deliver(event);
      } catch {}
    });
    this.subscriber.subscribe(this.channel).catch(onError);
  }

  publish(event: ChatEvent) {
    this.local.deliver(event);
    // Redis away: the other instances' streams find the message in the database at their next gap
    // check or reconnect; the message itself is stored.
    this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, event })).catch(() => {});
  }

  subscribe(conversationId: number, listener: Listener) {
    return this.local.add(conversationId, listener);
  }

  listeners() {
    return this.local.count();
  }

  async close() {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
