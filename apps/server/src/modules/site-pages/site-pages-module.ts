// Assembles the brand and service pages (docs/decisions/0028, 0035): the storefront's cached read
// and the back office's page editor, the only writer of site_pages.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import type { Clock } from "../../lib/clock.js";
import type { TtlCache } from "../../lib/ttl-cache.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { sitePagesAdminRoutes } from "./admin-routes.js";
import { PageEditor } from "./page-editor.js";
import { sitePagesRoutes } from "./routes.js";
import { SitePagesService } from "./service.js";

export function registerSitePages(
  app: FastifyInstance,
  options: {
    db: Db;
    cache: TtlCache;
    siteSettings: SiteSettingsService;
    invalidation?: CacheInvalidation;
    now: Clock;
  },
): void {
  const { db, siteSettings } = options;
  sitePagesRoutes(app, new SitePagesService(db, options.cache, siteSettings));
  sitePagesAdminRoutes(app, new PageEditor(db, siteSettings, options.invalidation, options.now));
}
