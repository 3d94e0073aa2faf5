// Reads of the projects tables, which only this module writes (docs/decisions/0040, 0069): a project
// as the back office and the owner see it, and the lists' page.
import { maskPhone, type ProjectDetail } from "@yj/contract";
import { and, asc, count, desc, eq, inArray, lt, or, type SQL, sum } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  projectChangeOrders,
  projectInstalments,
  projectStageRecords,
  projectStages,
  projects,
  projectVersions,
} from "../../db/schema.js";
import { chinaDayOf, chinaDayStart } from "../../lib/china-time.js";
import { pageOf } from "../../lib/paging.js";
import { staffContacts, staffNames } from "../staff/index.js";

type Reader = Pick<Db, "select">;
export type ProjectRow = typeof projects.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days past the planned finish: up to today while it runs, up to its finish once finished. */
export function daysLate(project: Pick<ProjectRow, "plannedFinishDate" | "status" | "finishedAt">, now: Date): number {
  if (project.status === "cancelled") return 0;
  const until = chinaDayOf(project.finishedAt ?? now);
  const late = Math.round(
    (chinaDayStart(until).getTime() - chinaDayStart(project.plannedFinishDate).getTime()) / DAY_MS,
  );
  return Math.max(0, late);
}

/** Who may see a project: everyone with the permission, or (项目经理) only its team. */
export type ProjectScope = { all: true } | { all: false; staffId: number };

export function scopeCondition(scope: ProjectScope): SQL | undefined {
  if (scope.all) return undefined;
  return or(
    eq(projects.managerId, scope.staffId),
    eq(projects.designerId, scope.staffId),
    eq(projects.inspectorId, scope.staffId),
  );
}

export function inScope(project: ProjectRow, scope: ProjectScope): boolean {
  return scope.all || [project.managerId, project.designerId, project.inspectorId].some((id) => id === scope.staffId);
}

export async function projectRow(reader: Reader, id: number): Promise<ProjectRow | null> {
  const [row] = await reader.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row ?? null;
}

/** The project row, locked for the rest of the transaction: one write at a time per project. */
export async function lockProject(tx: Db, id: number): Promise<ProjectRow | null> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).limit(1).for("update");
  return row ?? null;
}

export async function stageRow(reader: Reader, stageId: number) {
  const [row] = await reader.select().from(projectStages).where(eq(projectStages.id, stageId)).limit(1);
  return row ?? null;
}

async function currentStages(reader: Reader, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await reader
    .select({ projectId: projectStages.projectId, name: projectStages.name, position: projectStages.position })
    .from(projectStages)
    .where(
      and(
        inArray(projectStages.projectId, ids),
        inArray(projectStages.status, ["pending", "awaiting_acceptance", "objected"]),
      ),
    )
    .orderBy(asc(projectStages.position));
  const current = new Map<number, string>();
  for (const row of rows) if (!current.has(row.projectId)) current.set(row.projectId, row.name);
  return current;
}

function summaryOf(
  row: ProjectRow,
  names: Map<number, string>,
  current: Map<number, string>,
  now: Date,
  maskOwner: boolean,
) {
  const late = daysLate(row, now);
  return {
    id: row.id,
    ownerName: row.ownerName,
    ownerPhone: maskOwner ? maskPhone(row.ownerPhone) : row.ownerPhone,
    city: row.city,
    address: row.address,
    status: row.status,
    contractCents: row.contractCents,
    startDate: row.startDate,
    plannedFinishDate: row.plannedFinishDate,
    managerId: row.managerId,
    managerName: row.managerId ? (names.get(row.managerId) ?? "") : "",
    currentStage: current.get(row.id) ?? null,
    daysLate: late,
    delayCompensationCents: late * row.delayCompensationCentsPerDay,
  };
}

async function namesOf(reader: Reader, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  return new Map((await staffNames(reader, wanted)).map((s) => [s.id, s.name]));
}

export interface ProjectFilter {
  status?: ProjectRow["status"];
  city?: string;
  managerId?: number;
  leadId?: number;
  late?: "0" | "1";
  current?: number;
  pageSize?: number;
}

export async function projectPage(reader: Reader, filter: ProjectFilter, scope: ProjectScope, now: Date) {
  const today = chinaDayOf(now);
  const where = and(
    scopeCondition(scope),
    filter.status ? eq(projects.status, filter.status) : undefined,
    filter.city ? eq(projects.city, filter.city) : undefined,
    filter.managerId ? eq(projects.managerId, filter.managerId) : undefined,
    filter.leadId ? eq(projects.leadId, filter.leadId) : undefined,
    filter.late === "1" ? and(eq(projects.status, "in_progress"), lt(projects.plannedFinishDate, today)) : undefined,
  );
  const page = await pageOf(
    filter,
    reader.select().from(projects).where(where).orderBy(desc(projects.createdAt), desc(projects.id)),
    reader.select({ n: count() }).from(projects).where(where),
  );
  const names = await namesOf(
    reader,
    page.dataList.map((p) => p.managerId),
  );
  const current = await currentStages(
    reader,
    page.dataList.map((p) => p.id),
  );
  return { ...page, dataList: page.dataList.map((row) => summaryOf(row, names, current, now, true)) };
}

