// The demo's renovation projects (issue #24 item 7): three owners at different points of the work,
// one of them late, so 我的装修 and the back office's projects are alive on a fresh `npm start`. An
// owner logs in on the storefront with the phone below (the console SMS provider shows the code).
// Dates count from the day the demo is loaded, so one project is always late and the others on time;
// everything else is fixed. Each project has its team (designer, project manager, inspector), demo
// staff members with names and work phones, so 我的装修 shows whom to call (docs/decisions/0079).
// They cannot log in: they have no password; 管理员 may 重置密码 one of them to try the back office as a
// 项目经理.
import {
  DEFAULT_INSTALMENT_PLAN,
  DEFAULT_PROJECT_STAGES,
  type InstalmentStatus,
  type ProjectStageStatus,
  type StaffRole,
} from "@yj/contract";
import { chinaDayStart } from "../../lib/china-time.js";
import type {
  projectChangeOrders,
  projectInstalments,
  projectStageRecords,
  projectStages,
  projects,
  projectVersions,
} from "../schema.js";
import { DAY_MS, type MediaRegistry } from "./demo-util.js";

/** The demo owners' phones: log in with one of them to see 我的装修. */
export const DEMO_OWNER_PHONES = ["13900000001", "13900000002", "13900000003"] as const;

/**
 * The demo's staff: the projects' teams (docs/decisions/0079). Written by username, never over a
 * member already there; left in place by a reset (projects point at them), and not counted as the
 * shop's own staff when a reset or the first-administrator hint looks for them.
 */
export const DEMO_STAFF = [
  { username: "demo_designer_chen", displayName: "陈思远（设计师）", role: "sales", phone: "13900001101" },
  { username: "demo_pm_zhou", displayName: "周建国", role: "manager", phone: "13900001102" },
  { username: "demo_pm_sun", displayName: "孙立明", role: "manager", phone: "13900001103" },
  { username: "demo_inspector_wu", displayName: "吴海涛（监理）", role: "manager", phone: "0571-88001104" },
] as const satisfies readonly { username: string; displayName: string; role: StaffRole; phone: string }[];
export type DemoStaffUsername = (typeof DEMO_STAFF)[number]["username"];
export const DEMO_STAFF_USERNAMES: readonly string[] = DEMO_STAFF.map((s) => s.username);

/** A project's team by the demo staff's usernames; ids are known only once the staff are written. */
export interface DemoTeam {
  projectId: number;
  designer: DemoStaffUsername;
  manager: DemoStaffUsername;
  inspector: DemoStaffUsername;
}

export interface DemoProjects {
  teams: DemoTeam[];
  projects: (typeof projects.$inferInsert)[];
  stages: (typeof projectStages.$inferInsert)[];
  records: (typeof projectStageRecords.$inferInsert)[];
  instalments: (typeof projectInstalments.$inferInsert)[];
  changeOrders: (typeof projectChangeOrders.$inferInsert)[];
  versions: (typeof projectVersions.$inferInsert)[];
}

interface Plan {
  ownerName: string;
  city: string;
  address: string;
  areaSqm: number;
  layout: string;
  packageText: string;
  contractCents: number;
  /** Days from the load day: negative is in the past. */
  start: number;
  finish: number;
  compensationCents: number;
  /** How many stages the owner has accepted. */
  accepted: number;
  /** The next stage's state: checked and waiting for the owner, or still being worked on. */
  next: "awaiting_acceptance" | "pending";
  note: string;
  photo: { title: string; color: string };
  manager: DemoStaffUsername;
}

const PLANS: Plan[] = [
  {
    ownerName: "王女士",
    city: "杭州市",
    address: "西湖区文三路 88 号 3 幢 501",
    areaSqm: 98,
    layout: "3室2厅1卫",
    packageText: "全包 799 套餐",
    contractCents: 16_800_000,
    start: -18,
    finish: 72,
    compensationCents: 10_000,
    accepted: 1,
    next: "pending",
    note: "水电开槽完成，正在布管",
    photo: { title: "水电改造 · 开槽布管", color: "#2f6f9f" },
    manager: "demo_pm_zhou",
  },
  {
    ownerName: "李先生",
    city: "上海市",
    address: "浦东新区锦绣路 1200 弄 6 号 1102",
    areaSqm: 126,
    layout: "4室2厅2卫",
    packageText: "整装 1299 套餐",
    contractCents: 32_500_000,
    start: -64,
    finish: 40,
    compensationCents: 20_000,
    accepted: 4,
    next: "awaiting_acceptance",
    note: "吊顶与柜体完成，监理已检查",
    photo: { title: "木作 · 吊顶与柜体", color: "#8a5a2b" },
    manager: "demo_pm_zhou",
  },
  {
    ownerName: "张先生",
    city: "南京市",
    address: "建邺区江东中路 369 号 2 幢 803",
    areaSqm: 89,
    layout: "2室2厅1卫",
    packageText: "半包报价单 NJ-0716",
    contractCents: 12_900_000,
    start: -110,
    finish: -12,
    compensationCents: 15_000,
    accepted: 6,
    next: "pending",
    note: "灯具到货，开始安装",
    photo: { title: "安装 · 灯具开关", color: "#3d7a4f" },
    manager: "demo_pm_sun",
  },
];

/** The calendar day `days` after `today` (counted on UTC midnights, so no timezone shifts the date). */
const dayFrom = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const instantOf = (today: string, days: number) =>
  new Date(chinaDayStart(today).getTime() + days * DAY_MS + 10 * 3_600_000);

