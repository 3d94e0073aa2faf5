import { createHash, randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { inlineHashes } from "../http/content-security-policy.js";
import {
  type CachedPage,
  encodedBody,
  PageCache,
  pageCacheKey,
  type RenderedPage,
  type RenderTurn,
} from "./page-cache.js";

/** A page of about `size` bytes that compresses poorly, so entry sizes are predictable. */
function rendered(size = 20_000, extra: Partial<RenderedPage> = {}): RenderedPage {
  return {
    status: 200,
    html: randomBytes(size).toString("base64"),
    csp: "default-src 'self'",
    setsCookies: false,
    ...extra,
  };
}

function turnOf(cache: PageCache, key: string): RenderTurn {
  const found = cache.lookup(key);
  if (!("render" in found)) throw new Error(`expected a miss for ${key}`);
  return found.render;
}

function store(cache: PageCache, key: string, page = rendered()): CachedPage | null {
  return turnOf(cache, key).offer(page);
}

const kept = (cache: PageCache, key: string) => "page" in cache.lookup(key);

describe("pageCacheKey", () => {
  it("is the path, the query in name order and the city cookie", () => {
    expect(pageCacheKey("GET", "/2-12?b=2&a=1", undefined)).toBe(pageCacheKey("GET", "/2-12?a=1&b=2", undefined));
    expect(pageCacheKey("GET", "/search?q=%E6%B2%99", "")).toBe(pageCacheKey("GET", "/search?q=沙", ""));
    expect(pageCacheKey("GET", "/2-12?a=1", undefined)).not.toBe(pageCacheKey("GET", "/2-12?a=2", undefined));
    expect(pageCacheKey("GET", "/2-12", undefined)).not.toBe(pageCacheKey("GET", "/2-13", undefined));
    const hangzhou = `yj_city=${encodeURIComponent("杭州市|浙江省")}`;
    const beijing = `yj_city=${encodeURIComponent("北京市|北京市")}`;
    expect(pageCacheKey("GET", "/", hangzhou)).not.toBe(pageCacheKey("GET", "/", beijing));
    expect(pageCacheKey("GET", "/", hangzhou)).not.toBe(pageCacheKey("GET", "/", undefined));
    // Cookies the page does not read do not split the cache.
    expect(pageCacheKey("GET", "/", `_ga=1; ${hangzhou}; csrf_token=x`)).toBe(pageCacheKey("GET", "/", hangzhou));
  });

  it("is null for a visitor with a session token cookie (even an empty one) and for anything but GET", () => {
    expect(pageCacheKey("GET", "/", "token=abc")).toBeNull();
    expect(pageCacheKey("GET", "/", "yj_city=x; token=")).toBeNull();
    expect(pageCacheKey("POST", "/", undefined)).toBeNull();
    expect(pageCacheKey("HEAD", "/", undefined)).toBeNull();
    // A cookie whose name merely ends in "token" is not the session.
    expect(pageCacheKey("GET", "/", "csrf_token=abc")).not.toBeNull();
  });
});

describe("PageCache", () => {
  it("serves a stored page until it expires", () => {
    let now = 1_000;
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 5_000, now: () => now });
    const page = store(cache, "/a");
    expect(page).not.toBeNull();
    expect(cache.lookup("/a")).toEqual({ page });
    now += 4_999;
    expect(kept(cache, "/a")).toBe(true);
    now += 1;
    expect(kept(cache, "/a")).toBe(false);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2 });
  });

  it("keeps only 200 pages whose render set no cookie", () => {
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 5_000 });
    expect(store(cache, "/404", rendered(100, { status: 404 }))).toBeNull();
    expect(store(cache, "/cookie", rendered(100, { setsCookies: true }))).toBeNull();
    expect(kept(cache, "/404")).toBe(false);
    expect(kept(cache, "/cookie")).toBe(false);
    expect(cache.stats().entries).toBe(0);
  });

  it("stays within maxBytes, dropping the least recently used page first", () => {
    const probe = new PageCache({ maxBytes: 1e6, ttlMs: 5_000 });
    const one = store(probe, "/x")!.bytes;
    const cache = new PageCache({ maxBytes: Math.floor(3.5 * one), ttlMs: 5_000 });
    store(cache, "/a");
    store(cache, "/b");
    store(cache, "/c");
    expect(kept(cache, "/a")).toBe(true); // now the most recently used
    store(cache, "/d");
    expect(cache.stats().bytes).toBeLessThanOrEqual(Math.floor(3.5 * one));
    expect(cache.stats().entries).toBe(3);
    expect(kept(cache, "/b")).toBe(false);
    expect(kept(cache, "/a")).toBe(true);
    // A page larger than the whole bound is served to its waiters but not kept.
    const small = new PageCache({ maxBytes: 1_000, ttlMs: 5_000 });
    expect(store(small, "/big", rendered(50_000))).not.toBeNull();
    expect(small.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("makes concurrent misses for one page wait for a single render", async () => {
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 5_000 });
    const turn = turnOf(cache, "/a");
    const waiting = [cache.lookup("/a"), cache.lookup("/a"), cache.lookup("/a")];
    expect(waiting.every((w) => "wait" in w)).toBe(true);
    // Another page is not held up by it.
    expect("render" in cache.lookup("/b")).toBe(true);
    const page = turn.offer(rendered());
    const got = await Promise.all(waiting.map((w) => ("wait" in w ? w.wait : null)));
    expect(got).toEqual([page, page, page]);
    expect(cache.stats()).toMatchObject({ hits: 3, misses: 2 });
  });

  it("releases the waiters empty-handed when the render is not shareable or fails", async () => {
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 5_000 });
    const turn = turnOf(cache, "/a");
    const waiter = cache.lookup("/a");
    turn.abandon();
    expect("wait" in waiter && (await waiter.wait)).toBeNull();
    // The next request renders again.
    expect("render" in cache.lookup("/a")).toBe(true);
  });

  it("drops every page on any invalidation, and does not keep a render begun before it", () => {
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 60_000 });
    store(cache, "/a");
    store(cache, "/b");
    const inFlight = turnOf(cache, "/c");
    cache.deletePrefix("goods:");
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    // That render may hold the data the write replaced: its requester gets it, nobody else.
    expect(inFlight.offer(rendered())).not.toBeNull();
    expect(kept(cache, "/c")).toBe(false);
    expect(kept(cache, "/a")).toBe(false);
  });

  it("is off with no bytes or no lifetime", () => {
    expect(new PageCache({ maxBytes: 0, ttlMs: 5_000 }).enabled).toBe(false);
    expect(new PageCache({ maxBytes: 1e6, ttlMs: 0 }).enabled).toBe(false);
    expect(new PageCache({ maxBytes: 1e6, ttlMs: 5_000 }).enabled).toBe(true);
  });
});

