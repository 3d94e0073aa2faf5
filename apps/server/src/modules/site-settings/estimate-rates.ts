// The estimate's per-city amounts (estimate_rates, ADR 0019); the '*' row serves every other city.
import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { estimateRates } from "../../db/schema.js";
import type { RoomAmounts } from "../leads/estimate.js";

export const DEFAULT_RATES_CITY = "*";

export class EstimateRatesStore {
  constructor(private readonly db: Db) {}

  /** The city's row, else the default row, else null (no rates configured at all). */
  async forCity(city: string): Promise<RoomAmounts | null> {
    const rows = await this.db
      .select()
      .from(estimateRates)
      .where(inArray(estimateRates.city, [city, DEFAULT_RATES_CITY]))
      // The city's own row sorts before '*'.
      .orderBy(asc(sql`${estimateRates.city} = ${DEFAULT_RATES_CITY}`))
      .limit(1);
    const [row] = rows;
    if (!row) return null;
    const { city: _city, province: _province, ...amounts } = row;
    return amounts;
  }
}
