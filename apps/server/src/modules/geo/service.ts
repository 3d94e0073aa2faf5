// City detection: a location from the client's IP, mapped onto the cities the shop covers; anything
// else gets the site's default city.
import type { CityDetectData } from "@yj/contract";
import type { GeoLocation, GeoProvider } from "../../providers/geo/index.js";
import type { SiteSettingsService } from "../site-settings/service.js";

/** Where the covered cities and the default city come from. */
export type CitySource = Pick<SiteSettingsService, "cityList" | "siteSettings">;

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

export class GeoService {
  constructor(
    private readonly cities: CitySource,
    /** Asked in order. */
    private readonly providers: GeoProvider[],
  ) {}

  /** The first provider whose location falls in a covered city answers; none: the default city. */
  async detectCity(ip: string): Promise<CityDetectData> {
    for (const provider of this.providers) {
      const located = await provider.locate(ip);
      if (!located) continue;
      const covered = (await this.cities.cityList()).map((c) => c.content);
      const hit = matchCoveredCity(covered, located);
      // The list's own spelling, so the browser can select it as is.
      if (hit) return { city: hit.city, province: hit.province, source: provider.source };
    }
    const settings = await this.cities.siteSettings();
    return { city: settings.defaultCity, province: settings.defaultProvince, source: "default" };
  }
}
