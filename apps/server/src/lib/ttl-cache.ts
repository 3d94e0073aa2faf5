// A small in-process cache for hot public reads (P2). Entries live for seconds, so N stateless
// instances may each hold a copy without anyone seeing stale data for long; nothing here is state
// another instance would need.
export class TtlCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    // A cached value is shared by every request that hits it, so it is frozen: nobody may change
    // it, and the serializer may reuse its JSON (http/serializer.ts).
    const value = load().then((v) => (typeof v === "object" && v !== null ? Object.freeze(v) : v));
    // Failed loads are not cached.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { expires: now + this.ttlMs, value });
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
