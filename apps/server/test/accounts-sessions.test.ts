// R5: session tokens (≥128 bits, stored hashed, new at every login), cookie flags, server-side
// logout, idle and absolute expiry.
import { createHash } from "node:crypto";
import { ErrorCode, Messages } from "@yj/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sessions } from "../src/db/schema.js";
import { AccountsHarness, DAY, SECOND } from "./accounts-fixtures.js";
import { describeEachBackend } from "./helper.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describeEachBackend("accounts: sessions (R5)", { app: false }, (ctx) => {
  let h: AccountsHarness;
  let production: AccountsHarness;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database);
    production = await AccountsHarness.build(ctx.database, {
      env: {
        NODE_ENV: "production",
        TRUST_PROXY: "0",
        PUBLIC_ORIGIN: "https://shop.example.cn",
        DATA_DIR: "./data",
        CODE_HASH_SECRET: "a-production-like-secret-0123456789abcdef",
        SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
        PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
        // Cookies are tested here, not load shedding (load-shedding.test.ts): a busy test machine's
        // event loop must not turn the login into a 503.
        LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await production?.close();
  });

  const me = (token: string) => h.call({ method: "GET", url: "/api/customers/me", cookies: { token } });

  it("login answers the product rules' data with a 256-bit random token", async () => {
    const session = await h.login();
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // base64url of 32 bytes: 256 bits ≥ 128
    expect(Buffer.from(session.token, "base64url")).toHaveLength(32);
    expect(session.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrf).not.toBe(session.token);
    const { body } = await me(session.token);
    expect(body).toMatchObject({ code: 1, data: { mobile: session.mobile } });
    expect(body.data).toMatchObject({ maskedMobile: `${session.mobile.slice(0, 3)}****${session.mobile.slice(7)}` });
  });

  it("the database holds only the token's SHA-256", async () => {
    const session = await h.login();
    const rows = await ctx.database.db.select().from(sessions);
    expect(JSON.stringify(rows)).not.toContain(session.token);
    expect(rows.map((r) => r.tokenHash)).toContain(sha256(session.token));
  });

  it("every login makes a new token", async () => {
    const first = await h.login();
    h.clock.advance(61 * SECOND);
    const second = await h.login(first.mobile);
    expect(second.token).not.toBe(first.token);
    expect(second.csrf).not.toBe(first.csrf);
  });

  it("sets the token cookie HttpOnly, SameSite=Lax, Path=/ and the csrf cookie readable", async () => {
    const { res, token, csrf } = await h.login();
    const tokenCookie = res.cookies.find((c) => c.name === "token");
    const csrfCookie = res.cookies.find((c) => c.name === "csrf");
    expect(tokenCookie).toMatchObject({ value: token, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(tokenCookie?.secure).toBeFalsy();
    expect(tokenCookie?.maxAge).toBeGreaterThan(0);
    expect(csrfCookie).toMatchObject({ value: csrf, sameSite: "Lax", path: "/" });
    expect(csrfCookie?.httpOnly).toBeFalsy();
  });

  it("adds Secure to both cookies in production", async () => {
    const { res } = await production.login();
    for (const name of ["token", "csrf"]) {
      expect(res.cookies.find((c) => c.name === name)).toMatchObject({ secure: true, sameSite: "Lax", path: "/" });
    }
  });

  it("other clients may send the token as a Bearer header, never in the URL", async () => {
    const { token } = await h.login();
    const bearer = await h.call({
      method: "GET",
      url: "/api/customers/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.body.code).toBe(1);
    const inUrl = await h.call({ method: "GET", url: `/api/customers/me?token=${token}` });
    expect(inUrl.body).toMatchObject({ code: 0, errorCode: ErrorCode.LOGIN_REQUIRED });
  });

  it("logout revokes the session server-side and clears the cookies", async () => {
    const session = await h.login();
    const { status, body, res } = await h.asCustomer(session, {
      method: "POST",
      url: "/api/customers/logout",
      payload: {},
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, message: Messages.logoutSuccess });
    for (const name of ["token", "csrf"]) {
      const cleared = res.cookies.find((c) => c.name === name);
      expect(cleared?.value ?? "").toBe("");
      expect(cleared?.expires?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());
    }
    // The old token, replayed by anyone, is refused.
    const after = await me(session.token);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ code: 0, message: Messages.loginRequired, data: null, errorCode: 1201 });
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(session.token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it("clears the cookies of a dead session, so the browser stops presenting it", async () => {
    const session = await h.login();
    await h.asCustomer(session, { method: "POST", url: "/api/customers/logout", payload: {} });
    const res = await h.app.inject({ method: "GET", url: "/api/customers/me", cookies: { token: session.token } });
    expect(res.json()).toMatchObject({ code: 0, errorCode: 1201 });
    for (const name of ["token", "csrf"]) {
      const cleared = res.cookies.find((c) => c.name === name);
      expect(cleared?.value, name).toBe("");
    }
  });

  it("expires after 7 idle days", async () => {
    const idle = await h.login();
    const active = await h.login();
    h.clock.advance(6 * DAY);
    expect((await me(active.token)).body.code).toBe(1);
    h.clock.advance(DAY + SECOND);
    expect((await me(idle.token)).body).toMatchObject({ code: 0, errorCode: 1201, message: Messages.loginRequired });
    expect((await me(active.token)).body.code).toBe(1);
  });

  it("expires 30 days after login however active", async () => {
    const session = await h.login();
    for (let day = 6; day < 30; day += 6) {
      h.clock.advance(6 * DAY);
      expect((await me(session.token)).body.code, `day ${day}`).toBe(1);
    }
    h.clock.advance(6 * DAY + SECOND); // day 30 and a second
    expect((await me(session.token)).body).toMatchObject({ code: 0, errorCode: 1201 });
  });

  it("every session-only endpoint answers 1201 without a session, and junk tokens are just no session", async () => {
    const urls = ["/api/customers/me", "/api/customers/query_favorites", "/api/customers/add_favorite?id=1&type=1"];
    for (const token of [undefined, "x", "a".repeat(5000), "' OR 1=1 --", "🛋️".repeat(20), "A".repeat(43)]) {
      for (const url of urls) {
        const { status, body } = await h.call({ method: "GET", url, ...(token ? { cookies: { token } } : {}) });
        expect([status, body.code, body.errorCode], `${url} ${token?.slice(0, 10)}`).toEqual([200, 0, 1201]);
        expect(body.message).toBe(Messages.loginRequired);
      }
    }
    const bearerJunk = await h.call({ method: "GET", url: "/api/customers/me", headers: { authorization: "Bearer" } });
    expect(bearerJunk.body.errorCode).toBe(1201);
    const logout = await h.call({ method: "POST", url: "/api/customers/logout", payload: {} });
    expect([logout.status, logout.body.errorCode]).toEqual([200, 1201]);
  });
});
