// Accounts rules: send a code, log in (registering on first use), log out.
// Registered and unregistered numbers take the same path and get the same answers (R4).
import { type CodePurpose, Messages, PHONE_PATTERN } from "@yj/contract";
import type { Db } from "../../db/client.js";
import { customers } from "../../db/schema.js";
import { clientKey, networkBlockKey } from "../../lib/client-address.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, invalidInput } from "../../lib/errors.js";
import { consumeOrThrow, type RateCheck, type RateLimiter, type RateRule } from "../../limits/rate-limiter.js";
import type { SmsProvider } from "../../providers/sms/sms-provider.js";
import type { VerificationCodes } from "./codes.js";
import type { HumanCheck } from "./human-check.js";
import {
  SEND_RULES_PER_IP,
  SEND_RULES_PER_PHONE,
  SMS_BUDGET_ALERT_RULES,
  SMS_BUDGET_WINDOW_MS,
  SMS_NETWORK_BUDGET_WINDOW_MS,
  SMS_NETWORK_RISK_WINDOW_MS,
  VERIFY_FAILURES_PER_IP,
  VERIFY_RULES_PER_PHONE,
} from "./limits.js";
import type { NewSession, SessionCustomer, SessionStore } from "./sessions.js";

/** One message for a wrong, expired, used, superseded or worn-out code, and for a number never sent one (R4). */
export const WRONG_CODE_MESSAGE = "验证码错误或已失效，请重新获取";
/** The site's daily SMS budget is spent: nothing the visitor did, and nothing they can change. */
export const SMS_BUSY_MESSAGE = "短信发送繁忙，请稍后再试";

/** When a send needs the human check first (docs/decisions/0046); each rule alone makes the risk high. */
export interface SmsRiskRules {
  /** Codes one network (IPv4 /24, IPv6 /48) may be sent in any 24 hours (SMS_NETWORK_DAILY_BUDGET). */
  networkDailyBudget: number;
  /** The network was sent at least this many codes in the last hour (SMS_CHECK_AFTER_NETWORK_SENDS). */
  checkAfterNetworkSends: number;
  /** The site has sent at least this share (%) of its daily budget (SMS_CHECK_AFTER_BUDGET_PERCENT). */
  checkAfterBudgetPercent: number;
}

/** Where the budget alert goes (the app's logger). */
export interface AlertLogger {
  error(details: object, message: string): void;
}

export interface AccountsDeps {
  db: Db;
  codes: VerificationCodes;
  sessions: SessionStore;
  limiter: RateLimiter;
  sms: SmsProvider;
  now: Clock;
  /** Codes the whole site may send in any 24 hours (SMS_DAILY_BUDGET). */
  smsDailyBudget: number;
  risk: SmsRiskRules;
  /** R3's per-phone rules; SEND_RULES_PER_PHONE unless a test rig shortens the interval. */
  sendRulesPerPhone?: readonly RateRule[];
  humanCheck: HumanCheck;
  log: AlertLogger;
}

export interface LoginResult extends NewSession {
  mobile: string;
}

