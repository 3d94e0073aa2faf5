// Lead retention (issue #26, docs/decisions/0077): a lead that never became a customer loses its
// phone number and name once it has been quiet for the retention period of the site settings
// (leadRetentionMonths, 24 by default). "Never became a customer": no customer account holds its
// phone (orders belong to accounts), no renovation project came of it or is that phone's, and that
// phone never paid (an activity deposit). "Quiet": no submission and no staff note within the period.
// The row stays (kind, city, dates, state, consent flags) for the shop's figures; its forgottenAt
// says when. Only this module writes the leads table (docs/decisions/0040); the other modules lend
// their conditions.
import { and, eq, gte, inArray, isNull, lt, ne, not, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { leadNotes, leads } from "../../db/schema.js";
import { customerHasPhone } from "../accounts/index.js";
import { paidByPhone } from "../payments/index.js";
import { projectOfLead } from "../projects/index.js";

/** Leads anonymised per statement, so a first run over years of leads never holds a long lock. */
const BATCH = 500;

/** Payload keys that name or reach the visitor: dropped with the phone and name. */
const PERSONAL_PAYLOAD_KEYS = ["phone", "mobile", "name", "content", "comment", "transcript"] as const;

/** The instant `months` calendar months before `now`: leads quiet since before it are due. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Removes the phone, name and personal payload fields of every due lead; answers how many leads were
 * forgotten. Running it again finds nothing more to do (forgotten leads have no phone).
 */
export async function forgetStaleLeads(db: Db, now: Date, months: number): Promise<number> {
  const cutoff = retentionCutoff(now, months);
  const recentNote = db
    .select({ one: sql`1` })
    .from(leadNotes)
    .where(and(eq(leadNotes.leadId, leads.id), gte(leadNotes.createdAt, cutoff)));
  const due = and(
    isNull(leads.forgottenAt),
    ne(leads.phone, ""),
    lt(leads.updatedAt, cutoff),
    not(sql`exists (${recentNote})`),
    not(customerHasPhone(leads.phone)),
    not(projectOfLead(leads.id, leads.phone)),
    not(paidByPhone(leads.phone)),
  );
  let payload = sql`${leads.payload}`;
  for (const key of PERSONAL_PAYLOAD_KEYS) payload = sql`${payload} - ${key}::text`;
  let forgotten = 0;
  for (;;) {
    const batch = db.select({ id: leads.id }).from(leads).where(due).limit(BATCH);
    const rows = await db
      .update(leads)
      .set({ phone: "", name: "", payload: sql`(${payload})`, ipHash: "", forgottenAt: now })
      .where(and(inArray(leads.id, batch), due))
      .returning({ id: leads.id });
    forgotten += rows.length;
    if (rows.length < BATCH) return forgotten;
  }
}
