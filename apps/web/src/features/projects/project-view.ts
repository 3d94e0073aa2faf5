// What the owner's 我的装修 screens read off a project (docs/decisions/0069, 0073): where the work
// stands against the plan and what that costs the company, what waits for the owner, and the
// contract's money. Pure, so the screens and their tests share one reading.
import type { ProjectDetail } from "@yj/contract";
import { formatPrice } from "../../lib/format";

type Stage = ProjectDetail["stages"][number];
type Instalment = ProjectDetail["instalments"][number];
type ChangeOrder = ProjectDetail["changeOrders"][number];

const DAY_MS = 86_400_000;

/** A calendar day in China time (YYYY-MM-DD), as plan dates are written. */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export interface PlanState {
  /** "late": behind the planned finish; "ahead": finished before it; "on_plan": otherwise. */
  kind: "late" | "ahead" | "on_plan";
  /** One sentence for the owner. */
  text: string;
  /** The delay compensation the days late imply, in cents (0 unless late). */
  compensationCents: number;
}

/**
 * The days ahead of or behind plan. Lateness and its compensation are the server's (daysLate ×
 * the contract's rate, on the company's clock); a finished project is compared by the day its last
 * stage was accepted; one under way says how long is left until the planned finish.
 */
export function planState(project: ProjectDetail, now: Date): PlanState {
  if (project.daysLate > 0) {
    const rate = project.delayCompensationCentsPerDay;
    return {
      kind: "late",
      text:
        rate > 0
          ? `比计划竣工日期延期 ${project.daysLate} 天，按合同每天赔付 ${formatPrice(rate)}，应赔付 ${formatPrice(project.delayCompensationCents)}`
          : `比计划竣工日期延期 ${project.daysLate} 天`,
      compensationCents: project.delayCompensationCents,
    };
  }
  if (project.status === "completed") {
    const finished = project.stages.reduce<string | null>(
      (last, s) => (s.acceptedAt && (!last || s.acceptedAt > last) ? s.acceptedAt : last),
      null,
    );
    const early = finished ? daysBetween(chinaDay(new Date(finished)), project.plannedFinishDate) : 0;
    return early > 0
      ? { kind: "ahead", text: `已竣工，比计划提前 ${early} 天`, compensationCents: 0 }
      : { kind: "on_plan", text: "已按计划竣工", compensationCents: 0 };
  }
  const left = daysBetween(chinaDay(now), project.plannedFinishDate);
  return {
    kind: "on_plan",
    text: left > 0 ? `按计划施工中，距计划竣工还有 ${left} 天` : "按计划施工中，今天是计划竣工日",
    compensationCents: 0,
  };
}

export interface ContractMoney {
  /** The contract as first signed (version 1), and as it stands. */
  originalCents: number;
  currentCents: number;
  paidCents: number;
  /** Payable now (its stage accepted) and not paid. */
  dueNowCents: number;
  /** Not yet payable: waits for its stage's acceptance. */
  laterCents: number;
  approvedChanges: ChangeOrder[];
}

export function contractMoney(project: ProjectDetail): ContractMoney {
  const sum = (list: Instalment[]) => list.reduce((n, i) => n + i.amountCents, 0);
  const first = [...project.versions].sort((a, b) => a.version - b.version)[0];
  return {
    originalCents: first?.contractCents ?? project.contractCents,
    currentCents: project.contractCents,
    paidCents: sum(project.instalments.filter((i) => i.status === "paid")),
    dueNowCents: sum(project.instalments.filter((i) => i.status === "payable")),
    laterCents: sum(project.instalments.filter((i) => i.status === "locked")),
    approvedChanges: project.changeOrders.filter((c) => c.status === "approved"),
  };
}

/** What waits for the owner: stages to accept, change orders to decide, instalments to pay. */
export interface OwnerTasks {
  stages: Stage[];
  changes: ChangeOrder[];
  instalments: Instalment[];
  count: number;
}

export function ownerTasks(project: ProjectDetail): OwnerTasks {
  if (project.status === "cancelled") return { stages: [], changes: [], instalments: [], count: 0 };
  const stages = project.stages.filter((s) => s.status === "awaiting_acceptance");
  const changes = project.changeOrders.filter((c) => c.status === "proposed");
  const instalments = project.instalments.filter((i) => i.status === "payable");
  return { stages, changes, instalments, count: stages.length + changes.length + instalments.length };
}

/** The earlier stage still to accept before this one can be (stages are accepted in order), or null. */
export function waitsFor(project: ProjectDetail, stage: Stage): Stage | null {
  return project.stages.find((s) => s.position < stage.position && s.status !== "accepted") ?? null;
}

/** A stage photo's address: the picture pipeline's /media/… URL, or a bare key under /media/. */
export function photoSrc(key: string): string {
  return key.startsWith("/") || /^https?:\/\//.test(key) ? key : `/media/${key}`;
}

/** A change order's amount with its sign: 增项 adds, 减项 takes off. */
export function signedChange(change: ChangeOrder): string {
  return `${change.kind === "add" ? "+" : "-"}${formatPrice(change.amountCents)}`;
}

/** The owner's pay step of one instalment. */
export const instalmentPayPath = (projectId: number, instalmentId: number) =>
  `/my-project/${projectId}/pay/${instalmentId}`;

/** A time as the owner reads it: China time, to the minute. */
export function formatDateTime(iso: string): string {
  return new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
}
