// Failed staff logins slow the address that fails, never the account (R16, R23, docs/decisions/0045):
// failures are counted per (username, address) and per address across usernames in the shared
// rate-limit store, so the owner logging in from an address that has not failed is never refused.
// A username that does not exist is counted exactly like one that does: the answers, their order
// and the waits cannot tell which names exist.
import { AdminMessages } from "@yj/contract";
import { clientKey } from "../../lib/client-address.js";
import type { Clock } from "../../lib/clock.js";
import { rateLimited } from "../../lib/errors.js";
import type { RateCheck, RateLimiter, RateRule } from "../../limits/rate-limiter.js";

const MINUTE = 60_000;

/**
 * One address guessing one username: 5 wrong passwords in 15 minutes, then the wait grows, to an
 * hour after 10 and a day after 20.
 */
export const FAILURES_PER_NAME_AND_ADDRESS: readonly RateRule[] = [
  { limit: 5, windowMs: 15 * MINUTE },
  { limit: 10, windowMs: 60 * MINUTE },
  { limit: 20, windowMs: 24 * 60 * MINUTE },
];

/**
 * One address guessing across usernames (spraying): generous enough for an office whose staff share
 * one address and mistype now and then.
 */
export const FAILURES_PER_ADDRESS: readonly RateRule[] = [
  { limit: 20, windowMs: 15 * MINUTE },
  { limit: 100, windowMs: 24 * 60 * MINUTE },
];

/** An address being refused is put on record at most this often (the audit, not the refusals). */
const NOTICE_RULES: readonly RateRule[] = [{ limit: 1, windowMs: 15 * MINUTE }];

export interface LoginAttempt {
  /** The attempt succeeded: it is taken back, so it is not counted as a failure. */
  succeeded(): Promise<void>;
}

export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly now: Clock,
    /** Called when an address is first refused in a while (the audit record of the throttle). */
    private readonly onThrottled: (username: string, ip: string, retryAfterMs: number) => Promise<void>,
  ) {}

  /**
   * Counts the attempt as a failure up front, so concurrent guesses cannot slip past the limit, or
   * throws the rate-limited error (HTTP 429, Retry-After) when the address has failed too often.
   */
  async begin(username: string, ip: string): Promise<LoginAttempt> {
    const address = clientKey(ip);
    const checks: RateCheck[] = [
      { key: `staff-login:name:${username}:${address}`, rules: FAILURES_PER_NAME_AND_ADDRESS },
      { key: `staff-login:ip:${address}`, rules: FAILURES_PER_ADDRESS },
    ];
    const decision = await this.limiter.consume(checks, this.now());
    if (!decision.allowed) {
      const notice = await this.limiter.consume(
        [{ key: `staff-login:notice:${address}`, rules: NOTICE_RULES }],
        this.now(),
      );
      if (notice.allowed) await this.onThrottled(username, ip, decision.retryAfterMs);
      // "登录失败次数过多，请 15 分钟后再试": the same for every username, existing or not.
      throw rateLimited(AdminMessages.tooManyFailures, decision.retryAfterMs);
    }
    return {
      succeeded: () =>
        this.limiter.refund(
          checks.map((c) => c.key),
          this.now(),
        ),
    };
  }
}
