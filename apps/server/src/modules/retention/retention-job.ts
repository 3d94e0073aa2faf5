// The daily data-retention job (issue #26, docs/decisions/0077). Every instance runs it; each round,
// once the China day has reached RUN_HOUR, it claims the day's row (retention-runs.ts: one instance
// wins) and the winner asks each owning module to remove its own expired rows (docs/decisions/0040):
// the leads module forgets stale never-customer leads, accounts its dead sessions and expired codes,
// staff its dead sessions, the rate limiter its spent events. Every step is idempotent, so a run
// taken over or retried after a failure does no harm.
import { chinaDayOf, startOfChinaDay } from "../../lib/china-time.js";
import { BackgroundJob, type JobOptions } from "../../lib/polling-job.js";
import type { RetentionCounts, RetentionRunStore } from "./retention-runs.js";

export interface RetentionPolicy {
  /** How often an instance looks whether the day's run is due. */
  pollMs: number;
  /** The day's run starts from this hour (China time, 0–23): a quiet hour. */
  runHour: number;
  /** A run "running" this long was left by a stopped instance; another takes it over. */
  staleMs: number;
  /** A failed run is tried again this long after it failed. */
  retryFailedAfterMs: number;
  /**
   * The first look waits this long after start: a starting instance serves first, and an app built
   * for a test never deletes rows the test is still planting.
   */
  firstLookAfterMs: number;
}

export const DEFAULT_RETENTION_POLICY: RetentionPolicy = {
  pollMs: 10 * 60_000,
  runHour: 3,
  staleMs: 60 * 60_000,
  retryFailedAfterMs: 60 * 60_000,
  firstLookAfterMs: 60_000,
};

/** The job's name in /metrics (job_runs_total). */
export const DATA_RETENTION_JOB = "data_retention";

/** One step per kind of row; each owner's function answers how many rows it removed or anonymised. */
export type RetentionSteps = { [K in keyof RetentionCounts]: (now: Date) => Promise<number> };

/** The China day whose run is due at `now`, or null before runHour. */
export function dueRunDate(now: Date, runHour: number): string | null {
  if (now.getTime() < startOfChinaDay(now).getTime() + runHour * 3600_000) return null;
  return chinaDayOf(now);
}

export interface RetentionRound {
  runDate: string | null;
  /** The counts when this instance ran the day; null when not due or another instance has it. */
  counts: RetentionCounts | null;
}

export class RetentionJob extends BackgroundJob {
  constructor(
    private readonly store: RetentionRunStore,
    private readonly steps: RetentionSteps,
    private readonly options: JobOptions<RetentionPolicy>,
  ) {
    super(DATA_RETENTION_JOB, options);
  }

  private firstLook: NodeJS.Timeout | undefined;

  override start() {
    clearTimeout(this.firstLook);
    this.firstLook = setTimeout(() => super.start(), this.options.policy.firstLookAfterMs);
    this.firstLook.unref();
  }

  override stop() {
    clearTimeout(this.firstLook);
    return super.stop();
  }

  async runOnce(): Promise<RetentionRound> {
    const { policy, now, log } = this.options;
    const runDate = dueRunDate(now(), policy.runHour);
    if (!runDate) return { runDate, counts: null };
    const run = await this.store.claim(runDate, {
      now: now(),
      staleMs: policy.staleMs,
      retryFailedAfterMs: policy.retryFailedAfterMs,
    });
    if (!run) return { runDate, counts: null };
    const counts: RetentionCounts = {
      leads_forgotten: 0,
      customer_sessions: 0,
      staff_sessions: 0,
      verification_codes: 0,
      rate_limit_events: 0,
    };
    try {
      for (const kind of Object.keys(this.steps) as (keyof RetentionCounts)[])
        counts[kind] = await this.steps[kind](now());
    } catch (error) {
      const message = (error as Error).message;
      await this.store.finish(run, counts, now(), message);
      log.error({ runDate, error: message }, "data retention failed");
      // Fails the round in /metrics (job_runs_total{outcome="failed"}), so it can be alerted on.
      throw error;
    }
    await this.store.finish(run, counts, now());
    log.info({ runDate, ...counts }, "data retention done");
    return { runDate, counts };
  }
}
