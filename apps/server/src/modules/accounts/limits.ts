// The numbers behind R1–R5, in one place.
import type { RateRule } from "../../limits/rate-limiter.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** R1: a code lives 5 minutes. */
export const CODE_TTL_MS = 5 * MINUTE;
/** R2: the code is dead after this many wrong tries, even for the right code. */
export const CODE_MAX_WRONG_ATTEMPTS = 5;

/** R3: sends per phone — 1 per 60 s, 5 per hour, 10 per 24 h. */
export const SEND_RULES_PER_PHONE: readonly RateRule[] = sendRulesPerPhone(60);

/**
 * R3's rules with another interval between two codes (SMS_CODE_INTERVAL_SECONDS, outside production
 * only: docs/decisions/0079); the hourly and daily caps stay.
 */
export function sendRulesPerPhone(intervalSeconds: number): readonly RateRule[] {
  return [
    { limit: 1, windowMs: intervalSeconds * SECOND },
    { limit: 5, windowMs: HOUR },
    { limit: 10, windowMs: DAY },
  ];
}
/** R3: sends per client address across phones. */
export const SEND_RULES_PER_IP: readonly RateRule[] = [{ limit: 30, windowMs: HOUR }];
/** R2: verify attempts per phone per hour; counting every attempt caps the failed ones at 100. */
export const VERIFY_RULES_PER_PHONE: readonly RateRule[] = [{ limit: 100, windowMs: HOUR }];
/**
 * Failed verifies per client address across phones: one client cannot spend a number's hourly
 * attempts and so lock it. Successes are taken back, so busy shared addresses log in freely.
 */
export const VERIFY_FAILURES_PER_IP: readonly RateRule[] = [{ limit: 20, windowMs: HOUR }];

/** The whole site's SMS budget (SMS_DAILY_BUDGET) counts sends in any 24 hours. */
export const SMS_BUDGET_WINDOW_MS = DAY;
/** Spending the budget is logged at error level at most once in this span, across instances. */
export const SMS_BUDGET_ALERT_RULES: readonly RateRule[] = [{ limit: 1, windowMs: DAY }];

/**
 * Sends per network (IPv4 /24, IPv6 /48: SMS_NETWORK_DAILY_BUDGET) are counted in any 24 hours; the
 * human check looks at the last hour of the same count (docs/decisions/0046).
 */
export const SMS_NETWORK_BUDGET_WINDOW_MS = DAY;
export const SMS_NETWORK_RISK_WINDOW_MS = HOUR;
/** A human check's challenge must be answered within this. */
export const HUMAN_CHECK_TTL_MS = 5 * MINUTE;

/** R5: a session unused this long is over. */
export const SESSION_IDLE_MS = 7 * DAY;
/** R5: no session outlives this, however active. */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** last_seen_at is written at most this often, so a busy session is not a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE;
