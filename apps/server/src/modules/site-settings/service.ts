// Site settings: the shop's name, contacts and default city, the cities it covers, and each city's
// hard-decoration unit prices (website_configs rows by type).
import { type CityConfig, type HardPrice, type SiteSettings, WebsiteConfigType } from "@yj/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { siteSettings, websiteConfigs } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import type { TtlCache } from "../../lib/ttl-cache.js";

export class SiteSettingsService {
  constructor(
    private readonly db: Db,
    private readonly cache: TtlCache,
  ) {}

  siteSettings(): Promise<SiteSettings> {
    return this.cache.get("site-settings", async () => {
      const [row] = await this.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      if (!row) throw notFound("站点信息未配置");
      const { id: _id, servedOwnersBase: _base, ...settings } = row;
      return settings;
    });
  }

  /** Owners served before the site counted leads (the served counter's base figure). */
  async servedOwnersBase(): Promise<number> {
    const [row] = await this.db
      .select({ base: siteSettings.servedOwnersBase })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    return row?.base ?? 0;
  }

  cityList(): Promise<CityConfig[]> {
    return this.cache.get("city-list", async () => {
      const rows = await this.db
        .select({ id: websiteConfigs.id, type: websiteConfigs.type, content: websiteConfigs.content })
        .from(websiteConfigs)
        .where(eq(websiteConfigs.type, WebsiteConfigType.CITY_LIST))
        .orderBy(asc(websiteConfigs.sort), asc(websiteConfigs.id));
      return rows.map((r) => ({
        ...r,
        content: { city: String(r.content.city), province: String(r.content.province) },
      }));
    });
  }

  /** The city's unit prices; an uncovered or missing city gets the default city's, marked fallback. */
  async hardPrice(city?: string): Promise<HardPrice> {
    const settings = await this.siteSettings();
    for (const [name, fallback] of [
      [city, false],
      [settings.defaultCity, true],
    ] as const) {
      if (!name) continue;
      const [row] = await this.db
        .select({ content: websiteConfigs.content })
        .from(websiteConfigs)
        .where(
          and(eq(websiteConfigs.type, WebsiteConfigType.HARD_PRICE), sql`${websiteConfigs.content}->>'city' = ${name}`),
        )
        .limit(1);
      if (row) return { ...(row.content as Omit<HardPrice, "fallback">), fallback };
    }
    throw notFound("该城市暂未开通报价");
  }
}
