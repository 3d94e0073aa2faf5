// Chooses the city detector: AMap when a key is configured, else the offline database.
import type { Env } from "../../config/env.js";
import { AmapGeoProvider } from "./amap-provider.js";
import { OfflineGeoProvider } from "./offline-provider.js";
import type { GeoLogger, GeoProvider } from "./types.js";

export { AmapGeoProvider } from "./amap-provider.js";
export { OfflineGeoProvider } from "./offline-provider.js";
export type { GeoLocation, GeoLogger, GeoProvider } from "./types.js";

export function createGeoProvider(env: Pick<Env, "AMAP_KEY" | "AMAP_API_BASE">, logger?: GeoLogger): GeoProvider {
  if (env.AMAP_KEY) return new AmapGeoProvider({ key: env.AMAP_KEY, baseUrl: env.AMAP_API_BASE, logger });
  return new OfflineGeoProvider(logger);
}
