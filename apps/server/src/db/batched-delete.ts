// Deletes the rows a condition matches a batch at a time, so a daily clean-up of a large table
// (rate-limit events, sessions) never holds one long transaction or returns millions of keys
// (docs/decisions/0077). Each owning module calls it for its own table (docs/decisions/0040).
import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.js";

const BATCH = 2000;

/** Deletes every row of `table` matching `where`; answers how many went. */
export async function deleteInBatches(db: Db, table: PgTable, key: PgColumn, where: SQL): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(where).limit(BATCH);
    const gone = await db.delete(table).where(inArray(key, batch)).returning({ key });
    removed += gone.length;
    if (gone.length < BATCH) return removed;
  }
}
