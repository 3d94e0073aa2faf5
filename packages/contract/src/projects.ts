// Renovation projects (issue #24, docs/decisions/0069): from a signed lead to an accepted home, with
// instalments the owner releases stage by stage and change orders (增项/减项) the owner approves.
// Money is integer cents; plan dates are calendar days (YYYY-MM-DD, China time).
import { z } from "zod";
import { STAFF_ROLES } from "./admin.js";
import { AdminId, AdminText } from "./admin-fields.js";
import { PHONE_PATTERN } from "./constants.js";
import { def, Nothing, staffDef } from "./endpoint-def.js";
import { text } from "./text.js";

/** What a verification code confirms (accounts' verification_codes.purpose). */
/** "close": a customer's 注销账号 (docs/decisions/0076). */
export const CODE_PURPOSES = ["login", "project", "close"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const PROJECT_STATUSES = ["in_progress", "completed", "cancelled"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  in_progress: "施工中",
  completed: "已竣工",
  cancelled: "已取消",
};

export const PROJECT_STAGE_STATUSES = ["pending", "awaiting_acceptance", "objected", "accepted"] as const;
export type ProjectStageStatus = (typeof PROJECT_STAGE_STATUSES)[number];
export const PROJECT_STAGE_STATUS_LABELS: Record<ProjectStageStatus, string> = {
  pending: "施工中",
  awaiting_acceptance: "待业主验收",
  objected: "业主有异议",
  accepted: "已验收",
};

export const INSTALMENT_STATUSES = ["locked", "payable", "paid"] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];
export const INSTALMENT_STATUS_LABELS: Record<InstalmentStatus, string> = {
  locked: "待验收后支付",
  payable: "待支付",
  paid: "已支付",
};

export const CHANGE_ORDER_KINDS = ["add", "remove"] as const;
export type ChangeOrderKind = (typeof CHANGE_ORDER_KINDS)[number];
export const CHANGE_ORDER_KIND_LABELS: Record<ChangeOrderKind, string> = { add: "增项", remove: "减项" };

export const CHANGE_ORDER_STATUSES = ["proposed", "approved", "rejected"] as const;
export type ChangeOrderStatus = (typeof CHANGE_ORDER_STATUSES)[number];
export const CHANGE_ORDER_STATUS_LABELS: Record<ChangeOrderStatus, string> = {
  proposed: "待业主确认",
  approved: "已确认",
  rejected: "已拒绝",
};

export const STAGE_RECORD_KINDS = ["progress", "inspection", "acceptance", "objection"] as const;
export type StageRecordKind = (typeof STAGE_RECORD_KINDS)[number];

export interface ProjectChecklistItem {
  item: string;
  done: boolean;
}
export interface ChangeOrderItem {
  name: string;
  amountCents: number;
}
/** One instalment as a contract version recorded it. */
export interface VersionInstalment {
  stageId: number;
  percent: number;
  amountCents: number;
  status: InstalmentStatus;
}

/** The default stages, in order (issue #24 §2), each with its acceptance checklist. */
export const DEFAULT_PROJECT_STAGES: readonly { name: string; checklist: readonly string[] }[] = [
  { name: "开工交底", checklist: ["设计图纸与施工方案已交底", "成品保护已到位", "原始房屋问题已记录"] },
  { name: "水电改造", checklist: ["管线走向与图纸一致", "水管打压试验合格", "强弱电分管敷设"] },
  { name: "防水闭水", checklist: ["防水涂刷均匀无遗漏", "闭水试验 48 小时无渗漏"] },
  { name: "泥瓦", checklist: ["墙地砖空鼓率合格", "砖缝平直均匀", "排水坡度正确"] },
  { name: "木作", checklist: ["吊顶平整牢固", "柜体尺寸与图纸一致"] },
  { name: "油漆", checklist: ["墙面平整无裂纹", "颜色均匀无色差"] },
  { name: "安装", checklist: ["灯具开关插座安装到位", "洁具五金安装牢固无渗漏"] },
  { name: "竣工验收", checklist: ["全屋清洁完成", "保修卡与资料已交付"] },
];

/** The default instalments: percent of the contract due once the named stage is accepted (issue #24 §3). */
export const DEFAULT_INSTALMENT_PLAN: readonly { stage: string; percent: number }[] = [
  { stage: "开工交底", percent: 30 },
  { stage: "水电改造", percent: 30 },
  { stage: "木作", percent: 30 },
  { stage: "竣工验收", percent: 10 },
];

