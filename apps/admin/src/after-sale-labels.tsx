// How the console shows after-sales requests (docs/decisions/0064): their state and kind.
import {
  AFTER_SALE_KIND_LABELS,
  AFTER_SALE_STATUS_LABELS,
  type AfterSaleStatus,
  REFUND_STATUS_LABELS,
  type RefundStatus,
} from "@yj/contract";
import { Tag } from "antd";

const STATUS_COLORS: Record<AfterSaleStatus, string> = {
  requested: "orange",
  approved: "blue",
  refused: "red",
  refunded: "green",
  closed: "green",
};

/**
 * The request's state; an approved return also shows its refund's (退款中, or 退款失败 for staff to
 * retry in the order), since the request is only marked 已退款 once the money went back.
 */
export function AfterSaleStatusTag({
  status,
  refundStatus,
}: {
  status: AfterSaleStatus;
  refundStatus?: RefundStatus | null;
}) {
  return (
    <>
      <Tag color={STATUS_COLORS[status]}>{AFTER_SALE_STATUS_LABELS[status]}</Tag>
      {status === "approved" && refundStatus && (
        <Tag color={refundStatus === "failed" ? "red" : "processing"}>{REFUND_STATUS_LABELS[refundStatus]}</Tag>
      )}
    </>
  );
}

export const afterSaleStatusOptions = Object.entries(AFTER_SALE_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const afterSaleKindOptions = Object.entries(AFTER_SALE_KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));
