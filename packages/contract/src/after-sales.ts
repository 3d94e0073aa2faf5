// After-sales requests (申请售后, issue #23 item 4; docs/decisions/0064): a return (退货) or a repair
// (维修) on a shipped or completed order, with a reason and up to MAX_AFTER_SALE_PHOTOS photos; staff
// approve or refuse it with a note, and close it once done. Made-to-order goods (定制商品) have no
// seven-day no-reason return. The words here are the storefront's and the back office's both.
import { z } from "zod";
import { MADE_TO_ORDER_CONFIRM_LABEL } from "./made-to-order.js";

export const AFTER_SALE_KINDS = ["return", "repair"] as const;
export type AfterSaleKind = (typeof AFTER_SALE_KINDS)[number];
export const AFTER_SALE_KIND_LABELS: Record<AfterSaleKind, string> = { return: "退货", repair: "维修" };

/**
 * requested: waits for staff; approved / refused: their decision; refunded: a return whose refund
 * went through (set when the refund settles); closed: done by staff (a repair, or a return they closed).
 * A return whose refund failed stays approved, open for staff to retry it.
 */
export const AFTER_SALE_STATUSES = ["requested", "approved", "refused", "refunded", "closed"] as const;
export type AfterSaleStatus = (typeof AFTER_SALE_STATUSES)[number];
export const AFTER_SALE_STATUS_LABELS: Record<AfterSaleStatus, string> = {
  requested: "申请中",
  approved: "已同意",
  refused: "已拒绝",
  refunded: "已退款",
  closed: "已完成",
};
/** A request in these states is open: the order takes no other one until it is refused or closed. */
export const OPEN_AFTER_SALE_STATUSES: readonly AfterSaleStatus[] = ["requested", "approved"];

/**
 * Why the buyer asks. The kind is written at the start of the stored reason ("七天无理由：…"), so the
 * request reads whole wherever it is shown; the rules check it when the request is filed (ADR 0064).
 */
export const AFTER_SALE_REASONS = ["no_reason", "quality", "wrong_item", "other"] as const;
export type AfterSaleReason = (typeof AFTER_SALE_REASONS)[number];
export const AFTER_SALE_REASON_LABELS: Record<AfterSaleReason, string> = {
  no_reason: "七天无理由",
  quality: "质量问题",
  wrong_item: "发错货",
  other: "其他",
};
/** The reasons a repair may give: the no-reason return and a wrong item are returns. */
export const REPAIR_REASONS: readonly AfterSaleReason[] = ["quality", "other"];

/** Days after shipping (or completion, when later) within which the no-reason return may be asked for. */
export const NO_REASON_RETURN_DAYS = 7;
export const MAX_AFTER_SALE_PHOTOS = 6;
export const AFTER_SALE_REASON_MAX = 300;

export const AfterSaleMessages = {
  madeToOrderUnconfirmed: `订单含定制商品，请先勾选“${MADE_TO_ORDER_CONFIRM_LABEL}”`,
  filed: "售后申请已提交，请等待客服处理",
  notAfterShipping: "只有已发货或已完成的订单可以申请售后",
  alreadyOpen: "该订单已有处理中的售后申请，请等待处理结果",
  madeToOrderNoReason: "定制商品不支持七天无理由退货，请选择其他退货原因",
  noReasonExpired: `已超过 ${NO_REASON_RETURN_DAYS} 天无理由退货期限，请选择其他退货原因`,
  repairReason: "维修请选择质量问题或其他原因",
  photoNotFound: "照片不存在，请重新上传",
  uploadLimited: "上传照片过于频繁",
  notFound: "售后申请不存在",
  alreadyDecided: "该售后申请已处理，请刷新后查看",
  cannotClose: "只有已同意的售后申请可以标记完成",
  refundsUnavailable: "退款功能尚未启用，暂不能同意退货申请，请稍后再试",
  refundTooLarge: "退款金额不能超过可退金额",
  approved: "已同意售后申请",
  returnApproved: "已同意退货，退款处理中",
  refused: "已拒绝售后申请",
  closed: "售后已标记完成",
  noteRequired: "拒绝时请填写原因，顾客会看到",
} as const;

/** One request as the customer and the back office see it. */
export const AfterSale = z.object({
  id: z.number().int(),
  kind: z.enum(AFTER_SALE_KINDS),
  /** The reason as filed, its kind first ("质量问题：…"). */
  reason: z.string(),
  /** The photos' URLs (/media/…). */
  photos: z.array(z.string()),
  status: z.enum(AFTER_SALE_STATUSES),
  /** The staff's note: why it was refused, or what happens next. */
  decisionNote: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AfterSale = z.infer<typeof AfterSale>;
