// A page view counts once against the visitor's read limit (issue #21 item 10, docs/decisions/0048):
// the API calls its server render makes in-process are part of it, not more reads. A page over the
// limit answers 429 with Retry-After and a Chinese page, never the 500 error page; so does a page
// whose render was refused by the API (429 or 503). The real request-limit hook, error handler and
// page renderer, with a stand-in for the web build that loads three API answers per page.
import { ErrorCode } from "@yj/contract";
import type { WebServerEntry } from "@yj/web/render-seam";
import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandler } from "../src/http/error-handler.js";
import { overloaded, rateLimited } from "../src/lib/errors.js";
import { installRequestLimits } from "../src/limits/request-limits.js";
import { pageRenderer } from "../src/ssr/plugin.js";
import { uniqueIp } from "./accounts-fixtures.js";
import { allowAll } from "./helper.js";
import { htmlResult } from "./support/page-parts.js";

const PAGE_VIEWS = 5;
const CALLS_PER_PAGE = ["/api/goods", "/api/settings", "/api/banners"];

/** Like the storefront's loaders: every call must succeed, or the route's error screen renders (HTTP 500). */
const web: WebServerEntry = {
  async render({ transport }) {
    const parts: string[] = [];
    for (const url of CALLS_PER_PAGE) {
      const answer = await transport({ method: "GET", url });
      const body = (await answer.json()) as { code: number; message: string };
      if (answer.status !== 200 || body.code !== 1) {
        return htmlResult(500, `<h1>出错了</h1><p>${body.message}</p>`);
      }
      parts.push(url);
    }
    return htmlResult(200, `<p>${parts.join(",")}</p>`);
  },
};

function shop(readsPerMinute: number) {
  const app = Fastify() as unknown as FastifyInstance;
  installErrorHandler(app);
  installRequestLimits(app, { readsPerMinute, writesPerMinute: 0, limiter: allowAll, now: () => new Date() });
  for (const url of CALLS_PER_PAGE) app.get(url, async () => ({ code: 1, message: "ok", data: url }));
  const assets = { scripts: [], css: "" };
  app.get("/*", pageRenderer(app, web, { assets, origin: "https://shop.example.cn" }));
  return app;
}

describe("page views and the read limit", () => {
  it("counts a page view once: N pages under a limit of N + 1 all render, though each makes 3 API calls", async () => {
    const app = shop(PAGE_VIEWS + 1);
    const visitor = uniqueIp();
    for (let i = 0; i < PAGE_VIEWS; i++) {
      const res = await app.inject({ url: `/app/product-detail/${i + 1}`, remoteAddress: visitor });
      expect(res.statusCode, `page view ${i + 1}`).toBe(200);
      expect(res.body).toContain(CALLS_PER_PAGE.join(","));
    }
  });

  it("answers a page over the limit 429 with Retry-After and a Chinese page, not the 500 error page", async () => {
    const app = shop(PAGE_VIEWS);
    const visitor = uniqueIp();
    for (let i = 0; i < PAGE_VIEWS; i++) {
      expect((await app.inject({ url: "/", remoteAddress: visitor })).statusCode).toBe(200);
    }
    const res = await app.inject({ url: "/2-12", remoteAddress: visitor, headers: { accept: "*/*" } });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toMatch(/操作过于频繁，请 \d+ (秒|分钟)后再试/);
    expect(res.body).toContain('href="/"');
    // The API keeps its envelope for the same visitor.
    const api = await app.inject({ url: "/api/goods", remoteAddress: visitor });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toMatchObject({ code: 0, errorCode: ErrorCode.RATE_LIMITED });
  });

  it("a visitor cannot skip the limit by sending the render's marker header", async () => {
    const app = shop(2);
    const visitor = uniqueIp();
    const forged = { "x-render-call": "guess" };
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ url: "/api/goods", remoteAddress: visitor, headers: forged })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: "/api/goods", remoteAddress: visitor, headers: forged })).statusCode).toBe(429);
  });

  it("a render refused by the API (a limit, or load) answers that refusal as a page, not 500", async () => {
    for (const [status, refusal] of [
      [429, () => rateLimited("操作过于频繁", 30_000)],
      [503, overloaded],
    ] as const) {
      const app = Fastify() as unknown as FastifyInstance;
      installErrorHandler(app);
      app.get("/api/refused", async () => {
        throw refusal();
      });
      // Its loader's call is refused, so the route's error screen renders (HTTP 500) with the message.
      const refusedWeb: WebServerEntry = {
        async render({ transport }) {
          const body = (await (await transport({ method: "GET", url: "/api/refused" })).json()) as { message: string };
          return htmlResult(500, `<h1>出错了</h1><p>${body.message}</p>`);
        },
      };
      const assets = { scripts: [], css: "" };
      app.get("/*", pageRenderer(app, refusedWeb, { assets, origin: "https://x.cn" }));
      const res = await app.inject({ url: "/case", remoteAddress: uniqueIp() });
      expect(res.statusCode, String(status)).toBe(status);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toMatch(status === 429 ? /操作过于频繁，请 30 秒后再试/ : /当前访问人数较多，请稍后再试/);
      await app.close();
    }
  });
});
