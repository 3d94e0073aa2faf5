// The accounts module's public API for other modules (docs/decisions/0040): what they may ask of the
// customers table, which only this module writes.
import { type AnyColumn, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { customers } from "../../db/schema.js";

/** Customer ids → their mobile numbers (the live chat's inbox shows them masked, docs/decisions/0075). */
export async function customerMobiles(reader: Pick<Db, "select">, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await reader
    .select({ id: customers.id, mobile: customers.mobile })
    .from(customers)
    .where(inArray(customers.id, ids));
  return new Map(rows.map((r) => [r.id, r.mobile]));
}

/** Mobile numbers → the customers registered with them (the inbox finds a visitor's orders by the phone left). */
export async function customersOfMobiles(reader: Pick<Db, "select">, mobiles: string[]): Promise<number[]> {
  if (mobiles.length === 0) return [];
  const rows = await reader.select({ id: customers.id }).from(customers).where(inArray(customers.mobile, mobiles));
  return rows.map((r) => r.id);
}

export { removeExpiredCodes } from "./codes.js";
export { removeDeadSessions } from "./sessions.js";

/**
 * "A customer account holds this phone", as a condition on another table's column: the lead
 * retention keeps the leads of customers (docs/decisions/0077). Orders belong to accounts, so a
 * phone with orders always has one.
 */
export function customerHasPhone(phone: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${customers} where ${customers.mobile} = ${phone})`;
}
