import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { notFound } from "../../lib/errors.js";
import { getRegionChildren, ROOT_REGION_CODE } from "./regions.js";
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
  registerEndpoint(app, endpoints.articleDetail, ({ query }) => content.articleDetail(query.id), {
    publicCacheSeconds: 60,
  });
  registerEndpoint(app, endpoints.cityList, () => content.cityList(), { publicCacheSeconds: 300 });
  registerEndpoint(app, endpoints.hardPrice, ({ query }) => content.hardPrice(query.city), { publicCacheSeconds: 300 });
  registerEndpoint(app, endpoints.siteSettings, () => content.siteSettings(), { publicCacheSeconds: 300 });
  // The browser fetches one level at a time (Foundation I §6); the table never changes between releases.
  registerEndpoint(
    app,
    endpoints.regions,
    ({ query }) => {
      const children = getRegionChildren(query.code ?? ROOT_REGION_CODE);
      if (!children) throw notFound("该地区没有下级区划");
      return children;
    },
    { publicCacheSeconds: 86_400 },
  );
}