/** The dashboard's figures over the projects in scope: under way, late among them, instalments paid. */
export async function projectFigures(reader: Reader, scope: ProjectScope, now: Date) {
  const today = chinaDayOf(now);
  const active = and(scopeCondition(scope), eq(projects.status, "in_progress"));
  const [[running], [late], [collected]] = await Promise.all([
    reader.select({ n: count() }).from(projects).where(active),
    reader
      .select({ n: count() })
      .from(projects)
      .where(and(active, lt(projects.plannedFinishDate, today))),
    reader
      .select({ cents: sum(projectInstalments.amountCents) })
      .from(projectInstalments)
      .innerJoin(projects, eq(projects.id, projectInstalments.projectId))
      .where(and(scopeCondition(scope), eq(projectInstalments.status, "paid"))),
  ]);
  return {
    active: running?.n ?? 0,
    late: late?.n ?? 0,
    // sum() of a bigint comes back as text: the total stays far below 2^53 cents.
    instalmentsCollectedCents: Number(collected?.cents ?? 0),
  };
}

/** The owner's projects: linked to the customer, or (before the first visit links them) under the phone. */
export async function ownerProjects(reader: Reader, customerId: number, now: Date) {
  const rows = await reader
    .select()
    .from(projects)
    .where(eq(projects.customerId, customerId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  const names = await namesOf(
    reader,
    rows.map((p) => p.managerId),
  );
  const current = await currentStages(
    reader,
    rows.map((p) => p.id),
  );
  return rows.map((row) => summaryOf(row, names, current, now, false));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything about one project; `maskOwner` for staff (the owner sees their own number). */
export async function projectDetail(
  reader: Reader,
  row: ProjectRow,
  now: Date,
  maskOwner: boolean,
): Promise<ProjectDetail> {
  const [stages, instalments, changes, versions] = await Promise.all([
    reader.select().from(projectStages).where(eq(projectStages.projectId, row.id)).orderBy(asc(projectStages.position)),
    reader
      .select()
      .from(projectInstalments)
      .where(eq(projectInstalments.projectId, row.id))
      .orderBy(asc(projectInstalments.position)),
    reader
      .select()
      .from(projectChangeOrders)
      .where(eq(projectChangeOrders.projectId, row.id))
      .orderBy(asc(projectChangeOrders.createdAt), asc(projectChangeOrders.id)),
    reader
      .select()
      .from(projectVersions)
      .where(eq(projectVersions.projectId, row.id))
      .orderBy(asc(projectVersions.version)),
  ]);
  const records =
    stages.length === 0
      ? []
      : await reader
          .select()
          .from(projectStageRecords)
          .where(
            inArray(
              projectStageRecords.stageId,
              stages.map((s) => s.id),
            ),
          )
          .orderBy(asc(projectStageRecords.createdAt), asc(projectStageRecords.id));
  const teamIds = [row.managerId, row.designerId, row.inspectorId].filter((id): id is number => id !== null);
  const contacts = new Map((await staffContacts(reader, [...new Set(teamIds)])).map((s) => [s.id, s]));
  const names = new Map([...contacts].map(([id, c]) => [id, c.name]));
  const current = new Map<number, string>();
  const open = stages.find((s) => s.status !== "accepted");
  if (open) current.set(row.id, open.name);
  // The work phone kept on the staff record (docs/decisions/0073); "" when none was entered.
  const member = (id: number | null) =>
    id ? { id, name: contacts.get(id)?.name ?? "", phone: contacts.get(id)?.phone ?? "" } : null;
  const stageName = new Map(stages.map((s) => [s.id, s.name]));
  return {
    ...summaryOf(row, names, current, now, maskOwner),
    areaSqm: row.areaSqm,
    layout: row.layout,
    packageText: row.packageText,
    contractVersion: row.contractVersion,
    delayCompensationCentsPerDay: row.delayCompensationCentsPerDay,
    team: { designer: member(row.designerId), manager: member(row.managerId), inspector: member(row.inspectorId) },
    stages: stages.map((s) => ({
      id: s.id,
      position: s.position,
      name: s.name,
      plannedStartDate: s.plannedStartDate,
      plannedFinishDate: s.plannedFinishDate,
      status: s.status,
      checklist: s.checklist,
      inspectionPassed: s.inspectionPassed,
      inspectedAt: iso(s.inspectedAt),
      acceptedAt: iso(s.acceptedAt),
      records: records
        .filter((r) => r.stageId === s.id)
        .map((r) => ({
          id: r.id,
          kind: r.kind,
          text: r.text,
          photoKeys: r.photoKeys,
          createdAt: r.createdAt.toISOString(),
        })),
    })),
    instalments: instalments.map((i) => ({
      id: i.id,
      stageId: i.stageId,
      stageName: stageName.get(i.stageId) ?? "",
      percent: i.percent,
      amountCents: i.amountCents,
      status: i.status,
      paidAt: iso(i.paidAt),
      refundedCents: i.refundedCents,
    })),
    changeOrders: changes.map((c) => ({
      id: c.id,
      kind: c.kind,
      items: c.items,
      amountCents: c.amountCents,
      reason: c.reason,
      photoKeys: c.photoKeys,
      status: c.status,
      contractBeforeCents: c.contractBeforeCents,
      contractAfterCents: c.contractAfterCents,
      createdAt: c.createdAt.toISOString(),
      decidedAt: iso(c.decidedAt),
    })),
    versions: versions.map((v) => ({
      version: v.version,
      contractCents: v.contractCents,
      changeOrderId: v.changeOrderId,
      instalments: v.instalments,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}
