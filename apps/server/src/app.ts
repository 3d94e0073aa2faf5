// Builds the Fastify instance from plugins and modules. server.ts owns the process; tests build the
// same app and call it with inject.
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { z } from "zod";
import type { Env } from "./config/env.js";
import type { Database } from "./db/client.js";
import { STATIC_CSP } from "./http/content-security-policy.js";
import { answerFrameworkError, installErrorHandler } from "./http/error-handler.js";
import { healthRoutes } from "./http/health-routes.js";
import { serializerCompiler } from "./http/serializer.js";
import { TtlCache } from "./lib/ttl-cache.js";
import { type AccountsOverrides, registerAccounts } from "./modules/accounts/accounts-module.js";
import { systemClock } from "./modules/accounts/clock.js";
import { catalogRoutes } from "./modules/catalog/routes.js";
import { CatalogService } from "./modules/catalog/service.js";
import { contentRoutes } from "./modules/content/routes.js";
import { ContentService } from "./modules/content/service.js";
import { geoRoutes } from "./modules/geo/routes.js";
import { GeoService } from "./modules/geo/service.js";
import { type LeadsOverrides, registerLeads } from "./modules/leads/leads-module.js";
import { mediaRoutes } from "./modules/media/routes.js";
import { MediaService } from "./modules/media/service.js";
import { createRateLimiter } from "./modules/rate-limit/create-rate-limiter.js";
import { regionRoutes } from "./modules/regions/routes.js";
import { installRequestLimits } from "./modules/request-limits/request-limits-module.js";
import { siteSettingsRoutes } from "./modules/site-settings/routes.js";
import { SiteSettingsService } from "./modules/site-settings/service.js";
import { createGeoProviders } from "./providers/geo/index.js";
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
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database, logger } = options;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: 64 * 1024,
    // Per-IP limits see the client address behind a load balancer only when its hops are configured.
    // (A hop count becomes proxy-addr's "trust the first n hops" function.)
    trustProxy: typeof env.TRUST_PROXY === "number" ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  }) as unknown as FastifyInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON endpoints take JSON only (R6): a text/plain or form body is refused, never parsed.
  app.removeContentTypeParser("text/plain");
  installErrorHandler(app);

  // Security headers on every response; the CSP is static here and gets nonces on HTML pages only
  // (building nonces for every API reply cost ~8 % of a cached request, bench P2).
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("content-security-policy", STATIC_CSP);
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
    await app.register(swagger, {
      openapi: {
        info: {
          title: "悦家整装 Storefront API",
          version: "1.0.0",
          description: "Envelope {code, message, data}; code 1 = success.",
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/docs" });
  }
  await app.register(cookie);

  const cache = new TtlCache(env.API_CACHE_SECONDS * 1000, { maxBytes: env.API_CACHE_MAX_MB * 1024 * 1024 });
  const catalog = new CatalogService(database, cache, new TtlCache(REFERENCE_CACHE_MS));
  const content = new ContentService(database.db);
  const siteSettings = new SiteSettingsService(database.db, cache);

  catalogRoutes(app, catalog);
  contentRoutes(app, content);
  siteSettingsRoutes(app, siteSettings);
  regionRoutes(app);
  geoRoutes(app, new GeoService(siteSettings, createGeoProviders(env, app.log)));
  mediaRoutes(app, new MediaService(database.db));
  registerAccounts(app, { env, db: database.db, catalog, content, ...options.accounts, limiter });
  registerLeads(app, { env, db: database.db, siteSettings, limiter, ...options.leads });
  const redis = limiter.ping ? [{ name: "redis", ping: limiter.ping.bind(limiter) }] : [];
  healthRoutes(app, {
    kind: database.kind,
    dependencies: [{ name: "database", ping: (timeoutMs) => database.ping(timeoutMs) }, ...redis],
  });
  if (options.serveWeb !== false) await storefrontPlugin(app);

  return app;
}
