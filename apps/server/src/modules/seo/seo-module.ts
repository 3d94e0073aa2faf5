// Assembles robots.txt and the sitemaps, written from the catalogue's and content's public rows.
import type { FastifyInstance } from "fastify";
import { seoRoutes } from "./routes.js";
import { type SeoOptions, SeoService } from "./service.js";

export function registerSeo(app: FastifyInstance, options: SeoOptions): void {
  seoRoutes(app, new SeoService(options));
}
