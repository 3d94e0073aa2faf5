import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RawJson } from "./raw-json.js";
import { TtlCache } from "./ttl-cache.js";

/** A loader that counts its calls and answers `size` bytes of JSON (as the goods page does). */
function loader(size = 1000) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count++;
    return new RawJson(Buffer.alloc(size, 0x20));
  };
  return Object.assign(load, { calls });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("TtlCache bounds and order", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps at most maxBytes, dropping the least recently used entry first", async () => {
    // Each 1000-byte value costs about 2 KB (the value and the envelope made from it).
    const cache = new TtlCache(60_000, { maxBytes: 7_000 });
    const loads = { a: loader(), b: loader(), c: loader(), d: loader() };
    await cache.get("a", loads.a);
    await cache.get("b", loads.b);
    await cache.get("c", loads.c);
    expect(cache.stats()).toMatchObject({ entries: 3 });
    await cache.get("a", loads.a); // a is used again: b is now the least recently used
    await cache.get("d", loads.d);
    expect(cache.stats().entries).toBe(3);
    expect(cache.stats().bytes).toBeLessThanOrEqual(7_000);
    await cache.get("a", loads.a);
    await cache.get("c", loads.c);
    await cache.get("d", loads.d);
    expect([loads.a.calls.count, loads.c.calls.count, loads.d.calls.count]).toEqual([1, 1, 1]);
    await cache.get("b", loads.b);
    expect(loads.b.calls.count).toBe(2);
  });

  it("counts keys too: long free-text keys cannot fill memory for free", async () => {
    const cache = new TtlCache(60_000, { maxBytes: 50_000 });
    for (let i = 0; i < 100; i++) await cache.get(`goods:${"搜".repeat(500)}${i}`, async () => "x");
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
    expect(cache.stats().entries).toBeLessThan(100);
  });

  it("answers a value larger than the whole cache without keeping it or dropping others", async () => {
    const cache = new TtlCache(60_000, { maxBytes: 5_000 });
    const small = loader(100);
    await cache.get("small", small);
    const big = loader(10_000);
    expect((await cache.get("big", big)).byteLength).toBe(10_000);
    await cache.get("big", big);
    expect(big.calls.count).toBe(2);
    await cache.get("small", small);
    expect(small.calls.count).toBe(1);
  });

  it("a key loaded again after it expired counts as newly used", async () => {
    const cache = new TtlCache(1_000, { maxBytes: 5_000 });
    const a = loader();
    const b = loader();
    await cache.get("a", a);
    vi.advanceTimersByTime(500);
    await cache.get("b", b);
    vi.advanceTimersByTime(600); // a has expired, b has not
    await cache.get("a", a); // reloaded: now the newest entry
    expect(a.calls.count).toBe(2);
    await cache.get("c", loader()); // one of a and b must go: b, the least recently used
    await cache.get("a", a);
    expect(a.calls.count).toBe(2);
    await cache.get("b", b);
    expect(b.calls.count).toBe(2);
  });

  it("a failed load does not remove the newer entry that replaced it", async () => {
    const cache = new TtlCache(1_000);
    const slow = deferred<string>();
    const first = cache.get("k", () => slow.promise);
    vi.advanceTimersByTime(1_500); // the first load's entry has expired while it is still running
    expect(await cache.get("k", async () => "second")).toBe("second");
    slow.reject(new Error("database gone"));
    await expect(first).rejects.toThrow("database gone");
    expect(await cache.get("k", async () => "third")).toBe("second");
  });

  it("forgets a failed load, so the next request tries again", async () => {
    const cache = new TtlCache(60_000);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => 2)).toBe(2);
    expect(cache.stats()).toMatchObject({ entries: 1 });
  });
});

describe("TtlCache.deletePrefix", () => {
  it("drops the entries under the prefix, with their bytes, and keeps the others", async () => {
    const cache = new TtlCache(60_000);
    const goods = loader(1000);
    const other = loader(500);
    await cache.get("goods:a", goods);
    await cache.get("goods:b", goods);
    await cache.get("site-settings", other);
    const kept = cache.stats().bytes;
    cache.deletePrefix("goods:");
    expect(cache.stats().entries).toBe(1);
    expect(cache.stats().bytes).toBeLessThan(kept / 2);
    await cache.get("goods:a", goods);
    await cache.get("site-settings", other);
    expect(goods.calls.count).toBe(3);
    expect(other.calls.count).toBe(1);
  });
});
