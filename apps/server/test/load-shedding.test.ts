// Load shedding (issue #21 item 9, docs/decisions/0048): past what the process can serve, a request
// is answered at once with 503, Retry-After and 当前访问人数较多，请稍后再试 (the envelope, or a small
// Chinese page for a page), /readyz says "overloaded" while /healthz stays alive; a request that
// finds every database connection busy and cannot wait gets the same 503, never a 500.
import { ErrorCode, Messages } from "@yj/contract";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadEnv } from "../src/config/env.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { installErrorHandler } from "../src/http/error-handler.js";
import { PoolBusyError } from "../src/lib/errors.js";
import { allowAll, createTestDatabase, type TestDatabase, testEnv } from "./helper.js";
import { PRODUCTION_ENV } from "./support/production-env.js";

const OVERLOADED = { code: 0, message: Messages.overloaded, data: null, errorCode: ErrorCode.OVERLOADED };

function expectOverloadedEnvelope(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBe(503);
  expect(res.json(), what).toEqual(OVERLOADED);
  expect(Number(res.headers["retry-after"]), what).toBeGreaterThan(0);
}

/** The shedding threshold of these tests: a loaded test machine's idle loop stays well below it. */
const THRESHOLD_MS = 50;

/** Past four times the threshold every request is shed (pages from twice it; below, a share passes). */
const sheddingAll = (app: FastifyInstance) => app.memoryUsage().eventLoopDelay > 4 * THRESHOLD_MS;

/** Keeps the event loop busy (what too many renders at once do) until the sampler sheds everything. */
async function overload(app: FastifyInstance) {
  for (let i = 0; i < 30 && !sheddingAll(app); i++) {
    const until = Date.now() + 900;
    while (Date.now() < until) {
      // busy: no timer, no I/O runs meanwhile
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(sheddingAll(app)).toBe(true);
}

describe("load shedding", () => {
  it("is on in production (200 ms event-loop delay), off elsewhere unless set", () => {
    expect(loadEnv(PRODUCTION_ENV).LOAD_SHED_EVENT_LOOP_DELAY_MS).toBe(200);
    expect(testEnv().LOAD_SHED_EVENT_LOOP_DELAY_MS).toBe(0);
    expect(testEnv({ LOAD_SHED_EVENT_LOOP_DELAY_MS: "50" }).LOAD_SHED_EVENT_LOOP_DELAY_MS).toBe(50);
    expect(() => testEnv({ LOAD_SHED_EVENT_LOOP_UTILIZATION: "1.5" })).toThrow(/LOAD_SHED_EVENT_LOOP_UTILIZATION/);
  });

  describe("under pressure", () => {
    let testDb: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      testDb = await createTestDatabase("pglite");
      app = await buildApp({
        env: testEnv({ LOAD_SHED_EVENT_LOOP_DELAY_MS: String(THRESHOLD_MS) }),
        database: testDb.database,
        serveWeb: false,
        accounts: { limiter: allowAll },
        leads: { runDelivery: false },
      });
      await app.ready();
      // Shedding starts two samples after ready (start-up is not overload).
      await new Promise((resolve) => setTimeout(resolve, 1200));
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await testDb?.database.close();
    });

    it("answers API reads, writes and pages 503 with Retry-After at once; probes still answer", async () => {
      // The sampler may see the loop idle again between two requests: then the round is repeated.
      for (let round = 0; round < 5; round++) {
        await overload(app);
        const [read, write, page, alive, ready] = await Promise.all([
          app.inject("/api/goodsCategories/list"),
          app.inject({ method: "POST", url: "/api/customers/appointment", payload: { phone: "13800000000" } }),
          app.inject({ url: "/app/product-detail/1", headers: { accept: "text/html,*/*" } }),
          app.inject("/healthz"),
          app.inject("/readyz"),
        ]);
        if (!sheddingAll(app)) continue;
        expectOverloadedEnvelope(read, "read");
        expectOverloadedEnvelope(write, "write");
        expect(page.statusCode).toBe(503);
        expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
        expect(page.headers["content-type"]).toContain("text/html");
        expect(page.body).toContain("当前访问人数较多，请稍后再试");
        expect(alive.statusCode).toBe(200);
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: "overloaded", database: "ok" });
        return;
      }
      throw new Error("the sampler never stayed under pressure for one round of requests");
    });

    it("serves again once the event loop is idle", async () => {
      for (let i = 0; i < 50 && app.isUnderPressure(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await app.inject("/api/goodsCategories/list")).json()).toMatchObject({ code: 1 });
      expect((await app.inject("/readyz")).statusCode).toBe(200);
    });
  });

  it("a database error caused by a busy pool (drizzle wraps it) answers 503, not 500", async () => {
    const app = Fastify() as unknown as FastifyInstance;
    installErrorHandler(app);
    app.get("/api/busy", async () => {
      throw new Error("Failed query: select …", { cause: new PoolBusyError("wait timed out") });
    });
    app.get("/*", async () => {
      throw new PoolBusyError("queue full");
    });
    expectOverloadedEnvelope(await app.inject("/api/busy"), "api");
    const page = await app.inject({ url: "/case", headers: { accept: "text/html" } });
    expect([page.statusCode, page.headers["content-type"]]).toEqual([503, "text/html; charset=utf-8"]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a busy PostgreSQL pool", () => {
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    // One connection, one request may wait for it, for 300 ms.
    database = await openDatabase({
      databaseUrl: testDb.databaseUrl,
      dataDir: "unused",
      poolSize: 1,
      poolWait: { maxWaiting: 1, timeoutMs: 300 },
    });
    app = await buildApp({
      env: testEnv(),
      database,
      serveWeb: false,
      accounts: { limiter: allowAll },
      leads: { runDelivery: false },
      orders: { runExpiry: false },
      payments: { runReconcile: false },
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await testDb?.close();
  });

  it("refuses past the queue at once and the waiter after its wait: 503 with Retry-After, never 500", async () => {
    for (let round = 0; round < 3; round++) {
      // The pool's only connection busy for a second (unless a background query took it first:
      // then the round is repeated).
      const busy = database.db.execute(sql`select pg_sleep(1)`).then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answers = await Promise.all(
        [1, 2, 3].map((page) => app.inject(`/api/goods/index?category2=4&current=${page}&pageSize=12`)),
      );
      if ((await busy) !== null) continue;
      for (const [i, res] of answers.entries()) expectOverloadedEnvelope(res, `read ${i + 1}`);
      const served = await app.inject("/api/goods/index?category2=4&current=1&pageSize=12");
      expect(served.json()).toMatchObject({ code: 1 });
      return;
    }
    throw new Error("the pool's connection was never held by the test");
  });
});
