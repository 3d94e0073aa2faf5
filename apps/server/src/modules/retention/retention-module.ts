// Assembles the data-retention job (docs/decisions/0077): the module owns retention_runs only; each
// step is the owning module's function for its own rows (docs/decisions/0040).
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import type { Metrics } from "../../lib/metrics.js";
import type { JobOptions } from "../../lib/polling-job.js";
import { removeExpiredRateLimitEvents } from "../../limits/db-rate-limiter.js";
import { removeDeadSessions, removeExpiredCodes } from "../accounts/index.js";
import { forgetStaleLeads } from "../leads/index.js";
import { leadRetentionMonths } from "../site-settings/service.js";
import { removeDeadStaffSessions } from "../staff/index.js";
import { DEFAULT_RETENTION_POLICY, RetentionJob, type RetentionPolicy } from "./retention-job.js";
import { RetentionRunStore } from "./retention-runs.js";

/** What tests replace: the clock, the timing, or the job altogether. */
export interface RetentionOverrides {
  now?: Clock;
  policy?: Partial<RetentionPolicy>;
  /** false: this instance runs no retention job (another one does). */
  runJob?: boolean;
}

export interface RetentionOptions extends RetentionOverrides {
  db: Db;
  metrics?: Metrics;
}

export function registerRetention(app: FastifyInstance, options: RetentionOptions): { job: RetentionJob } {
  const store = new RetentionRunStore(options.db);
  const job = createRetentionJob(options.db, store, {
    policy: { ...DEFAULT_RETENTION_POLICY, ...options.policy },
    now: options.now ?? systemClock,
    log: app.log,
    metrics: options.metrics,
  });
  options.metrics?.watch({ retention: () => store.figures() });
  if (options.runJob !== false) job.runWhileServing(app);
  return { job };
}

/** The job with every owner's step (tests build one per "instance" on one database). */
export function createRetentionJob(db: Db, store: RetentionRunStore, options: JobOptions<RetentionPolicy>) {
  return new RetentionJob(
    store,
    {
      // The period is read at each run, so a change in 设置 holds from the next day's run.
      leads_forgotten: async (now) => forgetStaleLeads(db, now, await leadRetentionMonths(db)),
      customer_sessions: (now) => removeDeadSessions(db, now),
      staff_sessions: (now) => removeDeadStaffSessions(db, now),
      verification_codes: (now) => removeExpiredCodes(db, now),
      rate_limit_events: (now) => removeExpiredRateLimitEvents(db, now),
    },
    options,
  );
}
