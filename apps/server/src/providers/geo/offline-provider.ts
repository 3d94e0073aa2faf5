// Offline IP-to-region lookup with the ip2region npm package, which ships its databases
// (data/ip2region.db for IPv4, data/ipv6wry.db for IPv6; about 11 MB) and needs no network.
import { createRequire } from "node:module";
import type IP2Region from "ip2region";
import { publicIp } from "./ip.js";
import type { GeoLocation, GeoLogger, GeoProvider } from "./types.js";

// ip2region is CommonJS with `exports.default = class`; Node's ESM import would hand back the
// exports object, not the class, so it is required directly.
const requireCjs = createRequire(import.meta.url);

export class OfflineGeoProvider implements GeoProvider {
  readonly source = "ip" as const;
  // Loaded on the first lookup: reading the databases costs ~11 MB of memory, which a server
  // using AMap, and tests that never ask, should not pay.
  private searcher: IP2Region | null | undefined;

  constructor(private readonly logger?: GeoLogger) {}

  async locate(ip: string): Promise<GeoLocation | null> {
    const target = publicIp(ip);
    if (!target) return null;
    const searcher = this.load();
    if (!searcher) return null;
    // Unknown ranges answer "" (the database's "0") for every part.
    const result = searcher.search(target.address);
    if (!result?.country) return null;
    const location = { city: result.city.trim(), province: result.province.trim() };
    return location.city || location.province ? location : null;
  }

  private load(): IP2Region | null {
    if (this.searcher === undefined) {
      try {
        const { default: Searcher } = requireCjs("ip2region") as { default: typeof IP2Region };
        this.searcher = new Searcher();
      } catch (error) {
        // Without its data the site still works on the default city; say so once.
        this.searcher = null;
        this.logger?.warn(
          { error: error instanceof Error ? error.message : String(error) },
          "ip2region could not load",
        );
      }
    }
    return this.searcher;
  }
}
