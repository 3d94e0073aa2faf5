// The lead pipeline (back office): one list of every kind of lead with filters and paging, the
// detail with its notes, state changes along LEAD_TRANSITIONS, assignment, the audited reveal of a
// full phone number, the audited Excel export, and the dashboard's counts.
import { AdminMessages, LEAD_TRANSITIONS, type LeadFilter, type LeadState, maskLeadPhone } from "@yj/contract";
import { and, asc, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { dailyCounts } from "../../db/daily-counts.js";
import { leadNotes, leads, staff } from "../../db/schema.js";
import { chinaDayEnd, chinaDayStart, startOfChinaDay, startOfChinaWeek } from "../../lib/china-time.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { likeContains } from "../../lib/like.js";
import { type PageRequest, pageOf } from "../../lib/paging.js";
import { type Actor, auditedSave, recordAudit } from "../audit/audit.js";
import { staffNames } from "../staff/index.js";
import { buildLeadWorkbook } from "./lead-workbook.js";

/** One export holds at most this many leads (a larger one is narrowed by its filters first). */
export const EXPORT_MAX_ROWS = 5000;
const WAITING_SHOWN = 10;

type LeadRecord = typeof leads.$inferSelect;

const business = (message: string) => new AppError("business", message);

function conditionsOf(filter: LeadFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.state) conditions.push(eq(leads.state, filter.state));
  if (filter.city) conditions.push(ilike(leads.city, likeContains(filter.city)));
  if (filter.origin) conditions.push(ilike(leads.origin, likeContains(filter.origin)));
  if (filter.assigneeId) conditions.push(eq(leads.assigneeId, filter.assigneeId));
  if (filter.from) conditions.push(gte(leads.createdAt, chinaDayStart(filter.from)));
  if (filter.to) conditions.push(lt(leads.createdAt, chinaDayEnd(filter.to)));
  return conditions.length ? and(...conditions) : undefined;
}

type Reader = Pick<Db, "select">;

/** Staff ids → names, asked of the staff module in one query (docs/decisions/0040). */
async function namesOf(reader: Reader, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const found = wanted.length ? await staffNames(reader, wanted) : [];
  return new Map(found.map((s) => [s.id, s.name]));
}

/** Each lead with its assignee's name (null when unassigned). */
async function withAssigneeNames(reader: Reader, rows: LeadRecord[]) {
  const names = await namesOf(
    reader,
    rows.map((lead) => lead.assigneeId),
  );
  return rows.map((lead) => ({ lead, assigneeName: names.get(lead.assigneeId ?? 0) ?? null }));
}

