import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { CatalogService } from "./service.js";

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService) {
  registerEndpoint(app, endpoints.goodsCategories, () => catalog.categories(), { publicCacheSeconds: 60 });
  registerEndpoint(app, endpoints.goodsIndex, ({ query }) => catalog.goodsIndex(query), { publicCacheSeconds: 30 });
  registerEndpoint(app, endpoints.goodsDetail, ({ query }) => catalog.goodsDetail(query.id), {
    publicCacheSeconds: 30,
  });
  registerEndpoint(app, endpoints.packageDetail, ({ query }) => catalog.packageDetail(query.id), {
    publicCacheSeconds: 30,
  });
}
