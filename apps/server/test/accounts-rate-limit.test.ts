// R3: send throttle per phone (1/60 s, 5/h, 10/24 h) and per IP, durable and shared by instances, in
// the database by default and in Redis when REDIS_URL is set; only mainland numbers reach the provider.
import { randomBytes } from "node:crypto";
import { ErrorCode, Messages } from "@yj/contract";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { DbRateLimiter } from "../src/limits/db-rate-limiter.js";
import type { RateLimiter } from "../src/limits/rate-limiter.js";
import { RedisRateLimiter } from "../src/limits/redis-rate-limiter.js";
import {
  AccountsHarness,
  CapturingSms,
  DAY,
  HOUR,
  ManualClock,
  MINUTE,
  SECOND,
  uniqueIp,
  uniquePhone,
} from "./accounts-fixtures.js";
import { createTestDatabase, describeEachBackend, TEST_REDIS_PREFIX, type TestDatabase } from "./helper.js";

const REDIS_URL = process.env.REDIS_URL;

/** The behaviour both stores promise, run against each. */
function rateLimiterContract(makeLimiter: () => RateLimiter) {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = makeLimiter();
  });
  afterAll(() => limiter?.close());
  const key = () => `test:${randomBytes(6).toString("hex")}`;
  const t0 = Date.now();
  const at = (ms: number) => new Date(t0 + ms);

  it("allows `limit` events per window and says when the next one is allowed", async () => {
    const k = key();
    const rules = [{ limit: 2, windowMs: MINUTE }];
    expect(await limiter.consume([{ key: k, rules }], at(0))).toEqual({ allowed: true });
    expect(await limiter.consume([{ key: k, rules }], at(10 * SECOND))).toEqual({ allowed: true });
    expect(await limiter.consume([{ key: k, rules }], at(20 * SECOND))).toEqual({
      allowed: false,
      retryAfterMs: 40 * SECOND,
    });
    expect(await limiter.consume([{ key: k, rules }], at(MINUTE - 1))).toEqual({ allowed: false, retryAfterMs: 1 });
    // The window slides: the first event leaves it at exactly one minute.
    expect(await limiter.consume([{ key: k, rules }], at(MINUTE))).toEqual({ allowed: true });
    expect(await limiter.consume([{ key: k, rules }], at(MINUTE + 1))).toMatchObject({ allowed: false });
  });

  it("waits for the strictest of several rules", async () => {
    const k = key();
    const rules = [
      { limit: 1, windowMs: MINUTE },
      { limit: 3, windowMs: HOUR },
    ];
    for (const minute of [0, 1, 2]) {
      expect(await limiter.consume([{ key: k, rules }], at(minute * MINUTE))).toEqual({ allowed: true });
    }
    expect(await limiter.consume([{ key: k, rules }], at(3 * MINUTE))).toEqual({
      allowed: false,
      retryAfterMs: 57 * MINUTE,
    });
  });

  it("counts all keys or none", async () => {
    const [full, other] = [key(), key()];
    const one = [{ limit: 1, windowMs: HOUR }];
    const five = [{ limit: 5, windowMs: HOUR }];
    expect((await limiter.consume([{ key: full, rules: one }], at(0))).allowed).toBe(true);
    expect(
      (
        await limiter.consume(
          [
            { key: other, rules: five },
            { key: full, rules: one },
          ],
          at(1),
        )
      ).allowed,
    ).toBe(false);
    for (let i = 0; i < 5; i++) {
      expect((await limiter.consume([{ key: other, rules: five }], at(2 + i))).allowed, `event ${i}`).toBe(true);
    }
  });

  it("lets exactly `limit` of 20 concurrent events through", async () => {
    const rules = [{ limit: 3, windowMs: HOUR }];
    // Several rounds: a race loses only now and then, so one round could pass by luck.
    for (let round = 0; round < 5; round++) {
      const k = key();
      const decisions = await Promise.all(
        Array.from({ length: 20 }, () => limiter.consume([{ key: k, rules }], at(0))),
      );
      expect(
        decisions.filter((d) => d.allowed),
        `round ${round}`,
      ).toHaveLength(3);
    }
  });

  it("takes back the newest event of each key it is given, and only of those", async () => {
    const [k, other] = [key(), key()];
    const rules = [{ limit: 2, windowMs: HOUR }];
    await limiter.refund([k], at(0)); // nothing to take back: no effect
    for (const ms of [0, 1]) {
      expect((await limiter.consume([{ key: k, rules }], at(ms))).allowed).toBe(true);
      expect((await limiter.consume([{ key: other, rules }], at(ms))).allowed).toBe(true);
    }
    expect((await limiter.consume([{ key: k, rules }], at(2))).allowed).toBe(false);
    await limiter.refund([k], at(3));
    expect((await limiter.consume([{ key: k, rules }], at(4))).allowed).toBe(true);
    expect((await limiter.consume([{ key: k, rules }], at(5))).allowed).toBe(false);
    expect((await limiter.consume([{ key: other, rules }], at(5))).allowed).toBe(false);
    // The event at 0 is still counted: the next slot opens when it leaves the window.
    expect(await limiter.consume([{ key: k, rules }], at(HOUR - 1))).toEqual({ allowed: false, retryAfterMs: 1 });
  });

  it("counts a key's events inside a window without counting one itself", async () => {
    const k = key();
    const rules = [{ limit: 10, windowMs: HOUR }];
    expect(await limiter.count(k, HOUR, at(0))).toBe(0);
    for (const ms of [0, 10 * MINUTE, 20 * MINUTE]) await limiter.consume([{ key: k, rules }], at(ms));
    expect(await limiter.count(k, HOUR, at(20 * MINUTE))).toBe(3);
    expect(await limiter.count(k, HOUR, at(20 * MINUTE))).toBe(3);
    // The last 15 minutes at 25 minutes hold only the event at 20.
    expect(await limiter.count(k, 15 * MINUTE, at(25 * MINUTE))).toBe(1);
    expect(await limiter.count(k, HOUR, at(HOUR + 10 * MINUTE))).toBe(1);
  });

  it("keeps its counts for a new instance on the same store", async () => {
    const k = key();
    const rules = [{ limit: 1, windowMs: HOUR }];
    expect((await limiter.consume([{ key: k, rules }], at(0))).allowed).toBe(true);
    const restarted = makeLimiter();
    try {
      expect((await restarted.consume([{ key: k, rules }], at(SECOND))).allowed).toBe(false);
    } finally {
      await restarted.close();
    }
  });
}

