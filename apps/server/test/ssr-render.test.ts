// The server's side of a page render: the URL it hands the renderer does not come from the Host
// header, a render that hangs (a loader waiting on an API call that never answers) is abandoned after
// the timeout with an error page, and render errors reach the server's logger.
import { Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import type { WebServerEntry } from "@yj/web/render-seam";
import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/lib/logger.js";
import { pageRenderer } from "../src/ssr/plugin.js";
import { htmlResult } from "./support/page-parts.js";

const assets = { scripts: [], css: "" };
const PUBLIC_ORIGIN = "https://shop.example.cn";

/** An app with one page route rendered by `web`, and an API route that never answers. */
function appWith(web: WebServerEntry, timeoutMs = 1000) {
  const lines: string[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const app = Fastify({ loggerInstance: logger }) as unknown as FastifyInstance;
  app.get("/api/hang", () => new Promise(() => {}));
  app.get("/*", pageRenderer(app, web, { assets, origin: PUBLIC_ORIGIN }, timeoutMs));
  return { app, lines };
}

/** Echoes the URL it was asked to render and the public origin it was given. */
const echo: WebServerEntry = {
  async render({ request, origin }) {
    return htmlResult(200, `url=${request.url} origin=${origin}`);
  },
};

describe("server render", () => {
  it("builds the page URL from a fixed origin, whatever the Host header says", async () => {
    const { app } = appWith(echo);
    for (const host of ["[[[not a host", "evil.example", ""]) {
      const res = await app.inject({ url: "/search?name=%E6%B2%99%E5%8F%91", headers: { host } });
      expect(res.statusCode).toBe(200);
      // Absolute URLs in the head use the configured public origin, never the Host header (ADR 0029).
      expect(res.body).toBe(`url=http://storefront.local/search?name=%E6%B2%99%E5%8F%91 origin=${PUBLIC_ORIGIN}`);
    }
    // A path that looks protocol-relative stays a path on the same origin.
    const res = await app.inject({ url: "//evil.example/x" });
    expect(res.body).toBe(`url=http://storefront.local//evil.example/x origin=${PUBLIC_ORIGIN}`);
  });

  it("a page's API calls reach the API as the visitor, not as the server's own address", async () => {
    const { app } = appWith({
      async render({ transport }) {
        const answer = await transport({ method: "GET", url: "/api/whoami" });
        return htmlResult(200, `ip=${((await answer.json()) as { ip: string }).ip}`);
      },
    });
    app.get("/api/whoami", (request) => ({ ip: request.ip }));
    const res = await app.inject({ url: "/", remoteAddress: "203.0.113.9" });
    // Per-IP limits on the API count the visitor's page, not one bucket for every page the server renders.
    expect(res.body).toBe("ip=203.0.113.9");
  });

  it("abandons a render whose API call hangs, and answers the error page promptly", async () => {
    let aborted = false;
    const hanging: WebServerEntry = {
      async render({ request, transport }) {
        request.signal.addEventListener("abort", () => {
          aborted = true;
        });
        await transport({ method: "GET", url: "/api/hang" });
        throw new Error("unreachable: the call never answers");
      },
    };
    const { app, lines } = appWith(hanging, 200);
    const started = Date.now();
    const res = await app.inject({ url: "/app/product-detail/1" });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(503);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("页面暂时无法打开");
    expect(res.body).toContain('href="/"');
    expect(aborted).toBe(true);
    expect(lines.join("")).toContain("server render timed out");
  });

  it("logs render errors through the server's logger, phone numbers masked", async () => {
    const failing: WebServerEntry = {
      async render({ onError }) {
        onError(new Error("screen exploded for 13812345678"));
        return htmlResult(500, "partial");
      },
    };
    const { app, lines } = appWith(failing);
    const res = await app.inject({ url: "/" });
    expect(res.statusCode).toBe(500);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; err?: { message: string } });
    expect(logged.find((l) => l.msg === "server render error")?.err?.message).toBe("screen exploded for 138****5678");
    expect(lines.join("")).not.toContain("13812345678");
  });

  it("answers a browser the page in gzip, the stylesheet compressed once for every page (ADR 0083)", async () => {
    const stylesheet = Buffer.from(".price{color:#c8161d}".repeat(400));
    const paged: WebServerEntry = {
      async render({ request }) {
        const path = new URL(request.url).pathname;
        const head = Buffer.from(`<!doctype html><title>${path}</title><style>`);
        const rest = Buffer.from(`</style><h1>页面 ${path}</h1>`);
        return { kind: "html", status: 200, parts: { head, stylesheet, rest } };
      },
    };
    const { app } = appWith(paged);
    for (const path of ["/", "/case", "/2-12"]) {
      const res = await app.inject({ url: path, headers: { "accept-encoding": "gzip, deflate, br" } });
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers.vary).toContain("Accept-Encoding");
      const html = gunzipSync(res.rawPayload).toString();
      expect(html).toBe(`<!doctype html><title>${path}</title><style>${stylesheet}</style><h1>页面 ${path}</h1>`);
    }
    // A client that takes no gzip gets the HTML as it is (here, with no compression hook registered).
    const plain = await app.inject({ url: "/case", headers: { "accept-encoding": "br;q=1, gzip;q=0" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("<h1>页面 /case</h1>");
  });
});
