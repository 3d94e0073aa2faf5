// The SMS budget is no kill switch (docs/decisions/0046): one network (IPv4 /24, IPv6 /48) has a
// daily budget of its own, and when risk is high a send needs the ALTCHA human check first,
// verified on the server: signed, unexpired, and accepted once across instances.
import { ErrorCode, type HumanCheckRequired, Messages } from "@yj/contract";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HumanCheck } from "../src/modules/accounts/human-check.js";
import { SMS_BUSY_MESSAGE } from "../src/modules/accounts/service.js";
import { AccountsHarness, CapturingSms, DAY, ManualClock, MINUTE, SECOND, uniquePhone } from "./accounts-fixtures.js";
import { allowAll, describeEachBackend } from "./helper.js";

/** ALTCHA's payload for a challenge: base64 of JSON { challenge, solution }, as the browser sends it. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge was not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

function sendCode(h: AccountsHarness, phone: string, ip: string, altcha?: string) {
  const query = new URLSearchParams({ phone, timestamp: String(Date.now()), ...(altcha ? { altcha } : {}) });
  return h.call<HumanCheckRequired>({
    method: "GET",
    url: `/api/customers/getVerificationCode?${query}`,
    remoteAddress: ip,
  });
}

type Answer = Awaited<ReturnType<typeof sendCode>>;

/** The refusal that asks for the check: 428, errorCode 1428, a Chinese message and a new challenge. */
function expectCheckAsked(answer: Answer, message: string = Messages.humanCheckRequired): Challenge {
  expect(answer.status).toBe(428);
  expect(answer.body).toMatchObject({ code: 0, errorCode: ErrorCode.CHALLENGE_REQUIRED, message });
  const { challenge } = answer.body.data;
  expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256" });
  return challenge as Challenge;
}

describe("human check: challenges", () => {
  it("an answer signed with another key is refused", async () => {
    const now = new Date();
    const mine = new HumanCheck({ hmacKey: "k".repeat(32), maxNumber: 200, limiter: allowAll });
    const theirs = new HumanCheck({ hmacKey: "x".repeat(32), maxNumber: 200, limiter: allowAll });
    const payload = await solve(await theirs.create(now));
    expect(await mine.verify(payload, now)).toBe("invalid");
    expect(await theirs.verify(payload, now)).toBe("passed");
  });
});

