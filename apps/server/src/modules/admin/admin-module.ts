// Assembles the back office's API (docs/quality.md R16): staff sessions and their gate, the staff,
// lead pipeline and audit services, and the /api/admin routes.
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import type { ContentService } from "../content/service.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { AuditService } from "./audit.js";
import { BannerDesk } from "./banner-desk.js";
import { CatalogStructure } from "./catalog-structure.js";
import { CityPrices } from "./city-prices.js";
import { ContentEditor } from "./content-editor.js";
import { GoodsEditor } from "./goods-editor.js";
import { ImageUploads } from "./image-upload.js";
import { LeadPipeline } from "./lead-pipeline.js";
import { OrderDesk } from "./order-desk.js";
import { adminCatalogRoutes, adminRoutes } from "./routes.js";
import { SettingsEditor } from "./settings-editor.js";
import { installStaffHook } from "./staff-hook.js";
import { StaffService } from "./staff-service.js";
import { StaffSessionStore } from "./staff-sessions.js";
import { StoreDesk } from "./store-desk.js";

/** What tests replace: the clock (lockout expiry). */
export interface AdminOverrides {
  now?: Clock;
}

export function registerAdmin(
  app: FastifyInstance,
  options: AdminOverrides & {
    env: Env;
    db: Db;
    content: ContentService;
    siteSettings: SiteSettingsService;
    invalidation?: CacheInvalidation;
    limiter?: RateLimiter;
  },
): StaffService {
  const now = options.now ?? systemClock;
  const sessions = new StaffSessionStore(options.db);
  const staff = new StaffService(options.db, sessions, now);
  const cookies = { secure: options.env.NODE_ENV === "production" };
  installStaffHook(
    app,
    sessions,
    now,
    cookies,
    options.limiter && { limiter: options.limiter, perMinute: options.env.RATE_LIMIT_STAFF_WRITES_PER_MINUTE },
  );
  const services = {
    staff,
    leads: new LeadPipeline(options.db, now),
    orders: new OrderDesk(options.db, now),
    goods: new GoodsEditor(options.db, options.invalidation, now),
    content: new ContentEditor(options.db, options.content, options.siteSettings, options.invalidation, now),
    settings: new SettingsEditor(options.db, options.invalidation, now),
    audit: new AuditService(options.db),
    images: new ImageUploads(options.db, now),
  };
  adminRoutes(app, services, cookies);
  adminCatalogRoutes(app, {
    goods: services.goods,
    structure: new CatalogStructure(options.db, options.invalidation, now),
    banners: new BannerDesk(options.db, now),
    stores: new StoreDesk(options.db, now),
    prices: new CityPrices(options.db, now),
  });
  return staff;
}
