// Refunds (issue #23 item 4, docs/decisions/0063): a customer's 申请退款 on a paid order not yet
// shipped, the activity deposit's refund within the site's window, staff's 同意退款 / 拒绝 in the back
// office, and the states /my-orders shows. Money is integer cents.
import { z } from "zod";
import { def, staffDef } from "./endpoint-def.js";
import { text } from "./text.js";

export const REFUND_STATUSES = ["requested", "refused", "processing", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Each state as the buyer and staff read it. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: "申请中",
  refused: "已拒绝",
  processing: "退款中",
  succeeded: "已退款",
  failed: "退款失败",
};
/** instalment: staff refund a paid renovation instalment from the project's page (docs/decisions/0079). */
export const REFUND_ORIGINS = ["customer", "after_sales", "auto", "instalment"] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];
export const REFUND_ORIGIN_LABELS: Record<RefundOrigin, string> = {
  customer: "顾客申请",
  after_sales: "售后退货",
  auto: "自动退款（订单已取消）",
  instalment: "装修款退款",
};
/** What moved a refund, in the history staff read. */
export const REFUND_EVENT_SOURCE_LABELS: Record<string, string> = {
  customer: "顾客",
  staff: "员工",
  notify: "支付平台通知",
  query: "查询确认",
  reconcile: "对账任务",
  system: "系统",
};

/** As commerce.ts's OrderNoQuery (this file sits below commerce.ts, which shows an order's refunds). */
const orderNo = text("订单号", "请提供订单号")
  .trim()
  .regex(/^[A-Z0-9]{8,32}$/, { error: "订单号无效" });
const OrderNoQuery = z.object({ orderNo });

const refundReason = text("退款原因", "请填写退款原因")
  .trim()
  .min(1, { error: "请填写退款原因" })
  .max(200, { error: "退款原因不能超过 200 个字" });
const decisionNote = (required: boolean) => {
  const note = text("备注").trim().max(200, { error: "备注不能超过 200 个字" });
  return required ? note.min(1, { error: "请填写拒绝原因" }) : note.default("");
};
const refundId = z
  .number({ error: "退款单必须是数字" })
  .int({ error: "退款单无效" })
  .min(1, { error: "退款单无效" })
  .max(2_147_483_647, { error: "退款单无效" });

