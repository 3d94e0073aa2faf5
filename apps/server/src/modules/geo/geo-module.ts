// Assembles the city detection: the configured geo providers behind GET /api/geo/city.
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import { createGeoProviders } from "../../providers/geo/index.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { geoRoutes } from "./routes.js";
import { GeoService } from "./service.js";

export function registerGeo(app: FastifyInstance, options: { env: Env; siteSettings: SiteSettingsService }): void {
  geoRoutes(app, new GeoService(options.siteSettings, createGeoProviders(options.env, app.log)));
}
