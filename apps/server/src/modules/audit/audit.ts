// The audit record (R16): every admin write, phone reveal and export, with who, when, what and the
// values before and after. `recordAudit` takes the write's own transaction, so a write and its
// record are committed together or not at all.
import { and, count, desc, eq, gte, inArray, lt, max, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { auditLog } from "../../db/schema.js";
import { chinaDayEnd, chinaDayStart } from "../../lib/china-time.js";
import { pageOf } from "../../lib/paging.js";

/** Who did it: a staff member, or the command line (`npm run admin`), which has no staff id. */
export interface Actor {
  staffId: number | null;
  staffName: string;
  ip: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** JSON with object keys sorted, so two equal values never differ by the order of their keys. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Whether a save's entry changed nothing: both sides given and equal. */
export function changesNothing(entry: AuditEntry): boolean {
  return entry.before !== undefined && entry.after !== undefined && canonical(entry.before) === canonical(entry.after);
}

/**
 * Writes the audit row of a write, in its transaction, always: an action such as a password change
 * or reset is on record even when the fields the audit keeps look the same. A save that may change
 * nothing goes through `auditedSave` instead.
 */
export async function recordAudit(tx: Db, actor: Actor, entry: AuditEntry, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    staffName: actor.staffName,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
    createdAt: now,
  });
}

/**
 * One audited write in one transaction: `write` changes the rows and says what the audit keeps;
 * the audit row is written after it, at the clock's time then, always (as recordAudit).
 */
export function audited<T>(
  db: Db,
  actor: Actor,
  now: () => Date,
  write: (tx: Db) => Promise<{ entry: AuditEntry; result: T }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { entry, result } = await write(tx);
    await recordAudit(tx, actor, entry, now());
    return result;
  });
}

/** What an audited save did: its answer, and whether it changed anything. */
export interface SaveOutcome<T> {
  result: T;
  changed: boolean;
}

/** Thrown inside a save's transaction to roll back a write that changed nothing. */
class NothingChanged<T> {
  constructor(readonly result: T) {}
}

/**
 * One audited save in one transaction: `write` changes the rows and says what the audit keeps of
 * them before and after. When the two are equal, the transaction is rolled back, so a save that
 * changes nothing writes nothing (no audit row, no bumped update time) and the caller can answer
 * "没有修改" (docs/quality.md R16).
 */
export async function auditedSave<T>(
  db: Db,
  actor: Actor,
  now: Date,
  write: (tx: Db) => Promise<{ entry: AuditEntry; result: T }>,
): Promise<SaveOutcome<T>> {
  try {
    const result = await db.transaction(async (tx) => {
      const { entry, result } = await write(tx);
      if (changesNothing(entry)) throw new NothingChanged(result);
      await recordAudit(tx, actor, entry, now);
      return result;
    });
    return { result, changed: true };
  } catch (error) {
    if (error instanceof NothingChanged) return { result: error.result as T, changed: false };
    throw error;
  }
}

/**
 * When each record of a kind (`entity`, e.g. "goods") was last changed in the back office, by its id:
 * the newest audit entry for it. Records never edited there (made by the seed) are absent.
 */
export async function lastChanges(db: Db, entity: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ entityId: auditLog.entityId, at: max(auditLog.createdAt) })
    .from(auditLog)
    .where(eq(auditLog.entity, entity))
    .groupBy(auditLog.entityId);
  return new Map(rows.flatMap((row) => (row.at ? [[row.entityId, row.at] as const] : [])));
}

/** One record's trail, newest first, at most `limit` rows: for a detail page that shows its own history. */
export async function entityTrail(reader: Pick<Db, "select">, entity: string, entityId: string, limit = 200) {
  const rows = await reader
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    staffName: row.staffName,
    action: row.action,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A record the audit names: its kind and id (entity "order" and an order number, …). */
export interface AuditRef {
  entity: string;
  entityId: string;
}

/**
 * Removes a closed account's phone, name and address from the values the audit kept
 * (docs/decisions/0076): each is replaced inside the JSON, so the record of who did what stays. The
 * values are matched as they are written inside JSON text (escaped), so the result is JSON again.
 */
export async function redactInAudit(tx: Db, values: string[]): Promise<number> {
  let changed = 0;
  for (const value of new Set(values.filter((v) => v.length >= 2))) {
    const inJson = JSON.stringify(value).slice(1, -1);
    const hidden = "已删除";
    const rows = await tx
      .update(auditLog)
      .set({
        before: sql`replace(${auditLog.before}::text, ${inJson}, ${hidden})::jsonb`,
        after: sql`replace(${auditLog.after}::text, ${inJson}, ${hidden})::jsonb`,
      })
      .where(
        or(sql`strpos(${auditLog.before}::text, ${inJson}) > 0`, sql`strpos(${auditLog.after}::text, ${inJson}) > 0`),
      )
      .returning({ id: auditLog.id });
    changed += rows.length;
  }
  return changed;
}

/** The refs a customer record's entries noted in their `after` (a closing notes what it touched). */
export async function notedRefs(
  reader: Pick<Db, "select">,
  customerId: string,
  actions: string[],
): Promise<AuditRef[]> {
  const rows = await reader
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, customerId), inArray(auditLog.action, actions)));
  return rows.flatMap((row) => (row.after as { refs?: AuditRef[] } | null)?.refs ?? []);
}

export interface AuditFilter {
  /** Only the records about these (one customer's, docs/decisions/0076); an empty list matches none. */
  refs?: AuditRef[];
  staffId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
  current?: number;
  pageSize?: number;
}

export class AuditService {
  constructor(private readonly db: Db) {}

  list(filter: AuditFilter) {
    const conditions: SQL[] = [];
    if (filter.refs) {
      const about = filter.refs.map((r) => and(eq(auditLog.entity, r.entity), eq(auditLog.entityId, r.entityId)));
      conditions.push(about.length ? (or(...about) as SQL) : sql`false`);
    }
    if (filter.staffId) conditions.push(eq(auditLog.staffId, filter.staffId));
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
    if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
    if (filter.from) conditions.push(gte(auditLog.createdAt, chinaDayStart(filter.from)));
    if (filter.to) conditions.push(lt(auditLog.createdAt, chinaDayEnd(filter.to)));
    const where = conditions.length ? and(...conditions) : undefined;
    return pageOf(
      filter,
      this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)),
      this.db.select({ n: count() }).from(auditLog).where(where),
      (row) => ({
        id: row.id,
        staffId: row.staffId,
        staffName: row.staffName,
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        before: row.before,
        after: row.after,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
      }),
    );
  }
}
