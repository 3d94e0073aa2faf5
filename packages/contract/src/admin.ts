// The back office's vocabulary and schemas (docs/quality.md R16): staff roles and the one permission
// table, lead pipeline states, and the query, body and answer of every /api/admin endpoint.
import { z } from "zod";
import { AdminText, AdminId as Id } from "./admin-fields.js";
import { AFTER_SALE_KINDS, AFTER_SALE_STATUSES, AfterSale } from "./after-sales.js";
import { ORDER_STATUSES, Order } from "./commerce.js";
import { Page, textParam } from "./common.js";
import { LEAD_KINDS } from "./lead-kinds.js";
import { YUAN_PATTERN, YUAN_PATTERN_MESSAGE } from "./money.js";
import { STAFF_IMAGE_PURPOSES } from "./picture-keys.js";
import { REFUND_STATUSES } from "./refunds.js";
import { text } from "./text.js";

// ── Roles and permissions ────────────────────────────────────────────────────────────────────────

export const STAFF_ROLES = ["admin", "sales", "operations", "manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "管理员",
  sales: "销售/客服",
  operations: "运营",
  manager: "项目经理",
};

/**
 * What an admin endpoint needs. "public": anyone (the login itself); "self": any logged-in staff
 * member, even one who still has to change the one-time password; every other name is granted by
 * role in ROLE_PERMISSIONS.
 */
export const ADMIN_PERMISSIONS = [
  "public",
  "self",
  "dashboard",
  "leads",
  "orders",
  "catalog",
  "content",
  "settings",
  "staff",
  "audit",
  "media",
  // Daily bill reconciliation (docs/decisions/0065): 管理员 only.
  "reconciliation",
  "projects",
  "project_create",
  "project_work",
  // Live chat's inbox (issue #25, docs/decisions/0075): 销售/客服 and 管理员.
  "chat",
  // A customer's data on request: export or delete (issue #26, docs/decisions/0076): 管理员 only.
  "privacy",
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
export type RolePermission = Exclude<AdminPermission, "public" | "self">;

/**
 * The one permission table: what each role may do. The server checks it on every admin endpoint.
 * "media" (uploading pictures) goes with every role that edits goods or content, since both forms
 * take pictures (docs/decisions/0037).
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly RolePermission[]> = {
  admin: [
    "dashboard",
    "leads",
    "orders",
    "catalog",
    "content",
    "settings",
    "staff",
    "audit",
    "media",
    "reconciliation",
    "projects",
    "project_create",
    "project_work",
    "chat",
    "privacy",
  ],
  // Renovation projects (docs/decisions/0069): 销售/客服 create a project from a signed lead and
  // follow every project; 项目经理 see and work only the projects they are on (the projects module
  // scopes each read and write) and upload their site photos through the picture pipeline.
  sales: ["dashboard", "leads", "orders", "projects", "project_create", "chat"],
  operations: ["dashboard", "catalog", "content", "settings", "media"],
  manager: ["dashboard", "projects", "project_work", "media"],
};

export function roleAllows(role: StaffRole, permission: AdminPermission): boolean {
  if (permission === "public" || permission === "self") return true;
  return ROLE_PERMISSIONS[role].includes(permission);
}

// ── Lead pipeline ────────────────────────────────────────────────────────────────────────────────

export const LEAD_STATES = ["new", "contacted", "measured", "signed", "invalid"] as const;
export type LeadState = (typeof LEAD_STATES)[number];

export const LEAD_STATE_LABELS: Record<LeadState, string> = {
  new: "新线索",
  contacted: "已联系",
  measured: "已量房",
  signed: "已签约",
  invalid: "无效",
};

/** 新线索 → 已联系 → 已量房 → 已签约, or 无效 on the way; an invalid lead can be reopened as new. */
export const LEAD_TRANSITIONS: Record<LeadState, readonly LeadState[]> = {
  new: ["contacted", "invalid"],
  contacted: ["measured", "invalid"],
  measured: ["signed", "invalid"],
  signed: [],
  invalid: ["new"],
};

/** 13812345678 → 138****5678: the list shows this; the full number is one audited click away. */
export function maskLeadPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : "****";
}

