import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerPublicRead } from "../../http/endpoint.js";
import type { SitePagesService } from "./service.js";

export function sitePagesRoutes(app: FastifyInstance, pages: SitePagesService) {
  registerPublicRead(app, endpoints.sitePage, (query) => pages.page(query.slug), { publicCacheSeconds: 60 });
}
