// How the console shows lead kinds and states.
import { LEAD_KIND_LABELS, LEAD_STATE_LABELS, type LeadKind, type LeadState } from "@yj/contract";
import { Tag } from "antd";

const STATE_COLORS: Record<LeadState, string> = {
  new: "red",
  contacted: "blue",
  measured: "gold",
  signed: "green",
  invalid: "default",
};

export function LeadStateTag({ state }: { state: LeadState }) {
  return <Tag color={STATE_COLORS[state]}>{LEAD_STATE_LABELS[state]}</Tag>;
}

export function leadKindLabel(kind: LeadKind): string {
  return LEAD_KIND_LABELS[kind];
}

export const kindOptions = Object.entries(LEAD_KIND_LABELS).map(([value, label]) => ({ value, label }));
export const stateOptions = Object.entries(LEAD_STATE_LABELS).map(([value, label]) => ({ value, label }));
