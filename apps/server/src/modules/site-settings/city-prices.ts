// Each city's prices in the back office (docs/decisions/0036): the hard-decoration unit prices
// (website_configs type 2, served by /api/website_configs/getHardPrice) and the estimate rates
// (estimate_rates, read by /api/customers/estimate, ADR 0019), typed in yuan and kept in cents.
// One save writes both and its audit row in one transaction; neither is cached on the server, so the
// next quote uses the new figures.
import type { AdminCityPrices, AdminCityPricesBody } from "@yj/contract";
import { DEFAULT_RATES_CITY, ESTIMATE_RATE_FIELDS, HARD_PRICE_FIELDS, WebsiteConfigType } from "@yj/contract";
import { and, asc, eq, max, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { estimateRates, websiteConfigs } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { type Actor, recordAudit } from "../audit/audit.js";

/** A city's prices as the back office saves them, in cents (the contract's parsed body). */
export type CityPricesInput = z.output<typeof AdminCityPricesBody>;

type Reader = Pick<Db, "select">;

const pick = <K extends string>(fields: readonly (readonly [K, string])[], source: Record<string, unknown>) =>
  Object.fromEntries(fields.map(([k]) => [k, Math.round(Number(source[k] ?? 0))])) as Record<K, number>;

const hardPriceOf = (city: string) =>
  and(eq(websiteConfigs.type, WebsiteConfigType.HARD_PRICE), sql`${websiteConfigs.content}->>'city' = ${city}`);

export class CityPrices {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /** Every city that is covered or has prices of either kind, the default rates ('*') first. */
  async list(reader: Reader = this.db, only?: string): Promise<AdminCityPrices[]> {
    const [configs, rates] = await Promise.all([
      reader
        .select({ type: websiteConfigs.type, content: websiteConfigs.content })
        .from(websiteConfigs)
        .orderBy(asc(websiteConfigs.sort), asc(websiteConfigs.id)),
      reader.select().from(estimateRates).orderBy(asc(estimateRates.city)),
    ]);
    const cities = new Map<string, AdminCityPrices>();
    const entry = (city: string, province: string) => {
      let found = cities.get(city);
      if (!found) {
        found = { city, province, covered: false, hardPrice: null, rates: null };
        cities.set(city, found);
      }
      if (!found.province && province) found.province = province;
      return found;
    };
    entry(DEFAULT_RATES_CITY, "");
    for (const { type, content } of configs) {
      const city = String(content.city ?? "");
      if (!city) continue;
      const row = entry(city, String(content.province ?? ""));
      if (type === WebsiteConfigType.CITY_LIST) row.covered = true;
      if (type === WebsiteConfigType.HARD_PRICE) row.hardPrice = pick(HARD_PRICE_FIELDS, content);
    }
    for (const rate of rates) entry(rate.city, rate.province).rates = pick(ESTIMATE_RATE_FIELDS, rate);
    const all = [...cities.values()];
    return only === undefined ? all : all.filter((c) => c.city === only);
  }

  async save(actor: Actor, input: CityPricesInput): Promise<AdminCityPrices> {
    return this.db.transaction(async (tx) => {
      const [before] = await this.list(tx, input.city);
      if (input.hardPrice) {
        const content = { city: input.city, province: input.province, ...input.hardPrice };
        const [existing] = await tx
          .select({ id: websiteConfigs.id })
          .from(websiteConfigs)
          .where(hardPriceOf(input.city));
        if (existing) {
          await tx.update(websiteConfigs).set({ content }).where(eq(websiteConfigs.id, existing.id));
        } else {
          const [last] = await tx
            .select({ sort: max(websiteConfigs.sort) })
            .from(websiteConfigs)
            .where(eq(websiteConfigs.type, WebsiteConfigType.HARD_PRICE));
          await tx
            .insert(websiteConfigs)
            .values({ type: WebsiteConfigType.HARD_PRICE, content, sort: (last?.sort ?? -1) + 1 });
        }
      }
      if (input.rates) {
        const row = { city: input.city, province: input.province, ...input.rates };
        await tx
          .insert(estimateRates)
          .values(row)
          .onConflictDoUpdate({ target: estimateRates.city, set: { province: row.province, ...input.rates } });
      }
      const [after] = await this.list(tx, input.city);
      await recordAudit(
        tx,
        actor,
        { action: "prices.save", entity: "city_prices", entityId: input.city, before: before ?? null, after },
        this.now(),
      );
      return after!;
    });
  }
}
