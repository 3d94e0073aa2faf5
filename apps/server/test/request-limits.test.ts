// Every endpoint is limited per client address (ADR 0022): reads generously, writes more strictly,
// answered with the rate-limited envelope, HTTP 429, Retry-After and a Chinese message. Health
// probes never are, and 0 switches a limit off (the benches do).
import { ErrorCode, type GoodsIndexData } from "@yj/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountsHarness, MINUTE, type Session, uniqueIp } from "./accounts-fixtures.js";
import { describeEachBackend, testEnv } from "./helper.js";

const READS = 20;
const WRITES = 5;

describe("request limit settings", () => {
  it("reads 1200 and writes 60 a minute per client by default; 0 switches either off", () => {
    const env = testEnv();
    expect([env.RATE_LIMIT_READS_PER_MINUTE, env.RATE_LIMIT_WRITES_PER_MINUTE]).toEqual([1200, 60]);
    const off = testEnv({ RATE_LIMIT_READS_PER_MINUTE: "0", RATE_LIMIT_WRITES_PER_MINUTE: "0" });
    expect([off.RATE_LIMIT_READS_PER_MINUTE, off.RATE_LIMIT_WRITES_PER_MINUTE]).toEqual([0, 0]);
    expect(() => testEnv({ RATE_LIMIT_READS_PER_MINUTE: "-1" })).toThrow(/RATE_LIMIT_READS_PER_MINUTE/);
  });
});

describeEachBackend("per-IP request limits", { app: false }, (ctx) => {
  let h: AccountsHarness;
  let media: string;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database, {
      env: { RATE_LIMIT_READS_PER_MINUTE: String(READS), RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES) },
    });
    const goods = await h.call<GoodsIndexData>({
      method: "GET",
      url: "/api/goods/index?pageSize=1",
      remoteAddress: uniqueIp(),
    });
    media = goods.body.data.dataList[0]?.cover ?? "/media/none";
  });
  afterAll(() => h?.close());

  const get = (url: string, remoteAddress: string) => h.call({ method: "GET", url, remoteAddress });

  const expectLimited = (answer: Awaited<ReturnType<AccountsHarness["call"]>>, maxSeconds: number) => {
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ code: 0, data: null, errorCode: ErrorCode.RATE_LIMITED });
    expect(answer.body.message).toMatch(/^操作过于频繁，请 \d+ (秒|分钟)后再试$/);
    const retryAfter = Number(answer.res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  };

  it("reads: city detection, images, the catalogue and unknown URLs share one budget per client", async () => {
    const ip = uniqueIp();
    const urls = ["/api/geo/city", media, "/api/goods/index?pageSize=1", "/api/no-such-thing", "/no-such-page"];
    for (let i = 0; i < READS; i++) {
      const url = urls[i % urls.length] ?? "/api/geo/city";
      const res = await h.app.inject({ method: "GET", url, remoteAddress: ip });
      expect(res.statusCode, `read ${i}: ${url}`).not.toBe(429);
    }
    for (const url of urls) expectLimited(await get(url, ip), 60);
    // Another client is unaffected; the first may read again in the next minute.
    expect((await get("/api/geo/city", uniqueIp())).body.code).toBe(1);
    h.clock.advance(MINUTE);
    expect((await get("/api/geo/city", ip)).body.code).toBe(1);
  });

  it("an IPv6 client is limited by its /64", async () => {
    const net = `2001:db8:${((Math.random() * 0xffff) | 0).toString(16)}:9`;
    for (let i = 0; i < READS; i++) await get("/api/geo/city", `${net}::${(i + 1).toString(16)}`);
    expectLimited(await get("/api/geo/city", `${net}:1:2:3:4`), 60);
    h.clock.advance(MINUTE);
  });

  it("writes: favourites and logout are limited more strictly than reads", async () => {
    const ip = uniqueIp();
    const sessions: Session[] = [];
    for (let i = 0; i < 2; i++) sessions.push(await h.login());
    const [first, second] = sessions as [Session, Session];
    const write = (s: Session, url: string) => h.asCustomer(s, { method: "GET", url, remoteAddress: ip });
    const calls = [
      () => write(first, "/api/customers/add_favorite?id=1&type=1"),
      () => write(first, "/api/customers/remove_favorite?id=1&type=1"),
      () => h.asCustomer(first, { method: "POST", url: "/api/customers/logout", remoteAddress: ip }),
    ];
    for (let i = 0; i < WRITES; i++) {
      const answer = await (calls[i % calls.length] ?? calls[0])!();
      expect(answer.status, `write ${i}`).not.toBe(429);
    }
    expectLimited(await write(second, "/api/customers/add_favorite?id=1&type=1"), 60);
    expectLimited(await h.asCustomer(second, { method: "POST", url: "/api/customers/logout", remoteAddress: ip }), 60);
    // Reads from the same client still pass: the write limit is its own.
    expect((await h.asCustomer(second, { method: "GET", url: "/api/customers/me", remoteAddress: ip })).status).toBe(
      200,
    );
    // The session the refused logout named is still alive: nothing was written.
    const me = await h.asCustomer(second, { method: "GET", url: "/api/customers/me", remoteAddress: uniqueIp() });
    expect(me.body.code).toBe(1);
    h.clock.advance(MINUTE);
    expect((await write(second, "/api/customers/add_favorite?id=1&type=1")).status).toBe(200);
  });

  it("health probes are never limited", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < READS * 2; i++) expect((await get("/healthz", ip)).status).toBe(200);
  });
});

describeEachBackend("per-IP request limits switched off", { app: false }, (ctx) => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database, {
      env: { RATE_LIMIT_READS_PER_MINUTE: "0", RATE_LIMIT_WRITES_PER_MINUTE: "0" },
    });
  });
  afterAll(() => h?.close());

  it("lets any number of requests through (the benches set this)", async () => {
    // More than the default read limit, from one address, within one minute of the app's clock.
    for (let i = 0; i < 1500; i++) {
      const res = await h.app.inject({ method: "GET", url: "/no-such-page", remoteAddress: "127.0.0.1" });
      if (res.statusCode !== 404) throw new Error(`read ${i}: ${res.statusCode}`);
    }
    expect((await h.call({ method: "GET", url: "/api/geo/city", remoteAddress: "127.0.0.1" })).status).toBe(200);
    for (let i = 0; i < 70; i++) {
      const res = await h.app.inject({ method: "POST", url: "/api/customers/logout", remoteAddress: "127.0.0.1" });
      if (res.statusCode === 429) throw new Error(`write ${i} was limited`);
    }
  });
});
