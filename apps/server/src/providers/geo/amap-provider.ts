// AMap (高德) Web Service IP location: GET {base}/v3/ip?ip=&key=&output=json.
// https://lbs.amap.com/api/webservice/guide/api/ipconfig — IPv4 only; unknown and foreign
// addresses answer status "1" with empty arrays in place of the strings.
import { z } from "zod";
import { publicIp } from "./ip.js";
import type { GeoLocation, GeoLogger, GeoProvider } from "./types.js";

export const AMAP_DEFAULT_BASE = "https://restapi.amap.com";
/** The browser waits for this answer, so a slow AMap must not hold the page's city selector. */
export const AMAP_TIMEOUT_MS = 1500;

// A name, or [] when AMap does not know it.
const AmapText = z.union([z.string(), z.array(z.unknown())]).optional();
const AmapIpResponse = z.object({
  status: z.string(),
  info: z.string().optional(),
  infocode: z.string().optional(),
  province: AmapText,
  city: AmapText,
});

function text(value: z.infer<typeof AmapText>): string {
  return typeof value === "string" ? value.trim() : "";
}

export interface AmapProviderOptions {
  key: string;
  baseUrl?: string;
  timeoutMs?: number;
  logger?: GeoLogger;
}

export class AmapGeoProvider implements GeoProvider {
  readonly source = "amap" as const;
  private readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: AmapProviderOptions) {
    this.endpoint = `${(options.baseUrl ?? AMAP_DEFAULT_BASE).replace(/\/+$/, "")}/v3/ip`;
    this.timeoutMs = options.timeoutMs ?? AMAP_TIMEOUT_MS;
  }

  async locate(ip: string): Promise<GeoLocation | null> {
    const target = publicIp(ip);
    if (target?.family !== 4) return null;
    const url = new URL(this.endpoint);
    url.searchParams.set("ip", target.address);
    url.searchParams.set("key", this.options.key);
    url.searchParams.set("output", "json");
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) return this.fail({ status: response.status }, "AMap IP location answered an HTTP error");
      const parsed = AmapIpResponse.safeParse(await response.json());
      if (!parsed.success) return this.fail({}, "AMap IP location answered an unexpected body");
      const body = parsed.data;
      if (body.status !== "1") {
        return this.fail({ info: body.info, infocode: body.infocode }, "AMap IP location refused the request");
      }
      const location = { city: text(body.city), province: text(body.province) };
      return location.city || location.province ? location : null;
    } catch (error) {
      const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
      // Blanks the key should an error message ever echo the URL.
      const safeMessage = message.replaceAll(this.options.key, "[redacted]");
      return this.fail({ error: { name, message: safeMessage } }, "AMap IP location failed");
    }
  }

  /** Never logs the request URL: it carries the key. */
  private fail(details: object, message: string): null {
    this.options.logger?.warn(details, message);
    return null;
  }
}