export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  /**
   * R3: limits per IP, per network and per phone are checked and counted together, before anything
   * is sent; the site's budget after them, so a send they refuse spends none of it. When risk is
   * high the human check comes first (docs/decisions/0046): without a valid answer (`altcha`) the
   * send is refused with a challenge to solve, and nothing is counted.
   */
  async sendCode(phone: string, clientIp: string, altcha?: string, purpose: CodePurpose = "login"): Promise<void> {
    // The contract already refuses other numbers; this guards any other caller (R3: mainland only).
    if (!PHONE_PATTERN.test(phone)) throw invalidInput(Messages.invalidPhone);
    const now = this.deps.now();
    const networkKey = `sms:net:${networkBlockKey(clientIp)}`;
    if (await this.riskIsHigh(networkKey, now)) await this.passHumanCheck(altcha, now);
    await this.consume(
      [
        { key: `sms:ip:${clientKey(clientIp)}`, rules: SEND_RULES_PER_IP },
        {
          key: networkKey,
          rules: [{ limit: this.deps.risk.networkDailyBudget, windowMs: SMS_NETWORK_BUDGET_WINDOW_MS }],
        },
        { key: `sms:phone:${phone}`, rules: this.deps.sendRulesPerPhone ?? SEND_RULES_PER_PHONE },
      ],
      now,
      "发送过于频繁",
    );
    await this.spendSmsBudget(now);
    const code = await this.deps.codes.issue(phone, now, purpose);
    // Not retried on failure or timeout: the first message may still arrive (R15).
    await this.deps.sms.send(phone, code);
  }

  /**
   * R1, R2: the code is used and the session created in one transaction. A session the request
   * arrived with (`current`) is replaced: every login leaves exactly one new token (R5).
   */
  async login(
    mobile: string,
    code: string,
    clientIp: string,
    current: SessionCustomer | null = null,
  ): Promise<LoginResult> {
    const now = this.deps.now();
    // Every attempt is counted for the address too, up front, and a success is taken back below:
    // so the address's limit holds under concurrency and counts failures only.
    const ipKey = `verify:ip:${clientKey(clientIp)}`;
    await this.consume(
      [
        { key: `verify:phone:${mobile}`, rules: VERIFY_RULES_PER_PHONE },
        { key: ipKey, rules: VERIFY_FAILURES_PER_IP },
      ],
      now,
      "验证次数过多",
    );
    const session = await this.deps.db.transaction(async (tx) => {
      // A wrong code returns (not throws) so its counted try is committed (R2).
      if (!(await this.deps.codes.consume(tx, mobile, code, now))) return null;
      const [customer] = await tx
        .insert(customers)
        .values({ mobile, createdAt: now, lastLoginAt: now })
        .onConflictDoUpdate({ target: customers.mobile, set: { lastLoginAt: now } })
        .returning({ id: customers.id });
      if (!customer) throw new Error("customer upsert returned no row");
      return this.deps.sessions.create(tx, customer.id, now, current);
    });
    if (!session) throw new AppError("business", WRONG_CODE_MESSAGE);
    await this.deps.limiter.refund([ipKey], now);
    return { ...session, mobile };
  }

  /**
   * An owner's act on a renovation project, confirmed by a "project" code for the owner's phone
   * (docs/decisions/0069), or a customer closing their account with a "close" code
   * (docs/decisions/0076): the login's limits count the try, and the code is used in the act's own
   * transaction, so the act happens exactly when the code is used. A wrong code commits its counted
   * try and refuses with the login's message (R2, R4).
   */
  async confirmWithCode<T>(
    phone: string,
    code: string,
    clientIp: string,
    act: (tx: Db) => Promise<T>,
    purpose: CodePurpose = "project",
  ): Promise<T> {
    const now = this.deps.now();
    const ipKey = `verify:ip:${clientKey(clientIp)}`;
    await this.consume(
      [
        { key: `verify:phone:${phone}`, rules: VERIFY_RULES_PER_PHONE },
        { key: ipKey, rules: VERIFY_FAILURES_PER_IP },
      ],
      now,
      "验证次数过多",
    );
    const done = await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.codes.consume(tx, phone, code, now, purpose))) return null;
      return { value: await act(tx) };
    });
    if (!done) throw new AppError("business", WRONG_CODE_MESSAGE);
    await this.deps.limiter.refund([ipKey], now);
    return done.value;
  }

  /** R5: revoked server-side; the old token is refused from now on. */
  async logout(customer: SessionCustomer): Promise<void> {
    await this.deps.sessions.revoke(customer.tokenHash, this.deps.now());
  }

  /**
   * High risk: the sender's network had its share of codes in the last hour, or the site has spent
   * its threshold share of the daily budget. Read, not counted: the counts are the sends' own.
   */
  private async riskIsHigh(networkKey: string, now: Date): Promise<boolean> {
    const { limiter, risk, smsDailyBudget } = this.deps;
    const networkSends = await limiter.count(networkKey, SMS_NETWORK_RISK_WINDOW_MS, now);
    if (networkSends >= risk.checkAfterNetworkSends) return true;
    const siteThreshold = Math.floor((smsDailyBudget * risk.checkAfterBudgetPercent) / 100);
    const siteSends = await limiter.count("sms:site", SMS_BUDGET_WINDOW_MS, now);
    // A spent budget refuses every send anyway (短信发送繁忙): no check to pass first.
    return siteSends >= siteThreshold && siteSends < smsDailyBudget;
  }

  /** Passes with a valid, unexpired, unused answer; otherwise refuses with a new challenge to solve. */
  private async passHumanCheck(altcha: string | undefined, now: Date) {
    const { humanCheck } = this.deps;
    if (altcha && (await humanCheck.verify(altcha, now)) === "passed") return;
    const challenge = await humanCheck.create(now);
    throw new AppError(
      "challenge_required",
      altcha ? Messages.humanCheckFailed : Messages.humanCheckRequired,
      undefined,
      { challenge },
    );
  }

  /** One send out of the site's budget; past it the visitor is refused and the operator alerted. */
  private async spendSmsBudget(now: Date) {
    const { limiter, smsDailyBudget, log } = this.deps;
    const decision = await limiter.consume(
      [{ key: "sms:site", rules: [{ limit: smsDailyBudget, windowMs: SMS_BUDGET_WINDOW_MS }] }],
      now,
    );
    if (decision.allowed) return;
    // The alert's own counter says whether any instance has raised it in the last day.
    if ((await limiter.consume([{ key: "sms:site:alert", rules: SMS_BUDGET_ALERT_RULES }], now)).allowed) {
      log.error(
        { budget: smsDailyBudget, retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) },
        "SMS daily budget spent: no codes are sent until it frees up (raise SMS_DAILY_BUDGET if this is real traffic)",
      );
    }
    throw new AppError("rate_limited", SMS_BUSY_MESSAGE, Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
  }

  private consume(checks: RateCheck[], now: Date, what: string) {
    return consumeOrThrow(this.deps.limiter, checks, now, what);
  }
}
