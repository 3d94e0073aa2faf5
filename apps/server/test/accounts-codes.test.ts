// R1 (codes: format, hashed storage, 5-minute life, single use, bound to the phone), R2 (brute force)
// and R4 (no enumeration), through the HTTP API.
import { Messages } from "@yj/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, sessions, verificationCodes } from "../src/db/schema.js";
import { VerificationCodes } from "../src/modules/accounts/codes.js";
import { WRONG_CODE_MESSAGE } from "../src/modules/accounts/service.js";
import { AccountsHarness, HOUR, MINUTE, SECOND, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { describeEachBackend } from "./helper.js";

/** Any 6-digit code other than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describeEachBackend("accounts: verification codes", { embedded: true, app: false }, (ctx) => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database);
  });
  afterAll(() => h?.close());

  describe("R1", () => {
    it("sends a 6-digit code with the product rules' message and stores only its hash", async () => {
      const phone = uniquePhone();
      const { status, body } = await h.sendCode(phone);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 1, message: Messages.codeSent, data: null });
      const code = h.sms.lastCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      const rows = await ctx.database.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
      expect(rows[0]?.codeHash).not.toContain(code);
    });

    it("accepts the code for 5 minutes and refuses it after", async () => {
      const early = uniquePhone();
      await h.sendCode(early);
      h.clock.advance(5 * MINUTE - SECOND);
      expect((await h.verify(early, h.sms.lastCode(early))).body.code).toBe(1);

      const late = uniquePhone();
      await h.sendCode(late);
      h.clock.advance(5 * MINUTE + SECOND);
      const { status, body } = await h.verify(late, h.sms.lastCode(late));
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 0, message: WRONG_CODE_MESSAGE, data: null });
    });

    it("is single use", async () => {
      const phone = uniquePhone();
      await h.sendCode(phone);
      const code = h.sms.lastCode(phone);
      expect((await h.verify(phone, code)).body.code).toBe(1);
      expect((await h.verify(phone, code)).body).toMatchObject({ code: 0, message: WRONG_CODE_MESSAGE });
    });

    it("is bound to the phone it was sent to", async () => {
      const [a, b] = [uniquePhone(), uniquePhone()];
      await h.sendCode(a);
      const codeOfA = h.sms.lastCode(a);
      expect((await h.verify(b, codeOfA)).body).toMatchObject({ code: 0, message: WRONG_CODE_MESSAGE });
      // The phone is inside the MAC: the same digits stored for another phone would not match.
      const codes = new VerificationCodes(ctx.database.db, "a-secret-for-this-test-only-0123456789");
      expect(codes.hash(a, codeOfA)).not.toBe(codes.hash(b, codeOfA));
      expect((await h.verify(a, codeOfA)).body.code).toBe(1);
    });

    it("only the newest code of a phone counts", async () => {
      const phone = uniquePhone();
      await h.sendCode(phone);
      const first = h.sms.lastCode(phone);
      h.clock.advance(61 * SECOND);
      await h.sendCode(phone);
      const second = h.sms.lastCode(phone);
      if (first !== second) expect((await h.verify(phone, first)).body.code).toBe(0);
      expect((await h.verify(phone, second)).body.code).toBe(1);
    });

    it.runIf(ctx.backend === "postgres")(
      "20 concurrent verifies of the right code create exactly one session",
      async () => {
        const phone = uniquePhone();
        await h.sendCode(phone);
        const code = h.sms.lastCode(phone);
        const answers = await Promise.all(Array.from({ length: 20 }, () => h.verify(phone, code)));
        expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
        expect(answers.filter((a) => a.body.code === 0 && a.body.message === WRONG_CODE_MESSAGE)).toHaveLength(19);
        const [customer] = await ctx.database.db.select().from(customers).where(eq(customers.mobile, phone));
        const rows = await ctx.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.customerId, customer?.id ?? -1));
        expect(rows).toHaveLength(1);
      },
    );
  });

  describe("R2", () => {
    it("after 5 wrong codes the code is dead, even the right one", async () => {
      const phone = uniquePhone();
      await h.sendCode(phone);
      const code = h.sms.lastCode(phone);
      for (let i = 0; i < 5; i++) {
        expect((await h.verify(phone, wrong(code))).body).toMatchObject({ code: 0, message: WRONG_CODE_MESSAGE });
      }
      expect((await h.verify(phone, code)).body).toMatchObject({ code: 0, message: WRONG_CODE_MESSAGE });
    });

    it("4 wrong codes leave the right one usable", async () => {
      const phone = uniquePhone();
      await h.sendCode(phone);
      const code = h.sms.lastCode(phone);
      for (let i = 0; i < 4; i++) await h.verify(phone, wrong(code));
      expect((await h.verify(phone, code)).body.code).toBe(1);
    });

    it("at most 100 failed attempts per phone per hour", async () => {
      const phone = uniquePhone();
      for (let i = 0; i < 100; i++) {
        const { status, body } = await h.verify(phone, "000000");
        expect([status, body.code]).toEqual([200, 0]);
      }
      // A fresh code, the right one: still refused until the hour has passed.
      await h.sendCode(phone);
      const refused = await h.verify(phone, h.sms.lastCode(phone));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 0, errorCode: 1429, data: null });
      expect(refused.body.message).toMatch(/^验证次数过多，请 \d+ (秒|分钟)后再试$/);
      expect(Number(refused.res.headers["retry-after"])).toBeGreaterThan(0);

      h.clock.advance(HOUR);
      await h.sendCode(phone);
      expect((await h.verify(phone, h.sms.lastCode(phone))).body.code).toBe(1);
    });
  });

  describe("R4", () => {
    it("registered and unregistered numbers get the same answers on send and on a wrong code", async () => {
      const registered = uniquePhone();
      await h.login(registered);
      const unregistered = uniquePhone();
      h.clock.advance(61 * SECOND);

      const ip = uniqueIp();
      const sendA = await h.sendCode(registered, ip);
      const sendB = await h.sendCode(unregistered, ip);
      expect([sendA.status, sendA.body]).toEqual([sendB.status, sendB.body]);
      expect(sendA.body).toEqual({ code: 1, message: Messages.codeSent, data: null });

      const wrongA = await h.verify(registered, wrong(h.sms.lastCode(registered)));
      const wrongB = await h.verify(unregistered, wrong(h.sms.lastCode(unregistered)));
      expect([wrongA.status, wrongA.body]).toEqual([wrongB.status, wrongB.body]);

      const neverSentA = await h.verify(uniquePhone(), "123456");
      expect([neverSentA.status, neverSentA.body]).toEqual([wrongB.status, wrongB.body]);

      // The right code: both log in with the same message; the data is the session itself.
      const okA = await h.verify(registered, h.sms.lastCode(registered));
      const okB = await h.verify(unregistered, h.sms.lastCode(unregistered));
      expect([okA.status, okA.body.code, okA.body.message]).toEqual([okB.status, okB.body.code, okB.body.message]);
      expect(okA.body.message).toBe(Messages.loginSuccess);
      expect(Object.keys(okA.body.data).sort()).toEqual(Object.keys(okB.body.data).sort());
    });
  });
});
