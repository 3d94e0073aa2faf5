// Lead rows and their outbox rows (R14, R17): a lead and its notification are written in one
// transaction, and a repeat of the same phone and kind within 24 hours updates the lead.
import type { LeadKind } from "@yj/contract";
import { and, countDistinct, desc, eq, gt, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { leadOutbox, leads } from "../../db/schema.js";

/** R14: the same phone and kind within this long of the lead's first submission update it. */
export const LEAD_DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether this phone entered the activity (a denominate lead) within the dedupe window before `now`:
 * an activity deposit is tied to such an entry (ADR 0024). Takes the caller's transaction.
 */
export async function hasRecentActivityLead(reader: Pick<Db, "select">, phone: string, now: Date): Promise<boolean> {
  const [lead] = await reader
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.phone, phone),
        eq(leads.kind, "denominate"),
        gt(leads.updatedAt, new Date(now.getTime() - LEAD_DEDUPE_WINDOW_MS)),
      ),
    )
    .limit(1);
  return lead !== undefined;
}

export interface LeadSubmission {
  kind: LeadKind;
  phone: string;
  name?: string;
  province?: string;
  city?: string;
  origin?: string;
  payload: Record<string, unknown>;
  consent: boolean;
  /** The optional consent to be called about offers (docs/decisions/0077). */
  marketingConsent: boolean;
  ipHash: string;
}

export interface WrittenLead {
  id: number;
  event: "created" | "updated";
  submissions: number;
}

/** Lead ids → their phones (the live chat's inbox: the number a visitor left, docs/decisions/0078). */
export async function leadPhones(reader: Pick<Db, "select">, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await reader.select({ id: leads.id, phone: leads.phone }).from(leads).where(inArray(leads.id, ids));
  return new Map(rows.map((r) => [r.id, r.phone]));
}

/** The newest leads of these phones, every kind (the inbox's side panel shows them, numbers masked). */
export async function leadsOfPhones(reader: Pick<Db, "select">, phones: string[], limit: number) {
  if (phones.length === 0) return [];
  return reader
    .select({
      id: leads.id,
      kind: leads.kind,
      state: leads.state,
      phone: leads.phone,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(inArray(leads.phone, phones))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

export class LeadStore {
  constructor(private readonly db: Db) {}

  async write(lead: LeadSubmission, now: Date): Promise<WrittenLead> {
    return this.db.transaction(async (tx) => {
      // Serialises writers of one phone and kind on every instance, so 10 concurrent identical
      // submissions find each other's row instead of each inserting one (a row lock cannot guard a
      // row that does not exist yet, and "within 24 h" cannot be a unique index).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lead:${lead.kind}:${lead.phone}`}, 0))`);
      const [recent] = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(
          and(
            eq(leads.phone, lead.phone),
            eq(leads.kind, lead.kind),
            gt(leads.createdAt, new Date(now.getTime() - LEAD_DEDUPE_WINDOW_MS)),
          ),
        )
        .orderBy(desc(leads.createdAt))
        .limit(1);
      const fields = {
        name: lead.name ?? "",
        province: lead.province ?? "",
        city: lead.city ?? "",
        origin: lead.origin ?? "",
        payload: lead.payload,
        ipHash: lead.ipHash,
        updatedAt: now,
        // The latest submission's choice stands: a later form sent without the tick withdraws it
        // (docs/decisions/0077); a consent given again keeps the time it was first given.
        marketingConsent: lead.marketingConsent,
      };
      let written: WrittenLead;
      if (recent) {
        // Consent once given stays recorded with its first time; a later form without it does not revoke it.
        const [row] = await tx
          .update(leads)
          .set({
            ...fields,
            consent: lead.consent ? true : leads.consent,
            consentAt: lead.consent
              ? sql`coalesce(${leads.consentAt}, ${now.toISOString()}::timestamptz)`
              : leads.consentAt,
            marketingConsentAt: lead.marketingConsent
              ? sql`coalesce(${leads.marketingConsentAt}, ${now.toISOString()}::timestamptz)`
              : null,
            submissions: sql`${leads.submissions} + 1`,
          })
          .where(eq(leads.id, recent.id))
          .returning({ id: leads.id, submissions: leads.submissions });
        if (!row) throw new Error("lead update returned no row");
        written = { ...row, event: "updated" };
      } else {
        const [row] = await tx
          .insert(leads)
          .values({
            ...fields,
            kind: lead.kind,
            phone: lead.phone,
            consent: lead.consent,
            consentAt: lead.consent ? now : null,
            marketingConsentAt: lead.marketingConsent ? now : null,
            createdAt: now,
          })
          .returning({ id: leads.id, submissions: leads.submissions });
        if (!row) throw new Error("lead insert returned no row");
        written = { ...row, event: "created" };
      }
      await tx
        .insert(leadOutbox)
        .values({ leadId: written.id, event: written.event, createdAt: now, nextAttemptAt: now });
      return written;
    });
  }

  /** Distinct phones among leads, of one kind or of all; a forgotten lead's empty phone is none. */
  async distinctPhones(kind?: LeadKind): Promise<number> {
    const kept = ne(leads.phone, "");
    const where: SQL | undefined = kind ? and(eq(leads.kind, kind), kept) : kept;
    const [row] = await this.db
      .select({ n: countDistinct(leads.phone) })
      .from(leads)
      .where(where);
    return Number(row?.n ?? 0);
  }
}

/** What a renovation project takes from its lead (docs/decisions/0069); in the caller's transaction. */
export async function leadForProject(
  reader: Pick<Db, "select">,
  id: number,
): Promise<{ id: number; phone: string; name: string; city: string; state: string } | null> {
  const [lead] = await reader
    .select({ id: leads.id, phone: leads.phone, name: leads.name, city: leads.city, state: leads.state })
    .from(leads)
    .where(eq(leads.id, id))
    .limit(1);
  return lead ?? null;
}
