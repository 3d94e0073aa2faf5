// Telling every instance that some cached public reads are stale (docs/decisions/0034). A write drops
// the entries in its own process at once; with REDIS_URL set it also publishes the key prefix on a
// Redis channel, and every instance subscribed to it drops the same entries. Without Redis the other
// instances catch up when their entries expire (API_CACHE_SECONDS).
import { Redis } from "ioredis";
import type { TtlCache } from "./ttl-cache.js";

/** What an invalidation drops entries from: one cache, or several behind one deletePrefix. */
export type PrefixDroppable = Pick<TtlCache, "deletePrefix">;

/** Several caches as one: the public reads and the longer-lived reference data (the category tree). */
export function cachesOf(...caches: PrefixDroppable[]): PrefixDroppable {
  return {
    deletePrefix: (prefix) => {
      for (const c of caches) c.deletePrefix(prefix);
    },
  };
}

export interface CacheInvalidation {
  /** Drops the entries whose keys start with `prefix` here and, when shared, on every instance. */
  invalidate(prefix: string): void;
  close(): Promise<void>;
}

export function localInvalidation(cache: PrefixDroppable): CacheInvalidation {
  return {
    invalidate: (prefix) => cache.deletePrefix(prefix),
    close: async () => {},
  };
}

export class RedisCacheInvalidation implements CacheInvalidation {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;

  constructor(
    private readonly cache: PrefixDroppable,
    url: string,
    { prefix, timeoutMs, onError }: { prefix: string; timeoutMs: number; onError(error: Error): void },
  ) {
    this.channel = `${prefix}cache-invalidate`;
    const options = { maxRetriesPerRequest: 1, connectTimeout: timeoutMs, commandTimeout: timeoutMs };
    this.publisher = new Redis(url, options);
    // A subscribed connection may not time out commands: it waits for messages indefinitely.
    this.subscriber = new Redis(url, { connectTimeout: timeoutMs });
    this.publisher.on("error", () => {});
    this.subscriber.on("error", () => {});
    this.subscriber.on("message", (channel: string, message: string) => {
      if (channel === this.channel) this.cache.deletePrefix(message);
    });
    this.subscriber.subscribe(this.channel).catch(onError);
  }

  invalidate(prefix: string) {
    this.cache.deletePrefix(prefix);
    // Redis away: the other instances still catch up within their TTL; the write itself stands.
    this.publisher.publish(this.channel, prefix).catch(() => {});
  }

  async close() {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
