// How the console shows a renovation project's states: the project's, a stage's, an instalment's and
// a change order's, each as a coloured tag (issue #24).
import {
  CHANGE_ORDER_STATUS_LABELS,
  type ChangeOrderStatus,
  INSTALMENT_STATUS_LABELS,
  type InstalmentStatus,
  PROJECT_STAGE_STATUS_LABELS,
  PROJECT_STATUS_LABELS,
  type ProjectStageStatus,
  type ProjectStatus,
} from "@yj/contract";
import { Tag } from "antd";
import type { ReactNode } from "react";

const PROJECT_COLORS: Record<ProjectStatus, string> = { in_progress: "blue", completed: "green", cancelled: "default" };
const STAGE_COLORS: Record<ProjectStageStatus, string> = {
  pending: "default",
  awaiting_acceptance: "gold",
  objected: "red",
  accepted: "green",
};
const INSTALMENT_COLORS: Record<InstalmentStatus, string> = { locked: "default", payable: "gold", paid: "green" };
const CHANGE_COLORS: Record<ChangeOrderStatus, string> = { proposed: "gold", approved: "green", rejected: "default" };

export function ProjectStatusTag({ status }: { status: ProjectStatus }) {
  return <Tag color={PROJECT_COLORS[status]}>{PROJECT_STATUS_LABELS[status]}</Tag>;
}

export function StageStatusTag({ status }: { status: ProjectStageStatus }) {
  return <Tag color={STAGE_COLORS[status]}>{PROJECT_STAGE_STATUS_LABELS[status]}</Tag>;
}

export function InstalmentStatusTag({ status }: { status: InstalmentStatus }) {
  return <Tag color={INSTALMENT_COLORS[status]}>{INSTALMENT_STATUS_LABELS[status]}</Tag>;
}

export function ChangeStatusTag({ status }: { status: ChangeOrderStatus }) {
  return <Tag color={CHANGE_COLORS[status]}>{CHANGE_ORDER_STATUS_LABELS[status]}</Tag>;
}

/** Behind plan: "延期 12 天" in red; on time: "按期". */
export function LateTag({ days }: { days: number }) {
  return days > 0 ? <Tag color="red">延期 {days} 天</Tag> : <Tag color="green">按期</Tag>;
}

export const projectStatusOptions = Object.entries(PROJECT_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** A stored photo key as the address the picture pipeline serves it at. */
export const photoUrl = (key: string) => (key.startsWith("/") ? key : `/media/${key}`);

/** A table's empty text in the readable grey (antd's placeholder grey is 25 % black, 1.9:1). */
export const emptyNote = (text: string) => <span style={{ color: "rgba(0, 0, 0, 0.65)" }}>{text}</span>;

/**
 * A table wider than a phone scrolls inside this named region, which the keyboard can reach (axe's
 * scrollable-region-focusable: a table of figures has nothing focusable of its own).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
    <section aria-label={label} tabIndex={0} data-scroll-region style={{ overflowX: "auto" }}>
      {children}
    </section>
  );
}
