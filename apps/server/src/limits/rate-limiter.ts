// Sliding-window rate limits (R2, R3, R12) behind one small interface with two stores: the database by
// default, Redis when REDIS_URL is set. Both are durable and shared by every instance. Accounts and
// leads share one limiter, so this module sits below both.
import { rateLimited } from "../lib/errors.js";

/** At most `limit` events in any `windowMs` span. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/** One counter (e.g. "sms:phone:138…") and the rules it must obey. */
export interface RateCheck {
  key: string;
  rules: readonly RateRule[];
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /**
   * Counts one event under every check's key if all rules of all checks still allow it; otherwise
   * counts nothing. Atomic: concurrent callers cannot both take the last slot.
   */
  consume(checks: readonly RateCheck[], now: Date): Promise<RateDecision>;
  /**
   * How many events are counted under the key in the last `windowMs`, counting nothing: a look at
   * recent traffic to judge risk (the SMS human check, docs/decisions/0046), never a limit itself.
   */
  count(key: string, windowMs: number, now: Date): Promise<number>;
  /** Resolves when the store answers within `timeoutMs` (readiness); absent when the store is the database. */
  ping?(timeoutMs: number): Promise<void>;
  /**
   * Takes back the newest event counted under each key: an attempt counted up front that turned
   * out not to count (a verify that succeeded). Counting first keeps the limit exact under
   * concurrency; taking back cannot overshoot it.
   */
  refund(keys: readonly string[], now: Date): Promise<void>;
  close(): Promise<void>;
}

/** How long an event must be kept: as long as the longest window that can still count it. */
export function longestWindowMs(rules: readonly RateRule[]): number {
  return Math.max(0, ...rules.map((r) => r.windowMs));
}

/**
 * The decision for one key given its events (newest first) inside the longest window.
 * A rule is full when `limit` events lie inside its window; it frees a slot when the limit-th
 * newest of them leaves the window.
 */
export function msUntilAllowed(rules: readonly RateRule[], newestFirstMs: readonly number[], nowMs: number): number {
  let waitMs = 0;
  for (const { limit, windowMs } of rules) {
    const inWindow = newestFirstMs.filter((at) => at > nowMs - windowMs);
    const oldestBlocking = inWindow[limit - 1];
    if (oldestBlocking !== undefined) waitMs = Math.max(waitMs, oldestBlocking + windowMs - nowMs);
  }
  return waitMs;
}

/**
 * Counts one event under every check, or throws the rate-limited error (HTTP 429 with Retry-After):
 * "<what>，请 3 分钟后再试".
 */
export async function consumeOrThrow(
  limiter: RateLimiter,
  checks: readonly RateCheck[],
  now: Date,
  what: string,
): Promise<void> {
  const decision = await limiter.consume(checks, now);
  if (decision.allowed) return;
  throw rateLimited(what, decision.retryAfterMs);
}
