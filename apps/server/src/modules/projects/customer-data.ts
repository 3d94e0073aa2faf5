// The projects module's part of a customer's data (docs/decisions/0040, 0069, 0076): the renovation
// projects of their phone, the stages, instalments and change orders, and what they wrote at a stage.
// A running project keeps the account open; a finished one is a contract the shop keeps, so closing
// the account replaces the owner's name, phone and address and clears what the owner wrote.
import {
  type DataSection,
  INSTALMENT_STATUS_LABELS,
  PROJECT_STAGE_STATUS_LABELS,
  PROJECT_STATUS_LABELS,
  PrivacyMessages,
} from "@yj/contract";
import { and, asc, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { projectInstalments, projectStageRecords, projectStages, projects } from "../../db/schema.js";

type Reader = Pick<Db, "select">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const yuan = (cents: number) => (cents / 100).toFixed(2);

export interface OwnerOf {
  customerId: number;
  mobile: string;
}

const ownedBy = (who: OwnerOf): SQL =>
  or(eq(projects.customerId, who.customerId), eq(projects.ownerPhone, who.mobile)) as SQL;

export async function projectsData(reader: Reader, who: OwnerOf): Promise<DataSection[]> {
  const mine = await reader.select().from(projects).where(ownedBy(who)).orderBy(asc(projects.id));
  const ids = mine.map((p) => p.id);
  const stages = ids.length
    ? await reader
        .select()
        .from(projectStages)
        .where(inArray(projectStages.projectId, ids))
        .orderBy(asc(projectStages.projectId), asc(projectStages.position))
    : [];
  const instalments = ids.length
    ? await reader
        .select()
        .from(projectInstalments)
        .where(inArray(projectInstalments.projectId, ids))
        .orderBy(asc(projectInstalments.projectId), asc(projectInstalments.position))
    : [];
  const stageIds = stages.map((s) => s.id);
  const written = stageIds.length
    ? await reader
        .select()
        .from(projectStageRecords)
        .where(and(inArray(projectStageRecords.stageId, stageIds), isNotNull(projectStageRecords.customerId)))
        .orderBy(asc(projectStageRecords.id))
    : [];
  const stageName = new Map(stages.map((s) => [s.id, s.name]));
  return [
    {
      key: "projects",
      title: "装修项目",
      columns: [
        { key: "id", header: "项目编号" },
        { key: "ownerName", header: "业主" },
        { key: "ownerPhone", header: "业主手机" },
        { key: "city", header: "城市" },
        { key: "address", header: "地址" },
        { key: "areaSqm", header: "面积（㎡）" },
        { key: "packageText", header: "套餐" },
        { key: "contract", header: "合同金额（元）" },
        { key: "status", header: "状态" },
        { key: "startDate", header: "开工日期" },
        { key: "plannedFinishDate", header: "计划竣工" },
      ],
      rows: mine.map((p) => ({
        id: p.id,
        ownerName: p.ownerName,
        ownerPhone: p.ownerPhone,
        city: p.city,
        address: p.address,
        areaSqm: p.areaSqm,
        packageText: p.packageText,
        contract: yuan(p.contractCents),
        status: PROJECT_STATUS_LABELS[p.status],
        startDate: p.startDate,
        plannedFinishDate: p.plannedFinishDate,
      })),
    },
    {
      key: "projectStages",
      title: "装修阶段与分期",
      columns: [
        { key: "projectId", header: "项目编号" },
        { key: "stage", header: "阶段" },
        { key: "status", header: "状态" },
        { key: "instalment", header: "分期金额（元）" },
        { key: "instalmentStatus", header: "分期状态" },
        { key: "acceptedAt", header: "验收时间" },
      ],
      rows: stages.map((s) => {
        const due = instalments.find((i) => i.stageId === s.id);
        return {
          projectId: s.projectId,
          stage: s.name,
          status: PROJECT_STAGE_STATUS_LABELS[s.status],
          instalment: due ? yuan(due.amountCents) : null,
          instalmentStatus: due ? INSTALMENT_STATUS_LABELS[due.status] : null,
          acceptedAt: iso(s.acceptedAt),
        };
      }),
    },
    {
      key: "projectRecords",
      title: "我的验收与异议",
      columns: [
        { key: "stage", header: "阶段" },
        { key: "kind", header: "类型" },
        { key: "text", header: "内容" },
        { key: "createdAt", header: "时间" },
      ],
      rows: written.map((r) => ({
        stage: stageName.get(r.stageId) ?? "",
        kind: r.kind,
        text: r.text,
        createdAt: iso(r.createdAt),
      })),
    },
  ];
}

export async function projectsClosingRefusals(reader: Reader, who: OwnerOf): Promise<string[]> {
  const running = await reader
    .select({ id: projects.id })
    .from(projects)
    .where(and(ownedBy(who), eq(projects.status, "in_progress")))
    .limit(1);
  return running.length ? [PrivacyMessages.runningProject] : [];
}

export async function projectIdsOf(reader: Reader, who: OwnerOf): Promise<number[]> {
  const rows = await reader.select({ id: projects.id }).from(projects).where(ownedBy(who));
  return rows.map((r) => r.id);
}

/** Replaces the owner in their finished projects; the contract's amounts, dates and stages stay. */
export async function forgetOwner(tx: Db, who: OwnerOf, now: Date): Promise<number[]> {
  const kept = await tx
    .update(projects)
    .set({ ownerPhone: "", ownerName: "已注销用户", address: "", customerId: null, updatedAt: now })
    .where(ownedBy(who))
    .returning({ id: projects.id });
  const ids = kept.map((p) => p.id);
  if (ids.length) {
    const stageIds = tx
      .select({ id: projectStages.id })
      .from(projectStages)
      .where(inArray(projectStages.projectId, ids));
    await tx
      .update(projectStageRecords)
      .set({ text: "", photoKeys: [], customerId: null })
      .where(and(inArray(projectStageRecords.stageId, stageIds), isNotNull(projectStageRecords.customerId)));
  }
  return ids;
}
