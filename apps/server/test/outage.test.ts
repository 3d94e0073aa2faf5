// A dependency that stops answering (the network stalls) or drops every connection (it restarts):
// requests answer the envelope promptly instead of hanging, /readyz says the instance is not ready
// (so a load balancer stops sending it traffic) while /healthz says it is alive, and the server
// recovers by itself when the dependency is back. PostgreSQL with TEST_DATABASE_URL, Redis with
// REDIS_URL; each runs through a TCP proxy the test controls.
import { randomBytes } from "node:crypto";
import { ErrorCode, Messages } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { createLogger } from "../src/lib/logger.js";
import { CapturingSms, ManualClock, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { createTestDatabase, type TestDatabase, testEnv } from "./helper.js";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.js";

const INTERNAL = { code: 0, message: Messages.internal, data: null, errorCode: ErrorCode.INTERNAL };
/** What "promptly" means here, with the short timeouts these tests configure. */
const PROMPT_MS = 5_000;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("did not recover in time");
}

function viaProxy(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  return proxied.toString();
}

function appCalls(app: () => FastifyInstance) {
  let page = 0;
  return {
    /** A goods page (a new one each time: nothing is served from memory). */
    async goods() {
      page = (page % 5) + 1;
      const res = await app().inject(`/api/goods/index?category2=4&current=${page}&pageSize=12`);
      return { status: res.statusCode, body: res.json() as unknown };
    },
    async ready() {
      const res = await app().inject("/readyz");
      return { status: res.statusCode, body: res.json() as Record<string, string> };
    },
    async alive() {
      return (await app().inject("/healthz")).statusCode;
    },
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL outage", () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  const lines: string[] = [];
  const calls = appCalls(() => app);

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    const target = new URL(testDb.databaseUrl as string);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const env = testEnv({ DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_STATEMENT_TIMEOUT_MS: "1000" });
    database = await openDatabase({
      databaseUrl: viaProxy(testDb.databaseUrl as string, proxy),
      dataDir: "unused",
      timeouts: { connectMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
      log: logger,
    });
    app = await buildApp({ env, database, logger, serveWeb: false });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await testDb?.close();
  });

  it("is ready while the database answers", async () => {
    expect((await calls.goods()).status).toBe(200);
    expect(await calls.ready()).toEqual({ status: 200, body: { status: "ready", database: "ok" } });
    expect(await calls.alive()).toBe(200);
  });

  it("a stalled database: the 500 envelope promptly, /readyz 503, /healthz 200; then recovery", async () => {
    proxy.pause();
    try {
      for (let i = 0; i < 3; i++) {
        const { value, ms } = await timed(() => calls.goods());
        expect(value).toEqual({ status: 500, body: INTERNAL });
        expect(ms).toBeLessThan(PROMPT_MS);
      }
      const { value: readiness, ms } = await timed(() => calls.ready());
      expect(readiness).toEqual({ status: 503, body: { status: "unready", database: "down" } });
      expect(ms).toBeLessThan(PROMPT_MS);
      expect(await calls.alive()).toBe(200);
    } finally {
      proxy.restore();
    }
    await eventually(async () => (await calls.ready()).status === 200);
    await eventually(async () => (await calls.goods()).status === 200);
  });

  it("a database that drops every connection: the same, then recovery; the pool's errors are logged", async () => {
    // Idle connections in the pool, which the cut breaks while nobody uses them.
    await Promise.all([calls.goods(), calls.goods(), calls.goods()]);
    lines.length = 0;
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      const { value, ms } = await timed(() => calls.goods());
      expect(value).toEqual({ status: 500, body: INTERNAL });
      expect(ms).toBeLessThan(PROMPT_MS);
      expect((await calls.ready()).status).toBe(503);
    } finally {
      proxy.restore();
    }
    await eventually(async () => (await calls.ready()).status === 200);
    expect((await calls.goods()).status).toBe(200);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(logged.some((l) => l.msg.startsWith("database connection lost") && l.level >= 40)).toBe(true);
  });
});

describe.runIf(process.env.REDIS_URL)("Redis outage", () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  const sms = new CapturingSms();
  const prefix = `yj:test:${randomBytes(4).toString("hex")}:`;
  const calls = appCalls(() => app);
  const sendCode = async () => {
    const res = await app.inject({
      url: `/api/customers/getVerificationCode?phone=${uniquePhone()}&timestamp=1`,
      remoteAddress: uniqueIp(),
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite", { seed: false });
    const target = new URL(process.env.REDIS_URL as string);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const env = testEnv({
      REDIS_URL: viaProxy(process.env.REDIS_URL as string, proxy),
      REDIS_PREFIX: prefix,
      REDIS_TIMEOUT_MS: "500",
    });
    app = await buildApp({
      env,
      database: testDb.database,
      serveWeb: false,
      accounts: { now: new ManualClock().now, sms },
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await testDb?.database.close();
    const redis = new Redis(process.env.REDIS_URL as string);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("is ready while Redis answers", async () => {
    // The connection through the proxy may still be opening on a loaded machine (500 ms timeout).
    await eventually(async () => (await calls.ready()).status === 200);
    expect((await sendCode()).body).toMatchObject({ code: 1 });
    expect(await calls.ready()).toEqual({ status: 200, body: { status: "ready", database: "ok", redis: "ok" } });
  });

  /** Breaks Redis with `outage`, runs `checks`, mends it; then the app must recover on its own. */
  async function duringRedisOutage(outage: () => void, checks: () => Promise<void>) {
    outage();
    try {
      await checks();
    } finally {
      proxy.restore();
    }
    await eventually(async () => (await calls.ready()).status === 200);
    expect((await sendCode()).body).toMatchObject({ code: 1 });
  }

  it("a stalled Redis: sends are refused promptly (nothing is sent unlimited), /readyz 503; then recovery", async () => {
    const sent = sms.sent.length;
    await duringRedisOutage(
      () => proxy.pause(),
      async () => {
        for (let i = 0; i < 2; i++) {
          const { value, ms } = await timed(sendCode);
          expect(value).toEqual({ status: 500, body: INTERNAL });
          expect(ms).toBeLessThan(PROMPT_MS);
        }
        expect(sms.sent.length).toBe(sent);
        const { value: readiness, ms } = await timed(() => calls.ready());
        expect(readiness).toEqual({ status: 503, body: { status: "unready", database: "ok", redis: "down" } });
        expect(ms).toBeLessThan(PROMPT_MS);
        // Reads that need no Redis are unaffected.
        expect((await calls.goods()).status).toBe(200);
      },
    );
  });

  it("a Redis that drops every connection: the same, then recovery", async () => {
    await duringRedisOutage(
      () => proxy.cut(),
      async () => {
        const { value, ms } = await timed(sendCode);
        expect(value).toEqual({ status: 500, body: INTERNAL });
        expect(ms).toBeLessThan(PROMPT_MS);
        expect((await calls.ready()).status).toBe(503);
      },
    );
  });
});
