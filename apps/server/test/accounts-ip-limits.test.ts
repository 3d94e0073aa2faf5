// Per-IP limits see the real client: behind a trusted proxy the X-Forwarded-For client, without one
// the socket (a forged header changes nothing), an IPv6 client by its /64; failed verifies are
// limited per client across phones, so one client cannot lock someone else's number.
import { ErrorCode } from "@yj/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SEND_RULES_PER_IP, VERIFY_FAILURES_PER_IP } from "../src/modules/accounts/limits.js";
import { AccountsHarness, HOUR, SECOND, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { describeEachBackend } from "./helper.js";

const SENDS_PER_IP = SEND_RULES_PER_IP[0]?.limit ?? 0;
const FAILURES_PER_IP = VERIFY_FAILURES_PER_IP[0]?.limit ?? 0;
const LOAD_BALANCER = "10.250.0.1";

describeEachBackend("accounts: per-IP limits", { app: false }, (ctx) => {
  let direct: AccountsHarness;
  let proxied: AccountsHarness;
  beforeAll(async () => {
    direct = await AccountsHarness.build(ctx.database);
    proxied = await AccountsHarness.build(ctx.database, { env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const send = (h: AccountsHarness, remoteAddress: string, forwardedFor?: string) =>
    h.call({
      method: "GET",
      url: `/api/customers/getVerificationCode?phone=${uniquePhone()}&timestamp=${Date.now()}`,
      remoteAddress,
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    });

  it("with TRUST_PROXY=1 two clients behind one load balancer get separate buckets", async () => {
    expect(SENDS_PER_IP).toBeGreaterThan(1);
    const [a, b] = ["203.0.113.10", "203.0.113.11"];
    for (let i = 0; i < SENDS_PER_IP; i++) {
      expect((await send(proxied, LOAD_BALANCER, a)).body.code, `send ${i}`).toBe(1);
    }
    const limited = await send(proxied, LOAD_BALANCER, a);
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe(ErrorCode.RATE_LIMITED);
    // The other visitor, through the same load balancer, is not affected.
    expect((await send(proxied, LOAD_BALANCER, b)).body.code).toBe(1);
    // Only the nearest hop is believed: a client cannot pick its bucket by prepending addresses.
    expect((await send(proxied, LOAD_BALANCER, `198.51.100.99, ${a}`)).status).toBe(429);
  });

  it("without a trusted proxy a forged X-Forwarded-For does not escape the limit", async () => {
    const socket = uniqueIp();
    for (let i = 0; i < SENDS_PER_IP; i++) {
      expect((await send(direct, socket, `198.51.100.${i}`)).body.code, `send ${i}`).toBe(1);
    }
    expect((await send(direct, socket, "198.51.100.200")).status).toBe(429);
  });

  it("an IPv6 client is limited by its /64, whichever of its addresses it uses", async () => {
    const net = `2001:db8:${((Math.random() * 0xffff) | 0).toString(16)}:1`;
    for (let i = 0; i < SENDS_PER_IP; i++) {
      expect((await send(direct, `${net}::${(i + 1).toString(16)}`)).body.code, `send ${i}`).toBe(1);
    }
    expect((await send(direct, `${net}:dead:beef:1:2`)).status).toBe(429);
    // The next /64 is another client.
    expect((await send(direct, `${net.replace(/:1$/, ":2")}::1`)).body.code).toBe(1);
  });

  it("a client failing verifies across many phones is limited per address, not per phone", async () => {
    expect(FAILURES_PER_IP).toBeGreaterThan(1);
    const attacker = uniqueIp();
    for (let i = 0; i < FAILURES_PER_IP; i++) {
      const { status, body } = await direct.verify(uniquePhone(), "000000", {}, attacker);
      expect([status, body.code], `verify ${i}`).toEqual([200, 0]);
    }
    // Even a right code for another number is refused from this address until the hour has passed…
    const phone = uniquePhone();
    await direct.sendCode(phone);
    const refused = await direct.verify(phone, direct.sms.lastCode(phone), {}, attacker);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 0, errorCode: ErrorCode.RATE_LIMITED, data: null });
    expect(refused.body.message).toMatch(/^验证次数过多，请 \d+ (秒|分钟)后再试$/);
    expect(Number(refused.res.headers["retry-after"])).toBeGreaterThan(0);
    // …and the refusal did not cost the number anything: its owner logs in from elsewhere.
    expect((await direct.verify(phone, direct.sms.lastCode(phone))).body.code).toBe(1);

    direct.clock.advance(HOUR);
    const later = uniquePhone();
    await direct.sendCode(later);
    expect((await direct.verify(later, direct.sms.lastCode(later), {}, attacker)).body.code).toBe(1);
  });

  it("successful logins do not count against the address", async () => {
    const office = uniqueIp();
    for (let i = 0; i < FAILURES_PER_IP + 5; i++) {
      const phone = uniquePhone();
      await direct.sendCode(phone);
      expect((await direct.verify(phone, direct.sms.lastCode(phone), {}, office)).body.code, `login ${i}`).toBe(1);
    }
  });

  it("one client cannot lock someone else's number", async () => {
    const victim = uniquePhone();
    const attacker = uniqueIp();
    // Far more wrong codes than the number's own hourly allowance, all from one address.
    for (let i = 0; i < 120; i++) await direct.verify(victim, "000000", {}, attacker);
    direct.clock.advance(61 * SECOND);
    await direct.sendCode(victim);
    expect((await direct.verify(victim, direct.sms.lastCode(victim))).body.code).toBe(1);
  });
});
