// The pool's bounded wait (src/db/bounded-pool.ts, docs/decisions/0048 and 0109) on a real
// PostgreSQL: a burst of short statements many times the pool's size waits its turn and is served
// (a page's render runs about ten reads at once, so ten visitors' renders are a hundred statements);
// a place in the queue that the queue, at the pace it was last seen to move, could not reach within
// the wait is refused at once; and that pace is forgotten once it is older than one wait.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BoundedPool } from "../src/db/bounded-pool.js";
import { PoolBusyError } from "../src/lib/errors.js";
import { createTestDatabase, type TestDatabase, testEnv } from "./helper.js";

/** The statement's error, or null when it was answered. */
const outcome = (query: Promise<unknown>) =>
  query.then(
    () => null,
    (error: unknown) => error,
  );

describe.runIf(process.env.TEST_DATABASE_URL)("a bounded pool", () => {
  let testDb: TestDatabase;
  const pools: pg.Pool[] = [];
  const poolOf = (max: number, wait: { maxWaiting: number; timeoutMs: number }) => {
    const pool = new BoundedPool({ connectionString: testDb.databaseUrl as string, max }, wait);
    pool.on("error", () => {});
    pools.push(pool);
    return pool;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres", { seed: false });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await testDb?.close();
  });

  it("serves twenty renders' worth of short statements at once within the deployed count bound", async () => {
    // The deployed count bound; the wait is longer than deployed, so that a loaded test machine's
    // pauses do not make the queue look too slow (that refusal is the next test's).
    const pool = poolOf(10, { maxWaiting: testEnv().DATABASE_POOL_MAX_WAITING, timeoutMs: 10_000 });
    // 200 statements on 10 connections: 190 wait, a few milliseconds each.
    const errors = await Promise.all(Array.from({ length: 200 }, () => outcome(pool.query("select pg_sleep(0.002)"))));
    expect(errors.filter((error) => error !== null)).toEqual([]);
  });

  it("refuses at once a place the queue was too slow to reach, and forgets that pace after a wait", async () => {
    // Generous for a loaded machine: the held statement outlasts the first wait by seconds, and the
    // last waiter has a whole second behind a 50 ms statement.
    const WAIT_MS = 1000;
    const pool = poolOf(1, { maxWaiting: 100, timeoutMs: WAIT_MS });
    const busy = pool.query("select pg_sleep(2.5)");
    await expect.poll(() => pool.idleCount === 0 && pool.totalCount === 1).toBe(true);
    // The first waiter knows nothing of the queue's pace: it waits the whole wait, and teaches that
    // the queue moved less than one place in it.
    const first = await outcome(pool.query("select 1"));
    expect(first).toBeInstanceOf(PoolBusyError);
    expect((first as Error).message).toContain("wait timed out");
    // The next one, at the same place, is refused without waiting.
    const second = await outcome(pool.query("select 1"));
    expect(second).toBeInstanceOf(PoolBusyError);
    expect((second as Error).message).toContain("queue too slow");
    await busy;
    // More than one wait later the pace is forgotten: a waiter behind a short statement is let in
    // and served.
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS + 50));
    const short = pool.query("select pg_sleep(0.05)");
    const third = await outcome(pool.query("select 1"));
    await short;
    expect(third).toBeNull();
  });
});
