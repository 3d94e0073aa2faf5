// Rate limits in PostgreSQL (the default store, R3): one row per counted event, checked and written in
// one transaction under a per-key advisory lock, so concurrent instances cannot overshoot a limit.
import { and, desc, eq, gt, inArray, like, lte, sql } from "drizzle-orm";
import { deleteInBatches } from "../db/batched-delete.js";
import type { Db } from "../db/client.js";
import { rateLimitEvents } from "../db/schema.js";
import {
  longestWindowMs,
  msUntilAllowed,
  type RateCheck,
  type RateDecision,
  type RateLimiter,
} from "./rate-limiter.js";

/** Expired events are deleted at most this often per instance; reads ignore them meanwhile. */
const PRUNE_INTERVAL_MS = 60_000;

export class DbRateLimiter implements RateLimiter {
  private lastPrunedMs = 0;

  constructor(private readonly db: Db) {}

  async consume(checks: readonly RateCheck[], now: Date): Promise<RateDecision> {
    const nowMs = now.getTime();
    const decision = await this.db.transaction(async (tx) => {
      // Locks in a fixed order so two requests sharing keys cannot deadlock.
      for (const key of [...new Set(checks.map((c) => c.key))].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      }
      let waitMs = 0;
      for (const { key, rules } of checks) {
        const rows = await tx
          .select({ at: rateLimitEvents.at })
          .from(rateLimitEvents)
          .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.at, new Date(nowMs - longestWindowMs(rules)))))
          .orderBy(desc(rateLimitEvents.at))
          .limit(Math.max(...rules.map((r) => r.limit)));
        const eventsMs = rows.map((r) => r.at.getTime());
        waitMs = Math.max(waitMs, msUntilAllowed(rules, eventsMs, nowMs));
      }
      if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs } as const;
      await tx
        .insert(rateLimitEvents)
        .values(
          checks.map(({ key, rules }) => ({ key, at: now, expiresAt: new Date(nowMs + longestWindowMs(rules)) })),
        );
      return { allowed: true } as const;
    });
    await this.pruneExpired(nowMs);
    return decision;
  }

  async count(key: string, windowMs: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.at, new Date(now.getTime() - windowMs))));
    return row?.n ?? 0;
  }

  async refund(keys: readonly string[], now: Date): Promise<void> {
    for (const key of keys) {
      const newest = this.db
        .select({ id: rateLimitEvents.id })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.expiresAt, now)))
        .orderBy(desc(rateLimitEvents.at), desc(rateLimitEvents.id))
        .limit(1);
      await this.db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, newest));
    }
  }

  private async pruneExpired(nowMs: number) {
    if (nowMs - this.lastPrunedMs < PRUNE_INTERVAL_MS) return;
    this.lastPrunedMs = nowMs;
    await this.db.delete(rateLimitEvents).where(lte(rateLimitEvents.expiresAt, new Date(nowMs)));
  }

  async close() {}
}

/**
 * The data-retention job's part (docs/decisions/0077): every event no rule counts any more. An
 * instance prunes as it counts, but one that stops taking requests leaves its last minute behind;
 * with Redis as the store the table stays empty. Answers how many went.
 */
export function removeExpiredRateLimitEvents(db: Db, now: Date): Promise<number> {
  return deleteInBatches(db, rateLimitEvents, rateLimitEvents.id, lte(rateLimitEvents.expiresAt, now));
}

/**
 * Drops the counters whose key ends in a phone number (sms:phone:…, verify:phone:…, lead:phone:<kind>:…)
 * inside a closing account's transaction (docs/decisions/0076): after it, no row names the number.
 * Redis counters are not rows; they expire with their window.
 */
export async function forgetPhoneRateKeys(tx: Db, phone: string): Promise<number> {
  // A mainland number is digits only, so it has no LIKE wildcard to escape.
  if (!/^\d+$/.test(phone)) return 0;
  const gone = await tx
    .delete(rateLimitEvents)
    .where(like(rateLimitEvents.key, `%:${phone}`))
    .returning({ id: rateLimitEvents.id });
  return gone.length;
}
