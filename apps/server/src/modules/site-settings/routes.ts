import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerPublicRead } from "../../http/endpoint.js";
import type { SiteSettingsService } from "./service.js";

export function siteSettingsRoutes(app: FastifyInstance, settings: SiteSettingsService) {
  registerPublicRead(app, endpoints.cityList, () => settings.cityList(), { publicCacheSeconds: 300 });
  registerPublicRead(app, endpoints.hardPrice, (query) => settings.hardPrice(query.city), {
    publicCacheSeconds: 300,
  });
  registerPublicRead(app, endpoints.siteSettings, () => settings.siteSettings(), { publicCacheSeconds: 300 });
}
