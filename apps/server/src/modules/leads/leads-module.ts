// Assembles the leads module: stores, service, routes, the back office's lead pipeline and the outbox
// delivery job of this instance (R17).
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import type { Metrics } from "../../lib/metrics.js";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import { createNotifier } from "../../providers/notify/create-notifier.js";
import type { Notifier } from "../../providers/notify/notifier.js";
import { EstimateRatesStore } from "../site-settings/estimate-rates.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { leadsAdminRoutes } from "./admin-routes.js";
import { DEFAULT_DELIVERY_POLICY, DeliveryJob, type DeliveryPolicy } from "./delivery-job.js";
import { LeadPipeline } from "./lead-pipeline.js";
import { LeadStore } from "./lead-store.js";
import { OutboxStore } from "./outbox-store.js";
import { leadsRoutes } from "./routes.js";
import { LeadsService } from "./service.js";

/** What tests replace: the clock, the notifier, the delivery timing, or the job altogether. */
export interface LeadsOverrides {
  now?: Clock;
  notifier?: Notifier;
  delivery?: Partial<DeliveryPolicy>;
  /** false: no delivery job in this instance (rows wait for another one). */
  runDelivery?: boolean;
}

/**
 * What the leads module gives the rest of the server: its delivery job (tests drive it) and the
 * pipeline (the dashboard's figures).
 */
export interface LeadsModule {
  job: DeliveryJob;
  pipeline: LeadPipeline;
  /** The live chat's leads (docs/decisions/0075): a phone left in a conversation. */
  chatLeads: Pick<LeadsService, "chat">;
}

export interface LeadsOptions extends LeadsOverrides {
  env: Env;
  db: Db;
  siteSettings: SiteSettingsService;
  limiter: RateLimiter;
  /** Counts delivery rounds and reads the outbox backlog at each scrape. */
  metrics?: Metrics;
  /** The back office's clock (the pipeline's audit rows and dashboard days). */
  backOfficeNow: Clock;
}

export function registerLeads(app: FastifyInstance, options: LeadsOptions): LeadsModule {
  const { env, db } = options;
  const now = options.now ?? systemClock;
  const outbox = new OutboxStore(db);
  const job = new DeliveryJob(outbox, options.notifier ?? createNotifier(env, app.log), {
    adminBaseUrl: env.ADMIN_BASE_URL,
    policy: { ...DEFAULT_DELIVERY_POLICY, pollMs: env.LEAD_OUTBOX_POLL_MS, ...options.delivery },
    now,
    log: app.log,
    metrics: options.metrics,
  });
  options.metrics?.watch({ outboxBacklog: () => outbox.backlog(now()) });
  const leads = new LeadsService({
    store: new LeadStore(db),
    rates: new EstimateRatesStore(db),
    siteSettings: options.siteSettings,
    limiter: options.limiter,
    now,
    ipHashSecret: env.CODE_HASH_SECRET,
    log: app.log,
    onWritten: () => job.wake(),
  });
  leadsRoutes(app, leads);
  const pipeline = new LeadPipeline(db, options.backOfficeNow);
  leadsAdminRoutes(app, pipeline);
  if (options.runDelivery !== false) job.runWhileServing(app);
  return { job, pipeline, chatLeads: leads };
}
