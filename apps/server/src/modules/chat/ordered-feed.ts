// One stream's messages of one conversation, each once and in sequence order (docs/decisions/0075).
// The stream subscribes first and then reads what came after the client's last seen sequence, so
// nothing falls between the read and the subscription; a live message already sent is skipped, and a
// live message that skips ahead (a publication lost or overtaken) makes it read the gap back from
// the database first. The database is the truth; the hub only says "look".
import type { ChatMessage } from "@yj/contract";
import type { ChatHub } from "./chat-hub.js";
import { type ChatStore, MESSAGES_PER_READ } from "./chat-store.js";

export class OrderedFeed {
  private lastSent: number;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly store: ChatStore,
    private readonly conversationId: number,
    after: number,
    private readonly send: (message: ChatMessage) => void,
    private readonly onError: (error: unknown) => void,
  ) {
    this.lastSent = after;
  }

  /** Subscribes, then sends what the client missed; live messages follow in order. */
  start(hub: ChatHub) {
    this.unsubscribe = hub.subscribe(this.conversationId, (event) => {
      if (event.kind === "message") this.enqueue(() => this.offer(event.message));
    });
    this.enqueue(() => this.catchUp());
  }

  stop() {
    this.stopped = true;
    this.unsubscribe?.();
  }

  /** The last sequence sent (tests and the stream's reconnect hint). */
  get last(): number {
    return this.lastSent;
  }

  private enqueue(step: () => Promise<void>) {
    this.queue = this.queue.then(step).catch((error) => {
      if (!this.stopped) this.onError(error);
    });
  }

  private async offer(message: ChatMessage) {
    if (this.stopped || message.seq <= this.lastSent) return;
    if (message.seq === this.lastSent + 1) return this.emit(message);
    await this.catchUp();
  }

  private async catchUp() {
    for (;;) {
      if (this.stopped) return;
      const missed = await this.store.messagesAfter(this.conversationId, this.lastSent);
      for (const message of missed) this.emit(message);
      if (missed.length === 0 || missed.length < MESSAGES_PER_READ) return;
    }
  }

  private emit(message: ChatMessage) {
    if (this.stopped || message.seq <= this.lastSent) return;
    this.lastSent = message.seq;
    this.send(message);
  }
}
