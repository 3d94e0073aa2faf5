// Assembles the catalogue: the storefront's cached reads and the back office's goods, packages and
// categories editors (docs/decisions/0036), the only writers of the goods tables.
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import type { Clock } from "../../lib/clock.js";
import type { TtlCache } from "../../lib/ttl-cache.js";
import { catalogAdminRoutes } from "./admin-routes.js";
import { CatalogStructure } from "./catalog-structure.js";
import { GoodsEditor } from "./goods-editor.js";
import { catalogRoutes } from "./routes.js";
import { CatalogService } from "./service.js";

export interface CatalogOptions {
  database: Database;
  cache: TtlCache;
  /** The category tree's longer-lived cache (ADR 0036). */
  referenceCache: TtlCache;
  invalidation?: CacheInvalidation;
  /** The back office's clock. */
  now: Clock;
}

export function registerCatalog(app: FastifyInstance, options: CatalogOptions): CatalogService {
  const { database, invalidation, now } = options;
  const catalog = new CatalogService(database, options.cache, options.referenceCache);
  catalogRoutes(app, catalog);
  catalogAdminRoutes(app, {
    goods: new GoodsEditor(database.db, invalidation, now),
    structure: new CatalogStructure(database.db, invalidation, now),
  });
  return catalog;
}
