import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { ContentService } from "./service.js";

export function contentRoutes(app: FastifyInstance, content: ContentService) {
  registerEndpoint(app, endpoints.banners, ({ query }) => content.banners(query.city, query.province), {
    publicCacheSeconds: 60,
  });
  registerEndpoint(app, endpoints.stores, ({ query }) => content.stores(query.current, query.pageSize, query.city), {
    publicCacheSeconds: 60,
  });
  registerEndpoint(app, endpoints.articleTags, () => content.articleTags(), { publicCacheSeconds: 300 });
  registerEndpoint(
    app,
    endpoints.articleList,
    ({ query }) => {
      const tagIds = [
        ...(query.tagId ? [query.tagId] : []),
        ...(query.tagIds ? query.tagIds.split(",").map(Number) : []),
      ];
      return content.articleList({ ...query, type: query.type ? Number(query.type) : undefined, tagIds });
    },
    { publicCacheSeconds: 60 },
  );
  registerEndpoint(app, endpoints.caseFilters, () => content.caseFilterOptions(), { publicCacheSeconds: 300 });
  registerEndpoint(app, endpoints.articleDetail, ({ query }) => content.articleDetail(query.id), {
    publicCacheSeconds: 60,
  });
}