function rowOf({ lead, assigneeName }: { lead: LeadRecord; assigneeName: string | null }) {
  return {
    id: lead.id,
    kind: lead.kind,
    state: lead.state as LeadState,
    name: lead.name,
    phone: maskLeadPhone(lead.phone),
    province: lead.province,
    city: lead.city,
    origin: lead.origin,
    submissions: lead.submissions,
    assigneeId: lead.assigneeId,
    assigneeName,
    marketingConsent: lead.marketingConsent,
    marketingConsentAt: lead.marketingConsentAt?.toISOString() ?? null,
    forgottenAt: lead.forgottenAt?.toISOString() ?? null,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
}

/** What the audit keeps of a lead: the fields staff change. */
function auditedLead(lead: LeadRecord) {
  return { state: lead.state, assigneeId: lead.assigneeId };
}

export class LeadPipeline {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async list(filter: LeadFilter & PageRequest) {
    const where = conditionsOf(filter);
    const page = await pageOf(
      filter,
      this.db.select().from(leads).where(where).orderBy(desc(leads.createdAt), desc(leads.id)),
      this.db.select({ n: count() }).from(leads).where(where),
    );
    return { ...page, dataList: (await withAssigneeNames(this.db, page.dataList)).map(rowOf) };
  }

  async detail(id: number) {
    const [lead] = await this.db.select().from(leads).where(eq(leads.id, id));
    if (!lead) throw new AppError("not_found", AdminMessages.leadNotFound);
    const notes = await this.db
      .select()
      .from(leadNotes)
      .where(eq(leadNotes.leadId, id))
      .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id));
    // One query for the assignee's and the note writers' names.
    const names = await namesOf(this.db, [lead.assigneeId, ...notes.map((n) => n.staffId)]);
    return {
      ...rowOf({ lead, assigneeName: names.get(lead.assigneeId ?? 0) ?? null }),
      payload: lead.payload,
      consent: lead.consent,
      consentAt: lead.consentAt?.toISOString() ?? null,
      // A note's writer is kept (the foreign key has no delete), so the name is always found.
      notes: notes.map((n) => ({
        id: n.id,
        staffName: names.get(n.staffId) ?? "",
        text: n.text,
        stateTo: n.stateTo as LeadState | null,
        createdAt: n.createdAt.toISOString(),
      })),
    };
  }

  async assignees() {
    const rows = await this.db
      .select({ id: staff.id, displayName: staff.displayName, role: staff.role })
      .from(staff)
      .where(eq(staff.disabled, false))
      .orderBy(asc(staff.id));
    return rows;
  }

  /** The full number, for one click; the click is on record. */
  async revealPhone(actor: Actor, id: number) {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const [lead] = await tx.select({ phone: leads.phone }).from(leads).where(eq(leads.id, id));
      if (!lead) throw new AppError("not_found", AdminMessages.leadNotFound);
      await recordAudit(tx, actor, { action: "lead.revealPhone", entity: "lead", entityId: id }, now);
      return { phone: lead.phone };
    });
  }

  async update(
    staffId: number,
    actor: Actor,
    input: { id: number; state?: LeadState; assigneeId?: number | null; note?: string },
  ) {
    const now = this.now();
    const outcome = await auditedSave(this.db, actor, now, async (tx) => {
      const [before] = await tx.select().from(leads).where(eq(leads.id, input.id)).for("update");
      if (!before) throw new AppError("not_found", AdminMessages.leadNotFound);
      const from = before.state as LeadState;
      const to = input.state ?? from;
      if (to !== from && !LEAD_TRANSITIONS[from]?.includes(to)) throw business(AdminMessages.badTransition);
      if (input.assigneeId) {
        const [assignee] = await tx
          .select({ disabled: staff.disabled })
          .from(staff)
          .where(eq(staff.id, input.assigneeId));
        if (!assignee || assignee.disabled) throw business(AdminMessages.assigneeInvalid);
      }
      const assigneeId = input.assigneeId === undefined ? before.assigneeId : input.assigneeId;
      const note = input.note?.trim() ?? "";
      const [after] = await tx
        .update(leads)
        .set({ state: to, assigneeId, updatedAt: now })
        .where(eq(leads.id, input.id))
        .returning();
      if (note || to !== from) {
        await tx.insert(leadNotes).values({
          leadId: input.id,
          staffId,
          text: note,
          stateFrom: to !== from ? from : null,
          stateTo: to !== from ? to : null,
          createdAt: now,
        });
      }
      return {
        entry: {
          action: "lead.update",
          entity: "lead",
          entityId: input.id,
          before: auditedLead(before),
          after: { ...auditedLead(after!), ...(note ? { note } : {}) },
        },
        result: null,
      };
    });
    return { result: await this.detail(input.id), changed: outcome.changed };
  }

  /** The filtered leads as an .xlsx file (full numbers: the export is on record). */
  async export(actor: Actor, filter: LeadFilter) {
    const now = this.now();
    // The rows and the record of their export are one transaction: nothing leaves unrecorded.
    const rows = await this.db.transaction(async (tx) => {
      const found = await tx
        .select()
        .from(leads)
        .where(conditionsOf(filter))
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(EXPORT_MAX_ROWS + 1);
      if (found.length > EXPORT_MAX_ROWS) throw business(AdminMessages.exportTooLarge);
      await recordAudit(
        tx,
        actor,
        { action: "leads.export", entity: "lead", entityId: "", after: { filter, rows: found.length } },
        now,
      );
      return withAssigneeNames(tx, found);
    });
    const content = await buildLeadWorkbook(rows, now);
    const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace(/[-:T]/g, "");
    return { fileName: `线索导出-${stamp}.xlsx`, rows: rows.length, contentBase64: content.toString("base64") };
  }

  async dashboard() {
    const now = this.now();
    const byKind = async (since: Date) => {
      const rows = await this.db
        .select({ kind: leads.kind, n: count() })
        .from(leads)
        .where(gte(leads.createdAt, since))
        .groupBy(leads.kind);
      return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
    };
    const [today, week, daily, waiting] = await Promise.all([
      byKind(startOfChinaDay(now)),
      byKind(startOfChinaWeek(now)),
      dailyCounts(this.db, leads, leads.createdAt, now),
      this.db
        .select()
        .from(leads)
        .where(eq(leads.state, "new"))
        .orderBy(asc(leads.createdAt), asc(leads.id))
        .limit(WAITING_SHOWN)
        .then((rows) => withAssigneeNames(this.db, rows)),
    ]);
    return { today, week, waiting: waiting.map(rowOf), daily };
  }
}
