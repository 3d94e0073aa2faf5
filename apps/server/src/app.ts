// Builds the Fastify instance from plugins and modules. server.ts owns the process; tests build the
// same app and call it with inject.
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { z } from "zod";
import type { Env } from "./config/env.js";
import type { Database } from "./db/client.js";
import { registerApiDocs } from "./http/api-document.js";
import { allowEmbedding } from "./http/embedding.js";
import { answerFrameworkError, installErrorHandler } from "./http/error-handler.js";
import { healthRoutes } from "./http/health-routes.js";
import { installLoadShedding } from "./http/load-shedding.js";
import { metricsRoutes } from "./http/metrics.js";
import { installPublicReads } from "./http/public-reads.js";
import { parseQuery, rememberQueryValidation } from "./http/query-memo.js";
import { installSecurityHeaders } from "./http/security-headers.js";
import { serializerCompiler } from "./http/serializer.js";
import { cachesOf, localInvalidation, RedisCacheInvalidation } from "./lib/cache-invalidation.js";
import { systemClock } from "./lib/clock.js";
import { Metrics } from "./lib/metrics.js";
import { TtlCache } from "./lib/ttl-cache.js";
import { createRateLimiter } from "./limits/create-rate-limiter.js";
import { installRequestLimits } from "./limits/request-limits.js";
import { type AccountsOverrides, registerAccounts } from "./modules/accounts/accounts-module.js";
import { type AdminOverrides, registerAdmin, requirePermissionOnAdminRoutes } from "./modules/admin/admin-module.js";
import { STAFF_TOKEN_COOKIE } from "./modules/admin/staff-cookie.js";
import { registerAudit } from "./modules/audit/audit-module.js";
import { registerCatalog } from "./modules/catalog/catalog-module.js";
import { registerChat } from "./modules/chat/chat-module.js";
import { registerContent } from "./modules/content/content-module.js";
import { CONTENT_CACHE_PREFIX } from "./modules/content/index.js";
import { registerGeo } from "./modules/geo/geo-module.js";
import { type LeadsOverrides, registerLeads } from "./modules/leads/leads-module.js";
import { registerMedia } from "./modules/media/media-module.js";
import { type OrdersOverrides, registerOrders } from "./modules/orders/orders-module.js";
import { openReturnRefund } from "./modules/payments/index.js";
import { type PaymentsModule, type PaymentsOverrides, registerPayments } from "./modules/payments/payments-module.js";
import { registerPrivacy } from "./modules/privacy/privacy-module.js";
import type { PrivacyService } from "./modules/privacy/service.js";
import { registerProjects } from "./modules/projects/projects-module.js";
import { registerRegions } from "./modules/regions/regions-module.js";
import { type RetentionOverrides, registerRetention } from "./modules/retention/retention-module.js";
import { registerSeo } from "./modules/seo/seo-module.js";
import type { SeoOptions } from "./modules/seo/service.js";
import { registerSitePages } from "./modules/site-pages/site-pages-module.js";
import { registerSiteSettings } from "./modules/site-settings/site-settings-module.js";
import { registerStaff } from "./modules/staff/staff-module.js";
import { adminClientPlugin } from "./ssr/admin-client.js";
import { PAGE_CACHE_PREFIX, PageCache } from "./ssr/page-cache.js";
import { storefrontPlugin } from "./ssr/plugin.js";

// zod's built-in messages in Chinese, for the few fields without a contract message.
z.config(z.locales.zhCN());

/** The category tree is re-read at most this often, whatever API_CACHE_SECONDS says. */
const REFERENCE_CACHE_MS = 60_000;

