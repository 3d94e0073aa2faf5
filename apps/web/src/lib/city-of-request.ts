import type { SiteSettings } from "@yj/contract";
import { parseCityCookie } from "./store";

/** The visitor's city for a loader: the persisted choice (cookie) or the site's default city. */
export function cityOfRequest(request: Request, settings: SiteSettings): { city: string; province: string } {
  const cookie = typeof document === "undefined" ? (request.headers.get("cookie") ?? undefined) : document.cookie;
  const chosen = parseCityCookie(cookie);
  return chosen
    ? { city: chosen.cityName, province: chosen.province }
    : { city: settings.defaultCity, province: settings.defaultProvince };
}