describeEachBackend("accounts: database rate limiter", { app: false }, (ctx) => {
  rateLimiterContract(() => new DbRateLimiter(ctx.database.db));
});

describe.runIf(REDIS_URL)("accounts: Redis rate limiter", () => {
  const prefix = `yj:test:${randomBytes(4).toString("hex")}:`;
  rateLimiterContract(() => new RedisRateLimiter(REDIS_URL ?? "", { prefix }));
  afterAll(async () => {
    const redis = new Redis(REDIS_URL ?? "");
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
});

describeEachBackend("accounts: send throttle (R3)", { app: false }, (ctx) => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database);
  });
  afterAll(() => h?.close());

  const expectLimited = (
    answer: Awaited<ReturnType<AccountsHarness["sendCode"]>>,
    retryAfterSeconds: number,
    wait: string,
  ) => {
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({
      code: 0,
      message: `发送过于频繁，请 ${wait}后再试`,
      data: null,
      errorCode: ErrorCode.RATE_LIMITED,
    });
    expect(answer.res.headers["retry-after"]).toBe(String(retryAfterSeconds));
  };

  it("per phone: 1 per 60 s, 5 per hour, 10 per 24 hours", async () => {
    const phone = uniquePhone();
    const start = h.clock.now().getTime();
    const elapse = (ms: number) => h.clock.advance(start + ms - h.clock.now().getTime());

    expect((await h.sendCode(phone)).body.code).toBe(1);
    elapse(45 * SECOND);
    expectLimited(await h.sendCode(phone), 15, "15 秒");
    elapse(60 * SECOND);
    expect((await h.sendCode(phone)).body.code).toBe(1);
    for (const minute of [2, 3, 4]) {
      elapse(minute * MINUTE);
      expect((await h.sendCode(phone)).body.code, `minute ${minute}`).toBe(1);
    }
    elapse(10 * MINUTE); // 5 sent in this hour; the first leaves the hour at 60 min
    expectLimited(await h.sendCode(phone), 50 * 60, "50 分钟");

    for (const minute of [60, 61, 62, 63, 64]) {
      elapse(minute * MINUTE);
      expect((await h.sendCode(phone)).body.code, `minute ${minute}`).toBe(1);
    }
    elapse(3 * HOUR); // 10 sent today; the first leaves the 24 h window at 24 h
    expectLimited(await h.sendCode(phone), 21 * 3600, "21 小时");
    elapse(DAY - SECOND);
    expect((await h.sendCode(phone)).status).toBe(429);
    elapse(DAY);
    expect((await h.sendCode(phone)).body.code).toBe(1);
    expect(h.sms.sent.filter((s) => s.phone === phone)).toHaveLength(11);
  });

  it("per IP: at most 30 sends an hour across phones", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) expect((await h.sendCode(uniquePhone(), ip)).body.code, `send ${i}`).toBe(1);
    const limited = await h.sendCode(uniquePhone(), ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^发送过于频繁，请 \d+ (秒|分钟)后再试$/);
    // Another address is unaffected, and a refused send counted nothing for its phone.
    expect((await h.sendCode(uniquePhone(), uniqueIp())).body.code).toBe(1);
    h.clock.advance(HOUR);
    expect((await h.sendCode(uniquePhone(), ip)).body.code).toBe(1);
  });

  it("a send refused for the address does not use up the phone's allowance", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) await h.sendCode(uniquePhone(), ip);
    const phone = uniquePhone();
    expect((await h.sendCode(phone, ip)).status).toBe(429);
    expect((await h.sendCode(phone)).body.code).toBe(1);
    h.clock.advance(HOUR);
  });

  it("only mainland numbers reach the provider", async () => {
    const before = h.sms.sent.length;
    for (const phone of [
      "12345678901",
      "10000000000",
      "23800000000",
      "1380000000",
      "138000000000",
      "+8613800000000",
      "8613800000000",
      "85291234567",
      "1380000000a",
      "１３８００００００００",
    ]) {
      const { status, body } = await h.sendCode(phone);
      expect([status, body.code, body.errorCode], phone).toEqual([200, 0, ErrorCode.INVALID_INPUT]);
      expect(body.message, phone).toContain(Messages.invalidPhone);
    }
    expect(h.sms.sent.length).toBe(before);
  });

  it("counters survive a restart on the same database", async () => {
    const phone = uniquePhone();
    const clock = new ManualClock(h.clock.now().getTime());
    const first = await AccountsHarness.build(ctx.database, { clock });
    expect((await first.sendCode(phone)).body.code).toBe(1);
    await first.close();
    const restarted = await AccountsHarness.build(ctx.database, { clock });
    try {
      clock.advance(10 * SECOND);
      expect((await restarted.sendCode(phone)).status).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("accounts: two instances on one PostgreSQL share counters (R3)", () => {
  let testDb: TestDatabase;
  let secondPool: Database;
  let a: AccountsHarness;
  let b: AccountsHarness;
  const clock = new ManualClock();
  beforeAll(async () => {
    testDb = await createTestDatabase("postgres", { seed: false });
    secondPool = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: "unused" });
    a = await AccountsHarness.build(testDb.database, { clock });
    b = await AccountsHarness.build(secondPool, { clock });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondPool?.close();
    await testDb?.close();
  });

  it("a send on one instance throttles the other", async () => {
    const phone = uniquePhone();
    expect((await a.sendCode(phone)).body.code).toBe(1);
    expect((await b.sendCode(phone)).status).toBe(429);
  });

  it("concurrent sends for one phone on both instances: exactly one goes out", async () => {
    const phone = uniquePhone();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).sendCode(phone)));
    expect(answers.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect([...a.sms.sent, ...b.sms.sent].filter((s) => s.phone === phone)).toHaveLength(1);
  });

  it("a code sent through one instance logs in through the other", async () => {
    const phone = uniquePhone();
    await a.sendCode(phone);
    expect((await b.verify(phone, a.sms.lastCode(phone))).body.code).toBe(1);
  });
});

