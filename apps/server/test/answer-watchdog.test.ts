// The answer watchdog (src/db/answer-watchdog.ts, docs/decisions/0088) on a real node-postgres pool
// through a TCP proxy that stalls: a statement whose answer does not come fails within the bound and
// two looks, its connection is replaced, and the pool goes on; a statement that takes a while but is
// answered within the bound is left alone. PostgreSQL with TEST_DATABASE_URL.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerTimeoutError, type AnswerWatchdog, watchAnswers } from "../src/db/answer-watchdog.js";
import { createTestDatabase, type TestDatabase } from "./helper.js";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.js";

const BOUND_MS = 800;
/** The bound, two looks (a quarter of it each) and room for a loaded machine. */
const LATEST_MS = BOUND_MS * 1.5 + 1000;

describe.runIf(process.env.TEST_DATABASE_URL)("answer watchdog", () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let pool: pg.Pool;
  let watchdog: AnswerWatchdog;

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres", { seed: false });
    const target = new URL(testDb.databaseUrl as string);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.hostname = "127.0.0.1";
    target.port = String(proxy.port);
    pool = new pg.Pool({ connectionString: target.toString(), max: 2 });
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    watchdog = watchAnswers(pool, BOUND_MS);
  }, 60_000);
  afterAll(async () => {
    watchdog?.stop();
    await pool?.end();
    await proxy?.close();
    await testDb?.close();
  });

  it("leaves a statement alone that is answered within the bound", async () => {
    const { rows } = await pool.query("select pg_sleep($1::float / 1000) is null as slept, 7 as n", [BOUND_MS / 2]);
    expect(rows).toEqual([{ slept: false, n: 7 }]);
  });

  it("fails a statement whose answer stalls, promptly, and the pool goes on with a new connection", async () => {
    await pool.query("select 1");
    proxy.pause();
    const started = performance.now();
    let failure: unknown;
    try {
      await pool.query("select 2");
    } catch (error) {
      failure = error;
    } finally {
      proxy.restore();
    }
    const ms = performance.now() - started;
    expect(failure).toBeInstanceOf(AnswerTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(BOUND_MS);
    expect(ms).toBeLessThan(LATEST_MS);
    expect((await pool.query("select 3 as n")).rows).toEqual([{ n: 3 }]);
  });

  it("fails the statements queued behind it on the same connection too", async () => {
    const client = await pool.connect();
    try {
      proxy.pause();
      const both = await Promise.allSettled([client.query("select 4"), client.query("select 5")]);
      expect(both.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    } finally {
      proxy.restore();
      client.release(true);
    }
    expect((await pool.query("select 6 as n")).rows).toEqual([{ n: 6 }]);
  });
});
