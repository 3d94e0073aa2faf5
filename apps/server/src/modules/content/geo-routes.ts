// GET /api/geo/city: the storefront asks once after load and the server answers from the client IP,
// mapped onto the cities the shop covers; anything else gets the site's default city.
import { type CityDetectData, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { GeoLocation, GeoProvider } from "../../providers/geo/index.js";
import type { ContentService } from "./service.js";

export type CitySource = Pick<ContentService, "cityList" | "siteSettings">;

interface City {
  city: string;
  province: string;
}

/** Providers disagree on the suffix ("上海" vs "上海市"), so names compare without it. */
function baseName(name: string): string {
  return name.trim().replace(/市$/, "");
}

/** The covered city the location falls in, by city name; a municipality may come as province only. */
export function matchCoveredCity(covered: City[], located: GeoLocation): City | null {
  for (const name of [located.city, located.province]) {
    const wanted = baseName(name);
    if (!wanted) continue;
    const hit = covered.find((c) => baseName(c.city) === wanted);
    if (hit) return hit;
  }
  return null;
}

/** The first provider whose location falls in a covered city answers; none: the default city. */
export async function detectCity(content: CitySource, providers: GeoProvider[], ip: string): Promise<CityDetectData> {
  for (const provider of providers) {
    const located = await provider.locate(ip);
    if (!located) continue;
    const covered = (await content.cityList()).map((c) => c.content);
    const hit = matchCoveredCity(covered, located);
    // The list's own spelling, so the browser can select it as is.
    if (hit) return { city: hit.city, province: hit.province, source: provider.source };
  }
  const settings = await content.siteSettings();
  return { city: settings.defaultCity, province: settings.defaultProvince, source: "default" };
}

export function geoRoutes(app: FastifyInstance, content: CitySource, providers: GeoProvider[]) {
  // No publicCacheSeconds: the answer depends on the caller's IP, so a shared cache must not keep it.
  registerEndpoint(app, endpoints.detectCity, ({ request }) => detectCity(content, providers, request.ip));
}
