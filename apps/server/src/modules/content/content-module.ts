// Assembles the content: guides, cases, banners and stores for the storefront, and their editors in
// the back office (docs/decisions/0035, 0036), the only writers of those tables.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import type { TtlCache } from "../../lib/ttl-cache.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { contentAdminRoutes } from "./admin-routes.js";
import { BannerDesk } from "./banner-desk.js";
import { ContentEditor } from "./content-editor.js";
import { contentRoutes } from "./routes.js";
import { ContentService } from "./service.js";
import { StoreDesk } from "./store-desk.js";

export function registerContent(
  app: FastifyInstance,
  options: { db: Db; siteSettings: SiteSettingsService; now: Clock; cache: TtlCache },
): ContentService {
  const { db, now } = options;
  const content = new ContentService(db);
  contentRoutes(app, content, options.cache);
  contentAdminRoutes(app, {
    content: new ContentEditor(db, content, options.siteSettings, now),
    banners: new BannerDesk(db, now),
    stores: new StoreDesk(db, now),
  });
  return content;
}