export const AdminMessages = {
  loginSuccess: "登录成功",
  badCredentials: "用户名或密码错误",
  /** The start of the refusal of an address that failed too often: "…，请 15 分钟后再试" (ADR 0045). */
  tooManyFailures: "登录失败次数过多",
  disabled: "账号已停用，请联系管理员",
  forbidden: "没有权限执行此操作",
  mustChangePassword: "请先修改初始密码",
  passwordChanged: "密码已修改",
  wrongCurrentPassword: "当前密码不正确",
  samePassword: "新密码不能与当前密码相同",
  passwordRule: "密码至少 8 位，且须同时包含字母和数字",
  usernameRule: "用户名为 3–32 位字母、数字、下划线或短横线",
  usernameTaken: "用户名已存在",
  staffNotFound: "员工不存在",
  cannotChangeSelf: "不能停用自己或修改自己的角色",
  leadNotFound: "线索不存在",
  badTransition: "当前状态不能改为该状态",
  assigneeInvalid: "跟进人不存在或已停用",
  exportTooLarge: "导出条数过多，请缩小筛选范围（最多 5000 条）",
  loggedOut: "已退出登录",
  orderNotFound: "订单不存在",
  orderShipped: "已标记发货",
  orderCompleted: "订单已完成",
  orderCancelled: "订单已取消，库存已退回",
  orderCannotShip: "只有已支付的订单可以发货",
  orderCannotComplete: "只有已发货的订单可以完成",
  orderCannotCancel: "只有待支付的订单可以取消",
  goodsNotFound: "商品不存在",
  goodsSaved: "商品已保存",
  categoryInvalid: "请选择二级分类",
  skuNotFound: "规格不存在或不属于该商品",
  /** A save whose values equal the stored ones: nothing written, nothing audited. */
  unchanged: "没有修改，无需保存",
  /** Per staff member, not per address: an office shares one address (docs/quality.md R16). */
  staffWritesLimited: "您的保存操作过于频繁",
  imageMissing: "请选择要上传的图片",
  imageTooLarge: "图片不能超过 8 MB",
  imageUnsupported: "不支持的图片格式，请上传 JPEG、PNG、WebP、GIF 或 AVIF 图片",
  imageDamaged: "图片已损坏，无法读取",
  imageTooManyPixels: "图片尺寸过大（最多 4000 万像素）",
  imageUploaded: "图片已上传",
  imageNotFound: "图片不存在，请重新上传",
} as const;

// ── Schemas ─────────────────────────────────────────────────────────────────────────────────────

const PageNumber = z.coerce.number().int().min(1).max(100_000).catch(1);
const PageSize = z.coerce
  .number()
  .int()
  .min(1)
  .catch(20)
  .transform((n) => Math.min(n, 100));
/** A back-office list's page and page size: a bad value falls back to page 1 of 20 rows, at most 100. */
const Paging = { current: PageNumber.optional(), pageSize: PageSize.optional() };

const IsoDate = text("日期").regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD");

export const Username = text("用户名", AdminMessages.usernameRule)
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, AdminMessages.usernameRule);
export const NewPassword = text("密码", AdminMessages.passwordRule)
  .min(8, AdminMessages.passwordRule)
  .max(128, AdminMessages.passwordRule)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), AdminMessages.passwordRule);

export const StaffLoginBody = z.object({
  username: text("用户名", "请输入用户名").trim().min(1, "请输入用户名").max(64, AdminMessages.badCredentials),
  password: text("密码", "请输入密码").min(1, "请输入密码").max(128, AdminMessages.badCredentials),
});

export const StaffMe = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  mustChangePassword: z.boolean(),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
  /** Echo in x-csrf-token on every admin write (R6); kept in memory by the admin client. */
  csrf: z.string(),
});
export type StaffMe = z.infer<typeof StaffMe>;

export const ChangePasswordBody = z.object({
  currentPassword: text("当前密码", "请输入当前密码").min(1, "请输入当前密码").max(128),
  newPassword: NewPassword,
});

export const StaffRow = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  /** Work phone shown to the owners of the member's projects (docs/decisions/0073); "" when none. */
  phone: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof StaffRow>;

const StaffName = AdminText("姓名", 32, { required: true });
/** A mobile or a landline (区号-号码), or "" for none. */
export const STAFF_PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8})?$/;
const StaffPhone = text("电话", "电话格式不正确")
  .trim()
  .max(20, "电话格式不正确")
  .regex(STAFF_PHONE_PATTERN, "电话格式不正确");

export const StaffCreateBody = z.object({
  username: Username,
  displayName: StaffName,
  phone: StaffPhone.default(""),
  role: z.enum(STAFF_ROLES, { message: "请选择角色" }),
});