/** The most a contract may be: 99 999 999.99 元 in cents. */
export const MAX_CONTRACT_CENTS = 9_999_999_999;

export const ProjectMessages = {
  notFound: "装修项目不存在",
  stageNotFound: "施工阶段不存在",
  changeNotFound: "变更单不存在",
  leadNotSigned: "只有已签约的线索可以创建装修项目",
  leadHasProject: "该线索已创建装修项目",
  staffInvalid: "所选员工不存在或已停用",
  datesInvalid: "计划竣工日期不能早于开工日期",
  notYourProject: "您只能处理分配给您的项目",
  notInspector: "只有该项目的监理或管理员可以验收检查",
  predecessorsOpen: "请先完成前面阶段的验收",
  notInspected: "请先由监理检查通过，再请业主验收",
  notAwaiting: "该阶段当前不在待验收状态",
  alreadyAccepted: "该阶段已验收",
  changeDecided: "该变更单已处理",
  removeTooLarge: "减项金额超过未支付款项",
  projectClosed: "项目已结束，不能再修改",
  acceptanceRequested: "已通知业主验收",
  accepted: "验收成功",
  objected: "异议已提交，项目经理会尽快处理",
  changeProposed: "变更单已提交，等待业主确认",
  changeApproved: "变更已确认，合同金额已更新",
  changeRejected: "已拒绝该变更",
  codeSent: "验证码已发送至业主手机",
  stagesSaved: "施工阶段已保存",
  photoNotFound: "照片不存在，请重新上传",
  photoUploaded: "照片已上传",
  photoLimited: "上传照片过于频繁",
  stageUnknown: "阶段不属于该项目",
  stageNamesRepeat: "阶段名称不能重复",
  startedStageFixed: "已开始的阶段不能删除、调整顺序，也不能在它之前插入阶段",
  stageHasInstalment: "该阶段关联付款节点，不能删除",
  acceptedStageFixed: "已验收的阶段不能修改",
  stageDatesInvalid: "阶段计划完成日期不能早于开始日期",
} as const;

/** The most stages one project may have. */
export const MAX_PROJECT_STAGES = 30;

// ── Schemas ─────────────────────────────────────────────────────────────────────────────────────

/** A calendar day that exists (2026-02-30 is refused here, not by the database). */
const Day = text("日期")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD")
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v >= "2000-01-01" && v <= "2099-12-31"
    );
  }, "日期无效");
const Cents = (label: string, max = MAX_CONTRACT_CENTS) =>
  z.coerce
    .number({ message: `${label}无效` })
    .int(`${label}须为整数（分）`)
    .min(0, `${label}不能为负数`)
    .max(max, `${label}过大`);
const PhotoKeys = z
  .array(text("照片").trim().min(1, "照片无效").max(200, "照片无效"), { message: "照片无效" })
  .max(20, "最多 20 张照片")
  .default([]);
const VerificationCode = text("验证码", "请输入验证码").regex(/^\d{6}$/, "请输入 6 位验证码");

export const ProjectIdQuery = z.object({ id: AdminId });
export const ProjectIdBody = z.object({ projectId: AdminId });
export const StageIdBody = z.object({ stageId: AdminId });

export const ProjectListQuery = z.object({
  status: z.enum(PROJECT_STATUSES, { message: "项目状态无效" }).optional(),
  city: text("城市").trim().max(32, "城市最多 32 个字").optional(),
  managerId: AdminId.optional(),
  /** The project made from this lead (the lead page's link to it). */
  leadId: AdminId.optional(),
  /** "1": only projects behind their planned finish date. */
  late: z.enum(["0", "1"]).optional(),
  current: z.coerce.number().int().min(1).max(100_000).catch(1).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .catch(20)
    .transform((n) => Math.min(n, 100))
    .optional(),
});

export const ProjectCreateBody = z
  .object({
    leadId: AdminId,
    ownerName: AdminText("业主称呼", 32, { required: false }).default(""),
    city: AdminText("城市", 32, { required: true }),
    address: AdminText("地址", 200, { required: true }),
    areaSqm: z.coerce.number({ message: "面积无效" }).int("面积须为整数").min(1, "面积无效").max(100_000, "面积无效"),
    layout: AdminText("户型", 32, { required: false }).default(""),
    packageText: AdminText("套餐或报价", 500, { required: false }).default(""),
    contractCents: Cents("合同金额"),
    startDate: Day,
    plannedFinishDate: Day,
    delayCompensationCentsPerDay: Cents("延期赔付", 100_000_000).default(0),
    designerId: AdminId.nullable().default(null),
    managerId: AdminId,
    inspectorId: AdminId.nullable().default(null),
  })
  .refine((b) => b.plannedFinishDate >= b.startDate, {
    message: ProjectMessages.datesInvalid,
    path: ["plannedFinishDate"],
  });

