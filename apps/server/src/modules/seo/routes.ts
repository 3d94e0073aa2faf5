// /robots.txt, /sitemap.xml and the sitemap's parts (/sitemaps/<n>.xml): plain documents for crawlers,
// not API endpoints (no envelope), hidden from the OpenAPI document.
import { CRAWL_DISALLOWED_PATHS } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import type { SeoService } from "./service.js";
import { robotsTxt } from "./sitemap-xml.js";

/** Crawlers and CDNs may keep these a while; the server itself re-reads the catalogue every minute. */
const CACHE_CONTROL = "public, max-age=600";
const XML = "application/xml; charset=utf-8";

export function seoRoutes(app: FastifyInstance, seo: SeoService) {
  const robots = robotsTxt(seo.origin, CRAWL_DISALLOWED_PATHS);
  app.get("/robots.txt", { schema: { hide: true } }, (_request, reply) =>
    reply.header("cache-control", CACHE_CONTROL).type("text/plain; charset=utf-8").send(robots),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const { xml } = await seo.sitemap();
    return reply.header("cache-control", CACHE_CONTROL).type(XML).send(xml);
  });

  app.get<{ Params: { file: string } }>("/sitemaps/:file", { schema: { hide: true } }, async (request, reply) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    const xml = match ? await seo.sitemapPart(Number(match[1])) : null;
    if (xml === null) return reply.status(404).type("text/plain; charset=utf-8").send("站点地图不存在");
    return reply.header("cache-control", CACHE_CONTROL).type(XML).send(xml);
  });
}
