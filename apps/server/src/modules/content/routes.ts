import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerPublicRead } from "../../http/endpoint.js";
import type { TtlCache } from "../../lib/ttl-cache.js";
import { CONTENT_CACHE_PREFIX, type ContentService } from "./service.js";

export function contentRoutes(app: FastifyInstance, content: ContentService, cache: TtlCache) {
  // Every page of the storefront asks for the banners and most for a list of guides: uncached, a
  // campaign's burst of visitors queued on the database's pool and was turned away (bench/overload).
  registerPublicRead(
    app,
    endpoints.banners,
    (query) =>
      cache.get(`${CONTENT_CACHE_PREFIX}banners:${JSON.stringify([query.city, query.province])}`, () =>
        content.banners(query.city, query.province),
      ),
    { publicCacheSeconds: 60 },
  );
  registerPublicRead(app, endpoints.stores, (query) => content.stores(query.current, query.pageSize, query.city), {
    publicCacheSeconds: 60,
  });
  registerPublicRead(app, endpoints.articleTags, () => content.articleTags(), { publicCacheSeconds: 300 });
  registerPublicRead(
    app,
    endpoints.articleList,
    (query) => {
      const tagIds = [
        ...(query.tagId ? [query.tagId] : []),
        ...(query.tagIds ? query.tagIds.split(",").map(Number) : []),
      ];
      const params = { ...query, type: query.type ? Number(query.type) : undefined, tagIds };
      return cache.get(`${CONTENT_CACHE_PREFIX}articles:${JSON.stringify(params)}`, () => content.articleList(params));
    },
    { publicCacheSeconds: 60 },
  );
  // /case and every guide's page read these on each render; uncached, each render queried the
  // database (docs/decisions/0083). Any back-office write drops them, as it drops the lists.
  registerPublicRead(
    app,
    endpoints.caseFilters,
    () => cache.get(`${CONTENT_CACHE_PREFIX}case-filters`, () => content.caseFilterOptions()),
    { publicCacheSeconds: 300 },
  );
  registerPublicRead(
    app,
    endpoints.articleDetail,
    (query) => cache.get(`${CONTENT_CACHE_PREFIX}article:${query.id}`, () => content.articleDetail(query.id)),
    { publicCacheSeconds: 60 },
  );
}
