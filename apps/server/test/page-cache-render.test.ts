// The page renderer with the page cache (docs/decisions/0058), over Fastify inject with a stand-in
// for the web app's server entry that counts its renders and writes who it rendered for: an
// anonymous second request is a hit, a visitor with a session token is always rendered for
// themselves, only 200 pages without cookies are kept, concurrent misses render once, shared pages
// carry hashes instead of nonces, and an invalidation drops the pages.
import { createHash } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import compress from "@fastify/compress";
import type { RenderOptions, WebServerEntry } from "@yj/web/render-seam";
import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { cachesOf, localInvalidation } from "../src/lib/cache-invalidation.js";
import { TtlCache } from "../src/lib/ttl-cache.js";
import { PageCache } from "../src/ssr/page-cache.js";
import { pageRenderer } from "../src/ssr/plugin.js";
import { htmlResult } from "./support/page-parts.js";

const assets = { scripts: [], css: "" };
const STYLE = "body{color:#333}";
const SCRIPT = "window.__hydrated = 1";

/** Renders a page naming the visitor (their cookie header) and the nonce it was given; counts renders. */
function stubEntry({ status = 200, setCookie = false, delayMs = 0 } = {}) {
  const calls = { renders: 0 };
  const web: WebServerEntry = {
    async render({ request, nonce, styleNonce, transport }: RenderOptions) {
      calls.renders++;
      if (setCookie) await transport({ method: "GET", url: "/api/sets-cookie" });
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const visitor = request.headers.get("cookie") ?? "anonymous";
      const html = `<!doctype html><style nonce="${styleNonce}">${STYLE}</style><p>for ${visitor} at ${new URL(request.url).pathname}</p><script nonce="${nonce}">${SCRIPT}</script>`;
      return htmlResult(status, html);
    },
  };
  return Object.assign(web, { calls });
}

async function appWith(web: WebServerEntry, pageCache = new PageCache({ maxBytes: 1e6, ttlMs: 60_000 })) {
  const app = Fastify() as unknown as FastifyInstance;
  await app.register(compress, { threshold: 1024 });
  app.get("/api/sets-cookie", (_request, reply) => reply.header("set-cookie", "token=; Max-Age=0").send({}));
  app.get("/*", pageRenderer(app, web, { assets, origin: "https://shop.example.cn", pageCache }));
  return { app, pageCache };
}

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("page renderer with the page cache", () => {
  it("answers an anonymous visitor's second request from the cache, compressed, with hashes", async () => {
    const web = stubEntry();
    const { app } = await appWith(web);
    const first = await app.inject({ url: "/case?b=2&a=1" });
    const second = await app.inject({ url: "/case?a=1&b=2", headers: { "accept-encoding": "br" } });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(web.calls.renders).toBe(1);
    expect(second.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
    expect(first.body).toContain("for anonymous at /case");
    // No nonce in the shared page; its policy allows its inline script and style by hash.
    expect(first.body).not.toMatch(/nonce="[^"]/);
    const csp = String(second.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${sha(SCRIPT)};`);
    expect(csp).toContain(`style-src 'self' ${sha(STYLE)};`);
    expect(csp).not.toContain("'nonce-");
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers.vary).toContain("Cookie");
    // A browser revalidating its copy gets a 304.
    const revalidated = await app.inject({
      url: "/case?a=1&b=2",
      headers: { "if-none-match": String(second.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it("keys on the city cookie, not on other cookies", async () => {
    const web = stubEntry();
    const { app } = await appWith(web);
    const beijing = `yj_city=${encodeURIComponent("北京市|北京市")}`;
    await app.inject({ url: "/", headers: { cookie: "_ga=1" } });
    expect((await app.inject({ url: "/" })).headers["x-page-cache"]).toBe("hit");
    expect((await app.inject({ url: "/", headers: { cookie: beijing } })).headers["x-page-cache"]).toBe("miss");
    expect((await app.inject({ url: "/", headers: { cookie: `${beijing}; _ga=2` } })).headers["x-page-cache"]).toBe(
      "hit",
    );
    expect(web.calls.renders).toBe(2);
  });

  it("never answers a visitor with a session token from the cache, and renders them with nonces", async () => {
    const web = stubEntry();
    const { app } = await appWith(web);
    await app.inject({ url: "/case" });
    for (const who of ["token=alice", "token=bob"]) {
      const res = await app.inject({ url: "/case", headers: { cookie: who } });
      expect(res.headers["x-page-cache"]).toBeUndefined();
      expect(res.body).toContain(`for ${who} at /case`);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(String(res.headers["content-security-policy"])).toMatch(/script-src 'self' 'nonce-[\w-]+'/);
    }
    // Nor is what was rendered for them kept for anyone.
    const anonymous = await app.inject({ url: "/case" });
    expect(anonymous.headers["x-page-cache"]).toBe("hit");
    expect(anonymous.body).toContain("for anonymous");
    expect(web.calls.renders).toBe(3);
  });

  it("keeps no error page and no page whose render set a cookie", async () => {
    for (const web of [stubEntry({ status: 404 }), stubEntry({ status: 500 }), stubEntry({ setCookie: true })]) {
      const { app, pageCache } = await appWith(web);
      await app.inject({ url: "/x" });
      const again = await app.inject({ url: "/x" });
      expect(again.headers["x-page-cache"]).toBeUndefined();
      expect(web.calls.renders).toBe(2);
      expect(pageCache.stats().entries).toBe(0);
      // Still rendered under a policy of hashes, since it might have been shared.
      expect(String(again.headers["content-security-policy"])).toContain(sha(SCRIPT));
    }
  });

  it("renders concurrent misses for one page once", async () => {
    const web = stubEntry({ delayMs: 50 });
    const { app } = await appWith(web);
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: "/2-12" })));
    expect(web.calls.renders).toBe(1);
    expect(answers.map((a) => a.headers["x-page-cache"]).sort()).toEqual(["hit", "hit", "hit", "hit", "miss"]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("drops the pages when the API's cache is invalidated", async () => {
    const web = stubEntry();
    const { app, pageCache } = await appWith(web);
    const invalidation = localInvalidation(cachesOf(new TtlCache(60_000), pageCache));
    await app.inject({ url: "/app/product-detail/2" });
    expect((await app.inject({ url: "/app/product-detail/2" })).headers["x-page-cache"]).toBe("hit");
    invalidation.invalidate("goods:");
    expect((await app.inject({ url: "/app/product-detail/2" })).headers["x-page-cache"]).toBe("miss");
    expect(web.calls.renders).toBe(2);
  });

  it("renders every page when the cache is off (PAGE_CACHE_BYTES=0)", async () => {
    const web = stubEntry();
    const { app } = await appWith(web, new PageCache({ maxBytes: 0, ttlMs: 60_000 }));
    await app.inject({ url: "/" });
    const res = await app.inject({ url: "/" });
    expect(res.headers["x-page-cache"]).toBeUndefined();
    expect(String(res.headers["content-security-policy"])).toContain("'nonce-");
    expect(web.calls.renders).toBe(2);
  });
});
