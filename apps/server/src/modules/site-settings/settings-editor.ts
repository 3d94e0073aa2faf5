// The site settings editor (back office, 运营 and 管理员; docs/decisions/0035): the brand's contacts,
// the served-owners base, the activity deposit (typed in yuan, stored in cents) and the sites allowed
// to frame /iframe in the one site_settings row, and the covered cities (website_configs type 1). Each
// write and its audit row are one transaction; afterwards the cached settings, city list, embedding
// origins and pages (which name the brand) are dropped on every instance (lib/cache-invalidation.ts).
import { type ChatSettings, ContentMessages, WebsiteConfigType } from "@yj/contract";
import { and, asc, eq, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { siteSettings, websiteConfigs } from "../../db/schema.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import { getRegionChildren, ROOT_REGION_CODE } from "../regions/region-table.js";
import { SITE_PAGE_CACHE_PREFIX } from "../site-pages/service.js";
import {
  CHAT_SETTINGS_CACHE_KEY,
  CITY_LIST_CACHE_KEY,
  chatSettingsOf,
  EMBED_ORIGINS_CACHE_KEY,
  SITE_SETTINGS_CACHE_KEY,
} from "./service.js";

export interface SettingsSaveInput {
  brandName: string;
  hotline: string;
  headOfficeAddress: string;
  icpNumber: string;
  serviceHours: string;
  serviceEmail: string;
  wechat: string;
  coveredCities: number;
  servedOwnersBase: number;
  /** Cents (the contract turned the yuan typed into cents). */
  activityDeposit: number;
  /** Normalised origins allowed to frame /iframe; left out, the saved ones stay. */
  embedOrigins?: string[];
}

/** The filings and licence card (docs/decisions/0077): the contract checked the formats and the credit code. */
export interface FilingsSaveInput {
  policeFilingNumber: string;
  companyName: string;
  companyAddress: string;
  creditCode: string;
  licenceImage: string;
}

const isCity = eq(websiteConfigs.type, WebsiteConfigType.CITY_LIST);

/** A city of the region table: a prefecture of the province, or the province itself (北京市). */
function isRealCity(province: string, city: string): boolean {
  const provinces = getRegionChildren(ROOT_REGION_CODE) ?? {};
  const code = Object.keys(provinces).find((c) => provinces[c] === province);
  if (!code) return false;
  return city === province || Object.values(getRegionChildren(code) ?? {}).includes(city);
}

export class SettingsEditor {
  constructor(
    private readonly db: Db,
    private readonly invalidation: CacheInvalidation | undefined,
    private readonly now: Clock,
  ) {}

  async detail(reader: Pick<Db, "select"> = this.db) {
    const [row] = await reader.select().from(siteSettings).where(eq(siteSettings.id, 1));
    if (!row) throw new AppError("not_found", ContentMessages.settingsMissing);
    const cities = await reader
      .select({ id: websiteConfigs.id, content: websiteConfigs.content })
      .from(websiteConfigs)
      .where(isCity)
      .orderBy(asc(websiteConfigs.sort), asc(websiteConfigs.id));
    const {
      id: _id,
      activityDepositCents,
      defaultProvince: _province,
      // The 在线客服 card reads and saves these on its own (chatDetail, saveChat).
      chatGreeting: _greeting,
      chatCannedReplies: _canned,
      wecomKfUrl: _wecom,
      ...rest
    } = row;
    return {
      ...rest,
      activityDeposit: activityDepositCents,
      cities: cities.map((c) => ({ id: c.id, city: String(c.content.city), province: String(c.content.province) })),
    };
  }

  async save(actor: Actor, input: SettingsSaveInput) {
    return this.write(async (tx, now) => {
      const before = settingsOf(await this.detail(tx));
      const { activityDeposit, ...rest } = input;
      await tx
        .update(siteSettings)
        .set({ ...rest, activityDepositCents: activityDeposit })
        .where(eq(siteSettings.id, 1));
      const after = await this.detail(tx);
      await recordAudit(
        tx,
        actor,
        { action: "settings.update", entity: "site_settings", entityId: 1, before, after: settingsOf(after) },
        now,
      );
      return after;
    });
  }

  chatDetail(): Promise<ChatSettings> {
    return chatSettingsOf(this.db);
  }

  /** The 在线客服 card (docs/decisions/0078): its own save, on record like the rest of the settings. */
  async saveChat(actor: Actor, input: ChatSettings) {
    return this.write(async (tx, now) => {
      await this.detail(tx);
      const before = await chatSettingsOf(tx);
      await tx
        .update(siteSettings)
        .set({ chatGreeting: input.greeting, chatCannedReplies: input.cannedReplies, wecomKfUrl: input.wecomUrl })
        .where(eq(siteSettings.id, 1));
      const after = await chatSettingsOf(tx);
      await recordAudit(
        tx,
        actor,
        { action: "settings.chat", entity: "site_settings", entityId: 1, before, after },
        now,
      );
      return after;
    });
  }

  /** The filings and licence card of 设置, saved apart from the main card (docs/decisions/0077). */
  saveFilings(actor: Actor, input: FilingsSaveInput) {
    return this.saveFields(actor, "settings.filings", input);
  }

  /** The data-retention card: months a never-customer lead keeps its phone and name. */
  saveRetention(actor: Actor, input: { leadRetentionMonths: number }) {
    return this.saveFields(actor, "settings.retention", input);
  }

  /** Some columns of the one row, audited with the whole row before and after. */
  private saveFields(actor: Actor, action: string, fields: Partial<typeof siteSettings.$inferInsert>) {
    return this.write(async (tx, now) => {
      const before = settingsOf(await this.detail(tx));
      await tx.update(siteSettings).set(fields).where(eq(siteSettings.id, 1));
      const after = await this.detail(tx);
      await recordAudit(
        tx,
        actor,
        { action, entity: "site_settings", entityId: 1, before, after: settingsOf(after) },
        now,
      );
      return after;
    });
  }

  async addCity(actor: Actor, input: { province: string; city: string }) {
    if (!isRealCity(input.province, input.city)) throw new AppError("business", ContentMessages.cityUnknown);
    return this.write(async (tx, now) => {
      await this.detail(tx);
      const [existing] = await tx
        .select({ id: websiteConfigs.id })
        .from(websiteConfigs)
        .where(and(isCity, sql`${websiteConfigs.content}->>'city' = ${input.city}`));
      if (existing) throw new AppError("business", ContentMessages.cityExists);
      const [last] = await tx
        .select({ sort: max(websiteConfigs.sort) })
        .from(websiteConfigs)
        .where(isCity);
      const [row] = await tx
        .insert(websiteConfigs)
        .values({
          type: WebsiteConfigType.CITY_LIST,
          content: { city: input.city, province: input.province },
          sort: (last?.sort ?? -1) + 1,
        })
        .returning({ id: websiteConfigs.id });
      await recordAudit(tx, actor, { action: "city.add", entity: "city", entityId: row!.id, after: input }, now);
      return this.detail(tx);
    });
  }

  async removeCity(actor: Actor, id: number) {
    return this.write(async (tx, now) => {
      const settings = await this.detail(tx);
      const city = settings.cities.find((c) => c.id === id);
      if (!city) throw new AppError("business", ContentMessages.cityNotFound);
      // The default city answers every visitor whose city is unknown: it must stay covered.
      if (city.city === settings.defaultCity) throw new AppError("business", ContentMessages.cityIsDefault);
      await tx.delete(websiteConfigs).where(and(isCity, eq(websiteConfigs.id, id)));
      const { id: _id, ...before } = city;
      await recordAudit(tx, actor, { action: "city.remove", entity: "city", entityId: id, before }, now);
      return this.detail(tx);
    });
  }

  /** One transaction, then the storefront's cached copies go, here and on every other instance. */
  private async write<T>(work: (tx: Db, now: Date) => Promise<T>): Promise<T> {
    const result = await this.db.transaction((tx) => work(tx, this.now()));
    for (const key of [
      SITE_SETTINGS_CACHE_KEY,
      CITY_LIST_CACHE_KEY,
      EMBED_ORIGINS_CACHE_KEY,
      CHAT_SETTINGS_CACHE_KEY,
      SITE_PAGE_CACHE_PREFIX,
    ])
      this.invalidation?.invalidate(key);
    return result;
  }
}

/** What the audit keeps of a settings save: the row's fields, the city list aside. */
function settingsOf(d: Awaited<ReturnType<SettingsEditor["detail"]>>) {
  const { cities: _cities, ...rest } = d;
  return rest;
}
