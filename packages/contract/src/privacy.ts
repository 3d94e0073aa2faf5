// A customer's rights over their data (issue #26, docs/decisions/0076): 我的数据 shows and exports
// everything the shop holds about the logged-in customer, corrects the editable parts, and closes
// the account (注销账号) with an SMS code; 管理员 can export or delete one customer's data on request.
import { z } from "zod";
import { phoneField, RegisterBody } from "./accounts.js";
import { AdminId } from "./admin-fields.js";
import { Address } from "./commerce.js";
import { def, Nothing, staffDef } from "./endpoint-def.js";

/**
 * One cell of an exported record: plain values only, so the same rows make the JSON and the workbook.
 * Null (a time not reached yet) rides on the string branch: OpenAPI 3.0 wants `nullable` beside a type.
 */
export const DataCell = z.union([z.string().nullable(), z.number(), z.boolean()]);
export type DataCell = z.infer<typeof DataCell>;

/**
 * One kind of data (账号, 收货地址, 订单 …): its Chinese title, its columns and its rows. Each module
 * that owns customer data answers its own sections (docs/decisions/0040, 0076).
 */
export const DataSection = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), header: z.string() })),
  rows: z.array(z.record(z.string(), DataCell)),
});
export type DataSection = z.infer<typeof DataSection>;

/** Whether the account can be closed now, and if not, every reason (Chinese, for the customer). */
export const ClosingCheck = z.object({ allowed: z.boolean(), reasons: z.array(z.string()) });
export type ClosingCheck = z.infer<typeof ClosingCheck>;

export const MyData = z.object({
  /** Masked: the page shows whose data it is without printing the number in full. */
  maskedMobile: z.string(),
  generatedAt: z.string(),
  sections: z.array(DataSection),
  closing: ClosingCheck,
});
export type MyData = z.infer<typeof MyData>;

/** A file the API answers as base64 (the browser saves it; no token ever goes into a URL). */
export const DataFile = z.object({ fileName: z.string(), contentBase64: z.string() });
export type DataFile = z.infer<typeof DataFile>;

export const CloseAccountBody = z.object({ code: RegisterBody.shape.code });
export type CloseAccountBody = z.infer<typeof CloseAccountBody>;

export const PrivacyMessages = {
  codeSent: "验证码已发送至您的手机",
  closed: "账号已注销",
  addressSaved: "收货地址已保存",
  addressRemoved: "收货地址已删除",
  /** The refusals of a closing (docs/decisions/0076), one per open matter. */
  unpaidOrder: "您有待支付的订单，请先支付或取消后再注销账号",
  paidOrder: "您有已支付、待发货的订单，请在订单完成后再注销账号",
  shippedOrder: "您有已发货但尚未确认收货的订单，请在订单完成后再注销账号",
  pendingRefund: "您有正在处理的退款或售后申请，请在处理完成后再注销账号",
  runningProject: "您有正在施工的装修项目，请在项目竣工后再注销账号",
  customerNotFound: "没有找到该手机号的顾客",
  customerClosed: "该顾客的账号已注销",
  exported: "已导出顾客数据",
  deleted: "已删除顾客数据",
} as const;

export const privacyEndpoints = {
  myData: def({
    method: "GET",
    path: "/api/my-data",
    summary: "我的数据：本店保存的关于我的全部数据，以及能否注销账号",
    auth: "session",
    data: MyData,
  }),
  myDataWorkbook: def({
    method: "GET",
    path: "/api/my-data/workbook",
    summary: "我的数据导出为 Excel 工作簿（base64）",
    auth: "session",
    data: DataFile,
  }),
  myAddressSave: def({
    method: "POST",
    path: "/api/my-data/address",
    summary: "更正保存的收货地址",
    auth: "session",
    body: Address,
    data: Nothing,
  }),
  myAddressRemove: def({
    method: "POST",
    path: "/api/my-data/address/remove",
    summary: "删除保存的收货地址",
    auth: "session",
    data: Nothing,
  }),
  closeAccountCode: def({
    method: "POST",
    path: "/api/my-data/close/code",
    summary: "发送注销账号验证码",
    auth: "session",
    data: Nothing,
  }),
  closeAccount: def({
    method: "POST",
    path: "/api/my-data/close",
    summary: "注销账号（需验证码）",
    auth: "session",
    body: CloseAccountBody,
    data: Nothing,
  }),
};

// ── Back office: one customer's data on request (管理员, audited) ────────────────────────────────────

export const AdminCustomerLookupQuery = z.object({ phone: phoneField });

export const AdminCustomer = z.object({
  id: z.number(),
  mobile: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string(),
  /** What the shop holds, by kind: the sections' titles and their row counts. */
  holdings: z.array(z.object({ key: z.string(), title: z.string(), count: z.number() })),
  closing: ClosingCheck,
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;

export const AdminCustomerLookup = z.object({ customer: AdminCustomer.nullable() });
export type AdminCustomerLookup = z.infer<typeof AdminCustomerLookup>;

export const AdminCustomerBody = z.object({ id: AdminId });

/** The export: the workbook, and the same data as JSON (both base64). */
export const AdminCustomerExport = z.object({ workbook: DataFile, json: DataFile });
export type AdminCustomerExport = z.infer<typeof AdminCustomerExport>;

export const privacyAdminEndpoints = {
  adminCustomerLookup: staffDef({
    method: "GET",
    path: "/api/admin/customers/lookup",
    summary: "按手机号查找顾客及其数据",
    auth: "staff",
    permission: "privacy",
    query: AdminCustomerLookupQuery,
    data: AdminCustomerLookup,
  }),
  adminCustomerExport: staffDef({
    method: "POST",
    path: "/api/admin/customers/export",
    summary: "导出一位顾客的全部数据（记入审计）",
    auth: "staff",
    permission: "privacy",
    body: AdminCustomerBody,
    data: AdminCustomerExport,
  }),
  adminCustomerDelete: staffDef({
    method: "POST",
    path: "/api/admin/customers/delete",
    summary: "应顾客要求删除其数据并注销账号（记入审计）",
    auth: "staff",
    permission: "privacy",
    body: AdminCustomerBody,
    data: Nothing,
  }),
};
