// Assembles the accounts module: stores, SMS provider, session hook and routes (spec §4, §6; R1–R6).
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { createSmsProvider } from "../../providers/sms/create-sms-provider.js";
import type { SmsProvider } from "../../providers/sms/sms-provider.js";
import type { CatalogService } from "../catalog/service.js";
import type { ContentService } from "../content/service.js";
import { type Clock, systemClock } from "./clock.js";
import { VerificationCodes } from "./codes.js";
import { FavoritesService } from "./favorites.js";
import { DbRateLimiter } from "./rate-limit/db-rate-limiter.js";
import type { RateLimiter } from "./rate-limit/rate-limiter.js";
import { RedisRateLimiter } from "./rate-limit/redis-rate-limiter.js";
import { accountsRoutes } from "./routes.js";
import { AccountsService } from "./service.js";
import { installSessionHook } from "./session-hook.js";
import { SessionStore } from "./sessions.js";

/** What tests replace: the clock, the SMS gateway, the rate-limit store. */
export interface AccountsOverrides {
  now?: Clock;
  sms?: SmsProvider;
  limiter?: RateLimiter;
}

export interface AccountsOptions extends AccountsOverrides {
  env: Env;
  db: Db;
  catalog: CatalogService;
  content: ContentService;
}

/** The rate-limit store: Redis when REDIS_URL is set, else the database; closed with the app. */
export function createRateLimiter(app: FastifyInstance, env: Env, db: Db): RateLimiter {
  // Durable and shared by all instances either way (R3).
  const limiter = env.REDIS_URL ? new RedisRateLimiter(env.REDIS_URL) : new DbRateLimiter(db);
  app.addHook("onClose", () => limiter.close());
  return limiter;
}

export function registerAccounts(app: FastifyInstance, options: AccountsOptions) {
  const { env, db } = options;
  const now = options.now ?? systemClock;
  const limiter = options.limiter ?? createRateLimiter(app, env, db);
  const sessions = new SessionStore(db);
  const accounts = new AccountsService({
    db,
    codes: new VerificationCodes(db, env.CODE_HASH_SECRET),
    sessions,
    limiter,
    sms: options.sms ?? createSmsProvider(env, app.log),
    now,
    smsDailyBudget: env.SMS_DAILY_BUDGET,
    log: app.log,
  });
  const favorites = new FavoritesService(db, options.catalog, options.content, now);
  const cookiePolicy = { secure: env.NODE_ENV === "production" };
  installSessionHook(app, sessions, now, cookiePolicy);
  accountsRoutes(app, accounts, favorites, cookiePolicy);
}