/** One refund of an order (or of the deposit), as the buyer sees it. */
export const OrderRefund = z.object({
  id: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  /** Cents. */
  amount: z.number().int(),
  reason: z.string(),
  /** Staff's note (the reason of a refusal). */
  note: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

/** POST /api/order/refund: 申请退款 on the customer's own paid order that has not shipped. */
export const OrderRefundBody = z.object({ orderNo, reason: refundReason });
export type OrderRefundBody = z.input<typeof OrderRefundBody>;

const outTradeNo = text("交易号", "请提供交易号")
  .trim()
  .regex(/^[A-Za-z0-9]{6,64}$/, { error: "交易号无效" });

/** The activity deposit paid by the logged-in phone, and whether it can still be asked back. */
export const MyDeposit = z.object({
  outTradeNo: z.string(),
  /** Cents. */
  amount: z.number().int(),
  paidAt: z.string(),
  /** Until then 申请退款 is open (site_settings.deposit_refund_days after paying). */
  refundBefore: z.string(),
  canRefund: z.boolean(),
  refunds: z.array(OrderRefund),
});
export type MyDeposit = z.infer<typeof MyDeposit>;
export const MyDepositsData = z.array(MyDeposit);
export const DepositRefundBody = z.object({ outTradeNo, reason: refundReason });
export type DepositRefundBody = z.input<typeof DepositRefundBody>;

// ── Back office ──────────────────────────────────────────────────────────────────────────────────

export const AdminRefundEvent = z.object({
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  source: z.string(),
  note: z.string(),
  at: z.string(),
});

export const AdminRefund = z.object({
  id: z.number().int(),
  outRefundNo: z.string(),
  outTradeNo: z.string(),
  provider: z.string(),
  origin: z.enum(REFUND_ORIGINS),
  status: z.enum(REFUND_STATUSES),
  /** Cents: asked for (requested) or sent. */
  amount: z.number().int(),
  /** Cents: what the payment can still give back besides this refund (the most an approval may send). */
  refundable: z.number().int(),
  reason: z.string(),
  note: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  history: z.array(AdminRefundEvent),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

export const AdminRefundIdBody = z.object({ refundId });
export const AdminRefundApproveBody = z.object({
  refundId,
  /** Cents; the whole amount asked for when absent (a partial refund when less). */
  amount: z
    .number({ error: "退款金额必须是数字" })
    .int({ error: "退款金额以分为单位" })
    .min(1, { error: "退款金额至少 0.01 元" })
    .max(10_000_000_000, { error: "退款金额过大" })
    .optional(),
  note: decisionNote(false),
});
export type AdminRefundApproveBody = z.input<typeof AdminRefundApproveBody>;
export const AdminRefundRefuseBody = z.object({ refundId, note: decisionNote(true) });
export type AdminRefundRefuseBody = z.input<typeof AdminRefundRefuseBody>;

const instalmentId = z
  .number({ error: "款项必须是数字" })
  .int({ error: "款项无效" })
  .min(1, { error: "款项无效" })
  .max(2_147_483_647, { error: "款项无效" });

/** POST /api/admin/refunds/instalment: 退款 of a paid renovation instalment, its whole amount. */
export const AdminInstalmentRefundBody = z.object({ instalmentId, reason: refundReason });
export type AdminInstalmentRefundBody = z.input<typeof AdminInstalmentRefundBody>;

/** A project's instalment refunds, for its back-office page. */
export const AdminInstalmentRefund = AdminRefund.extend({ instalmentId: z.number().int() });
export type AdminInstalmentRefund = z.infer<typeof AdminInstalmentRefund>;
export const ProjectRefundsData = z.object({
  refunds: z.array(AdminInstalmentRefund),
  /** Instalments paid by a trade with money still to give back: the ones 退款 is offered for. */
  refundable: z.array(z.number().int()),
});
export type ProjectRefundsData = z.infer<typeof ProjectRefundsData>;
export const ProjectRefundsQuery = z.object({
  id: z.coerce
    .number({ error: "项目编号无效" })
    .int({ error: "项目编号无效" })
    .min(1, { error: "项目编号无效" })
    .max(2_147_483_647, { error: "项目编号无效" }),
});

/** The storefront's refund endpoints, spread into endpoints.ts. */
export const refundEndpoints = {
  orderRefund: def({
    method: "POST",
    path: "/api/order/refund",
    summary: "申请退款（已支付、未发货的订单）",
    auth: "session",
    body: OrderRefundBody,
    data: OrderRefund,
  }),
  myDeposits: def({
    method: "GET",
    path: "/api/pay/deposits",
    summary: "本手机号支付的活动定金及其退款",
    auth: "session",
    query: z.object({}),
    data: MyDepositsData,
  }),
  depositRefund: def({
    method: "POST",
    path: "/api/pay/deposit/refund",
    summary: "申请退还活动定金（支付后规定天数内）",
    auth: "session",
    body: DepositRefundBody,
    data: OrderRefund,
  }),
} as const;

/** The back office's refund endpoints (销售/客服 and 管理员: the orders permission), spread into admin-endpoints.ts. */
export const adminRefundEndpoints = {
  adminOrderRefunds: staffDef({
    method: "GET",
    path: "/api/admin/orders/refunds",
    summary: "订单的退款申请与记录",
    auth: "staff",
    permission: "orders",
    query: OrderNoQuery,
    data: z.array(AdminRefund),
  }),
  adminRefundApprove: staffDef({
    method: "POST",
    path: "/api/admin/refunds/approve",
    summary: "同意退款（可部分退款），并发起退款",
    auth: "staff",
    permission: "orders",
    body: AdminRefundApproveBody,
    data: AdminRefund,
  }),
  adminRefundRefuse: staffDef({
    method: "POST",
    path: "/api/admin/refunds/refuse",
    summary: "拒绝退款申请（填写原因）",
    auth: "staff",
    permission: "orders",
    body: AdminRefundRefuseBody,
    data: AdminRefund,
  }),
  adminInstalmentRefund: staffDef({
    method: "POST",
    path: "/api/admin/refunds/instalment",
    summary: "装修款退款：已支付的款项全额退回（填写原因），款项恢复为待支付",
    auth: "staff",
    permission: "orders",
    body: AdminInstalmentRefundBody,
    data: AdminInstalmentRefund,
  }),
  adminProjectRefunds: staffDef({
    method: "GET",
    path: "/api/admin/refunds/project",
    summary: "装修项目各款项的退款记录",
    auth: "staff",
    permission: "orders",
    query: ProjectRefundsQuery,
    data: ProjectRefundsData,
  }),
  adminRefundRetry: staffDef({
    method: "POST",
    path: "/api/admin/refunds/retry",
    summary: "重试失败的退款（同一退款单号）",
    auth: "staff",
    permission: "orders",
    body: AdminRefundIdBody,
    data: AdminRefund,
  }),
} as const;
