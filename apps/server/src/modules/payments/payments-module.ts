// Assembles the payments module: provider, store, service, routes and this instance's
// reconciliation job (ADR 0024).
import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import type { JobMetrics } from "../../lib/metrics.js";
import { createPaymentProviders, developmentFakeGateway } from "../../providers/payment/create-payment-provider.js";
import type { PaymentProvider } from "../../providers/payment/payment-provider.js";
import { PaymentStore } from "./payment-store.js";
import { DEFAULT_RECONCILE_POLICY, ReconcileJob, type ReconcilePolicy } from "./reconcile-job.js";
import { type ReconciliationOverrides, registerReconciliation } from "./reconciliation-module.js";
import { RefundService } from "./refund-service.js";
import { RefundStore } from "./refund-store.js";
import { paymentsRoutes, refundsRoutes } from "./routes.js";
import { PaymentsService } from "./service.js";
import { WechatOauth } from "./wechat-oauth.js";

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
    publicOrigin: env.PUBLIC_ORIGIN,
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
  const oauth = providers.some((p) => p.name === "wechat" && p.mobileChannels?.has("jsapi"))
    ? wechatOauth(app, env)
    : undefined;
  oauth?.register(app);
  paymentsRoutes(app, service, oauth);
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

/**
 * WeChat's OAuth for JSAPI (docs/decisions/0066): the configured official account, or the development
 * fake gateway's stand-in pages (read when used: the fake has its address only once it listens).
 */
function wechatOauth(app: FastifyInstance, env: Env): WechatOauth {
  const fake = developmentFakeGateway(app);
  return new WechatOauth({
    get appid() {
      return fake ? fake.merchant.appid : (env.WECHATPAY_APPID ?? "");
    },
    get secret() {
      return fake ? fake.oauthSecret : (env.WECHAT_APP_SECRET ?? "");
    },
    get authorizeBase() {
      return fake ? fake.url : env.WECHAT_OAUTH_BASE_URL;
    },
    get apiBase() {
      return fake ? fake.url : env.WECHAT_API_BASE_URL;
    },
    publicOrigin: env.PUBLIC_ORIGIN,
    cookieKey: createHmac("sha256", env.CODE_HASH_SECRET).update("wechat-oauth-cookie").digest("hex"),
    secure: env.NODE_ENV === "production",
    timeoutMs: env.WECHATPAY_TIMEOUT_MS,
  });
}