export const StageRecordBody = z.object({
  stageId: AdminId,
  text: AdminText("说明", 1000, { required: false }).default(""),
  photoKeys: PhotoKeys,
});

export const StageInspectBody = z.object({
  stageId: AdminId,
  passed: z.boolean({ message: "请选择检查结果" }),
  note: AdminText("检查说明", 1000, { required: false }).default(""),
  /** Checklist items ticked by the inspector, by their text. */
  done: z.array(text("检查项").max(100)).max(50).default([]),
});

export const ChangeOrderBody = z.object({
  projectId: AdminId,
  kind: z.enum(CHANGE_ORDER_KINDS, { message: "请选择增项或减项" }),
  items: z
    .array(
      z.object({
        name: AdminText("项目名称", 64, { required: true }),
        amountCents: Cents("金额").min(1, "金额须大于 0"),
      }),
      { message: "请填写变更项目" },
    )
    .min(1, "请至少填写一项")
    .max(50, "最多 50 项"),
  reason: AdminText("变更原因", 500, { required: true }),
  photoKeys: PhotoKeys,
});

/**
 * The project's stages as they should be, in order: an `id` keeps (and may rename) an existing stage,
 * no `id` adds one; an existing stage left out is removed. The service keeps started stages fixed
 * (docs/decisions/0074). `checklist` omitted keeps the stage's own.
 */
export const StageEditBody = z.object({
  projectId: AdminId,
  stages: z
    .array(
      z
        .object({
          id: AdminId.optional(),
          name: AdminText("阶段名称", 32, { required: true }),
          plannedStartDate: Day.nullable().default(null),
          plannedFinishDate: Day.nullable().default(null),
          checklist: z
            .array(AdminText("验收项", 100, { required: true }))
            .max(20, "每个阶段最多 20 个验收项")
            .optional(),
        })
        .refine((s) => !s.plannedStartDate || !s.plannedFinishDate || s.plannedFinishDate >= s.plannedStartDate, {
          message: ProjectMessages.stageDatesInvalid,
          path: ["plannedFinishDate"],
        }),
      { message: "请填写施工阶段" },
    )
    .min(1, "至少保留一个阶段")
    .max(MAX_PROJECT_STAGES, `最多 ${MAX_PROJECT_STAGES} 个阶段`),
});

export const OwnerCodeBody = z.object({ projectId: AdminId });
export const OwnerAcceptBody = z.object({ stageId: AdminId, code: VerificationCode });
/** An objection's photos, uploaded by the owner (POST /api/my-project/photo, docs/decisions/0079). */
export const MAX_OBJECTION_PHOTOS = 6;
export const OwnerObjectBody = z.object({
  stageId: AdminId,
  code: VerificationCode,
  reasons: AdminText("异议原因", 1000, { required: true }),
  photoKeys: z
    .array(text("照片").trim().min(1, "照片无效").max(200, "照片无效"), { message: "照片无效" })
    .max(MAX_OBJECTION_PHOTOS, `最多 ${MAX_OBJECTION_PHOTOS} 张照片`)
    .default([]),
});
/** The owner's photo upload names the project it is for: only its owner may upload. */
export const OwnerPhotoQuery = z.object({ projectId: AdminId });
/** An uploaded photo: its key for the objection (the URL without /media/), and its thumbnail's URL. */
export const OwnerPhotoData = z.object({ key: z.string(), url: z.string(), thumbnail: z.string() });
export type OwnerPhotoData = z.infer<typeof OwnerPhotoData>;
export const OwnerChangeDecisionBody = z.object({
  changeOrderId: AdminId,
  code: VerificationCode,
  approve: z.boolean({ message: "请选择同意或拒绝" }),
});

const TeamMember = z.object({ id: z.number(), name: z.string(), phone: z.string() }).nullable();

