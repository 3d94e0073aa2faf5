// The back office's reconciliation page (对账, docs/decisions/0065): the daily bill runs per provider,
// the differences between the providers' bills and the shop's rows, resolving one with a note, the
// Excel export and running a day again. 管理员 only (the "reconciliation" permission).
import { z } from "zod";
import { AdminText, AdminId as Id } from "./admin-fields.js";
import { Page } from "./common.js";
import { NoQuery, staffDef } from "./endpoint-def.js";
import { text } from "./text.js";

export const BILL_PROVIDERS = ["alipay", "wechat"] as const;
export type BillProvider = (typeof BILL_PROVIDERS)[number];
export const BILL_PROVIDER_LABELS: Record<BillProvider, string> = { alipay: "支付宝", wechat: "微信支付" };

export const RECONCILIATION_RUN_STATUSES = ["running", "done", "failed"] as const;
export const RECONCILIATION_RUN_STATUS_LABELS: Record<(typeof RECONCILIATION_RUN_STATUSES)[number], string> = {
  running: "对账中",
  done: "已完成",
  failed: "失败",
};

export const DIFFERENCE_KINDS = ["missing_here", "missing_there", "amount_differs", "status_differs"] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];
/** The words: missing here = the bill has it, the shop does not. */
export const DIFFERENCE_KIND_LABELS: Record<DifferenceKind, string> = {
  missing_here: "我方缺失",
  missing_there: "对方缺失",
  amount_differs: "金额不符",
  status_differs: "状态不符",
};
export const DIFFERENCE_SUBJECTS = ["payment", "refund"] as const;
export const DIFFERENCE_SUBJECT_LABELS: Record<(typeof DIFFERENCE_SUBJECTS)[number], string> = {
  payment: "收款",
  refund: "退款",
};

export const ReconciliationMessages = {
  billDate: "账单日期格式应为 YYYY-MM-DD",
  provider: "请选择支付宝或微信支付",
  providerNotRunning: "该支付方式未开通，无法对账",
  runBusy: "该日对账正在进行，请稍后再试",
  notYet: "只能对今天以前的账单对账",
  differenceNotFound: "差异记录不存在",
  alreadyResolved: "该差异已处理",
  resolved: "已标记为已处理",
  rerun: "已重新对账",
  exportTooLarge: "导出的差异超过 5000 条，请缩小筛选范围",
} as const;

const PageNumber = z.coerce.number().int().min(1).max(100_000).catch(1);
const PageSize = z.coerce
  .number()
  .int()
  .min(1)
  .catch(20)
  .transform((n) => Math.min(n, 100));

const BillDate = text("账单日期").regex(/^\d{4}-\d{2}-\d{2}$/, ReconciliationMessages.billDate);
const Provider = z.enum(BILL_PROVIDERS, { message: ReconciliationMessages.provider });

export const ReconciliationRunQuery = z.object({
  from: BillDate.optional(),
  to: BillDate.optional(),
  provider: Provider.optional(),
  current: PageNumber.optional(),
  pageSize: PageSize.optional(),
});
export type ReconciliationRunFilter = z.infer<typeof ReconciliationRunQuery>;

export const ReconciliationRun = z.object({
  id: z.number(),
  provider: z.enum(BILL_PROVIDERS),
  billDate: z.string(),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  tradeCount: z.number(),
  refundCount: z.number(),
  differenceCount: z.number(),
  /** Of those, still unresolved. */
  openCount: z.number(),
  error: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

export const DifferenceFilterQuery = z.object({
  from: BillDate.optional(),
  to: BillDate.optional(),
  provider: Provider.optional(),
  kind: z.enum(DIFFERENCE_KINDS, { message: "差异类型无效" }).optional(),
  /** "true": only those not yet resolved. */
  unresolved: z
    .enum(["true", "false"], { message: "请选择是否只看未处理" })
    .optional()
    .transform((v) => v === "true"),
});
export type DifferenceFilter = z.infer<typeof DifferenceFilterQuery>;
export const DifferenceListQuery = DifferenceFilterQuery.extend({
  current: PageNumber.optional(),
  pageSize: PageSize.optional(),
});

export const ReconciliationDifference = z.object({
  id: z.number(),
  provider: z.enum(BILL_PROVIDERS),
  billDate: z.string(),
  kind: z.enum(DIFFERENCE_KINDS),
  subject: z.enum(DIFFERENCE_SUBJECTS),
  outTradeNo: z.string(),
  outRefundNo: z.string(),
  /** Cents; null when that side has no such line. */
  ourAmount: z.number().nullable(),
  theirAmount: z.number().nullable(),
  detail: z.record(z.string(), z.string()),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string(),
  createdAt: z.string(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;

export const DifferenceResolveBody = z.object({
  id: Id,
  note: AdminText("处理说明", 500, { required: true }),
});

export const ReconciliationRerunBody = z.object({
  provider: Provider,
  billDate: BillDate,
});

export const DifferenceExportData = z.object({
  fileName: z.string(),
  rows: z.number(),
  /** The .xlsx file, base64 (as the lead export). */
  contentBase64: z.string(),
});

export const ReconciliationProviders = z.object({
  /** The bill providers this instance runs (the page's provider choices). */
  providers: z.array(z.enum(BILL_PROVIDERS)),
});

/** Spread into the admin endpoint table (admin-endpoints.ts). */
export const adminReconciliationEndpoints = {
  adminReconciliationRuns: staffDef({
    method: "GET",
    path: "/api/admin/reconciliation/runs",
    summary: "对账：各日各支付方式的对账批次（笔数、差异数、状态）",
    auth: "staff",
    permission: "reconciliation",
    query: ReconciliationRunQuery,
    data: Page(ReconciliationRun),
  }),
  adminReconciliationDifferences: staffDef({
    method: "GET",
    path: "/api/admin/reconciliation/differences",
    summary: "对账差异（按日期、支付方式、类型、是否已处理筛选）",
    auth: "staff",
    permission: "reconciliation",
    query: DifferenceListQuery,
    data: Page(ReconciliationDifference),
  }),
  adminReconciliationProviders: staffDef({
    method: "GET",
    path: "/api/admin/reconciliation/providers",
    summary: "可对账的支付方式",
    auth: "staff",
    permission: "reconciliation",
    query: NoQuery,
    data: ReconciliationProviders,
  }),
  adminReconciliationResolve: staffDef({
    method: "POST",
    path: "/api/admin/reconciliation/resolve",
    summary: "标记差异已处理（填写处理说明，记入审计）",
    auth: "staff",
    permission: "reconciliation",
    body: DifferenceResolveBody,
    data: ReconciliationDifference,
  }),
  adminReconciliationRerun: staffDef({
    method: "POST",
    path: "/api/admin/reconciliation/rerun",
    summary: "重新下载某日账单并对账（记入审计）",
    auth: "staff",
    permission: "reconciliation",
    body: ReconciliationRerunBody,
    data: ReconciliationRun,
  }),
  adminReconciliationExport: staffDef({
    method: "POST",
    path: "/api/admin/reconciliation/export",
    summary: "按筛选条件导出对账差异 Excel（记入审计）",
    auth: "staff",
    permission: "reconciliation",
    body: DifferenceFilterQuery,
    data: DifferenceExportData,
  }),
} as const;
