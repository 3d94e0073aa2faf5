// Rows per China day for the dashboard's chart: one grouped query over the range, then every day of
// the range listed, the days without rows as 0 (a missing day would draw a line straight across it).
import { DASHBOARD_DAYS, type DayCount } from "@yj/contract";
import { and, count, gte, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { chinaDayEnd, chinaDayStart, lastChinaDays } from "../lib/china-time.js";
import type { Db } from "./client.js";

const DAY_SECONDS = 86_400;
const CHINA_OFFSET_SECONDS = 8 * 3600;

/**
 * The China day of a timestamp as a day number (days since 1970-01-01 in UTC+8). Plain arithmetic
 * rather than `AT TIME ZONE 'Asia/Shanghai'`: it needs no time-zone data, which the embedded
 * database may not carry, and China has no daylight saving to get wrong.
 */
const chinaDayNumber = (column: PgColumn): SQL<number> =>
  sql<number>`floor((extract(epoch from ${column}) + ${sql.raw(String(CHINA_OFFSET_SECONDS))}) / ${sql.raw(String(DAY_SECONDS))})::int`;

export async function dailyCounts(
  db: Db,
  table: PgTable,
  column: PgColumn,
  now: Date,
  days = DASHBOARD_DAYS,
): Promise<DayCount[]> {
  const range = lastChinaDays(now, days);
  const dayNumber = chinaDayNumber(column);
  const rows = await db
    .select({ day: dayNumber, n: count() })
    .from(table)
    .where(and(gte(column, chinaDayStart(range[0]!)), lt(column, chinaDayEnd(range[days - 1]!))))
    .groupBy(dayNumber);
  // Day number n is the UTC calendar date of n days after the epoch, which is the China date.
  const byDay = new Map(
    rows.map((r) => [new Date(Number(r.day) * DAY_SECONDS * 1000).toISOString().slice(0, 10), r.n]),
  );
  return range.map((day) => ({ day, count: Number(byDay.get(day) ?? 0) }));
}
