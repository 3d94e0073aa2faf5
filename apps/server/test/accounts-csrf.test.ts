// R6: a state-changing request with a session needs x-csrf-token equal to the session's csrf value,
// otherwise 403 and nothing written; JSON endpoints refuse text/plain, form and multipart bodies.
import { ErrorCode, Messages } from "@yj/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { favorites, sessions } from "../src/db/schema.js";
import { hashToken } from "../src/lib/session-token.js";
import { AccountsHarness, type Session, uniquePhone } from "./accounts-fixtures.js";
import { describeEachBackend } from "./helper.js";

describeEachBackend("accounts: CSRF (R6)", { app: false }, (ctx) => {
  let h: AccountsHarness;
  let goodsId: number;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database);
    const { body } = await h.call<{ dataList: { id: number }[] }>({
      method: "GET",
      url: "/api/goods/index?pageSize=1",
    });
    const first = body.data.dataList[0];
    if (!first) throw new Error("the demo catalogue has no goods");
    goodsId = first.id;
  });
  afterAll(() => h?.close());

  const favoriteCount = async (session: Session) => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .innerJoin(sessions, eq(sessions.customerId, favorites.customerId))
      .where(eq(sessions.tokenHash, hashToken(session.token)));
    return row?.n ?? 0;
  };
  const isRevoked = async (session: Session) => {
    const [row] = await ctx.database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(session.token))));
    return row?.revokedAt != null;
  };
  const expectCsrfRefusal = (answer: {
    status: number;
    body: { code: number; errorCode?: number; message: string };
  }) => {
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 0, message: Messages.csrf, data: null, errorCode: ErrorCode.CSRF });
  };

  it("add_favorite (a GET that writes) without the header: 403 and nothing written", async () => {
    const session = await h.login();
    const url = `/api/customers/add_favorite?id=${goodsId}&type=1`;
    expectCsrfRefusal(await h.asCustomer(session, { method: "GET", url }, { csrf: null }));
    expect(await favoriteCount(session)).toBe(0);
    expectCsrfRefusal(await h.asCustomer(session, { method: "GET", url }, { csrf: "wrong" }));
    expectCsrfRefusal(await h.asCustomer(session, { method: "GET", url }, { csrf: `${session.csrf.slice(0, -1)}x` }));
    expect(await favoriteCount(session)).toBe(0);
    const ok = await h.asCustomer(session, { method: "GET", url });
    expect(ok.body).toMatchObject({ code: 1, message: Messages.favoriteAdded });
    expect(await favoriteCount(session)).toBe(1);
  });

  it("remove_favorite without the header: 403 and the favourite stays", async () => {
    const session = await h.login();
    await h.asCustomer(session, { method: "GET", url: `/api/customers/add_favorite?id=${goodsId}&type=1` });
    const url = `/api/customers/remove_favorite?id=${goodsId}&type=1`;
    expectCsrfRefusal(await h.asCustomer(session, { method: "GET", url }, { csrf: null }));
    expect(await favoriteCount(session)).toBe(1);
  });

  it("another session's csrf value does not work", async () => {
    const mine = await h.login();
    const other = await h.login();
    const url = `/api/customers/add_favorite?id=${goodsId}&type=1`;
    expectCsrfRefusal(await h.asCustomer(mine, { method: "GET", url }, { csrf: other.csrf }));
    expect(await favoriteCount(mine)).toBe(0);
  });

  it("logout without the header: 403 and the session stays live", async () => {
    const session = await h.login();
    expectCsrfRefusal(
      await h.asCustomer(session, { method: "POST", url: "/api/customers/logout", payload: {} }, { csrf: null }),
    );
    expect(await isRevoked(session)).toBe(false);
    expect((await h.asCustomer(session, { method: "GET", url: "/api/customers/me" }, { csrf: null })).body.code).toBe(
      1,
    );
  });

  it("a login POST carrying a live session also needs the header", async () => {
    const session = await h.login();
    const phone = uniquePhone();
    await h.sendCode(phone);
    const payload = { mobile: phone, code: h.sms.lastCode(phone) };
    expectCsrfRefusal(
      await h.asCustomer(session, { method: "POST", url: "/api/customers/register", payload }, { csrf: null }),
    );
    const ok = await h.asCustomer(session, { method: "POST", url: "/api/customers/register", payload });
    expect(ok.body.code).toBe(1);
    // The new login replaced the session it arrived with (R5).
    expect(await isRevoked(session)).toBe(true);
  });

  it("reads need no header", async () => {
    const session = await h.login();
    for (const url of ["/api/customers/me", "/api/customers/query_favorites"]) {
      expect((await h.asCustomer(session, { method: "GET", url }, { csrf: null })).body.code, url).toBe(1);
    }
  });

  it("refuses text/plain, form and multipart bodies on the JSON endpoints, with a session or without", async () => {
    const session = await h.login();
    const phone = uniquePhone();
    await h.sendCode(phone);
    const code = h.sms.lastCode(phone);
    const boundary = "----yj";
    const bodies = [
      { type: "text/plain", payload: JSON.stringify({ mobile: phone, code }) },
      { type: "text/plain;charset=UTF-8", payload: JSON.stringify({ mobile: phone, code }) },
      { type: "application/x-www-form-urlencoded", payload: `mobile=${phone}&code=${code}` },
      {
        type: `multipart/form-data; boundary=${boundary}`,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="mobile"\r\n\r\n${phone}\r\n--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n--${boundary}--\r\n`,
      },
    ];
    for (const { type, payload } of bodies) {
      const login = await h.call({
        method: "POST",
        url: "/api/customers/register",
        payload,
        headers: { "content-type": type },
      });
      expect(login.status, type).toBeLessThan(500);
      expect(login.body, type).toMatchObject({ code: 0, data: null, errorCode: ErrorCode.INVALID_INPUT });
      expect(login.body.message, type).toBe("请求格式不支持，请以 application/json 提交");
      expect(login.res.cookies, type).toEqual([]);

      const logout = await h.asCustomer(session, {
        method: "POST",
        url: "/api/customers/logout",
        payload,
        headers: { "content-type": type },
      });
      expect(logout.body, type).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
      expect(await isRevoked(session), type).toBe(false);
    }
    // The refused bodies used nothing up: the code still logs in once sent as JSON.
    expect((await h.verify(phone, code)).body.code).toBe(1);
  });
});
