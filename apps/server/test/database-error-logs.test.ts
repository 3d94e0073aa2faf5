// A query that fails logs its SQLSTATE and a message, never its parameters: drizzle's error text
// ("Failed query: … params: …") and the driver's detail ("Failing row contains (…)") carry the
// phone, the code's HMAC, the session's token hash and CSRF value.
import { createHash, createHmac } from "node:crypto";
import { ErrorCode, Messages } from "@yj/contract";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { expect, it } from "vitest";
import { createLogger } from "../src/lib/logger.js";
import { CapturingSms, ManualClock, uniquePhone } from "./accounts-fixtures.js";
import { describeEachBackend } from "./helper.js";

const CODE_SECRET = "a-test-code-hash-secret-of-32-characters-or-more";
const INTERNAL = { code: 0, message: Messages.internal, data: null, errorCode: ErrorCode.INTERNAL };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// One log and one SMS capture for both backends: each check empties the log first, and codes are
// looked up by a phone of their own.
const lines: string[] = [];
const log = () => lines.join("");
const sms = new CapturingSms();
const logger = createLogger("info", { write: (line: string) => void lines.push(line) });

describeEachBackend(
  "database errors in the log",
  {
    embedded: true,
    seed: false,
    app: { env: { CODE_HASH_SECRET: CODE_SECRET }, logger, accounts: { now: new ManualClock().now, sms } },
  },
  (ctx) => {
    const call = async (options: InjectOptions) => {
      const res = await ctx.app.inject(options);
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    const sendCode = (phone: string) => call({ url: `/api/customers/getVerificationCode?phone=${phone}&timestamp=1` });
    const verify = (mobile: string, code: string, session?: { token: string; csrf: string }) =>
      call({
        method: "POST",
        url: "/api/customers/register",
        payload: { mobile, code },
        ...(session ? { cookies: session, headers: { "x-csrf-token": session.csrf } } : {}),
      });

    /** Every write to `table` fails (a CHECK that no row passes; NOT VALID leaves existing rows be). */
    async function whileTableRefusesWrites<T>(table: string, work: () => Promise<T>): Promise<T> {
      const { db } = ctx.database;
      await db.execute(sql.raw(`alter table ${table} add constraint refuse_writes check (false) not valid`));
      try {
        return await work();
      } finally {
        await db.execute(sql.raw(`alter table ${table} drop constraint refuse_writes`));
      }
    }

    it("a login failing at the codes table logs the SQLSTATE, not the phone or the code's HMAC", async () => {
      const phone = uniquePhone();
      expect((await sendCode(phone)).body.code).toBe(1);
      const code = sms.lastCode(phone);
      lines.length = 0;
      const answer = await whileTableRefusesWrites("verification_codes", () => verify(phone, code));
      expect(answer).toEqual({ status: 500, body: INTERNAL });

      const failure = lines.map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> });
      const logged = failure.find((l) => l.msg === "unhandled error")?.err;
      expect(logged).toMatchObject({ code: "23514", table: "verification_codes", constraint: "refuse_writes" });
      expect(String(logged?.message)).toMatch(/check constraint/);
      expect(String(logged?.query)).toMatch(/^update "verification_codes"/);
      expect(log()).not.toContain(createHmac("sha256", CODE_SECRET).update(`${phone}:${code}`).digest("hex"));
      // The middle four digits alone are too short to look for: a timing such as 29.528964000000087
      // can hold them. The number is found by its prefix followed by them.
      expect(log()).not.toContain(phone);
      expect(log()).not.toMatch(new RegExp(`${phone.slice(0, 3)}\\D{0,3}${phone.slice(3, 7)}`));
      expect(log()).not.toMatch(/params|Failing row/i);
    });

    it("a logout or login failing at the sessions table logs no token, token hash or CSRF value", async () => {
      const phone = uniquePhone();
      await sendCode(phone);
      const login = await verify(phone, sms.lastCode(phone));
      const session = login.body.data as { token: string; csrf: string };
      const again = uniquePhone();
      await sendCode(again);
      lines.length = 0;
      await whileTableRefusesWrites("sessions", async () => {
        const logout = await call({
          method: "POST",
          url: "/api/customers/logout",
          payload: {},
          cookies: { token: session.token, csrf: session.csrf },
          headers: { "x-csrf-token": session.csrf },
        });
        expect(logout).toEqual({ status: 500, body: INTERNAL });
        // A login that replaces the session: revoking the old one and inserting the new one fail.
        const relogin = await verify(again, sms.lastCode(again), session);
        expect(relogin).toEqual({ status: 500, body: INTERNAL });
      });
      for (const secret of [session.token, sha256(session.token), session.csrf]) expect(log()).not.toContain(secret);
      // Nor any other value of those shapes (the new session's hash and CSRF value).
      expect(log()).not.toMatch(/[0-9a-f]{64}/);
      expect(log()).not.toMatch(/[A-Za-z0-9_-]{43}/);
      expect(log()).not.toMatch(/params|Failing row/i);
      expect(lines.filter((l) => l.includes('"code":"23514"'))).toHaveLength(2);
    });
  },
);