export const StaffUpdateBody = z.object({
  id: Id,
  displayName: StaffName.optional(),
  phone: StaffPhone.optional(),
  role: z.enum(STAFF_ROLES, { message: "请选择角色" }).optional(),
  disabled: z.boolean({ message: "停用状态无效" }).optional(),
});

export const StaffIdBody = z.object({ id: Id });

export const OneTimePasswordData = z.object({ staff: StaffRow, oneTimePassword: z.string() });

export const LeadFilterQuery = z.object({
  kind: z.enum(LEAD_KINDS, { message: "线索类型无效" }).optional(),
  state: z.enum(LEAD_STATES, { message: "线索状态无效" }).optional(),
  city: textParam("城市", 32),
  /** Part of the source page (origin) to look for. */
  origin: textParam("来源", 64),
  assigneeId: Id.optional(),
  /** From this day (inclusive) to `to` (inclusive), China time. */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type LeadFilter = z.infer<typeof LeadFilterQuery>;

export const LeadListQuery = LeadFilterQuery.extend(Paging);

export const AdminLeadRow = z.object({
  id: z.number(),
  kind: z.enum(LEAD_KINDS),
  state: z.enum(LEAD_STATES),
  name: z.string(),
  /** Masked (138****5678). */
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  origin: z.string(),
  submissions: z.number(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  /** The optional consent to be called about offers, and when it was given (docs/decisions/0077). */
  marketingConsent: z.boolean(),
  marketingConsentAt: z.string().nullable(),
  /** When the retention job removed the phone and name; null while kept. */
  forgottenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminLeadRow = z.infer<typeof AdminLeadRow>;

export const AdminLeadPage = Page(AdminLeadRow);

export const LeadNote = z.object({
  id: z.number(),
  staffName: z.string(),
  text: z.string(),
  /** The state the lead moved to with this note, if it moved. */
  stateTo: z.enum(LEAD_STATES).nullable(),
  createdAt: z.string(),
});

export const AdminLeadDetail = AdminLeadRow.extend({
  payload: z.record(z.string(), z.unknown()),
  consent: z.boolean(),
  consentAt: z.string().nullable(),
  notes: z.array(LeadNote),
});
export type AdminLeadDetail = z.infer<typeof AdminLeadDetail>;

export const LeadIdQuery = z.object({ id: Id });
export const LeadIdBody = z.object({ id: Id });

export const LeadUpdateBody = z.object({
  id: Id,
  state: z.enum(LEAD_STATES, { message: "线索状态无效" }).optional(),
  /** null takes the lead off everyone. */
  assigneeId: Id.nullable().optional(),
  note: text("备注").trim().max(1000, "备注最多 1000 字").optional(),
});

export const RevealedPhone = z.object({ phone: z.string() });

export const LeadExportData = z.object({
  fileName: z.string(),
  rows: z.number(),
  /** The .xlsx file, base64: the export stays inside the envelope like every answer. */
  contentBase64: z.string(),
});

export const Assignee = z.object({ id: z.number(), displayName: z.string(), role: z.enum(STAFF_ROLES) });

export const AuditListQuery = z.object({
  staffId: Id.optional(),
  action: textParam("操作", 64),
  entity: textParam("对象", 32),
  entityId: textParam("对象编号", 32),
  /** One customer's trail: the records about their account, orders, leads and projects (docs/decisions/0076). */
  customerId: Id.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  ...Paging,
});

export const AuditRow = z.object({
  id: z.number(),
  staffId: z.number().nullable(),
  staffName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const AuditPage = Page(AuditRow);

/** Chinese names of the audited actions, for the audit page. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "staff.login": "登录",
  "staff.logout": "退出登录",
  "staff.lockout": "登录失败过多，限制该地址",
  "staff.password": "修改密码",
  "staff.create": "创建员工",
  "staff.update": "修改员工",
  "staff.resetPassword": "重置密码",
  "lead.update": "跟进线索",
  "lead.revealPhone": "查看完整手机号",
  "leads.export": "导出线索",
  "order.ship": "订单发货",
  "order.complete": "完成订单",
  "order.cancel": "取消订单",
  "goods.update": "修改商品",
  "article.create": "新建文章",
  "article.update": "修改文章",
  "article.delete": "删除文章",
  "sitePage.update": "修改品牌页面",
  "settings.update": "修改站点设置",
  "settings.filings": "修改备案与营业执照",
  "settings.retention": "修改线索保留期限",
  "city.add": "添加覆盖城市",
  "city.remove": "移除覆盖城市",
  "media.upload": "上传图片",
  "goods.create": "新建商品",
  "package.items": "修改套餐内容",
  "category.update": "修改分类",
  "banner.create": "新建轮播图",
  "banner.update": "修改轮播图",
  "banner.delete": "删除轮播图",
  "banner.sort": "轮播图排序",
  "reconciliation.resolve": "处理对账差异",
  "reconciliation.rerun": "重新对账",
  "reconciliation.export": "导出对账差异",
  "store.create": "新建门店",
  "store.update": "修改门店",
  "store.delete": "删除门店",
  "prices.save": "修改城市价格",
  "project.create": "创建装修项目",
  "project.stages": "修改施工阶段",
  "project.stage.record": "上传阶段照片",
  "project.stage.inspect": "监理检查",
  "project.stage.request_acceptance": "请业主验收",
  "project.stage.accept": "业主验收",
  "project.stage.object": "业主提出异议",
  "project.change.propose": "提出变更",
  "project.change.approve": "业主确认变更",
  "project.change.reject": "业主拒绝变更",
  "project.revealPhone": "查看业主完整手机号",
  // A customer's data (docs/decisions/0076).
  "customer.export": "导出顾客数据",
  "customer.delete": "删除顾客数据",
  "customer.close": "顾客注销账号",
  "project.instalment.refund": "装修款退款",
};

/** Orders made in a period, and the ones paid in it with the amount paid (cents). */
export const OrderFigures = z.object({ made: z.number().int(), paid: z.number().int(), paidAmount: z.number().int() });
export type OrderFigures = z.infer<typeof OrderFigures>;

/** Projects under way, those past their planned finish, and every instalment paid so far (cents). */
export const ProjectFigures = z.object({
  active: z.number().int(),
  late: z.number().int(),
  instalmentsCollectedCents: z.number().int(),
});
export type ProjectFigures = z.infer<typeof ProjectFigures>;

/** How many China days the dashboard's per-day chart covers, today included. */
export const DASHBOARD_DAYS = 30;

/** One China day ("YYYY-MM-DD") and how many were made on it; every day of the range is listed, 0 included. */
export const DayCount = z.object({ day: IsoDate, count: z.number().int() });
export type DayCount = z.infer<typeof DayCount>;

/**
 * Each part only for roles that may see it (null otherwise): the leads for 销售/客服 and 管理员, never
 * for 运营; the orders likewise. `daily` is the last DASHBOARD_DAYS China days, oldest first.
 */
export const DashboardData = z.object({
  leads: z
    .object({
      today: z.record(z.string(), z.number()),
      week: z.record(z.string(), z.number()),
      /** New leads nobody has called yet, oldest first. */
      waiting: z.array(AdminLeadRow),
      daily: z.array(DayCount),
    })
    .nullable(),
  orders: z.object({ today: OrderFigures, week: OrderFigures, daily: z.array(DayCount) }).nullable(),
  /** Renovation projects (issue #24), for roles with "projects"; a 项目经理 counts only their own. */
  projects: ProjectFigures.nullable(),
});
export type DashboardData = z.infer<typeof DashboardData>;

// ── Orders (销售/客服 and 管理员) ─────────────────────────────────────────────────────────────────

const OrderNoText = text("订单号", "请提供订单号")
  .trim()
  .regex(/^[A-Z0-9]{8,32}$/, "订单号无效");

export const AdminOrderListQuery = z.object({
  status: z.enum(ORDER_STATUSES, { message: "订单状态无效" }).optional(),
  /** Part of the order number. */
  orderNo: textParam("订单号", 32),
  /** Part of the consignee's phone number. */
  phone: textParam("手机号", 11),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  ...Paging,
});
export type AdminOrderFilter = z.infer<typeof AdminOrderListQuery>;

export const AdminOrderRow = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Cents. */
  totalAmount: z.number().int(),
  consignee: z.string(),
  /** Masked (138****5678). */
  phone: z.string(),
  city: z.string(),
  /** The first line's name and how many lines there are. */
  summary: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrderPage = Page(AdminOrderRow);

export const PAYMENT_STATUS_LABELS = { pending: "待支付", paid: "已支付", closed: "已关闭" } as const;
export const PAYMENT_PROVIDER_LABELS: Record<string, string> = {
  offline: "线下（演示）",
  alipay: "支付宝",
  wechat: "微信支付",
};

export const AdminPayment = z.object({
  outTradeNo: z.string(),
  provider: z.string(),
  tradeNo: z.string().nullable(),
  status: z.enum(["pending", "paid", "closed"]),
  /** Cents. */
  amount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const AdminOrderEvent = z.object({
  status: z.enum(ORDER_STATUSES),
  /** 顾客, 系统, or the staff member's name. */
  actor: z.string(),
  note: z.string(),
  at: z.string(),
});

// ── After-sales (docs/decisions/0064): 销售/客服 and 管理员, with the orders ──────────────────────────────

export const AdminAfterSaleListQuery = z.object({
  status: z.enum(AFTER_SALE_STATUSES, { message: "售后状态无效" }).optional(),
  kind: z.enum(AFTER_SALE_KINDS, { message: "售后类型无效" }).optional(),
  ...Paging,
});
export type AdminAfterSaleFilter = z.infer<typeof AdminAfterSaleListQuery>;

/** A request with its order, as the 售后 list and the order detail show it. */
export const AdminAfterSale = AfterSale.extend({
  orderNo: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  /** The order's paid total, in cents: what a return refunds unless staff enter less. */
  orderTotal: z.number().int(),
  /** The most an approved return may refund, in cents (the no-reason return of a mixed order: its ready-made lines). */
  refundableAmount: z.number().int(),
  consignee: z.string(),
  /** Masked (138****5678). */
  phone: z.string(),
  /** The staff member who decided, or null. */
  decidedBy: z.string().nullable(),
  /**
   * The state of the return's latest refund (退款中, 已退款, 退款失败…), or null (a repair, or not approved):
   * a return whose refund failed stays 已同意 and shows 退款失败 here, for staff to retry it.
   */
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
});
export type AdminAfterSale = z.infer<typeof AdminAfterSale>;
export const AdminAfterSalePage = Page(AdminAfterSale);

/** The customer's order as staff see it: the customer's number, every payment and the staff's notes too. */
export const AdminOrderDetail = Order.omit({ history: true }).extend({
  customerMobile: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  payments: z.array(AdminPayment),
  history: z.array(AdminOrderEvent),
  afterSales: z.array(AdminAfterSale),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AdminOrderNoQuery = z.object({ orderNo: OrderNoText });
export const AdminOrderNoBody = z.object({
  orderNo: OrderNoText,
  note: text("备注").trim().max(200, "备注最多 200 字").optional(),
});
export const AdminOrderShipBody = z.object({
  orderNo: OrderNoText,
  carrier: text("物流公司", "请输入物流公司").trim().min(1, "请输入物流公司").max(32, "物流公司最多 32 个字"),
  trackingNo: text("运单号", "请输入运单号")
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, "运单号为 4–40 位字母、数字或短横线"),
});

/** Why a trade needs a person: paid but its order is not (a refund is due), or pending past payBefore. */
export const PAYMENT_ISSUES = ["refund_needed", "stale_pending"] as const;
export const PAYMENT_ISSUE_LABELS: Record<(typeof PAYMENT_ISSUES)[number], string> = {
  refund_needed: "已收款但订单未支付或已取消（需退款）",
  stale_pending: "超过支付时限仍未结清",
};

export const UnreconciledPayment = AdminPayment.extend({
  issue: z.enum(PAYMENT_ISSUES),
  orderNo: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  payBefore: z.string(),
});
export type UnreconciledPayment = z.infer<typeof UnreconciledPayment>;

// ── Pictures (docs/decisions/0037; purposes and widths in picture-keys.ts) ─────────────────────────────

/** The largest upload accepted, in bytes (the body limit of the upload endpoint). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Width × height at most: a small file may decode into gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_GOODS_IMAGES = 10;

/** A picture as the storefront shows it: served by this shop at /media/<key> (the CSP allows only 'self'). */
export const ImageUrl = text("图片地址", "图片地址无效")
  .trim()
  .regex(/^\/media\/[a-z0-9][a-z0-9-]{0,80}\.(svg|webp)$/, "图片地址无效，应为本站上传的图片（/media/…）");

export const MediaUploadQuery = z.object({ purpose: z.enum(STAFF_IMAGE_PURPOSES, { message: "图片用途无效" }) });

export const ImageVariant = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});

export const UploadedImage = ImageVariant.extend({
  /** Every stored width, largest first; `url` is the first one's. */
  variants: z.array(ImageVariant),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

// ── Catalogue: goods (运营 and 管理员) ─────────────────────────────────────────────────────────────

/** Yuan as typed (129, "129.5", "129.50"): at most two decimals; the server stores integer cents. */
export const YuanAmount = z
  .union([z.number(), text("金额")], { message: "请输入金额" })
  .transform((v) => String(v).trim())
  .refine((v) => YUAN_PATTERN.test(v), `${YUAN_PATTERN_MESSAGE}，且不超过 9999999.99 元`)
  .transform((v) => {
    const [whole = "0", fraction = ""] = v.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  });

export const AdminGoodsListQuery = z.object({
  name: textParam("商品名称", 64),
  category2: Id.optional(),
  visibility: z.enum(["shown", "hidden"], { message: "上下架状态无效" }).optional(),
  ...Paging,
});

export const AdminGoodsRow = z.object({
  id: z.number(),
  name: z.string(),
  categoryName: z.string(),
  brand: z.string(),
  /** Cents. */
  price: z.number().int(),
  isPackage: z.boolean(),
  /** Shown on the storefront: is_show and status both 1. */
  shown: z.boolean(),
  stock: z.number().int(),
  sales: z.number().int(),
});
export type AdminGoodsRow = z.infer<typeof AdminGoodsRow>;

export const AdminGoodsPage = Page(AdminGoodsRow);

export const GoodsParam = z.object({
  name: AdminText("参数名", 20, { required: true }),
  value: AdminText("参数值", 100, { required: true }),
});

export const AdminSku = z.object({
  id: z.number(),
  spec: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
});

export const AdminGoodsDetail = z.object({
  id: z.number(),
  name: z.string(),
  subtitle: z.string(),
  category2: z.number(),
  category3: z.number().nullable(),
  brand: z.string(),
  /** Cents. */
  price: z.number().int(),
  originalPrice: z.number().int(),
  unit: z.string(),
  params: z.array(z.object({ name: z.string(), value: z.string() })),
  description: z.string(),
  shown: z.boolean(),
  isPackage: z.boolean(),
  /** 定制商品: no seven-day no-reason return (docs/decisions/0064). */
  madeToOrder: z.boolean(),
  images: z.array(z.string()),
  skus: z.array(AdminSku),
});
export type AdminGoodsDetail = z.infer<typeof AdminGoodsDetail>;

export const AdminGoodsSaveBody = z.object({
  id: Id,
  /** The pictures in order, the first the cover; absent keeps them as they are. */
  images: z
    .array(ImageUrl)
    .min(1, "至少保留一张商品图片")
    .max(MAX_GOODS_IMAGES, `图片最多 ${MAX_GOODS_IMAGES} 张`)
    .optional(),
  name: AdminText("商品名称", 64, { required: true }),
  subtitle: AdminText("副标题", 120, { required: false }),
  category2: Id,
  brand: AdminText("品牌", 32, { required: true }),
  price: YuanAmount,
  originalPrice: YuanAmount,
  unit: AdminText("单位", 8, { required: true }),
  params: z.array(GoodsParam).max(30, "参数最多 30 条"),
  description: AdminText("商品描述", 5000, { required: false }),
  shown: z.boolean({ message: "上下架状态无效" }),
  /** 定制商品（不支持七天无理由退货）; absent keeps it as it is. */
  madeToOrder: z.boolean({ message: "定制商品设置无效" }).optional(),
  /** Existing SKUs by id; one without id is added. */
  skus: z
    .array(
      z.object({
        id: Id.optional(),
        spec: AdminText("规格", 64, { required: true }),
        price: YuanAmount,
        stock: z.coerce
          .number({ message: "库存无效" })
          .int("库存须为整数")
          .min(0, "库存不能为负")
          .max(9_999_999, "库存过大"),
      }),
    )
    .min(1, "至少保留一个规格")
    .max(50, "规格最多 50 个"),
});

export const AdminGoodsIdQuery = z.object({ id: Id });

export const AdminCategoryOption = z.object({ id: z.number(), name: z.string() });

/** What staff do with an after-sales request (docs/decisions/0064). */
export const AFTER_SALE_DECISIONS = ["approve", "refuse", "close"] as const;
export const AdminAfterSaleDecideBody = z
  .object({
    id: Id,
    decision: z.enum(AFTER_SALE_DECISIONS, { message: "请选择同意、拒绝或标记完成" }),
    note: text("处理说明").trim().max(200, "处理说明最多 200 字").default(""),
    /** A return's refund in yuan; absent: the whole refundable amount. */
    refundAmount: YuanAmount.optional(),
  })
  .refine((b) => b.decision !== "refuse" || b.note.length > 0, {
    message: "拒绝时请填写原因，顾客会看到",
    path: ["note"],
  });
