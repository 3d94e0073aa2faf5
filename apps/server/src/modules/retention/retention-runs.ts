// The data-retention job's runs (docs/decisions/0077): one row per China day in retention_runs is
// the claim, the bill runs' way (payments/bill-runs.ts, docs/decisions/0065). An instance inserts it
// (ON CONFLICT DO NOTHING), or takes over a run left "running" past the stale limit or a failed one
// due for a retry, with a guarded UPDATE; only the instance whose statement returned the row runs
// the day. The end is written guarded by the claim's start time, so a run taken over meanwhile
// writes nothing.
import { and, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { retentionRuns } from "../../db/schema.js";

export type RetentionRunRow = typeof retentionRuns.$inferSelect;

/** What one run removed or anonymised, by kind (the /metrics label). */
export type RetentionCounts = {
  leads_forgotten: number;
  customer_sessions: number;
  staff_sessions: number;
  verification_codes: number;
  rate_limit_events: number;
};

export const RETENTION_KINDS = [
  "leads_forgotten",
  "customer_sessions",
  "staff_sessions",
  "verification_codes",
  "rate_limit_events",
] as const satisfies readonly (keyof RetentionCounts)[];

/** The runs as /metrics shows them: done runs, rows per kind over all of them, the last success. */
export interface RetentionFigures {
  runs: number;
  rows: RetentionCounts;
  /** Seconds since the epoch of the last done run's end; 0 before the first. */
  lastSuccessSeconds: number;
}

export class RetentionRunStore {
  constructor(private readonly db: Db) {}

  /** The day's run for this instance, or null when another has it (or it is done). */
  async claim(
    runDate: string,
    { now, staleMs, retryFailedAfterMs }: { now: Date; staleMs: number; retryFailedAfterMs: number },
  ): Promise<RetentionRunRow | null> {
    const [inserted] = await this.db
      .insert(retentionRuns)
      .values({ runDate, status: "running", startedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [taken] = await this.db
      .update(retentionRuns)
      .set({ status: "running", startedAt: now, finishedAt: null, error: "" })
      .where(
        and(
          eq(retentionRuns.runDate, runDate),
          or(
            and(eq(retentionRuns.status, "running"), lt(retentionRuns.startedAt, new Date(now.getTime() - staleMs))),
            and(
              eq(retentionRuns.status, "failed"),
              isNotNull(retentionRuns.finishedAt),
              lt(retentionRuns.finishedAt, new Date(now.getTime() - retryFailedAfterMs)),
            ),
          ),
        ),
      )
      .returning();
    return taken ?? null;
  }

  /** The run's end: done with its counts, or failed with the error (and what it did before). */
  async finish(run: RetentionRunRow, counts: RetentionCounts, now: Date, error?: string): Promise<boolean> {
    const [row] = await this.db
      .update(retentionRuns)
      .set({
        status: error === undefined ? "done" : "failed",
        leadsForgotten: counts.leads_forgotten,
        customerSessions: counts.customer_sessions,
        staffSessions: counts.staff_sessions,
        verificationCodes: counts.verification_codes,
        rateLimitEvents: counts.rate_limit_events,
        error: (error ?? "").slice(0, 500),
        finishedAt: now,
      })
      .where(
        and(
          eq(retentionRuns.runDate, run.runDate),
          eq(retentionRuns.status, "running"),
          eq(retentionRuns.startedAt, run.startedAt),
        ),
      )
      .returning({ runDate: retentionRuns.runDate });
    return row !== undefined;
  }

  /** Read at each scrape: the runs table is one row a day, so this stays cheap. */
  async figures(): Promise<RetentionFigures> {
    const [row] = await this.db
      .select({
        runs: sql<number>`count(*)::int`,
        leads: sql<number>`coalesce(sum(${retentionRuns.leadsForgotten}), 0)::int`,
        customerSessions: sql<number>`coalesce(sum(${retentionRuns.customerSessions}), 0)::int`,
        staffSessions: sql<number>`coalesce(sum(${retentionRuns.staffSessions}), 0)::int`,
        codes: sql<number>`coalesce(sum(${retentionRuns.verificationCodes}), 0)::int`,
        rateLimits: sql<number>`coalesce(sum(${retentionRuns.rateLimitEvents}), 0)::int`,
        last: sql<number>`coalesce(extract(epoch from max(${retentionRuns.finishedAt})), 0)::float8`,
      })
      .from(retentionRuns)
      .where(eq(retentionRuns.status, "done"));
    return {
      runs: Number(row?.runs ?? 0),
      rows: {
        leads_forgotten: Number(row?.leads ?? 0),
        customer_sessions: Number(row?.customerSessions ?? 0),
        staff_sessions: Number(row?.staffSessions ?? 0),
        verification_codes: Number(row?.codes ?? 0),
        rate_limit_events: Number(row?.rateLimits ?? 0),
      },
      lastSuccessSeconds: Number(row?.last ?? 0),
    };
  }
}
