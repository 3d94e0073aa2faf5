// How the console shows order states.
import { ORDER_STATUS_LABELS, type OrderStatus } from "@yj/contract";
import { Tag } from "antd";

const STATUS_COLORS: Record<OrderStatus, string> = {
  pending_payment: "orange",
  paid: "red",
  shipped: "blue",
  completed: "green",
  cancelled: "default",
  refunded: "purple",
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{ORDER_STATUS_LABELS[status]}</Tag>;
}

export const orderStatusOptions = Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label }));
