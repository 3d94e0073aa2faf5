// How the console shows refunds (docs/decisions/0063, 0079): an order's and an instalment's alike.
import { REFUND_STATUS_LABELS, type RefundStatus } from "@yj/contract";
import { Tag } from "antd";
import { yuan } from "./kit/money-field";

const STATUS_COLORS: Record<RefundStatus, string> = {
  requested: "orange",
  refused: "default",
  processing: "blue",
  succeeded: "green",
  failed: "red",
};

/** The refund's state; `amount` is added where nothing beside the tag shows it (an instalment's row). */
export function RefundStatusTag({ status, amount, title }: { status: RefundStatus; amount?: number; title?: string }) {
  return (
    <Tag color={STATUS_COLORS[status]} title={title}>
      {REFUND_STATUS_LABELS[status]}
      {amount !== undefined && ` ${yuan(amount)}`}
    </Tag>
  );
}