describeEachBackend("accounts: SMS budget per network and the human check", { app: false }, (ctx) => {
  describe("a /48 rotating its /64s", () => {
    const sms = new CapturingSms();
    let h: AccountsHarness;
    beforeAll(async () => {
      // The check is off here: this is the attacker who passes every check, stopped by the budget alone.
      h = await AccountsHarness.build(ctx.database, {
        sms,
        env: { SMS_DAILY_BUDGET: "1000", SMS_NETWORK_DAILY_BUDGET: "100" },
      });
    });
    afterAll(() => h?.close());

    it("1,000 sends from rotating IPv6 /64s of one /48 spend only its budget; a customer elsewhere still gets a code", async () => {
      const answers: Answer[] = [];
      for (let batch = 0; batch < 40; batch++) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 25 }, (_, i) => {
              const n = batch * 25 + i;
              return sendCode(h, uniquePhone("137"), `2001:db8:77:${n.toString(16)}::1`);
            }),
          )),
        );
      }
      expect(answers.filter((a) => a.body.code === 1)).toHaveLength(100);
      const refused = answers.filter((a) => a.body.code !== 1);
      expect(refused).toHaveLength(900);
      for (const a of refused) {
        expect(a.status).toBe(429);
        expect(a.body.errorCode).toBe(ErrorCode.RATE_LIMITED);
        expect(a.body.message).toMatch(/^发送过于频繁，请 .+后再试$/);
        expect(a.body.message).not.toBe(SMS_BUSY_MESSAGE);
      }
      expect(sms.sent).toHaveLength(100);

      const customer = uniquePhone("138");
      const answer = await sendCode(h, customer, "203.0.113.45");
      expect(answer.body).toMatchObject({ code: 1, message: Messages.codeSent });
      expect(sms.lastCode(customer)).toMatch(/^\d{6}$/);
      // Another /48 of the same provider is another network.
      expect((await sendCode(h, uniquePhone("138"), "2001:db8:78::1")).body.code).toBe(1);
    }, 120_000);
  });

  describe("past the network threshold", () => {
    const NETWORK = "198.51.100";
    const clock = new ManualClock();
    const sms = new CapturingSms();
    let a: AccountsHarness;
    let b: AccountsHarness;
    beforeAll(async () => {
      const env = { SMS_CHECK_AFTER_NETWORK_SENDS: "2", ALTCHA_MAX_NUMBER: "2000" };
      // Two instances on one database: a used answer is used on both.
      a = await AccountsHarness.build(ctx.database, { clock, sms, env });
      b = await AccountsHarness.build(ctx.database, { clock, sms, env });
      // The network has had its two codes this hour: every further send needs the check.
      for (const host of [1, 2]) expect((await sendCode(a, uniquePhone(), `${NETWORK}.${host}`)).body.code).toBe(1);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it("refuses a send without an answer, counting and sending nothing, then takes a valid answer", async () => {
      const phone = uniquePhone();
      const sentBefore = sms.sent.length;
      const challenge = expectCheckAsked(await sendCode(a, phone, `${NETWORK}.3`));
      expect(sms.sent).toHaveLength(sentBefore);
      // The refused send counted nothing: the phone's once-a-minute rule lets the answered one through.
      const answered = await sendCode(a, phone, `${NETWORK}.3`, await solve(challenge));
      expect(answered.body).toMatchObject({ code: 1, message: Messages.codeSent });
      expect(sms.lastCode(phone)).toMatch(/^\d{6}$/);
    });

    it("refuses an answer used once already, on this instance or another", async () => {
      const challenge = expectCheckAsked(await sendCode(a, uniquePhone(), `${NETWORK}.4`));
      const payload = await solve(challenge);
      expect((await sendCode(a, uniquePhone(), `${NETWORK}.4`, payload)).body.code).toBe(1);
      const sentBefore = sms.sent.length;
      expectCheckAsked(await sendCode(a, uniquePhone(), `${NETWORK}.5`, payload), Messages.humanCheckFailed);
      expectCheckAsked(await sendCode(b, uniquePhone(), `${NETWORK}.6`, payload), Messages.humanCheckFailed);
      expect(sms.sent).toHaveLength(sentBefore);
    });

    it("refuses forged answers: a wrong key, a changed challenge, a made-up signature, junk", async () => {
      const challenge = expectCheckAsked(await sendCode(a, uniquePhone(), `${NETWORK}.7`));
      const payload = JSON.parse(Buffer.from(await solve(challenge), "base64").toString());
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
      // (The key is the proof: the server checks its signature, so the counter beside it is not asked about.)
      const forged = [
        encode({ ...payload, solution: { ...payload.solution, derivedKey: "00".repeat(32) } }),
        encode({ ...payload, solution: { counter: payload.solution.counter } }),
        // Easier work: a shorter key prefix that the signature does not cover.
        encode({
          ...payload,
          challenge: { ...challenge, parameters: { ...challenge.parameters, keyPrefix: "00" } },
        }),
        encode({ ...payload, challenge: { ...challenge, signature: "ab".repeat(32) } }),
        encode({ challenge: { parameters: {}, signature: "" }, solution: {} }),
        encode({ challenge: "x", solution: 1 }),
        Buffer.from("not json").toString("base64"),
        "AAAA",
      ];
      const sentBefore = sms.sent.length;
      for (const [i, altcha] of forged.entries()) {
        const answer = await sendCode(a, uniquePhone(), `${NETWORK}.8`, altcha);
        expect(answer.status, `forgery ${i}`).toBe(428);
        expectCheckAsked(answer, Messages.humanCheckFailed);
      }
      expect(sms.sent).toHaveLength(sentBefore);
      // Characters no base64 has are refused by the contract, with the envelope.
      const junk = await sendCode(a, uniquePhone(), `${NETWORK}.8`, "<script>");
      expect(junk.status).toBe(200);
      expect(junk.body).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
      expect(junk.body.message.startsWith(Messages.humanCheckFailed)).toBe(true);
      // The genuine answer still works: the forgeries did not use it up.
      expect((await sendCode(a, uniquePhone(), `${NETWORK}.8`, encode(payload))).body.code).toBe(1);
    });

    it("refuses an answer past the challenge's five minutes", async () => {
      const challenge = expectCheckAsked(await sendCode(a, uniquePhone(), `${NETWORK}.9`));
      const payload = await solve(challenge);
      clock.advance(5 * MINUTE + SECOND);
      expectCheckAsked(await sendCode(a, uniquePhone(), `${NETWORK}.9`, payload), Messages.humanCheckFailed);
    });

    it("asks nothing of another network, and nothing of this one an hour later", async () => {
      expect((await sendCode(a, uniquePhone(), "192.0.2.10")).body.code).toBe(1);
      clock.advance(61 * MINUTE);
      expect((await sendCode(b, uniquePhone(), `${NETWORK}.10`)).body.code).toBe(1);
    });
  });

  describe("past the site's budget threshold", () => {
    let h: AccountsHarness;
    beforeAll(async () => {
      // Two days on: the other suites' sends on this database have left the site's 24 hours.
      h = await AccountsHarness.build(ctx.database, {
        clock: new ManualClock(Date.now() + 2 * DAY),
        env: { SMS_DAILY_BUDGET: "4", SMS_CHECK_AFTER_BUDGET_PERCENT: "50", ALTCHA_MAX_NUMBER: "2000" },
      });
    });
    afterAll(() => h?.close());

    it("asks every network for the check once half the day's budget is spent", async () => {
      expect((await sendCode(h, uniquePhone(), "100.64.1.1")).body.code).toBe(1);
      expect((await sendCode(h, uniquePhone(), "100.64.2.1")).body.code).toBe(1);
      const challenge = expectCheckAsked(await sendCode(h, uniquePhone(), "100.64.3.1"));
      expect((await sendCode(h, uniquePhone(), "100.64.3.1", await solve(challenge))).body.code).toBe(1);
    });
  });
});

const REDIS_URL = process.env.REDIS_URL;

describeEachBackend("accounts: the human check with Redis (REDIS_URL)", { app: false }, (ctx) => {
  const sms = new CapturingSms();
  let a: AccountsHarness;
  let b: AccountsHarness;
  beforeAll(async () => {
    if (!REDIS_URL) return;
    const env = { REDIS_URL, SMS_CHECK_AFTER_NETWORK_SENDS: "0", ALTCHA_MAX_NUMBER: "2000" };
    a = await AccountsHarness.build(ctx.database, { sms, env });
    b = await AccountsHarness.build(ctx.database, { sms, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it.runIf(REDIS_URL)("takes an answer once across instances", async () => {
    const challenge = expectCheckAsked(await sendCode(a, uniquePhone(), "192.0.2.77"));
    const payload = await solve(challenge);
    expect((await sendCode(b, uniquePhone(), "192.0.2.77", payload)).body.code).toBe(1);
    expectCheckAsked(await sendCode(a, uniquePhone(), "192.0.2.78", payload), Messages.humanCheckFailed);
  });
});