describe("encodedBody", () => {
  const html = "<!doctype html><p>你好</p>".repeat(100);
  const cache = new PageCache({ maxBytes: 1e6, ttlMs: 5_000 });
  const page = store(cache, "/", { status: 200, html, csp: "", setsCookies: false })!;

  it("answers brotli, then gzip, then the HTML itself, as the client accepts", () => {
    const br = encodedBody(page, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gz = encodedBody(page, "gzip;q=1, br;q=0");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(html);
    for (const header of [undefined, "", "identity", "deflate"]) {
      const plain = encodedBody(page, header);
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.toString()).toBe(html);
    }
    expect(encodedBody(page, "*").encoding).toBe("br");
  });
});

describe("inlineHashes", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("hashes the inline scripts the browser runs and every inline style, not data or external scripts", () => {
    const html = [
      `<style nonce="">body{color:red}</style>`,
      `<script nonce="">window.__x = JSON.parse("{}")</script>`,
      `<script type="module">import "/a.js"</script>`,
      `<script id="__YJ_BOOT__" type="application/json" nonce="">{"a":1}</script>`,
      `<script type="application/ld+json">{"@type":"Thing"}</script>`,
      `<script type="module" src="/assets/entry.js" nonce=""></script>`,
      `<script nonce="">window.__x = JSON.parse("{}")</script>`,
    ].join("");
    expect(inlineHashes(html)).toEqual({
      scripts: [sha(`window.__x = JSON.parse("{}")`), sha(`import "/a.js"`)],
      styles: [sha("body{color:red}")],
    });
  });
});
