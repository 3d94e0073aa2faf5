// Chooses the city detectors, asked in order: AMap when a key is configured, then always the offline
// database, so a failing, slow or quota-limited AMap still leaves the visitor a detected city.
import type { Env } from "../../config/env.js";
import { AmapGeoProvider } from "./amap-provider.js";
import { OfflineGeoProvider } from "./offline-provider.js";
import type { GeoLogger, GeoProvider } from "./types.js";

export { AmapGeoProvider } from "./amap-provider.js";
export { OfflineGeoProvider } from "./offline-provider.js";
export type { GeoLocation, GeoLogger, GeoProvider } from "./types.js";

export function createGeoProviders(env: Pick<Env, "AMAP_KEY" | "AMAP_API_BASE">, logger?: GeoLogger): GeoProvider[] {
  const offline = new OfflineGeoProvider(logger);
  if (!env.AMAP_KEY) return [offline];
  return [new AmapGeoProvider({ key: env.AMAP_KEY, baseUrl: env.AMAP_API_BASE, logger }), offline];
}
