// The projects module's public API for other modules (docs/decisions/0040): the payment core asks
// what an instalment is due and marks it paid (or refunded, docs/decisions/0079), in its own transaction.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { projects } from "../../db/schema.js";

export {
  type InstalmentDue,
  instalmentDue,
  instalmentIdsOf,
  markInstalmentPaid,
  markInstalmentRefunded,
  ownsProject,
} from "./instalments.js";

/**
 * "A renovation project came of this lead or is this phone's", as a condition on the leads table's
 * columns: the lead retention keeps such leads (docs/decisions/0077).
 */
export function projectOfLead(leadId: AnyColumn | SQL, phone: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${projects} where ${projects.leadId} = ${leadId} or ${projects.ownerPhone} = ${phone})`;
}
