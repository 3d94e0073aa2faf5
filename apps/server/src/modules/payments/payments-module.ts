// Assembles the payments module: provider, store, service, routes and this instance's
// reconciliation job (ADR 0024).
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import type { JobMetrics } from "../../lib/metrics.js";
import { createPaymentProviders } from "../../providers/payment/create-payment-provider.js";
import type { PaymentProvider } from "../../providers/payment/payment-provider.js";
import { PaymentStore } from "./payment-store.js";
import { DEFAULT_RECONCILE_POLICY, ReconcileJob, type ReconcilePolicy } from "./reconcile-job.js";
import { type ReconciliationOverrides, registerReconciliation } from "./reconciliation-module.js";
import { RefundService } from "./refund-service.js";
import { RefundStore } from "./refund-store.js";
import { paymentsRoutes, refundsRoutes } from "./routes.js";
import { PaymentsService } from "./service.js";

/** What tests replace: the clock, the providers, the reconciliation timing, or the job altogether. */
export interface PaymentsOverrides {
  now?: Clock;
  /** The instance's providers, the default first. */
  providers?: PaymentProvider[];
  reconcile?: Partial<ReconcilePolicy>;
  /** false: no reconciliation job in this instance. */
  runReconcile?: boolean;
  /** The daily bill reconciliation's timing, or none (docs/decisions/0065). */
  reconciliation?: ReconciliationOverrides;
}

/**
 * What the payments module gives the rest of the server: its reconciliation job, the service, and
 * the refunds (docs/decisions/0063): `refunds.send(refundId)` sends a refund opened in a committed
 * transaction (openReturnRefund), the job sending it anyway if this instance dies first.
 */
export interface PaymentsModule {
  job: ReconcileJob;
  service: PaymentsService;
  refunds: RefundService;
  bills: ReturnType<typeof registerReconciliation>;
}

export interface PaymentsOptions extends PaymentsOverrides {
  env: Env;
  db: Db;
  metrics?: JobMetrics;
}

export function registerPayments(app: FastifyInstance, options: PaymentsOptions): PaymentsModule {
  const { env, db } = options;
  const now = options.now ?? systemClock;
  const providers = options.providers ?? createPaymentProviders(app, env);
  const store = new PaymentStore(db);
  const service = new PaymentsService({
    store,
    providers,
    now,
    log: app.log,
    offlineAllowed: env.NODE_ENV !== "production",
  });
  const refundStore = new RefundStore(db);
  const refunds = new RefundService({ store: refundStore, payments: service, now, log: app.log });
  service.sendRefund = (refundId) => refunds.send(refundId);
  const job = new ReconcileJob(
    store,
    service,
    {
      policy: { ...DEFAULT_RECONCILE_POLICY, pollMs: env.PAYMENT_RECONCILE_POLL_MS, ...options.reconcile },
      now,
      log: app.log,
      metrics: options.metrics,
    },
    { store: refundStore, service: refunds },
  );
  paymentsRoutes(app, service);
  refundsRoutes(app, refunds);
  if (options.runReconcile !== false) job.runWhileServing(app);
  const bills = registerReconciliation(app, {
    env,
    db,
    providers,
    now,
    metrics: options.metrics,
    ...options.reconciliation,
  });
  return { job, service, refunds, bills };
}
