// A small in-process cache for hot public reads (P2). Entries live for seconds, so N stateless
// instances may each hold a copy without anyone seeing stale data for long; nothing here is state
// another instance would need. Keys can be free text (a search) and values pages of up to 100 goods,
// so it is bounded by bytes, and the least recently used entries make room first.
import { RawJson } from "./raw-json.js";

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** Counted once the value has arrived; 0 while it loads. */
  bytes: number;
}

export interface TtlCacheOptions {
  /** What the kept keys and values may cost together. */
  maxBytes?: number;
}

export const DEFAULT_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** A bound on entries still loading (they have no size yet). */
const MAX_ENTRIES = 10_000;

/**
 * What keeping a value costs, roughly: its JSON and the envelope bytes the serializer makes from it
 * once and keeps as long as the value (http/serializer.ts), so twice the JSON; UTF-16 keys.
 */
function costOf(key: string, value: unknown): number {
  const keyBytes = 2 * key.length;
  if (value instanceof Uint8Array) return keyBytes + 2 * value.length;
  if (value instanceof RawJson) return keyBytes + 2 * value.byteLength;
  if (typeof value === "string") return keyBytes + 2 * Buffer.byteLength(value);
  try {
    return keyBytes + 2 * Buffer.byteLength(JSON.stringify(value) ?? "");
  } catch {
    return keyBytes + 1024;
  }
}

export class TtlCache {
  /** In order of use: the least recently used first. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(
    private readonly ttlMs: number,
    { maxBytes = DEFAULT_CACHE_MAX_BYTES }: TtlCacheOptions = {},
  ) {
    this.maxBytes = maxBytes;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      this.remove(key, hit);
      if (hit.expires > now) {
        this.entries.set(key, hit);
        this.bytes += hit.bytes;
        return hit.value as Promise<T>;
      }
    }
    // A cached value is shared by every request that hits it, so it is frozen: nobody may change
    // it, and the serializer may reuse its JSON (http/serializer.ts).
    const value = load().then((v) => (typeof v === "object" && v !== null ? Object.freeze(v) : v));
    const entry: Entry = { expires: now + this.ttlMs, value, bytes: 0 };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        // Only the entry this load made: a newer load may have replaced it meanwhile.
        if (this.entries.get(key) !== entry) return;
        const bytes = costOf(key, v);
        if (bytes > this.maxBytes) return this.remove(key, entry);
        entry.bytes = bytes;
        this.bytes += bytes;
        this.evict();
      },
      // Failed loads are not kept.
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    this.evict();
    return value;
  }

  /** How much is kept (for tests and diagnostics). */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Drops every entry whose key starts with `prefix` (a write made what they hold stale). */
  deletePrefix(prefix: string) {
    for (const [key, entry] of this.entries) {
      if (key.startsWith(prefix)) this.remove(key, entry);
    }
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= MAX_ENTRIES) return;
      this.remove(key, entry);
    }
  }
}