/** The three projects and their rows, with explicit ids (1, 2, … per table) in the order written. */
export function buildDemoProjects(registry: MediaRegistry, today: string): DemoProjects {
  const out: DemoProjects = {
    teams: [],
    projects: [],
    stages: [],
    records: [],
    instalments: [],
    changeOrders: [],
    versions: [],
  };
  for (const [index, plan] of PLANS.entries()) {
    const projectId = index + 1;
    const created = instantOf(today, plan.start - 7);
    const span = plan.finish - plan.start;
    out.teams.push({
      projectId,
      designer: "demo_designer_chen",
      manager: plan.manager,
      inspector: "demo_inspector_wu",
    });
    out.projects.push({
      id: projectId,
      ownerPhone: DEMO_OWNER_PHONES[index] ?? "",
      ownerName: plan.ownerName,
      city: plan.city,
      address: plan.address,
      areaSqm: plan.areaSqm,
      layout: plan.layout,
      packageText: plan.packageText,
      contractCents: plan.contractCents,
      startDate: dayFrom(today, plan.start),
      plannedFinishDate: dayFrom(today, plan.finish),
      delayCompensationCentsPerDay: plan.compensationCents,
      createdAt: created,
      updatedAt: instantOf(today, -1),
    });
    const stageIds = new Map<string, number>();
    for (const [position, stage] of DEFAULT_PROJECT_STAGES.entries()) {
      const id = out.stages.length + 1;
      stageIds.set(stage.name, id);
      const startDay = plan.start + Math.floor((span * position) / DEFAULT_PROJECT_STAGES.length);
      const finishDay = plan.start + Math.floor((span * (position + 1)) / DEFAULT_PROJECT_STAGES.length) - 1;
      const accepted = position < plan.accepted;
      const next = position === plan.accepted;
      const status: ProjectStageStatus = accepted ? "accepted" : next ? plan.next : "pending";
      const checked = accepted || (next && plan.next === "awaiting_acceptance");
      out.stages.push({
        id,
        projectId,
        position: position + 1,
        name: stage.name,
        plannedStartDate: dayFrom(today, startDay),
        plannedFinishDate: dayFrom(today, Math.max(startDay, finishDay)),
        status,
        checklist: stage.checklist.map((item) => ({ item, done: checked })),
        inspectedAt: checked ? instantOf(today, finishDay) : null,
        inspectionPassed: checked ? true : null,
        acceptanceRequestedAt: checked ? instantOf(today, finishDay) : null,
        acceptedAt: accepted ? instantOf(today, finishDay + 1) : null,
      });
      if (checked) {
        out.records.push({
          id: out.records.length + 1,
          stageId: id,
          kind: "inspection",
          text: "监理检查通过：合格",
          createdAt: instantOf(today, finishDay),
        });
      }
      if (accepted) {
        out.records.push({
          id: out.records.length + 1,
          stageId: id,
          kind: "acceptance",
          text: "业主已验收",
          createdAt: instantOf(today, finishDay + 1),
        });
      }
      if (next) {
        const key = `project-${projectId}-site.svg`;
        registry.add(key, { ...plan.photo, width: 1200, height: 800, kind: "article" });
        out.records.push({
          id: out.records.length + 1,
          stageId: id,
          kind: "progress",
          text: plan.note,
          photoKeys: [key],
          createdAt: instantOf(today, -2),
        });
      }
    }
    const version: { stageId: number; percent: number; amountCents: number; status: InstalmentStatus }[] = [];
    const acceptedStage = (name: string) => DEFAULT_PROJECT_STAGES.findIndex((s) => s.name === name) < plan.accepted;
    const released = DEFAULT_INSTALMENT_PLAN.filter((p) => acceptedStage(p.stage)).length;
    for (const [position, part] of DEFAULT_INSTALMENT_PLAN.entries()) {
      const stageId = stageIds.get(part.stage) ?? 0;
      const accepted = acceptedStage(part.stage);
      // Released instalments are paid, but 李先生's latest one still waits for him to pay it.
      const waitsForOwner = index === 1 && position + 1 === released;
      const status: InstalmentStatus = !accepted ? "locked" : waitsForOwner ? "payable" : "paid";
      // The demo contracts are whole hundreds of yuan, so every percent share is exact cents.
      const amountCents = (plan.contractCents / 100) * part.percent;
      out.instalments.push({
        id: out.instalments.length + 1,
        projectId,
        stageId,
        position: position + 1,
        percent: part.percent,
        amountCents,
        status,
        payableAt: accepted ? instantOf(today, plan.start) : null,
        paidAt: status === "paid" ? instantOf(today, plan.start + 1) : null,
      });
      version.push({ stageId, percent: part.percent, amountCents, status: "locked" });
    }
    out.versions.push({
      id: out.versions.length + 1,
      projectId,
      version: 1,
      contractCents: plan.contractCents,
      instalments: version,
      createdAt: created,
    });
    if (index === 1) {
      out.changeOrders.push({
        id: 1,
        projectId,
        kind: "add",
        items: [
          { name: "阳台定制储物柜", amountCents: 280_000 },
          { name: "次卧加装移门", amountCents: 40_000 },
        ],
        amountCents: 320_000,
        reason: "业主现场确认增加阳台储物空间",
        createdAt: instantOf(today, -3),
      });
    }
  }
  return out;
}
