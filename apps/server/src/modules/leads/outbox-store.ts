// The lead outbox's rows (R17, ADR 0020): claimed with FOR UPDATE SKIP LOCKED by whichever instance
// gets there first, then marked delivered, rescheduled or given up.
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { leadOutbox, leads } from "../../db/schema.js";

export type LeadRow = typeof leads.$inferSelect;

export interface ClaimedNotification {
  id: number;
  event: "created" | "updated";
  /** Attempts including this one. */
  attempts: number;
  lead: LeadRow;
}

export class OutboxStore {
  constructor(private readonly db: Db) {}

  /**
   * Takes up to `limit` due rows for this instance: each claimed row's next attempt moves `leaseMs`
   * ahead, so no other instance takes it meanwhile, and it comes due again if this one dies.
   */
  async claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedNotification[]> {
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: leadOutbox.id })
        .from(leadOutbox)
        .where(and(isNull(leadOutbox.deliveredAt), isNull(leadOutbox.failedAt), lte(leadOutbox.nextAttemptAt, now)))
        .orderBy(asc(leadOutbox.nextAttemptAt), asc(leadOutbox.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(leadOutbox)
        .set({ attempts: sql`${leadOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            leadOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning({
          id: leadOutbox.id,
          leadId: leadOutbox.leadId,
          event: leadOutbox.event,
          attempts: leadOutbox.attempts,
        });
    });
    if (claimed.length === 0) return [];
    const rows = await this.db
      .select()
      .from(leads)
      .where(
        inArray(
          leads.id,
          claimed.map((c) => c.leadId),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return claimed
      .sort((x, y) => x.id - y.id)
      .flatMap(({ leadId, ...c }) => {
        const lead = byId.get(leadId);
        return lead ? [{ ...c, lead }] : [];
      });
  }

  /** Rows not delivered yet (metrics): all pending, those due now, and those given up. */
  async backlog(now: Date): Promise<{ pending: number; due: number; failed: number }> {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${leadOutbox.failedAt} is null)::int`,
        due: sql<number>`count(*) filter (where ${leadOutbox.failedAt} is null and ${leadOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz)::int`,
        failed: sql<number>`count(*) filter (where ${leadOutbox.failedAt} is not null)::int`,
      })
      .from(leadOutbox)
      .where(isNull(leadOutbox.deliveredAt));
    return { pending: Number(row?.pending ?? 0), due: Number(row?.due ?? 0), failed: Number(row?.failed ?? 0) };
  }

  async markDelivered(id: number, now: Date): Promise<void> {
    await this.db.update(leadOutbox).set({ deliveredAt: now, lastError: null }).where(eq(leadOutbox.id, id));
  }

  /** A failed attempt: tried again at `retryAt`, or given up when that is null. */
  async markFailed(id: number, now: Date, error: string, retryAt: Date | null): Promise<void> {
    await this.db
      .update(leadOutbox)
      .set(retryAt ? { nextAttemptAt: retryAt, lastError: error } : { failedAt: now, lastError: error })
      .where(eq(leadOutbox.id, id));
  }
}
