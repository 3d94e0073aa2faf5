// Site settings: the shop's name, contacts and default city, the cities it covers, and each city's
// hard-decoration unit prices (website_configs rows by type).
import {
  CHAT_CANNED_REPLIES,
  CHAT_GREETING,
  type ChatSettings,
  type CityConfig,
  type HardPrice,
  type SiteSettings,
  WebsiteConfigType,
} from "@yj/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { siteSettings, websiteConfigs } from "../../db/schema.js";
import { AppError, notFound } from "../../lib/errors.js";
import type { TtlCache } from "../../lib/ttl-cache.js";

/** The cache keys a back-office save drops (settings-editor.ts). */
export const SITE_SETTINGS_CACHE_KEY = "site-settings";
export const CITY_LIST_CACHE_KEY = "city-list";
export const EMBED_ORIGINS_CACHE_KEY = "embed-origins";
export const CHAT_SETTINGS_CACHE_KEY = "chat-settings";
/** The brand a default page names when the shop has no settings row yet. */
const UNNAMED_BRAND = "我们";

/** The activity deposit's amount in cents (0: deposits are closed), read in the caller's transaction. */
export async function activityDepositCents(reader: Pick<Db, "select">): Promise<number> {
  const [settings] = await reader
    .select({ cents: siteSettings.activityDepositCents })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return settings?.cents ?? 0;
}

/** How many days after paying the activity deposit its payer may ask for it back (0: never). */
export async function depositRefundDays(reader: Pick<Db, "select">): Promise<number> {
  const [settings] = await reader
    .select({ days: siteSettings.depositRefundDays })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return settings?.days ?? 7;
}

/** The chat's settings as saved, or the contract's words until they are (no row: those too). */
export async function chatSettingsOf(reader: Pick<Db, "select">): Promise<ChatSettings> {
  const [row] = await reader
    .select({
      greeting: siteSettings.chatGreeting,
      cannedReplies: siteSettings.chatCannedReplies,
      wecomUrl: siteSettings.wecomKfUrl,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return {
    greeting: row?.greeting || CHAT_GREETING,
    cannedReplies: row?.cannedReplies ?? [...CHAT_CANNED_REPLIES],
    wecomUrl: row?.wecomUrl ?? "",
  };
}

/** Months a lead that never became a customer keeps its phone and name (docs/decisions/0077). */
export async function leadRetentionMonths(reader: Pick<Db, "select">): Promise<number> {
  const [settings] = await reader
    .select({ months: siteSettings.leadRetentionMonths })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return settings?.months ?? 24;
}

export class SiteSettingsService {
  constructor(
    private readonly db: Db,
    private readonly cache: TtlCache,
  ) {}

  siteSettings(): Promise<SiteSettings> {
    return this.cache.get(SITE_SETTINGS_CACHE_KEY, async () => {
      const [row] = await this.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      if (!row) throw notFound("站点信息未配置");
      const {
        id: _id,
        servedOwnersBase: _base,
        embedOrigins: _embed,
        chatGreeting: _greeting,
        chatCannedReplies: _canned,
        wecomKfUrl: _wecom,
        ...settings
      } = row;
      return settings;
    });
  }

  /** The 在线客服 card: the window's greeting, the inbox's canned replies, the WeCom link (docs/decisions/0078). */
  chatSettings(): Promise<ChatSettings> {
    return this.cache.get(CHAT_SETTINGS_CACHE_KEY, () => chatSettingsOf(this.db));
  }

  /** The shop's brand; "我们" while it has no settings row (docs/decisions/0028). */
  async brandName(): Promise<string> {
    try {
      return (await this.siteSettings()).brandName;
    } catch (error) {
      // Only a shop without its settings row names no brand; a failing database still fails the call.
      if (error instanceof AppError && error.kind === "not_found") return UNNAMED_BRAND;
      throw error;
    }
  }

  /** The sites allowed to frame /iframe (none while the shop has no settings row). */
  embedOrigins(): Promise<string[]> {
    return this.cache.get(EMBED_ORIGINS_CACHE_KEY, async () => {
      const [row] = await this.db
        .select({ origins: siteSettings.embedOrigins })
        .from(siteSettings)
        .where(eq(siteSettings.id, 1));
      return row?.origins ?? [];
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
    return this.cache.get(CITY_LIST_CACHE_KEY, async () => {
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
