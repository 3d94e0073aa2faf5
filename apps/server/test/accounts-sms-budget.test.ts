// The whole site's SMS budget (SMS_DAILY_BUDGET): once this many codes went out in 24 hours nothing
// more is sent, the visitor is told so in Chinese, and one error-level line per day alerts the
// operator. The count is in the shared rate-limit store, so every instance spends one budget.
import { ErrorCode } from "@yj/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "../src/lib/logger.js";
import { SMS_BUSY_MESSAGE } from "../src/modules/accounts/service.js";
import { AccountsHarness, CapturingSms, DAY, ManualClock, uniquePhone } from "./accounts-fixtures.js";
import { describeEachBackend } from "./helper.js";

const BUDGET = 3;

describeEachBackend("accounts: daily SMS budget", { app: false }, (ctx) => {
  const clock = new ManualClock();
  const sms = new CapturingSms();
  const logged: { level: number; msg: string; budget?: number }[] = [];
  const logger = createLogger("warn", { write: (line: string) => logged.push(JSON.parse(line)) });
  let a: AccountsHarness;
  let b: AccountsHarness;
  beforeAll(async () => {
    const env = { SMS_DAILY_BUDGET: String(BUDGET) };
    // Two instances on one database: one budget.
    a = await AccountsHarness.build(ctx.database, { clock, sms, env, logger });
    b = await AccountsHarness.build(ctx.database, { clock, sms, env, logger });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const alerts = () => logged.filter((l) => l.level >= 50 && /SMS daily budget/.test(l.msg));

  const expectBusy = (answer: Awaited<ReturnType<AccountsHarness["sendCode"]>>) => {
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ code: 0, message: SMS_BUSY_MESSAGE, data: null, errorCode: ErrorCode.RATE_LIMITED });
    expect(Number(answer.res.headers["retry-after"])).toBeGreaterThan(0);
  };

  it("stops sending once the budget is spent, on every instance, and alerts once", async () => {
    expect(SMS_BUSY_MESSAGE).toBe("短信发送繁忙，请稍后再试");
    for (const instance of [a, b, a]) expect((await instance.sendCode(uniquePhone())).body.code).toBe(1);
    expect(sms.sent).toHaveLength(BUDGET);

    expectBusy(await a.sendCode(uniquePhone()));
    expectBusy(await b.sendCode(uniquePhone()));
    expectBusy(await b.sendCode(uniquePhone()));
    expect(sms.sent).toHaveLength(BUDGET);
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]).toMatchObject({ level: 50, budget: BUDGET });

    // 24 hours after the first send the budget has room again.
    clock.advance(DAY);
    expect((await b.sendCode(uniquePhone())).body.code).toBe(1);
    expect(sms.sent).toHaveLength(BUDGET + 1);
  });

  it("a send refused for its phone or address spends nothing of the budget", async () => {
    clock.advance(DAY);
    const sentBefore = sms.sent.length;
    const phone = uniquePhone();
    expect((await a.sendCode(phone)).body.code).toBe(1);
    // Refused by the phone's 60-second rule: the phone's message, not the budget's.
    for (let i = 0; i < 5; i++) {
      const again = await a.sendCode(phone);
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/^发送过于频繁/);
    }
    for (let i = 1; i < BUDGET; i++) expect((await b.sendCode(uniquePhone())).body.code).toBe(1);
    expect(sms.sent.length - sentBefore).toBe(BUDGET);
    expectBusy(await a.sendCode(uniquePhone()));
  });

  it("alerts again on the next day it is spent", async () => {
    const before = alerts().length;
    clock.advance(DAY);
    for (let i = 0; i < BUDGET; i++) await a.sendCode(uniquePhone());
    expectBusy(await a.sendCode(uniquePhone()));
    expectBusy(await b.sendCode(uniquePhone()));
    expect(alerts()).toHaveLength(before + 1);
  });
});