export interface AppOptions {
  env: Env;
  database: Database;
  logger?: Logger;
  /** Serve the built storefront (SSR + assets); API tests turn it off. */
  serveWeb?: boolean;
  /** Tests replace the accounts clock (the request limits' too), SMS provider or rate-limit store. */
  accounts?: AccountsOverrides;
  /** Tests replace the leads clock, notifier or delivery timing. */
  leads?: LeadsOverrides;
  /** Tests make sitemap files small (to see the index) and move the sitemap cache's clock. */
  seo?: Pick<SeoOptions, "partSize" | "now">;
  /** Tests replace the orders clock or expiry timing, or run no expiry job. */
  orders?: OrdersOverrides;
  /** Tests replace the payments clock, provider or reconciliation timing. */
  payments?: PaymentsOverrides;
  /** Tests replace the data-retention job's clock or timing, or run none (docs/decisions/0077). */
  retention?: RetentionOverrides;
  /** Tests replace the back office's clock. */
  admin?: AdminOverrides;
  /** Serve the back office's client at /admin (its build in apps/admin/dist); API tests turn it off. */
  serveAdmin?: boolean;
  /** Set by the process on SIGTERM: /readyz answers 503 while in-flight requests finish (ADR 0033). */
  shutdown?: { draining: boolean };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Longer than any balancer's idle timeout in front (HAProxy's http-keep-alive 10 s, a cloud
 * balancer's 60 s): the balancer, not the server, closes an idle kept-alive connection, so a request
 * it sends on one never meets a connection the server is closing at that moment. (Fastify's default.)
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * Slow clients (docs/decisions/0048): the whole request, body included, must arrive within
 * HTTP_REQUEST_TIMEOUT_MS and its headers within HTTP_HEADERS_TIMEOUT_MS, or Node answers 408 and
 * closes the socket. Node looks for late requests every connectionsCheckingInterval (30 s by
 * default, which would let a trickle live twice the limit): a quarter of the shorter limit, at most 1 s.
 */
function httpTimeouts(env: Env) {
  const headersTimeout = Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database, logger } = options;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: 64 * 1024,
    ...httpTimeouts(env),
    // Per-IP limits see the client address behind a load balancer only when its hops are configured.
    // (A hop count becomes proxy-addr's "trust the first n hops" function.)
    trustProxy: typeof env.TRUST_PROXY === "number" ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    // A repeated query string is parsed once (docs/decisions/0094).
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQuery },
    frameworkErrors: answerFrameworkError,
  }) as unknown as FastifyInstance;

  app.setValidatorCompiler(rememberQueryValidation(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  // JSON endpoints take JSON only (R6): a text/plain or form body is refused, never parsed.
  app.removeContentTypeParser("text/plain");
  installErrorHandler(app);
  // First hook of all, so every answer is timed, refusals included (ADR 0032).
  const metrics = env.METRICS ? new Metrics() : undefined;
  if (metrics) {
    metricsRoutes(app, metrics, { token: env.METRICS_TOKEN });
    const poolStats = database.poolStats?.bind(database);
    if (poolStats) metrics.watch({ pool: poolStats });
  }

  // Security headers on every response; the CSP is static here and gets nonces on HTML pages only
  // (building nonces for every API reply cost ~8 % of a cached request, bench P2).
  installSecurityHeaders(app, { shutdown: options.shutdown });
  // Shedding load comes before the limits and every other hook: a shed request costs nothing else.
  const pressure = await installLoadShedding(app, {
    maxEventLoopDelayMs: env.LOAD_SHED_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: env.LOAD_SHED_EVENT_LOOP_UTILIZATION,
  });
  // One rate-limit store for the accounts limits and the per-IP request limits. Those come before
  // every plugin and route, so all of them are limited, and before any hook that does work.
  // One limiter for requests, accounts and leads: durable and shared by all instances (R3, R12).
  let limiter = options.accounts?.limiter;
  if (!limiter) {
    const own = createRateLimiter(env, database.db);
    app.addHook("onClose", () => own.close());
    limiter = own;
  }
  installRequestLimits(app, {
    readsPerMinute: env.RATE_LIMIT_READS_PER_MINUTE,
    writesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
    limiter,
    now: options.accounts?.now ?? systemClock,
  });
  await app.register(compress, { threshold: 1024, brotliOptions: { params: { 1: 4 } } });
  // The API's map: for developers and partners, not for anyone on the internet (API_DOCS).
  if (env.API_DOCS) {
    await registerApiDocs(app, { staffSessionCookie: STAFF_TOKEN_COOKIE });
  }
  await app.register(cookie);

  const cache = new TtlCache(env.API_CACHE_SECONDS * 1000, { maxBytes: env.API_CACHE_MAX_MB * 1024 * 1024 });
  // The category tree lives longer than the public reads; a category edit drops it too (ADR 0036).
  const referenceCache = new TtlCache(REFERENCE_CACHE_MS);
  // Rendered anonymous pages show what those reads hold: whatever drops one of them drops the pages
  // too, here and on every instance (docs/decisions/0058).
  const pageCache = new PageCache({ maxBytes: env.PAGE_CACHE_BYTES, ttlMs: env.API_CACHE_SECONDS * 1000 });
  const dropped = cachesOf(cache, referenceCache, pageCache);
  if (metrics && pageCache.enabled) metrics.watch({ pageCache: () => pageCache.stats() });
  const invalidation = env.REDIS_URL
    ? new RedisCacheInvalidation(dropped, env.REDIS_URL, {
        prefix: env.REDIS_PREFIX,
        timeoutMs: env.REDIS_TIMEOUT_MS,
        onError: (error) => app.log.warn({ err: { message: error.message } }, "cache invalidation channel failed"),
      })
    : localInvalidation(dropped);
  app.addHook("onClose", () => invalidation.close());
  dropOnBackOfficeWrites(app, () => {
    if (pageCache.enabled) invalidation.invalidate(PAGE_CACHE_PREFIX);
    invalidation.invalidate(CONTENT_CACHE_PREFIX);
  });
  const db = database.db;
  // The back office's clock: audit times, login throttles and dashboard days in every module's editors.
  const backOfficeNow = options.admin?.now ?? options.accounts?.now ?? systemClock;

  // The public reads a server render calls in-process, filled as the modules register (ADR 0083).
  installPublicReads(app);
  // Before any route: an /api/admin route without a permission fails here, at start-up (R16).
  requirePermissionOnAdminRoutes(app);
  // Each module registers its storefront and back-office routes, hooks and jobs (docs/decisions/0040).
  const { staff, sessions } = registerStaff(app, { db, now: backOfficeNow, limiter });
  // The audit page's filter by customer asks the privacy module, registered later (docs/decisions/0076).
  let privacy: PrivacyService | undefined;
  registerAudit(app, { db, customerRefs: async (id) => (privacy ? privacy.auditRefs(id) : []) });
  const siteSettings = registerSiteSettings(app, { db, cache, invalidation, now: backOfficeNow });
  // /iframe may be framed by the sites the settings name; every other answer by this site only.
  allowEmbedding(app, { origins: () => siteSettings.embedOrigins() });
  const catalog = registerCatalog(app, { database, cache, referenceCache, invalidation, now: backOfficeNow });
  const content = registerContent(app, { db, siteSettings, now: backOfficeNow, cache });
  registerSitePages(app, { db, cache, siteSettings, invalidation, now: backOfficeNow });
  registerRegions(app);
  registerGeo(app, { env, siteSettings });
  registerMedia(app, { db, now: backOfficeNow, limiter });
  registerSeo(app, { db, origin: env.PUBLIC_ORIGIN, categories: () => catalog.categories(), ...options.seo });
  const { ownerCodes, closeCodes, customerOf } = registerAccounts(app, {
    env,
    db,
    catalog,
    content,
    ...options.accounts,
    limiter,
  });
  const leads = registerLeads(app, { env, db, siteSettings, limiter, metrics, backOfficeNow, ...options.leads });
  // An approved return refunds through the payments module (docs/decisions/0064), which registers
  // after orders: the port reaches it when a return is approved, long after both are registered.
  let payments: PaymentsModule | undefined;
  const orders = registerOrders(app, {
    env,
    db,
    metrics,
    backOfficeNow,
    returnRefunds: {
      open: (tx, input) => openReturnRefund(tx, input),
      send: async (refundId) => payments?.refunds.send(refundId),
    },
    ...options.orders,
  });
  const paymentsModule = registerPayments(app, { env, db, metrics, ...options.payments });
  payments = paymentsModule;
  const { projects } = registerProjects(app, {
    db,
    now: backOfficeNow,
    ownerCodes,
    closeInstalmentTrades: (ids) => paymentsModule.service.closeInstalmentTrades(ids),
  });
  // Live chat (docs/decisions/0075): a phone left in a conversation becomes a lead through the leads module.
  const chat = registerChat(app, {
    env,
    db,
    now: options.accounts?.now ?? systemClock,
    limiter,
    siteSettings,
    customerOf,
    leaveLead: (lead, clientIp) => leads.chatLeads.chat(lead, clientIp),
  });
  // How many live chat streams this instance holds (docs/decisions/0080): a memory figure's divisor.
  metrics?.watch({ chatStreams: chat.openStreams });
  // Daily: stale never-customer leads forgotten, dead sessions, codes and rate-limit rows removed.
  registerRetention(app, { db, metrics, ...options.retention });
  privacy = registerPrivacy(app, { env, db, now: options.accounts?.now ?? systemClock, closeCodes });
  registerAdmin(app, {
    env,
    now: backOfficeNow,
    staff,
    sessions,
    limiter,
    dashboard: {
      leads: () => leads.pipeline.dashboard(),
      orders: () => orders.desk.figures(),
      projects: (member) => projects.figures(member),
    },
  });
  const redis = limiter.ping ? [{ name: "redis", ping: limiter.ping.bind(limiter) }] : [];
  healthRoutes(app, {
    kind: database.kind,
    dependencies: [{ name: "database", ping: (timeoutMs) => database.ping(timeoutMs) }, ...redis],
    draining: () => options.shutdown?.draining === true,
    pressure,
  });
  if (options.serveWeb !== false) {
    // The back office's routes are more specific than the storefront's wildcard, so they win.
    if (options.serveAdmin !== false) await adminClientPlugin(app);
    await storefrontPlugin(app, { publicOrigin: env.PUBLIC_ORIGIN, pageCache });
  }

  return app;
}

/**
 * Any back-office write that was served may change what a page shows (an article, a case, a store,
 * not only what the API caches), so it drops the rendered pages and the content's cached lists on
 * every instance before its answer leaves: the staff member's next look at the shop is fresh
 * (docs/decisions/0058, 0082).
 */
function dropOnBackOfficeWrites(app: FastifyInstance, drop: () => void) {
  // A callback hook: every answer passes it, and an async one costs a promise each (docs/decisions/0061).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      reply.statusCode < 400 &&
      request.url.startsWith("/api/admin/")
    )
      drop();
    done(null, payload);
  });
}
