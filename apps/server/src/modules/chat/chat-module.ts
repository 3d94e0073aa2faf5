// Assembles the live chat (issue #25, docs/decisions/0075): the visitor's routes, the inbox's routes,
// the live stream and the hub that fans messages out to every instance, on the tables this module
// alone writes.
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import type { CustomerOf } from "../accounts/accounts-module.js";
import type { ChatLeadSubmission } from "../leads/service.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { chatAdminRoutes } from "./admin-routes.js";
import { type ChatHub, localChatHub, RedisChatHub } from "./chat-hub.js";
import { ChatStore } from "./chat-store.js";
import { chatRoutes } from "./routes.js";
import { ChatService } from "./service.js";
import { chatStreamRoutes, type OpenStreams } from "./stream.js";

export interface ChatOptions {
  env: Env;
  db: Db;
  now: Clock;
  limiter: RateLimiter;
  siteSettings: SiteSettingsService;
  customerOf: CustomerOf;
  leaveLead(lead: ChatLeadSubmission, clientIp: string): Promise<{ id: number }>;
}

export interface ChatModule {
  service: ChatService;
  hub: ChatHub;
  /** Streams open on this instance now (the metrics' chat_streams_open). */
  openStreams(): OpenStreams;
}

export function registerChat(app: FastifyInstance, options: ChatOptions): ChatModule {
  const { env, db } = options;
  const hub = env.REDIS_URL
    ? new RedisChatHub(env.REDIS_URL, {
        prefix: env.REDIS_PREFIX,
        timeoutMs: env.REDIS_TIMEOUT_MS,
        onError: (error) => app.log.warn({ err: { message: error.message } }, "chat channel failed"),
      })
    : localChatHub();
  app.addHook("onClose", () => hub.close());
  const store = new ChatStore(db);
  const service = new ChatService({
    db,
    store,
    hub,
    limiter: options.limiter,
    now: options.now,
    log: app.log,
    leaveLead: options.leaveLead,
    serviceHours: async () => (await options.siteSettings.siteSettings()).serviceHours,
    settings: () => options.siteSettings.chatSettings(),
  });
  chatRoutes(app, service, { customerOf: options.customerOf, secureCookies: env.NODE_ENV === "production" });
  chatAdminRoutes(app, service);
  const openStreams = chatStreamRoutes(app, { chat: service, store, hub, customerOf: options.customerOf });
  return { service, hub, openStreams };
}
