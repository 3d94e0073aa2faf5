// City detection: a location from the client's IP, mapped onto the cities the shop covers; anything
// else gets the site's default city. Locations are kept a short while per client network, so a
// client asking again (or its neighbours) does not spend the AMap quota again.
import type { CityDetectData } from "@yj/contract";
import { networkKey } from "../../lib/client-address.js";
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

export interface GeoCacheOptions {
  /** How long a network's location is kept. */
  ttlMs?: number;
  /** Networks kept at most; the oldest entry leaves first. */
  maxEntries?: number;
  now?: () => number;
}

/** A location hardly changes within a network in minutes; the TTL bounds a wrong one's life. */
const GEO_CACHE_TTL_MS = 10 * 60_000;
const GEO_CACHE_MAX_ENTRIES = 10_000;

export class GeoService {
  /** Lookups (pending or done) per provider and client network (an IPv4 /24, an IPv6 /64). */
  private readonly located = new Map<string, { location: Promise<GeoLocation | null>; expiresAtMs: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly cities: CitySource,
    /** Asked in order. */
    private readonly providers: GeoProvider[],
    cache: GeoCacheOptions = {},
  ) {
    this.ttlMs = cache.ttlMs ?? GEO_CACHE_TTL_MS;
    this.maxEntries = cache.maxEntries ?? GEO_CACHE_MAX_ENTRIES;
    this.now = cache.now ?? Date.now;
  }

  /** The first provider whose location falls in a covered city answers; none: the default city. */
  async detectCity(ip: string): Promise<CityDetectData> {
    const network = networkKey(ip);
    for (const [index, provider] of this.providers.entries()) {
      const located = await this.locate(provider, `${index}:${network}`, ip);
      if (!located) continue;
      const covered = (await this.cities.cityList()).map((c) => c.content);
      const hit = matchCoveredCity(covered, located);
      // The list's own spelling, so the browser can select it as is.
      if (hit) return { city: hit.city, province: hit.province, source: provider.source };
    }
    const settings = await this.cities.siteSettings();
    return { city: settings.defaultCity, province: settings.defaultProvince, source: "default" };
  }

  /** The provider's answer for the network, asked at most once per TTL (concurrent callers share it). */
  private locate(provider: GeoProvider, key: string, ip: string): Promise<GeoLocation | null> {
    const nowMs = this.now();
    const kept = this.located.get(key);
    if (kept && kept.expiresAtMs > nowMs) return kept.location;
    this.located.delete(key);
    if (this.located.size >= this.maxEntries) {
      const oldest = this.located.keys().next().value;
      if (oldest !== undefined) this.located.delete(oldest);
    }
    const location = provider.locate(ip);
    this.located.set(key, { location, expiresAtMs: nowMs + this.ttlMs });
    // A provider should answer null rather than fail; should one fail anyway, it is asked again next time.
    location.catch(() => {
      if (this.located.get(key)?.location === location) this.located.delete(key);
    });
    return location;
  }
}
