import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerPublicRead } from "../../http/endpoint.js";
import type { CatalogService } from "./service.js";

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService) {
  registerPublicRead(app, endpoints.goodsCategories, () => catalog.categories(), { publicCacheSeconds: 60 });
  registerPublicRead(app, endpoints.goodsIndex, (query) => catalog.goodsIndex(query), { publicCacheSeconds: 30 });
  registerPublicRead(app, endpoints.goodsDetail, (query) => catalog.goodsDetail(query.id), {
    publicCacheSeconds: 30,
  });
  registerPublicRead(app, endpoints.packageDetail, (query) => catalog.packageDetail(query.id), {
    publicCacheSeconds: 30,
  });
}