describe.runIf(REDIS_URL)("accounts: send throttle in Redis (REDIS_URL)", () => {
  let testDb: TestDatabase;
  let a: AccountsHarness;
  let b: AccountsHarness;
  const clock = new ManualClock();
  const sms = new CapturingSms();
  let redis: Redis;
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite", { seed: false });
    const env = { REDIS_URL: REDIS_URL ?? "" };
    a = await AccountsHarness.build(testDb.database, { clock, sms, env });
    b = await AccountsHarness.build(testDb.database, { clock, sms, env });
    redis = new Redis(REDIS_URL ?? "");
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await testDb?.database.close();
    const keys = await redis.keys(`${TEST_REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("instances share the counters through Redis, not the database", async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    expect((await a.sendCode(phone, ip)).body.code).toBe(1);
    const limited = await b.sendCode(phone, ip);
    expect(limited.status).toBe(429);
    expect(limited.res.headers["retry-after"]).toBe("60");
    const rows = await testDb.database.db.query.rateLimitEvents.findMany();
    expect(rows).toEqual([]);
    clock.advance(MINUTE);
    expect((await b.sendCode(phone, ip)).body.code).toBe(1);
  });

  it("keys live under REDIS_PREFIX: test runs never share counters with production or each other", async () => {
    expect(TEST_REDIS_PREFIX).toMatch(/^yj:test:[0-9a-f]{8}:$/);
    const phone = uniquePhone();
    expect((await a.sendCode(phone)).body.code).toBe(1);
    expect(await redis.exists(`${TEST_REDIS_PREFIX}rate:sms:phone:${phone}`)).toBe(1);
    expect(await redis.exists(`yj:rate:sms:phone:${phone}`)).toBe(0);
  });
});
