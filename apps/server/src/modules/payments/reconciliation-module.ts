// Assembles the daily bill reconciliation (docs/decisions/0065): the run store, this instance's
// job over the providers that publish bills, and the back office's desk and routes.
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import type { JobMetrics } from "../../lib/metrics.js";
import type { PaymentProvider } from "../../providers/payment/payment-provider.js";
import { type BillPolicy, BillReconcileJob, billSources, DEFAULT_BILL_POLICY } from "./bill-reconcile-job.js";
import { BillRunStore } from "./bill-runs.js";
import { ReconciliationDesk } from "./reconciliation-desk.js";
import { reconciliationAdminRoutes } from "./reconciliation-routes.js";

/** What tests replace: the job's timing, or the job altogether. */
export interface ReconciliationOverrides {
  bills?: Partial<BillPolicy>;
  /** false: no daily bill job in this instance (the desk still runs a day on request). */
  runBills?: boolean;
}

export interface ReconciliationOptions extends ReconciliationOverrides {
  env: Env;
  db: Db;
  providers: readonly PaymentProvider[];
  now: Clock;
  metrics?: JobMetrics;
}

export function registerReconciliation(app: FastifyInstance, options: ReconciliationOptions) {
  const { env, db, now } = options;
  const policy: BillPolicy = {
    ...DEFAULT_BILL_POLICY,
    pollMs: env.RECONCILE_BILL_POLL_MS,
    billHour: env.RECONCILE_BILL_HOUR,
    staleMs: env.RECONCILE_STALE_MINUTES * 60_000,
    ...options.bills,
  };
  const store = new BillRunStore(db);
  const sources = billSources(options.providers);
  const job = new BillReconcileJob(store, sources, { policy, now, log: app.log, metrics: options.metrics });
  const desk = new ReconciliationDesk(db, store, sources, policy, now);
  reconciliationAdminRoutes(app, desk);
  if (options.runBills !== false && sources.length > 0) job.runWhileServing(app);
  return { job, desk };
}
