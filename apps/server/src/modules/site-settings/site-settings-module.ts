// Assembles the site settings: the shop's settings, covered cities and city prices, read by the
// storefront (cached) and the other modules, and edited in the back office (docs/decisions/0036).
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import type { Clock } from "../../lib/clock.js";
import type { TtlCache } from "../../lib/ttl-cache.js";
import { siteSettingsAdminRoutes } from "./admin-routes.js";
import { CityPrices } from "./city-prices.js";
import { siteSettingsRoutes } from "./routes.js";
import { SiteSettingsService } from "./service.js";
import { SettingsEditor } from "./settings-editor.js";

export function registerSiteSettings(
  app: FastifyInstance,
  options: { db: Db; cache: TtlCache; invalidation?: CacheInvalidation; now: Clock },
): SiteSettingsService {
  const { db, now } = options;
  const settings = new SiteSettingsService(db, options.cache);
  siteSettingsRoutes(app, settings);
  siteSettingsAdminRoutes(app, {
    settings: new SettingsEditor(db, options.invalidation, now),
    prices: new CityPrices(db, now),
  });
  return settings;
}
