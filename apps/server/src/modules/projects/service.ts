// Renovation projects' rules (issue #24, docs/decisions/0069): a project from a signed lead, stages
// accepted in order by the owner, instalments payable only once their stage is accepted, change
// orders that change the contract only when the owner approves them (every version kept). Every
// staff write is audited in its transaction; every owner act is confirmed by a code for the owner's
// phone, used in the act's own transaction.

import type {
  ChangeOrderBody,
  OwnerAcceptBody,
  OwnerChangeDecisionBody,
  OwnerObjectBody,
  ProjectCreateBody,
  StageEditBody,
  StageInspectBody,
  StageRecordBody,
} from "@yj/contract";
import {
  CHANGE_ORDER_KIND_LABELS,
  DEFAULT_INSTALMENT_PLAN,
  DEFAULT_PROJECT_STAGES,
  maskPhone,
  ProjectMessages,
  type StaffRole,
  type VersionInstalment,
} from "@yj/contract";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import {
  projectChangeOrders,
  projectInstalments,
  projectStageRecords,
  projectStages,
  projects,
  projectVersions,
} from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import type { OwnerCodes } from "../accounts/accounts-module.js";
import { type Actor, entityTrail, recordAudit } from "../audit/audit.js";
import { leadForProject } from "../leads/index.js";
import { storedUploads } from "../media/index.js";
import { activeStaff, allActiveStaff, forbidden } from "../staff/index.js";
import { recomputeInstalments, splitCents } from "./instalment-split.js";
import {
  inScope,
  lockProject,
  ownerProjects,
  type ProjectFilter,
  type ProjectRow,
  type ProjectScope,
  projectDetail,
  projectFigures,
  projectPage,
  projectRow,
  stageRow,
} from "./project-store.js";
import { planStages } from "./stage-plan.js";

const business = (message: string) => new AppError("business", message);
const notFound = (message: string) => new AppError("not_found", message);

/** The staff member asking, as the projects module needs them. */
export interface ProjectStaff {
  id: number;
  role: StaffRole;
  actor: Actor;
}

/** The logged-in customer asking. */
export interface ProjectOwner {
  id: number;
  mobile: string;
  ip: string;
}

export interface ProjectsDeps {
  db: Db;
  now: Clock;
  codes: OwnerCodes;
  log: FastifyBaseLogger;
  /**
   * The payment core's port (docs/decisions/0079): closes the open trades of instalments whose amount
   * an approved change order changed, after the change committed.
   */
  closeInstalmentTrades?: (instalmentIds: readonly number[]) => Promise<unknown>;
}

const scopeOf = (member: Pick<ProjectStaff, "id" | "role">): ProjectScope =>
  member.role === "manager" ? { all: false, staffId: member.id } : { all: true };

export class ProjectsService {
  constructor(private readonly deps: ProjectsDeps) {}

  // ── Back office ──────────────────────────────────────────────────────────────────────────────

  list(member: ProjectStaff, filter: ProjectFilter) {
    return projectPage(this.deps.db, filter, scopeOf(member), this.deps.now());
  }

  async detail(member: ProjectStaff, id: number) {
    const row = await projectRow(this.deps.db, id);
    if (!row) throw notFound(ProjectMessages.notFound);
    if (!inScope(row, scopeOf(member))) throw forbidden(ProjectMessages.notYourProject);
    return projectDetail(this.deps.db, row, this.deps.now(), true);
  }

  /** Whom a project's team is chosen from (and the list filtered by). */
  team() {
    return allActiveStaff(this.deps.db);
  }

  /** The dashboard's figures, over the projects the member may see. */
  figures(member: Pick<ProjectStaff, "id" | "role">) {
    return projectFigures(this.deps.db, scopeOf(member), this.deps.now());
  }

  /** The owner's full number, for one click; the click is on record (as a lead's is). */
  async revealPhone(member: ProjectStaff, id: number) {
    const row = await projectRow(this.deps.db, id);
    if (!row) throw notFound(ProjectMessages.notFound);
    if (!inScope(row, scopeOf(member))) throw forbidden(ProjectMessages.notYourProject);
    await this.deps.db.transaction((tx) =>
      recordAudit(
        tx,
        member.actor,
        { action: "project.revealPhone", entity: "project", entityId: id },
        this.deps.now(),
      ),
    );
    return { phone: row.ownerPhone };
  }

