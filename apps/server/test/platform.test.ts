// The platform around the endpoints: health, OpenAPI, security headers, compression, the error
// handler, log masking, environment checks and the demo loader (data-dir-lock.test.ts: the PGlite lock).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { endpoints, Messages, plannedEndpoints } from "@yj/contract";
import { count, eq, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadEnv } from "../src/config/env.js";
import { goods, packageItems } from "../src/db/schema.js";
import { buildDemoData } from "../src/db/seed/demo-data.js";
import { loadDemoData } from "../src/db/seed/load-demo.js";
import { createLogger } from "../src/lib/logger.js";
import { describeEachBackend, testEnv } from "./helper.js";
import { CJK, envelopeProblem } from "./junk.js";
import { registeredEndpointNames, servedEndpoints } from "./served.js";

const demo = buildDemoData();

describeEachBackend("platform", (ctx) => {
  it("GET /healthz answers 200 with the database kind", async () => {
    const res = await ctx.app.inject("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: ctx.backend });
  });

  it("every endpoint of the contract is served or planned, never both", () => {
    const registered = new Set<string>(registeredEndpointNames(ctx.app));
    const planned = new Set<string>(plannedEndpoints);
    expect(planned.size, "plannedEndpoints names an endpoint twice").toBe(plannedEndpoints.length);
    const problems = Object.keys(endpoints).flatMap((name) => {
      if (registered.has(name) && planned.has(name)) return [`${name} is served: take it off plannedEndpoints`];
      if (!registered.has(name) && !planned.has(name))
        return [`${name} has no route: register it, or add it to plannedEndpoints`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it("/docs/json is an OpenAPI document of exactly the served endpoints", async () => {
    const res = await ctx.app.inject("/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    // Every served endpoint under its own method, and nothing else under /api (a route registered
    // outside the contract, or a planned endpoint wired without leaving the planned list, fails here).
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/"))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(servedEndpoints.map(([, e]) => `${e.method} ${e.path}`).sort());
    // The index documents its query parameters.
    const indexGet = doc.paths["/api/goods/index"]?.get as { parameters?: { name: string }[] } | undefined;
    const params = indexGet?.parameters ?? [];
    expect(params.map((p) => p.name)).toEqual(expect.arrayContaining(["name", "category2", "current", "pageSize"]));
    // Internal routes stay out of the document.
    expect(doc.paths).not.toHaveProperty(["/healthz"]);
  });

  it("answers carry security headers", async () => {
    for (const [url, defaultSrc] of [
      ["/api/goods/index", "'none'"],
      ["/api/nope", "'none'"],
      ["/healthz", "'self'"],
    ] as const) {
      const res = await ctx.app.inject(url);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(String(res.headers["content-security-policy"]), url).toContain(`default-src ${defaultSrc}`);
      expect(res.headers["x-powered-by"], url).toBeUndefined();
    }
  });

  it("compresses a large response with gzip or br when asked", async () => {
    const url = "/api/goods/index?pageSize=100";
    const plain = await ctx.app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json() as unknown;

    const gz = await ctx.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString("utf8"))).toEqual(expected);

    const br = await ctx.app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(expected);
  });

  describe("error handler", () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({ env: testEnv(), database: ctx.database, serveWeb: false });
      app.get("/api/__test/throw", async () => {
        throw new Error("secret detail: connection to 10.0.0.5 refused");
      });
      app.get("/api/__test/throw-status", async () => {
        throw Object.assign(new Error("upstream exploded"), { statusCode: 503 });
      });
      app.get("/api/__test/throw-client", async () => {
        throw Object.assign(new Error("Something internal went wrong"), { statusCode: 400 });
      });
      app.get("/api/__test/throw-value", async () => {
        throw "a bare string";
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    it("answers 500 with the generic Chinese message and no stack", async () => {
      for (const url of ["/api/__test/throw", "/api/__test/throw-status", "/api/__test/throw-value"]) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(500);
        expect(res.json(), url).toEqual({ code: 0, message: Messages.internal, data: null, errorCode: 1500 });
        for (const leak of ["secret", "10.0.0.5", "exploded", "bare string", "stack", "Error"]) {
          expect(res.body, url).not.toContain(leak);
        }
      }
    });

    it("a client error keeps its status class but not its English message", async () => {
      const res = await app.inject("/api/__test/throw-client");
      expect(res.statusCode).toBeLessThan(500);
      expect(envelopeProblem(res.statusCode, res.body)).toBeNull();
      const body = res.json() as { code: number; message: string };
      expect(body.code).toBe(0);
      expect(body.message).toMatch(CJK);
      expect(res.body).not.toContain("internal");
    });
  });

  describe("logs", () => {
    let app: FastifyInstance;
    const lines: string[] = [];
    beforeAll(async () => {
      const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
      app = await buildApp({ env: testEnv(), database: ctx.database, logger, serveWeb: false });
      app.get("/api/__test/log-phone", async (request) => {
        request.log.info({ mobile: "13912345678" }, "login by 13912345678");
        return { code: 1, message: "ok", data: null };
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    it("mask phone numbers in request URLs and in messages", async () => {
      lines.length = 0;
      const res = await app.inject("/api/goods/index?name=13812345678");
      expect(res.statusCode).toBe(200);
      await app.inject("/api/__test/log-phone");
      const log = lines.join("");
      expect(log).toContain("138****5678");
      expect(log).toContain("139****5678");
      expect(log).not.toContain("13812345678");
      expect(log).not.toContain("13912345678");
    });

    it("redact a token in a URL", async () => {
      lines.length = 0;
      await app.inject("/api/goods/index?token=secret-token-value&pageSize=1");
      const log = lines.join("");
      expect(log).toContain("token=[redacted]");
      expect(log).not.toContain("secret-token-value");
    });

    it("redact cookies and authorization headers", async () => {
      lines.length = 0;
      await app.inject({
        url: "/api/site/settings",
        headers: { cookie: "token=cookie-secret", authorization: "auth-secret" },
      });
      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(0);
      expect(log).not.toContain("cookie-secret");
      expect(log).not.toContain("auth-secret");
    });
  });

  it("loadDemoData writes once, and with reset restores the catalogue", async () => {
    const { db } = ctx.database;
    const goodsCount = async () => (await db.select({ n: count() }).from(goods))[0]?.n ?? 0;
    expect(await goodsCount()).toBe(demo.goods.length);

    // The helper seeded already: a second load without reset writes nothing.
    expect(await loadDemoData(db, { reset: false })).toBe(false);
    expect(await goodsCount()).toBe(demo.goods.length);

    // Delete a goods row nothing refers to, then reset.
    const referenced = demo.goods.flatMap((g) =>
      (g.packageItems ?? []).map((i) => i.goodsId).filter((id) => id != null),
    );
    const [victim] = await db
      .select({ id: goods.id })
      .from(goods)
      .where(referenced.length ? notInArray(goods.id, referenced as number[]) : undefined)
      .limit(1);
    expect(victim).toBeDefined();
    await db.delete(goods).where(eq(goods.id, victim!.id));
    expect(await goodsCount()).toBe(demo.goods.length - 1);

    expect(await loadDemoData(db, { reset: true })).toBe(true);
    expect(await goodsCount()).toBe(demo.goods.length);
    expect((await db.select({ n: count() }).from(packageItems))[0]?.n).toBe(
      demo.goods.reduce((n, g) => n + (g.packageItems?.length ?? 0), 0),
    );
    const { body } = await ctx.api<{ id: number }>(`/api/goods/mail/show?id=${victim!.id}`);
    expect(body.code).toBe(1);
    expect(body.data.id).toBe(victim!.id);
  });
});

describe("loadEnv", () => {
  it("throws a clear message for PORT=abc", () => {
    expect(() => loadEnv({ NODE_ENV: "test", PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadEnv({ NODE_ENV: "test", PORT: "abc" })).toThrow(/Invalid environment configuration/);
  });

  it("accepts a valid port and treats empty values as unset", () => {
    expect(loadEnv({ NODE_ENV: "test", PORT: "8080" }).PORT).toBe(8080);
    expect(loadEnv({ NODE_ENV: "test", PORT: "" }).PORT).toBe(3000);
  });

  it("REDIS_PREFIX defaults to the production prefix and takes a test run's own", () => {
    expect(loadEnv({ NODE_ENV: "test" }).REDIS_PREFIX).toBe("yj:");
    expect(loadEnv({ NODE_ENV: "test", REDIS_PREFIX: "yj:e2e:1a2b:" }).REDIS_PREFIX).toBe("yj:e2e:1a2b:");
    expect(() => loadEnv({ NODE_ENV: "test", REDIS_PREFIX: "has space" })).toThrow(/REDIS_PREFIX/);
  });

  it("refuses an out-of-range port and a bad DATABASE_URL", () => {
    expect(() => loadEnv({ NODE_ENV: "test", PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadEnv({ NODE_ENV: "test", DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });
});
