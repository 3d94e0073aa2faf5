// City detection from the visitor's IP. Detection is a convenience: a provider answers null rather
// than throw, and the caller falls back to the site's default city.

export interface GeoLocation {
  /** May be "" when only the province is known (e.g. municipalities, or an IPv6 range). */
  city: string;
  province: string;
}

export interface GeoProvider {
  /** Reported to the browser as CityDetectData.source. */
  readonly source: "amap" | "ip";
  locate(ip: string): Promise<GeoLocation | null>;
}

/** The part of a pino/Fastify logger the providers use. */
export interface GeoLogger {
  warn(details: object, message: string): void;
}