  /** The project's audit trail, newest first, for whoever may see the project. */
  async trail(member: ProjectStaff, id: number) {
    const row = await projectRow(this.deps.db, id);
    if (!row) throw notFound(ProjectMessages.notFound);
    if (!inScope(row, scopeOf(member))) throw forbidden(ProjectMessages.notYourProject);
    return entityTrail(this.deps.db, "project", String(id));
  }

  /**
   * The manager (or 管理员) renames, adds, removes and reorders stages (stage-plan.ts decides what
   * may change); the stages and the instalments' order are rewritten in one transaction.
   */
  async editStages(member: ProjectStaff, body: z.output<typeof StageEditBody>) {
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const project = await lockProject(tx, body.projectId);
      if (!project) throw notFound(ProjectMessages.notFound);
      this.mayWork(member, project, "manager");
      if (project.status !== "in_progress") throw business(ProjectMessages.projectClosed);
      const stages = await tx
        .select()
        .from(projectStages)
        .where(eq(projectStages.projectId, project.id))
        .orderBy(asc(projectStages.position));
      const stageIds = stages.map((s) => s.id);
      const recorded = new Set(
        (
          await tx
            .selectDistinct({ stageId: projectStageRecords.stageId })
            .from(projectStageRecords)
            .where(inArray(projectStageRecords.stageId, stageIds))
        ).map((r) => r.stageId),
      );
      const instalments = await tx
        .select({ id: projectInstalments.id, stageId: projectInstalments.stageId })
        .from(projectInstalments)
        .where(eq(projectInstalments.projectId, project.id));
      const plan = planStages(
        stages.map((s) => ({
          id: s.id,
          name: s.name,
          plannedStartDate: s.plannedStartDate,
          plannedFinishDate: s.plannedFinishDate,
          checklist: s.checklist,
          accepted: s.status === "accepted",
          started: s.status !== "pending" || s.inspectedAt !== null || recorded.has(s.id),
          hasInstalment: instalments.some((i) => i.stageId === s.id),
        })),
        body.stages,
      );
      if (!plan.ok) throw business(plan.message);
      if (plan.removed.length > 0) await tx.delete(projectStages).where(inArray(projectStages.id, plan.removed));
      // (project, position) is unique: park every kept stage on a negative position first.
      await tx
        .update(projectStages)
        .set({ position: sql`-${projectStages.position}` })
        .where(eq(projectStages.projectId, project.id));
      const finalIds = new Map<number, number>();
      for (const stage of plan.stages) {
        const values = {
          position: stage.position,
          name: stage.name,
          plannedStartDate: stage.plannedStartDate,
          plannedFinishDate: stage.plannedFinishDate,
          checklist: stage.checklist,
        };
        if (stage.id === null) {
          const [added] = await tx
            .insert(projectStages)
            .values({ projectId: project.id, ...values })
            .returning({ id: projectStages.id });
          if (added) finalIds.set(stage.position, added.id);
        } else {
          await tx.update(projectStages).set(values).where(eq(projectStages.id, stage.id));
          finalIds.set(stage.position, stage.id);
        }
      }
      // The instalments follow their stages' new order.
      const order = [...finalIds.entries()].sort(([a], [b]) => a - b).map(([, id]) => id);
      const ordered = [...instalments].sort((a, b) => order.indexOf(a.stageId) - order.indexOf(b.stageId));
      await tx
        .update(projectInstalments)
        .set({ position: sql`-${projectInstalments.position}` })
        .where(eq(projectInstalments.projectId, project.id));
      for (const [index, instalment] of ordered.entries()) {
        await tx
          .update(projectInstalments)
          .set({ position: index + 1 })
          .where(eq(projectInstalments.id, instalment.id));
      }
      await tx.update(projects).set({ updatedAt: now }).where(eq(projects.id, project.id));
      await recordAudit(
        tx,
        member.actor,
        {
          action: "project.stages",
          entity: "project",
          entityId: project.id,
          before: { stages: stages.map((s) => s.name) },
          after: { stages: plan.stages.map((s) => s.name) },
        },
        now,
      );
    });
    return this.detail(member, body.projectId);
  }

  /** 销售/客服 or 管理员 turn a signed lead into a project with the default stages and instalments. */
  async create(member: ProjectStaff, body: z.output<typeof ProjectCreateBody>) {
    const now = this.deps.now();
    const id = await this.deps.db.transaction(async (tx) => {
      const lead = await leadForProject(tx, body.leadId);
      if (lead?.state !== "signed") throw business(ProjectMessages.leadNotSigned);
      const [taken] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.leadId, lead.id)).limit(1);
      if (taken) throw business(ProjectMessages.leadHasProject);
      const team = [body.managerId, body.designerId, body.inspectorId].filter((x): x is number => x !== null);
      const found = await activeStaff(tx, team);
      if (team.some((staffId) => !found.some((s) => s.id === staffId))) throw business(ProjectMessages.staffInvalid);
      const [project] = await tx
        .insert(projects)
        .values({
          leadId: lead.id,
          ownerPhone: lead.phone,
          ownerName: body.ownerName || lead.name,
          city: body.city,
          address: body.address,
          areaSqm: body.areaSqm,
          layout: body.layout,
          packageText: body.packageText,
          contractCents: body.contractCents,
          startDate: body.startDate,
          plannedFinishDate: body.plannedFinishDate,
          delayCompensationCentsPerDay: body.delayCompensationCentsPerDay,
          designerId: body.designerId,
          managerId: body.managerId,
          inspectorId: body.inspectorId,
          createdBy: member.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: projects.id });
      if (!project) throw new Error("project insert returned no row");
      const stages = await tx
        .insert(projectStages)
        .values(
          DEFAULT_PROJECT_STAGES.map((stage, index) => ({
            projectId: project.id,
            position: index + 1,
            name: stage.name,
            checklist: stage.checklist.map((item) => ({ item, done: false })),
          })),
        )
        .returning({ id: projectStages.id, name: projectStages.name });
      const amounts = splitCents(
        body.contractCents,
        DEFAULT_INSTALMENT_PLAN.map((p) => p.percent),
      );
      const instalments = DEFAULT_INSTALMENT_PLAN.map((plan, index) => {
        const stage = stages.find((s) => s.name === plan.stage);
        if (!stage) throw new Error(`instalment plan names an unknown stage ${plan.stage}`);
        return {
          projectId: project.id,
          stageId: stage.id,
          position: index + 1,
          percent: plan.percent,
          amountCents: amounts[index] ?? 0,
          status: "locked" as const,
        };
      });
      await tx.insert(projectInstalments).values(instalments);
      await tx.insert(projectVersions).values({
        projectId: project.id,
        version: 1,
        contractCents: body.contractCents,
        instalments: instalments.map(({ stageId, percent, amountCents, status }) => ({
          stageId,
          percent,
          amountCents,
          status,
        })),
        createdAt: now,
      });
      await recordAudit(
        tx,
        member.actor,
        {
          action: "project.create",
          entity: "project",
          entityId: project.id,
          after: { ...body, ownerPhone: maskPhone(lead.phone) },
        },
        now,
      );
      return project.id;
    });
    return this.detail(member, id);
  }

  /** The project's manager (or 管理员) adds photos and notes to a stage. */
  async record(member: ProjectStaff, body: z.output<typeof StageRecordBody>) {
    const projectId = await this.staffWrite(member, body.stageId, "manager", async (tx, project, stage, now) => {
      await this.requireStaffPhotos(tx, body.photoKeys);
      await tx.insert(projectStageRecords).values({
        stageId: stage.id,
        kind: "progress",
        text: body.text,
        photoKeys: body.photoKeys,
        staffId: member.id,
        createdAt: now,
      });
      await recordAudit(
        tx,
        member.actor,
        {
          action: "project.stage.record",
          entity: "project",
          entityId: project.id,
          after: { stage: stage.name, ...body },
        },
        now,
      );
    });
    return this.detail(member, projectId);
  }

  /** The project's inspector (or 管理员) checks a stage before the owner is asked to accept it. */
  async inspect(member: ProjectStaff, body: z.output<typeof StageInspectBody>) {
    const projectId = await this.staffWrite(member, body.stageId, "inspector", async (tx, project, stage, now) => {
      if (stage.status === "accepted") throw business(ProjectMessages.alreadyAccepted);
      const checklist = stage.checklist.map((c) => ({ item: c.item, done: c.done || body.done.includes(c.item) }));
      await tx
        .update(projectStages)
        .set({ inspectedBy: member.id, inspectedAt: now, inspectionPassed: body.passed, checklist })
        .where(eq(projectStages.id, stage.id));
      await tx.insert(projectStageRecords).values({
        stageId: stage.id,
        kind: "inspection",
        text: `${body.passed ? "监理检查通过" : "监理检查未通过"}${body.note ? `：${body.note}` : ""}`,
        staffId: member.id,
        createdAt: now,
      });
      await recordAudit(
        tx,
        member.actor,
        {
          action: "project.stage.inspect",
          entity: "project",
          entityId: project.id,
          before: { stage: stage.name, inspectionPassed: stage.inspectionPassed, checklist: stage.checklist },
          after: { stage: stage.name, inspectionPassed: body.passed, checklist, note: body.note },
        },
        now,
      );
    });
    return this.detail(member, projectId);
  }

  /** The manager asks the owner to accept an inspected stage; the owner is told by SMS. */
  async requestAcceptance(member: ProjectStaff, stageId: number) {
    let notice: { phone: string; text: string } | null = null;
    const projectId = await this.staffWrite(member, stageId, "manager", async (tx, project, stage, now) => {
      if (stage.status === "accepted") throw business(ProjectMessages.alreadyAccepted);
      if (stage.inspectionPassed !== true) throw business(ProjectMessages.notInspected);
      await tx
        .update(projectStages)
        .set({ status: "awaiting_acceptance", acceptanceRequestedAt: now })
        .where(eq(projectStages.id, stage.id));
      await recordAudit(
        tx,
        member.actor,
        {
          action: "project.stage.request_acceptance",
          entity: "project",
          entityId: project.id,
          before: { stage: stage.name, status: stage.status },
          after: { stage: stage.name, status: "awaiting_acceptance" },
        },
        now,
      );
      notice = {
        phone: project.ownerPhone,
        text: `您的装修项目「${stage.name}」阶段已完工，请登录“我的装修”查看照片并验收。`,
      };
    });
    await this.notify(notice);
    return this.detail(member, projectId);
  }

  /** The manager proposes a 增项 or 减项; the owner is told by SMS and decides online. */
  async proposeChange(member: ProjectStaff, body: z.output<typeof ChangeOrderBody>) {
    const now = this.deps.now();
    const amountCents = body.items.reduce((a, i) => a + i.amountCents, 0);
    const notice = await this.deps.db.transaction(async (tx) => {
      const project = await lockProject(tx, body.projectId);
      if (!project) throw notFound(ProjectMessages.notFound);
      this.mayWork(member, project, "manager");
      if (project.status !== "in_progress") throw business(ProjectMessages.projectClosed);
      await this.requireStaffPhotos(tx, body.photoKeys);
      const [change] = await tx
        .insert(projectChangeOrders)
        .values({
          projectId: project.id,
          kind: body.kind,
          items: body.items,
          amountCents,
          reason: body.reason,
          photoKeys: body.photoKeys,
          proposedBy: member.id,
          createdAt: now,
        })
        .returning({ id: projectChangeOrders.id });
      await recordAudit(
        tx,
        member.actor,
        {
          action: "project.change.propose",
          entity: "project",
          entityId: project.id,
          after: { changeOrderId: change?.id, ...body, amountCents },
        },
        now,
      );
      return {
        phone: project.ownerPhone,
        text: `您的装修项目有一项${CHANGE_ORDER_KIND_LABELS[body.kind]}待确认，请登录“我的装修”查看并确认。`,
      };
    });
    await this.notify(notice);
    return this.detail(member, body.projectId);
  }

  // ── The owner ────────────────────────────────────────────────────────────────────────────────

  /** The customer's projects; a project under their phone is linked to their account on the way. */
  async ownerList(owner: ProjectOwner) {
    await this.linkOwner(owner);
    return ownerProjects(this.deps.db, owner.id, this.deps.now());
  }

  async ownerDetail(owner: ProjectOwner, id: number) {
    await this.linkOwner(owner);
    const row = await this.ownedProject(owner, id);
    return projectDetail(this.deps.db, row, this.deps.now(), false);
  }

  /** Sends a confirmation code to the owner's phone, under the login's limits. */
  async sendCode(owner: ProjectOwner, projectId: number) {
    const row = await this.ownedProject(owner, projectId);
    await this.deps.codes.send(row.ownerPhone, owner.ip);
  }

  /** The owner accepts a stage waiting for it, once every stage before it is accepted; its instalments become payable. */
  async accept(owner: ProjectOwner, body: z.output<typeof OwnerAcceptBody>) {
    const { project } = await this.ownedStage(owner, body.stageId);
    await this.deps.codes.confirm(project.ownerPhone, body.code, owner.ip, async (tx) => {
      const now = this.deps.now();
      await lockProject(tx, project.id);
      const stage = await stageRow(tx, body.stageId);
      if (!stage) throw notFound(ProjectMessages.stageNotFound);
      if (stage.status === "accepted") throw business(ProjectMessages.alreadyAccepted);
      if (stage.status !== "awaiting_acceptance") throw business(ProjectMessages.notAwaiting);
      const open = await tx
        .select({ id: projectStages.id })
        .from(projectStages)
        .where(
          and(
            eq(projectStages.projectId, project.id),
            lt(projectStages.position, stage.position),
            // Any stage before it not yet accepted keeps it waiting.
            isNull(projectStages.acceptedAt),
          ),
        )
        .limit(1);
      if (open.length > 0) throw business(ProjectMessages.predecessorsOpen);
      await tx.update(projectStages).set({ status: "accepted", acceptedAt: now }).where(eq(projectStages.id, stage.id));
      await tx
        .update(projectInstalments)
        .set({ status: "payable", payableAt: now })
        .where(and(eq(projectInstalments.stageId, stage.id), eq(projectInstalments.status, "locked")));
      await tx.insert(projectStageRecords).values({
        stageId: stage.id,
        kind: "acceptance",
        text: "业主已验收",
        customerId: owner.id,
        createdAt: now,
      });
      const remaining = await tx
        .select({ id: projectStages.id })
        .from(projectStages)
        .where(and(eq(projectStages.projectId, project.id), isNull(projectStages.acceptedAt)))
        .limit(1);
      if (remaining.length === 0) {
        await tx
          .update(projects)
          .set({ status: "completed", finishedAt: now, updatedAt: now })
          .where(eq(projects.id, project.id));
      }
      await recordAudit(
        tx,
        ownerActor(owner),
        {
          action: "project.stage.accept",
          entity: "project",
          entityId: project.id,
          before: { stage: stage.name, status: stage.status },
          after: { stage: stage.name, status: "accepted" },
        },
        now,
      );
    });
    return this.ownerDetail(owner, project.id);
  }

  /** The owner objects to a stage waiting for acceptance, with reasons and photos; it goes back to the inspector. */
  async object(owner: ProjectOwner, body: z.output<typeof OwnerObjectBody>) {
    const { project } = await this.ownedStage(owner, body.stageId);
    // Checked before the code is used, so a refused photo leaves the code usable.
    await this.requirePhotos(this.deps.db, body.photoKeys, "objection");
    await this.deps.codes.confirm(project.ownerPhone, body.code, owner.ip, async (tx) => {
      const now = this.deps.now();
      await lockProject(tx, project.id);
      const stage = await stageRow(tx, body.stageId);
      if (!stage) throw notFound(ProjectMessages.stageNotFound);
      if (stage.status !== "awaiting_acceptance") throw business(ProjectMessages.notAwaiting);
      await tx
        .update(projectStages)
        .set({ status: "objected", inspectionPassed: null })
        .where(eq(projectStages.id, stage.id));
      await tx.insert(projectStageRecords).values({
        stageId: stage.id,
        kind: "objection",
        text: body.reasons,
        photoKeys: body.photoKeys,
        customerId: owner.id,
        createdAt: now,
      });
      await recordAudit(
        tx,
        ownerActor(owner),
        {
          action: "project.stage.object",
          entity: "project",
          entityId: project.id,
          before: { stage: stage.name, status: stage.status },
          after: { stage: stage.name, status: "objected", reasons: body.reasons, photos: body.photoKeys.length },
        },
        now,
      );
    });
    return this.ownerDetail(owner, project.id);
  }

  /**
   * The owner approves or rejects a proposed change. Approval changes the contract, recomputes the
   * unpaid instalments (paid ones keep their amounts, docs/decisions/0069) and records a new version.
   */
  async decideChange(owner: ProjectOwner, body: z.output<typeof OwnerChangeDecisionBody>) {
    const [change] = await this.deps.db
      .select()
      .from(projectChangeOrders)
      .where(eq(projectChangeOrders.id, body.changeOrderId))
      .limit(1);
    if (!change) throw notFound(ProjectMessages.changeNotFound);
    const project = await this.ownedProject(owner, change.projectId);
    const changedInstalments: number[] = [];
    await this.deps.codes.confirm(project.ownerPhone, body.code, owner.ip, async (tx) => {
      changedInstalments.length = 0;
      const now = this.deps.now();
      const locked = await lockProject(tx, project.id);
      if (!locked) throw notFound(ProjectMessages.notFound);
      const [current] = await tx
        .select({ status: projectChangeOrders.status })
        .from(projectChangeOrders)
        .where(eq(projectChangeOrders.id, change.id));
      if (current?.status !== "proposed") throw business(ProjectMessages.changeDecided);
      if (!body.approve) {
        await tx
          .update(projectChangeOrders)
          .set({ status: "rejected", decidedAt: now })
          .where(eq(projectChangeOrders.id, change.id));
      } else {
        const before = locked.contractCents;
        const after = before + (change.kind === "add" ? change.amountCents : -change.amountCents);
        const instalments = await tx
          .select()
          .from(projectInstalments)
          .where(eq(projectInstalments.projectId, project.id))
          .orderBy(asc(projectInstalments.position));
        const amounts =
          after < 0
            ? null
            : recomputeInstalments(
                after,
                instalments.map((i) => ({ percent: i.percent, amountCents: i.amountCents, paid: i.status === "paid" })),
              );
        if (!amounts) throw business(ProjectMessages.removeTooLarge);
        const version: VersionInstalment[] = [];
        for (const [index, instalment] of instalments.entries()) {
          const amountCents = amounts[index] ?? instalment.amountCents;
          if (amountCents !== instalment.amountCents) {
            await tx.update(projectInstalments).set({ amountCents }).where(eq(projectInstalments.id, instalment.id));
            changedInstalments.push(instalment.id);
          }
          version.push({
            stageId: instalment.stageId,
            percent: instalment.percent,
            amountCents,
            status: instalment.status,
          });
        }
        const nextVersion = locked.contractVersion + 1;
        await tx
          .update(projects)
          .set({ contractCents: after, contractVersion: nextVersion, updatedAt: now })
          .where(eq(projects.id, project.id));
        await tx.insert(projectVersions).values({
          projectId: project.id,
          version: nextVersion,
          contractCents: after,
          instalments: version,
          changeOrderId: change.id,
          createdAt: now,
        });
        await tx
          .update(projectChangeOrders)
          .set({ status: "approved", decidedAt: now, contractBeforeCents: before, contractAfterCents: after })
          .where(eq(projectChangeOrders.id, change.id));
      }
      await recordAudit(
        tx,
        ownerActor(owner),
        {
          action: body.approve ? "project.change.approve" : "project.change.reject",
          entity: "project",
          entityId: project.id,
          before: { changeOrderId: change.id, status: "proposed", contractCents: locked.contractCents },
          after: { changeOrderId: change.id, status: body.approve ? "approved" : "rejected" },
        },
        now,
      );
    });
    // A pay step opened before the change shows the old amount: its trade ends at the provider now,
    // so the owner cannot pay it (docs/decisions/0079). A failure there is logged and left to the
    // reconciliation job; the approval has committed either way.
    if (changedInstalments.length > 0 && this.deps.closeInstalmentTrades) {
      try {
        await this.deps.closeInstalmentTrades(changedInstalments);
      } catch (error) {
        this.deps.log.warn({ err: error, projectId: project.id }, "closing the old instalment trades failed");
      }
    }
    return this.ownerDetail(owner, project.id);
  }

  // ── Helpers ──────────────────────────────────────────────────────────────────────────────────

  /**
   * A staff photo is a media key of a stored upload made for a project (purpose "project", through
   * /api/admin/media/upload), never an address typed by hand or another form's picture.
   */
  private requireStaffPhotos(tx: Db, keys: readonly string[]) {
    return this.requirePhotos(tx, keys, "project");
  }

  /**
   * Photos are media keys of stored uploads of their purpose: the staff's "project", the owner's
   * "objection" (/api/my-project/photo, docs/decisions/0079), never an address typed by hand.
   */
  private async requirePhotos(reader: Pick<Db, "select">, keys: readonly string[], purpose: "project" | "objection") {
    if (keys.length === 0) return;
    const urls = keys.map((key) => `/media/${key}`);
    const stored = await storedUploads(reader, urls, purpose);
    if (urls.some((url) => !stored.has(url))) throw business(ProjectMessages.photoNotFound);
  }

  /** Only 管理员 or the project's own manager (or inspector, for checks) work a project. */
  private mayWork(member: ProjectStaff, project: ProjectRow, as: "manager" | "inspector") {
    if (member.role === "admin") return;
    const assigned = as === "manager" ? project.managerId : project.inspectorId;
    if (assigned !== member.id)
      throw forbidden(as === "inspector" ? ProjectMessages.notInspector : ProjectMessages.notYourProject);
  }

  /** A staff write on one stage, in one transaction with the project locked; answers the project's id. */
  private async staffWrite(
    member: ProjectStaff,
    stageId: number,
    as: "manager" | "inspector",
    write: (
      tx: Db,
      project: ProjectRow,
      stage: NonNullable<Awaited<ReturnType<typeof stageRow>>>,
      now: Date,
    ) => Promise<void>,
  ): Promise<number> {
    const now = this.deps.now();
    return this.deps.db.transaction(async (tx) => {
      const found = await stageRow(tx, stageId);
      if (!found) throw notFound(ProjectMessages.stageNotFound);
      const project = await lockProject(tx, found.projectId);
      if (!project) throw notFound(ProjectMessages.notFound);
      this.mayWork(member, project, as);
      if (project.status !== "in_progress") throw business(ProjectMessages.projectClosed);
      // Read again under the project's lock: another write may have moved the stage meanwhile.
      const stage = await stageRow(tx, stageId);
      if (!stage) throw notFound(ProjectMessages.stageNotFound);
      await write(tx, project, stage, now);
      await tx.update(projects).set({ updatedAt: now }).where(eq(projects.id, project.id));
      return project.id;
    });
  }

  private async linkOwner(owner: ProjectOwner) {
    await this.deps.db
      .update(projects)
      .set({ customerId: owner.id })
      .where(and(eq(projects.ownerPhone, owner.mobile), isNull(projects.customerId)));
  }

  /** The customer's own project (by account, or by the phone they logged in with), else not found. */
  private async ownedProject(owner: ProjectOwner, id: number): Promise<ProjectRow> {
    const row = await projectRow(this.deps.db, id);
    const mine = row && (row.customerId === owner.id || (row.customerId === null && row.ownerPhone === owner.mobile));
    if (!row || !mine) throw notFound(ProjectMessages.notFound);
    return row;
  }

  private async ownedStage(owner: ProjectOwner, stageId: number) {
    const stage = await stageRow(this.deps.db, stageId);
    if (!stage) throw notFound(ProjectMessages.stageNotFound);
    const project = await this.ownedProject(owner, stage.projectId);
    return { project, stage };
  }

  /** Tells the owner by SMS after the write committed; a failed notice never undoes the write. */
  private async notify(notice: { phone: string; text: string } | null) {
    if (!notice) return;
    const { sms } = this.deps.codes;
    if (!sms.notify) {
      this.deps.log.warn(
        { phone: maskPhone(notice.phone) },
        "project notice not sent: the SMS provider has no notice template",
      );
      return;
    }
    try {
      // The gateway adds the shop's signature, as it does to codes.
      await sms.notify(notice.phone, notice.text);
    } catch (error) {
      this.deps.log.warn({ phone: maskPhone(notice.phone), err: error }, "project notice not sent");
    }
  }
}

/** An owner's act in the audit record: no staff id, the masked phone as the name. */
function ownerActor(owner: ProjectOwner): Actor {
  return { staffId: null, staffName: `业主 ${maskPhone(owner.mobile)}`, ip: owner.ip };
}