export const ProjectSummary = z.object({
  id: z.number(),
  ownerName: z.string(),
  /** Masked for staff lists and to the owner as stored. */
  ownerPhone: z.string(),
  city: z.string(),
  address: z.string(),
  status: z.enum(PROJECT_STATUSES),
  contractCents: z.number(),
  startDate: z.string(),
  plannedFinishDate: z.string(),
  managerId: z.number().nullable(),
  managerName: z.string(),
  /** The first stage not yet accepted, or null when all are. */
  currentStage: z.string().nullable(),
  /** Days past the planned finish (0 when on time). */
  daysLate: z.number(),
  delayCompensationCents: z.number(),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

export const ProjectStage = z.object({
  id: z.number(),
  position: z.number(),
  name: z.string(),
  plannedStartDate: z.string().nullable(),
  plannedFinishDate: z.string().nullable(),
  status: z.enum(PROJECT_STAGE_STATUSES),
  checklist: z.array(z.object({ item: z.string(), done: z.boolean() })),
  inspectionPassed: z.boolean().nullable(),
  inspectedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  records: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(STAGE_RECORD_KINDS),
      text: z.string(),
      photoKeys: z.array(z.string()),
      createdAt: z.string(),
    }),
  ),
});
export type ProjectStage = z.infer<typeof ProjectStage>;

export const ProjectInstalment = z.object({
  id: z.number(),
  stageId: z.number(),
  stageName: z.string(),
  percent: z.number(),
  amountCents: z.number(),
  status: z.enum(INSTALMENT_STATUSES),
  paidAt: z.string().nullable(),
  /** Cents given back by staff refunds that succeeded; the instalment is payable again after one. */
  refundedCents: z.number(),
});
export type ProjectInstalment = z.infer<typeof ProjectInstalment>;

