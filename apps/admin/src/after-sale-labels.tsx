// How the console shows after-sales requests (docs/decisions/0064): their state and kind.
import { AFTER_SALE_KIND_LABELS, AFTER_SALE_STATUS_LABELS, type AfterSaleStatus } from "@yj/contract";
import { Tag } from "antd";

const STATUS_COLORS: Record<AfterSaleStatus, string> = {
  requested: "orange",
  approved: "blue",
  refused: "red",
  closed: "green",
};

export function AfterSaleStatusTag({ status }: { status: AfterSaleStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{AFTER_SALE_STATUS_LABELS[status]}</Tag>;
}

export const afterSaleStatusOptions = Object.entries(AFTER_SALE_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const afterSaleKindOptions = Object.entries(AFTER_SALE_KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));
