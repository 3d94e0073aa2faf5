// Assembles the accounts module: stores, SMS provider, session hook and routes (docs/product.md §4, §6; R1–R6).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import { createSmsProvider } from "../../providers/sms/create-sms-provider.js";
import type { SmsProvider } from "../../providers/sms/sms-provider.js";
import type { CatalogService } from "../catalog/service.js";
import type { ContentService } from "../content/service.js";
import { VerificationCodes } from "./codes.js";
import { FavoritesService } from "./favorites.js";
import { HumanCheck } from "./human-check.js";
import { sendRulesPerPhone } from "./limits.js";
import { accountsRoutes } from "./routes.js";
import { AccountsService } from "./service.js";
import { installSessionHook, readToken } from "./session-hook.js";
import { type SessionCustomer, SessionStore } from "./sessions.js";

/** What tests replace: the clock, the SMS gateway, the rate-limit store (app.ts shares it with leads). */
export interface AccountsOverrides {
  now?: Clock;
  sms?: SmsProvider;
  limiter?: RateLimiter;
}

export interface AccountsOptions extends Omit<AccountsOverrides, "limiter"> {
  env: Env;
  db: Db;
  /** Durable and shared by all instances (R3). */
  limiter: RateLimiter;
  catalog: CatalogService;
  content: ContentService;
}

/**
 * What an owner's act on a renovation project needs from accounts (docs/decisions/0069): a code
 * sent under the login's limits, its use in the act's transaction, and the SMS provider for notices.
 */
export interface OwnerCodes {
  send(phone: string, clientIp: string): Promise<void>;
  confirm<T>(phone: string, code: string, clientIp: string, act: (tx: Db) => Promise<T>): Promise<T>;
  sms: SmsProvider;
}

/**
 * What closing an account needs from accounts (docs/decisions/0076): a "close" code sent to the
 * customer's phone under the login's limits, used in the closing's own transaction.
 */
export interface CloseCodes {
  send(phone: string, clientIp: string): Promise<void>;
  confirm<T>(phone: string, code: string, clientIp: string, act: (tx: Db) => Promise<T>): Promise<T>;
}

/**
 * The logged-in customer of any request, a public read's too (the session hook resolves writes and
 * session routes only): the live chat's history and stream are reads of one customer's conversation.
 */
export type CustomerOf = (request: FastifyRequest) => Promise<SessionCustomer | null>;

/** Returns the rate-limit store it uses (readiness checks Redis through it), the owners' and closing codes, CustomerOf. */
export function registerAccounts(
  app: FastifyInstance,
  options: AccountsOptions,
): { limiter: RateLimiter; ownerCodes: OwnerCodes; closeCodes: CloseCodes; customerOf: CustomerOf } {
  const { env, db } = options;
  const { limiter } = options;
  const now = options.now ?? systemClock;
  const sessions = new SessionStore(db);
  const sms = options.sms ?? createSmsProvider(env, app.log);
  const accounts = new AccountsService({
    db,
    codes: new VerificationCodes(db, env.CODE_HASH_SECRET),
    sessions,
    limiter,
    sms,
    now,
    smsDailyBudget: env.SMS_DAILY_BUDGET,
    risk: {
      networkDailyBudget: env.SMS_NETWORK_DAILY_BUDGET,
      checkAfterNetworkSends: env.SMS_CHECK_AFTER_NETWORK_SENDS,
      checkAfterBudgetPercent: env.SMS_CHECK_AFTER_BUDGET_PERCENT,
    },
    // Production always 60 s: the configuration check refuses the setting there (docs/decisions/0079).
    sendRulesPerPhone: sendRulesPerPhone(env.NODE_ENV === "production" ? 60 : env.SMS_CODE_INTERVAL_SECONDS),
    humanCheck: new HumanCheck({ hmacKey: env.ALTCHA_HMAC_KEY, maxNumber: env.ALTCHA_MAX_NUMBER, limiter }),
    log: app.log,
  });
  const favorites = new FavoritesService(db, options.catalog, options.content, now);
  const cookiePolicy = { secure: env.NODE_ENV === "production" };
  installSessionHook(app, sessions, now, cookiePolicy);
  accountsRoutes(app, accounts, favorites, cookiePolicy);
  const ownerCodes: OwnerCodes = {
    send: (phone, clientIp) => accounts.sendCode(phone, clientIp, undefined, "project"),
    confirm: (phone, code, clientIp, act) => accounts.confirmWithCode(phone, code, clientIp, act),
    sms,
  };
  const closeCodes: CloseCodes = {
    send: (phone, clientIp) => accounts.sendCode(phone, clientIp, undefined, "close"),
    confirm: (phone, code, clientIp, act) => accounts.confirmWithCode(phone, code, clientIp, act, "close"),
  };
  const customerOf: CustomerOf = async (request) => {
    if (request.customer) return request.customer;
    const token = readToken(request);
    return token ? sessions.resolve(token, now()) : null;
  };
  return { limiter, ownerCodes, closeCodes, customerOf };
}