export const ProjectChangeOrder = z.object({
  id: z.number(),
  kind: z.enum(CHANGE_ORDER_KINDS),
  items: z.array(z.object({ name: z.string(), amountCents: z.number() })),
  amountCents: z.number(),
  reason: z.string(),
  photoKeys: z.array(z.string()),
  status: z.enum(CHANGE_ORDER_STATUSES),
  contractBeforeCents: z.number().nullable(),
  contractAfterCents: z.number().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ProjectChangeOrder = z.infer<typeof ProjectChangeOrder>;

export const ProjectVersion = z.object({
  version: z.number(),
  contractCents: z.number(),
  changeOrderId: z.number().nullable(),
  instalments: z.array(
    z.object({
      stageId: z.number(),
      percent: z.number(),
      amountCents: z.number(),
      status: z.enum(INSTALMENT_STATUSES),
    }),
  ),
  createdAt: z.string(),
});
export type ProjectVersion = z.infer<typeof ProjectVersion>;

export const ProjectDetail = ProjectSummary.extend({
  areaSqm: z.number(),
  layout: z.string(),
  packageText: z.string(),
  contractVersion: z.number(),
  delayCompensationCentsPerDay: z.number(),
  team: z.object({ designer: TeamMember, manager: TeamMember, inspector: TeamMember }),
  stages: z.array(ProjectStage),
  instalments: z.array(ProjectInstalment),
  changeOrders: z.array(ProjectChangeOrder),
  versions: z.array(ProjectVersion),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

/** One audit row of a project, for its detail page's trail (actions named by AUDIT_ACTION_LABELS). */
export const ProjectAuditRow = z.object({
  id: z.number(),
  staffName: z.string(),
  action: z.string(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type ProjectAuditRow = z.infer<typeof ProjectAuditRow>;

export const ProjectPage = z.object({
  dataList: z.array(ProjectSummary),
  total: z.number().int(),
  current: z.number().int(),
  pageSize: z.number().int(),
});

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

export const projectAdminEndpoints = {
  adminProjectList: staffDef({
    method: "GET",
    path: "/api/admin/projects/list",
    summary: "装修项目列表（项目经理只看分配给自己的）",
    auth: "staff",
    permission: "projects",
    query: ProjectListQuery,
    data: ProjectPage,
  }),
  adminProjectDetail: staffDef({
    method: "GET",
    path: "/api/admin/projects/detail",
    summary: "装修项目详情：阶段、款项、变更与版本",
    auth: "staff",
    permission: "projects",
    query: ProjectIdQuery,
    data: ProjectDetail,
  }),
  adminProjectCreate: staffDef({
    method: "POST",
    path: "/api/admin/projects/create",
    summary: "由已签约线索创建装修项目",
    auth: "staff",
    permission: "project_create",
    body: ProjectCreateBody,
    data: ProjectDetail,
  }),
  adminProjectStages: staffDef({
    method: "POST",
    path: "/api/admin/projects/stages",
    summary: "修改施工阶段：改名、增加、删除未开始的阶段、调整未开始阶段的顺序",
    auth: "staff",
    permission: "project_work",
    body: StageEditBody,
    data: ProjectDetail,
  }),
  adminProjectStaff: staffDef({
    method: "GET",
    path: "/api/admin/projects/staff",
    summary: "可组成项目团队的在职员工",
    auth: "staff",
    permission: "projects",
    query: z.object({}),
    data: z.array(z.object({ id: z.number(), name: z.string(), role: z.enum(STAFF_ROLES) })),
  }),
  adminProjectRevealPhone: staffDef({
    method: "POST",
    path: "/api/admin/projects/reveal-phone",
    summary: "查看业主完整手机号（记入审计）",
    auth: "staff",
    permission: "projects",
    body: ProjectIdBody,
    data: z.object({ phone: z.string() }),
  }),
  adminProjectAudit: staffDef({
    method: "GET",
    path: "/api/admin/projects/audit",
    summary: "装修项目的操作记录（新的在前）",
    auth: "staff",
    permission: "projects",
    query: ProjectIdQuery,
    data: z.array(ProjectAuditRow),
  }),
  adminProjectStageRecord: staffDef({
    method: "POST",
    path: "/api/admin/projects/stage-record",
    summary: "上传阶段照片与说明",
    auth: "staff",
    permission: "project_work",
    body: StageRecordBody,
    data: ProjectDetail,
  }),
  adminProjectInspect: staffDef({
    method: "POST",
    path: "/api/admin/projects/inspect",
    summary: "监理检查阶段",
    auth: "staff",
    permission: "project_work",
    body: StageInspectBody,
    data: ProjectDetail,
  }),
  adminProjectRequestAcceptance: staffDef({
    method: "POST",
    path: "/api/admin/projects/request-acceptance",
    summary: "请业主验收阶段（短信通知业主）",
    auth: "staff",
    permission: "project_work",
    body: StageIdBody,
    data: ProjectDetail,
  }),
  adminProjectChangeOrder: staffDef({
    method: "POST",
    path: "/api/admin/projects/change-order",
    summary: "提出增项或减项（短信通知业主确认）",
    auth: "staff",
    permission: "project_work",
    body: ChangeOrderBody,
    data: ProjectDetail,
  }),
} as const;

export const projectOwnerEndpoints = {
  myProjects: def({
    method: "GET",
    path: "/api/my-project",
    summary: "我的装修：业主的项目列表",
    auth: "session",
    query: z.object({}),
    data: z.array(ProjectSummary),
  }),
  myProjectDetail: def({
    method: "GET",
    path: "/api/my-project/detail",
    summary: "我的装修：项目详情",
    auth: "session",
    query: ProjectIdQuery,
    data: ProjectDetail,
  }),
  myProjectCode: def({
    method: "POST",
    path: "/api/my-project/code",
    summary: "发送业主确认验证码至业主手机",
    auth: "session",
    body: OwnerCodeBody,
    data: Nothing,
  }),
  myProjectAccept: def({
    method: "POST",
    path: "/api/my-project/accept",
    summary: "业主验收阶段（需验证码）",
    auth: "session",
    body: OwnerAcceptBody,
    data: ProjectDetail,
  }),
  myProjectObject: def({
    method: "POST",
    path: "/api/my-project/object",
    summary: "业主对阶段提出异议（需验证码）",
    auth: "session",
    body: OwnerObjectBody,
    data: ProjectDetail,
  }),
  myProjectPhotoUpload: def({
    method: "POST",
    path: "/api/my-project/photo",
    summary:
      "业主上传异议照片：请求体为图片文件本身（JPEG、PNG、WebP、GIF 或 AVIF，最大 8 MB），去除元数据后转码；仅限项目业主，按顾客和地址限频",
    auth: "session",
    query: OwnerPhotoQuery,
    data: OwnerPhotoData,
  }),
  myProjectDecideChange: def({
    method: "POST",
    path: "/api/my-project/approve",
    summary: "业主确认或拒绝变更单（需验证码）",
    auth: "session",
    body: OwnerChangeDecisionBody,
    data: ProjectDetail,
  }),
} as const;

/** A mainland phone, for the service's own guard. */
export const isMainlandPhone = (phone: string) => PHONE_PATTERN.test(phone);
