// R16's permission matrix: every /api/admin endpoint, called as no one, as a customer and as each
// role, succeeds exactly for the roles the permission table allows. The endpoints come from the
// contract's table and the expectations from ROLE_PERMISSIONS, so a new endpoint is covered as soon
// as it is declared (it needs only a valid sample input below, or the first test fails). Every
// successful write also leaves its audit row.
import {
  type AdminPermission,
  type EndpointDef,
  ErrorCode,
  ESTIMATE_RATE_FIELDS,
  roleAllows,
  STAFF_ROLES,
  type StaffRole,
  WebsiteConfigType,
} from "@yj/contract";
import { count, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import {
  afterSales,
  articles,
  auditLog,
  banners,
  chatConversations,
  customers as customerRows,
  goods,
  goodsSkus,
  leads,
  orders,
  payments,
  projectInstalments,
  projectStages,
  reconciliationDifferences,
  reconciliationRuns,
  refunds,
  sitePages,
  siteSettings,
  stores,
  websiteConfigs,
} from "../src/db/schema.js";
import { AccountsHarness, type Session, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import {
  asStaff,
  firstLevel2Category,
  loginSession,
  newStaff,
  type StaffSession,
  uniqueUsername,
} from "./admin-fixtures.js";
import { ADDRESS } from "./commerce-fixtures.js";
import { describeEachBackend, testEnv } from "./helper.js";
import { servedEndpoints } from "./served.js";

type Caller = "no one" | "customer" | StaffRole;

const MATRIX_BANNER = {
  scope: "city",
  province: "矩阵省",
  city: "矩阵市",
  title: "矩阵轮播图",
  image: "/media/matrix.svg",
  link: "/case",
};
const MATRIX_STORE = {
  name: "矩阵门店",
  province: "矩阵省",
  city: "矩阵市",
  address: "矩阵路 1 号",
  phone: "400-000-0000",
  hours: "09:00-18:00",
  lng: 120,
  lat: 30,
  image: "/media/matrix.svg",
};
const CALLERS: Caller[] = ["no one", "customer", ...STAFF_ROLES];

const adminEndpoints = servedEndpoints.filter(([, e]) => e.path.startsWith("/api/admin/"));

/** A valid input for each admin endpoint, so an allowed call can succeed (code 1). */
interface SampleContext {
  leadId: number;
  targetStaffId: number;
  /** Orders in each state, one used up by every allowed move (each caller gets a fresh one). */
  orders: Record<"paid" | "shipped" | "pending_payment", string[]>;
  /** A valid save of an existing goods row, as it is stored. */
  goodsSave: object;
  /** Articles for the delete calls and covered cities for the removals, one used up by each. */
  articleIds: number[];
  cityIds: number[];
  /** Cities to add, one taken by each call. */
  cityAdds: { province: string; city: string }[];
  /** Valid saves of the about page and the settings, unchanged. */
  pageSave: object;
  settingsSave: object;
  /** A small PNG to upload. */
  png: Buffer;
  /** A package and a level-2 category to save unchanged; banners and stores, one used up per delete. */
  packageId: number;
  category: { id: number; name: string; sort: number; shown: boolean };
  banners: number[];
  stores: number[];
  /** Refunds waiting for staff (approve, refuse) and failed ones (retry), one used up by each call. */
  refunds: Record<"requested" | "failed", number[]>;
  /** Paid instalments of the matrix's project (offline trades), one refunded by each allowed call. */
  paidInstalments: number[];
  /** After-sales requests waiting for staff, one refused by each allowed call. */
  afterSales: number[];
  /** Reconciliation differences to resolve, one used up by each allowed call. */
  differences: number[];
  /** Signed leads, one turned into a project by each allowed call; a project the 项目经理 is on. */
  signedLeadIds: number[];
  projectId: number;
  /** Its first stage, already checked by the inspector. */
  stageId: number;
  /** Live chat: waiting conversations to claim, and open ones of the 销售/客服 to transfer, close and answer. */
  chats: { waiting: number[]; open: number[]; closed: number[]; reply: number; customer: number };
  /** Every stage of it, in order, with its name. */
  stages: { id: number; name: string }[];
  /** A customer's data (docs/decisions/0076): one to look up and export, and one deleted by each allowed call. */
  dataSubject: { phone: string; id: number; deletable: number[] };
}
interface Sample {
  query?: Record<string, string>;
  body?: object;
  headers?: Record<string, string>;
  /** Runs after the call succeeded as `member` (a new password must be remembered). */
  onSuccess?: () => void;
}
/** Counts the samples that must change a row each time they are sent. */
let writes = 0;

const SAMPLES: Record<string, (c: SampleContext, member?: StaffSession) => Sample> = {
  adminLogout: () => ({ body: {} }),
  adminMe: () => ({}),
  adminChangePassword: (_c, member) => {
    const next = `${member?.password ?? "Working9day"}x`;
    return {
      body: { currentPassword: member?.password ?? "Working9day", newPassword: next },
      onSuccess: () => {
        if (member) member.password = next;
      },
    };
  },
  adminDashboard: () => ({}),
  adminStaffList: () => ({}),
  adminStaffCreate: () => ({ body: { username: uniqueUsername("matrix"), displayName: "矩阵", role: "sales" } }),
  adminStaffUpdate: (c) => ({ body: { id: c.targetStaffId, displayName: `矩阵目标 ${++writes}` } }),
  adminStaffResetPassword: (c) => ({ body: { id: c.targetStaffId } }),
  adminLeadList: () => ({ query: { kind: "appointment" } }),
  adminLeadDetail: (c) => ({ query: { id: String(c.leadId) } }),
  adminLeadAssignees: () => ({}),
  adminLeadRevealPhone: (c) => ({ body: { id: c.leadId } }),
  adminLeadUpdate: (c) => ({ body: { id: c.leadId, note: "矩阵测试备注" } }),
  adminLeadExport: () => ({ body: { kind: "appointment" } }),
  adminAuditList: () => ({ query: { pageSize: "5" } }),
  adminOrderList: () => ({ query: { status: "paid", phone: "138" } }),
  adminOrderDetail: (c) => ({ query: { orderNo: c.orders.paid[0] ?? "" } }),
  adminOrderShip: (c) => ({ body: { orderNo: c.orders.paid.pop(), carrier: "顺丰速运", trackingNo: "SF1234567890" } }),
  adminOrderComplete: (c) => ({ body: { orderNo: c.orders.shipped.pop() } }),
  adminOrderCancel: (c) => ({ body: { orderNo: c.orders.pending_payment.pop() } }),
  adminPaymentIssues: () => ({}),
  adminAfterSaleList: () => ({ query: { status: "requested", kind: "repair" } }),
  adminAfterSaleDecide: (c) => ({ body: { id: c.afterSales.pop(), decision: "refuse", note: "矩阵测试：请联系客服" } }),
  adminGoodsList: () => ({ query: { name: "沙发", visibility: "shown" } }),
  adminGoodsCategories: () => ({}),
  adminGoodsDetail: () => ({ query: { id: "1" } }),
  // Each save changes something: a save that changes nothing is not on record (ADR 0038).
  adminGoodsSave: (c) => ({ body: { ...c.goodsSave, subtitle: `矩阵保存 ${++writes}` } }),
  adminArticleList: () => ({ query: { type: "2", keyword: "㎡" } }),
  adminArticleOptions: () => ({}),
  adminArticleDetail: () => ({ query: { id: "1" } }),
  adminArticleSave: () => ({ body: MATRIX_GUIDE }),
  adminArticleDelete: (c) => ({ body: { id: c.articleIds.pop() } }),
  adminSitePageList: () => ({}),
  adminSitePageDetail: () => ({ query: { slug: "about" } }),
  adminSitePageSave: (c) => ({ body: c.pageSave }),
  adminSettingsDetail: () => ({}),
  adminSettingsSave: (c) => ({ body: c.settingsSave }),
  adminFilingsSave: () => ({
    body: {
      policeFilingNumber: "浙公网安备 33010602000000号",
      companyName: "权限测试公司（演示）",
      companyAddress: "浙江省杭州市",
      creditCode: "91330108MA2H4DEM0A",
      licenceImage: "",
    },
  }),
  adminRetentionSave: () => ({ body: { leadRetentionMonths: 24 } }),
  adminCityAdd: (c) => ({ body: c.cityAdds.pop() }),
  adminCityRemove: (c) => ({ body: { id: c.cityIds.pop() } }),
  adminMediaUpload: (c) => ({ query: { purpose: "goods" }, body: c.png, headers: { "content-type": "image/png" } }),
  adminGoodsCreate: (c) => ({
    body: {
      ...c.goodsSave,
      id: undefined,
      name: "矩阵新建商品",
      cover: "/media/matrix.svg",
      shown: false,
      skus: [{ spec: "标准", price: "10", stock: 1 }],
    },
  }),
  adminGoodsTags: () => ({}),
  adminPackageList: () => ({}),
  adminPackageDetail: (c) => ({ query: { id: String(c.packageId) } }),
  adminPackageItemsSave: (c) => ({
    body: { id: c.packageId, items: [{ goodsId: 1, name: "矩阵项目", quantity: 1, unit: "件", room: "客厅" }] },
  }),
  adminCategoryList: () => ({}),
  adminCategoryUpdate: (c) => ({ body: c.category }),
  adminBannerList: () => ({ query: { scope: "city", area: "杭州市" } }),
  adminBannerCreate: () => ({ body: { ...MATRIX_BANNER } }),
  adminBannerUpdate: (c) => ({ body: { ...MATRIX_BANNER, id: c.banners[0] } }),
  adminBannerDelete: (c) => ({ body: { id: c.banners.pop() } }),
  adminBannerSort: (c) => ({ body: { ids: c.banners.slice(0, 2) } }),
  adminStoreList: () => ({ query: { city: "矩阵市" } }),
  adminStoreCreate: () => ({ body: { ...MATRIX_STORE } }),
  adminStoreUpdate: (c) => ({ body: { ...MATRIX_STORE, id: c.stores[0] } }),
  adminStoreDelete: (c) => ({ body: { id: c.stores.pop() } }),
  adminOrderRefunds: (c) => ({ query: { orderNo: c.orders.paid[0] ?? "" } }),
  adminRefundApprove: (c) => ({ body: { refundId: c.refunds.requested.pop(), note: "矩阵同意" } }),
  adminRefundRefuse: (c) => ({ body: { refundId: c.refunds.requested.pop(), note: "矩阵拒绝" } }),
  adminRefundRetry: (c) => ({ body: { refundId: c.refunds.failed.pop() } }),
  adminInstalmentRefund: (c) => ({ body: { instalmentId: c.paidInstalments.pop(), reason: "矩阵退款" } }),
  adminProjectRefunds: (c) => ({ query: { id: String(c.projectId) } }),
  adminProjectList: () => ({ query: { late: "0" } }),
  adminProjectDetail: (c) => ({ query: { id: String(c.projectId) } }),
  adminProjectCreate: (c) => ({
    body: {
      leadId: c.signedLeadIds.pop(),
      city: "矩阵市",
      address: "矩阵路 2 号",
      areaSqm: 90,
      contractCents: 10_000_001,
      startDate: "2026-10-01",
      plannedFinishDate: "2027-01-31",
      managerId: c.targetStaffId,
    },
  }),
  adminProjectStaff: () => ({}),
  adminProjectRevealPhone: (c) => ({ body: { projectId: c.projectId } }),
  adminProjectAudit: (c) => ({ query: { id: String(c.projectId) } }),
  adminProjectStages: (c) => ({ body: { projectId: c.projectId, stages: c.stages } }),
  adminProjectStageRecord: (c) => ({ body: { stageId: c.stageId, text: `矩阵照片 ${++writes}`, photoKeys: [] } }),
  adminProjectInspect: (c) => ({ body: { stageId: c.stageId, passed: true, note: "矩阵检查" } }),
  adminProjectRequestAcceptance: (c) => ({ body: { stageId: c.stageId } }),
  adminProjectChangeOrder: (c) => ({
    body: { projectId: c.projectId, kind: "add", items: [{ name: "矩阵增项", amountCents: 100 }], reason: "矩阵" },
  }),
  adminCityPricesList: () => ({}),
  adminCustomerLookup: (c) => ({ query: { phone: c.dataSubject.phone } }),
  adminCustomerExport: (c) => ({ body: { id: c.dataSubject.id } }),
  adminCustomerDelete: (c) => ({ body: { id: c.dataSubject.deletable.pop() } }),
  adminChatList: () => ({ query: { box: "waiting" } }),
  adminChatDetail: (c) => ({ query: { id: String(c.chats.reply) } }),
  adminChatClaim: (c) => ({ body: { id: c.chats.waiting.pop() } }),
  adminChatTransfer: (c) => ({ body: { id: c.chats.open.pop(), staffId: c.targetStaffId } }),
  adminChatClose: (c) => ({ body: { id: c.chats.open.pop() } }),
  adminChatReply: (c) => ({ body: { id: c.chats.reply, clientId: `matrix-${++writes}-reply`, text: "矩阵回复" } }),
  adminChatCanned: () => ({}),
  adminChatPicture: (c) => ({ body: c.png, headers: { "content-type": "image/png" } }),
  adminChatLead: (c) => ({ body: { id: c.chats.closed.pop(), phone: `139${String(++writes).padStart(8, "0")}` } }),
  adminChatVisitor: (c) => ({ query: { id: String(c.chats.customer) } }),
  adminChatRevealPhone: (c) => ({ body: { id: c.chats.customer } }),
  adminChatSettings: () => ({}),
  adminChatSettingsSave: () => ({
    body: { greeting: `矩阵欢迎语 ${++writes}`, cannedReplies: ["矩阵回复"], wecomUrl: "" },
  }),
  adminReconciliationRuns: () => ({ query: { from: "2026-01-01", provider: "wechat" } }),
  adminReconciliationDifferences: () => ({ query: { unresolved: "true", kind: "amount_differs" } }),
  adminReconciliationProviders: () => ({}),
  adminReconciliationResolve: (c) => ({ body: { id: c.differences.pop(), note: "矩阵测试处理" } }),
  adminReconciliationRerun: () => ({ body: { provider: "wechat", billDate: "2026-01-02" } }),
  adminReconciliationExport: () => ({ body: { provider: "wechat" } }),
  adminCityPricesSave: () => ({
    body: {
      city: "矩阵市",
      province: "矩阵省",
      rates: Object.fromEntries(ESTIMATE_RATE_FIELDS.map(([k]) => [k, "100"])),
    },
  }),
};

const MATRIX_GUIDE = {
  type: 1,
  title: "矩阵测试攻略",
  summary: "",
  cover: "/media/matrix.svg",
  tagId: 1,
  author: "矩阵",
  publishedAt: "2026-01-01T00:00:00.000Z",
  content: [{ kind: "paragraph", text: "矩阵测试正文" }],
};
/** Real cities the demo does not cover, one for each caller (every call takes one). */
const MATRIX_CITIES = [
  { province: "西藏自治区", city: "拉萨市" },
  { province: "青海省", city: "西宁市" },
  { province: "新疆维吾尔自治区", city: "乌鲁木齐市" },
  { province: "西藏自治区", city: "日喀则市" },
  { province: "青海省", city: "海东市" },
  { province: "新疆维吾尔自治区", city: "克拉玛依市" },
];

function allowed(caller: Caller, permission: AdminPermission): boolean {
  if (permission === "public") return true;
  if (caller === "no one" || caller === "customer") return false;
  return roleAllows(caller, permission);
}

// The WeChat Pay fake gateway runs in the app, so the reconciliation's "run again" has a provider
// that publishes bills (its bill of a day without trades is empty).
const MATRIX_APP = { app: { env: { PAYMENT_PROVIDER: "offline,wechat", WECHATPAY_FAKE_GATEWAY: "true" } } };

describeEachBackend("R16 permission matrix", MATRIX_APP, (ctx) => {
  let customers: AccountsHarness;
  let customer: Session;
  const members = {} as Record<StaffRole, StaffSession>;
  const sample: SampleContext = {
    leadId: 0,
    targetStaffId: 0,
    orders: { paid: [], shipped: [], pending_payment: [] },
    goodsSave: {},
    articleIds: [],
    cityIds: [],
    cityAdds: [],
    pageSave: {},
    settingsSave: {},
    png: Buffer.alloc(0),
    packageId: 0,
    category: { id: 0, name: "", sort: 0, shown: true },
    banners: [],
    stores: [],
    refunds: { requested: [], failed: [] },
    paidInstalments: [],
    afterSales: [],
    differences: [],
    signedLeadIds: [],
    projectId: 0,
    stageId: 0,
    chats: { waiting: [], open: [], closed: [], reply: 0, customer: 0 },
    stages: [],
    dataSubject: { phone: "", id: 0, deletable: [] },
  };

  beforeAll(async () => {
    customers = await AccountsHarness.build(ctx.database);
    customer = await customers.login();
    for (const role of STAFF_ROLES) members[role] = await newStaff(ctx.app, ctx.database.db, role);
    sample.targetStaffId = (await newStaff(ctx.app, ctx.database.db, "sales")).id;
    sample.png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    const now0 = new Date();
    const phone = uniquePhone("136");
    await ctx.app.inject({
      method: "POST",
      url: "/api/customers/appointment",
      payload: { phone, originDetail: "权限矩阵" },
      remoteAddress: uniqueIp(),
    });
    const [lead] = await ctx.database.db.select({ id: leads.id }).from(leads).where(eq(leads.phone, phone));
    sample.leadId = lead!.id;
    const [row] = await ctx.database.db.select().from(goods).where(eq(goods.id, 1));
    const skus = await ctx.database.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, 1));
    sample.goodsSave = {
      id: 1,
      name: row!.name,
      subtitle: row!.subtitle,
      category2: row!.category2,
      brand: row!.brand,
      price: row!.priceCents / 100,
      originalPrice: row!.originalPriceCents / 100,
      unit: row!.unit,
      params: row!.params,
      description: row!.description,
      shown: true,
      skus: skus.map((s) => ({ id: s.id, spec: s.spec, price: s.priceCents / 100, stock: s.stock })),
    };
    for (let i = 0; i < CALLERS.length; i += 1) {
      const [article] = await ctx.database.db
        .insert(articles)
        .values({ ...MATRIX_GUIDE, publishedAt: new Date(), content: MATRIX_GUIDE.content as never })
        .returning({ id: articles.id });
      sample.articleIds.push(article!.id);
      const [city] = await ctx.database.db
        .insert(websiteConfigs)
        .values({ type: WebsiteConfigType.CITY_LIST, content: { city: `矩阵市${i}`, province: "矩阵省" } })
        .returning({ id: websiteConfigs.id });
      sample.cityIds.push(city!.id);
    }
    sample.cityAdds = [...MATRIX_CITIES];
    const customerId = async (mobile: string) =>
      (await ctx.database.db.select().from(customerRows).where(eq(customerRows.mobile, mobile)))[0]!.id;
    const subject = await customers.login(uniquePhone("134"));
    sample.dataSubject = { phone: subject.mobile, id: await customerId(subject.mobile), deletable: [] };
    for (let i = 0; i < CALLERS.length; i += 1) {
      const gone = await customers.login(uniquePhone("134"));
      sample.dataSubject.deletable.push(await customerId(gone.mobile));
    }
    const [page] = await ctx.database.db.select().from(sitePages).where(eq(sitePages.slug, "about"));
    sample.pageSave = { slug: "about", title: page!.title, description: page!.description, blocks: page!.blocks };
    const [settings] = await ctx.database.db.select().from(siteSettings);
    const { id: _id, defaultProvince: _p, defaultCity: _c, activityDepositCents, ...editable } = settings!;
    sample.settingsSave = { ...editable, activityDeposit: activityDepositCents / 100 };
    const [pkg] = await ctx.database.db.select({ id: goods.id }).from(goods).where(eq(goods.isPackage, true)).limit(1);
    sample.packageId = pkg!.id;
    sample.category = await firstLevel2Category(ctx.database.db);
    for (let i = 0; i < CALLERS.length + 2; i += 1) {
      const { scope: _scope, ...banner } = MATRIX_BANNER;
      const [b] = await ctx.database.db.insert(banners).values(banner).returning({ id: banners.id });
      sample.banners.push(b!.id);
      const [st] = await ctx.database.db.insert(stores).values(MATRIX_STORE).returning({ id: stores.id });
      sample.stores.push(st!.id);
    }
    const [run] = await ctx.database.db
      .insert(reconciliationRuns)
      .values({ provider: "wechat", billDate: "2026-01-01", status: "done", startedAt: new Date() })
      .returning({ id: reconciliationRuns.id });
    for (let i = 0; i < CALLERS.length; i += 1) {
      const [difference] = await ctx.database.db
        .insert(reconciliationDifferences)
        .values({
          runId: run!.id,
          provider: "wechat",
          billDate: "2026-01-01",
          kind: "amount_differs",
          subject: "payment",
          outTradeNo: `PMATRIX${i}`,
          ourAmountCents: 100,
          theirAmountCents: 99,
          createdAt: new Date(),
        })
        .returning({ id: reconciliationDifferences.id });
      sample.differences.push(difference!.id);
    }
    for (let i = 0; i < CALLERS.length + 1; i += 1) {
      const [signed] = await ctx.database.db
        .insert(leads)
        .values({
          kind: "appointment",
          phone: uniquePhone("135"),
          payload: {},
          state: "signed",
          createdAt: now0,
          updatedAt: now0,
        })
        .returning({ id: leads.id });
      sample.signedLeadIds.push(signed!.id);
    }
    // A project the matrix's 项目经理 manages and inspects, so each role allowed may work it.
    const created = await ctx.app.inject(
      asStaff(members.admin, {
        method: "POST",
        url: "/api/admin/projects/create",
        payload: {
          leadId: sample.signedLeadIds.pop(),
          city: "矩阵市",
          address: "矩阵路 1 号",
          areaSqm: 80,
          contractCents: 8_000_000,
          startDate: "2026-09-01",
          plannedFinishDate: "2026-12-31",
          managerId: members.manager.id,
          inspectorId: members.manager.id,
        },
      }),
    );
    const project = (created.json() as { data: { id: number; stages: { id: number; name: string }[] } }).data;
    sample.projectId = project.id;
    sample.stages = project.stages.map(({ id, name }) => ({ id, name }));
    sample.stageId = project.stages[0]!.id;
    await ctx.database.db
      .update(projectStages)
      .set({ inspectionPassed: true, inspectedAt: now0 })
      .where(eq(projectStages.id, sample.stageId));
    // Paid instalments (offline trades) of the project, one for each refund call allowed.
    for (let i = 0; i < CALLERS.length; i += 1) {
      const [instalment] = await ctx.database.db
        .insert(projectInstalments)
        .values({
          projectId: project.id,
          stageId: sample.stageId,
          position: 100 + i,
          percent: 0,
          amountCents: 100,
          status: "paid",
          payableAt: now0,
          paidAt: now0,
        })
        .returning({ id: projectInstalments.id });
      await ctx.database.db.insert(payments).values({
        outTradeNo: `PMATRIXIN${Date.now()}${i}`,
        provider: "offline",
        purpose: "instalment",
        instalmentId: instalment!.id,
        subject: "悦家整装装修款",
        amountCents: 100,
        status: "paid",
        createdAt: now0,
        paidAt: now0,
      });
      sample.paidInstalments.push(instalment!.id);
    }
    // Conversations the matrix's 销售/客服 holds (管理员 may work any open one).
    const chatRow = (status: "waiting" | "open") => ({
      visitorKey: "matrix",
      status,
      assigneeId: status === "open" ? members.sales.id : null,
      createdAt: now0,
      updatedAt: now0,
    });
    for (let i = 0; i < CALLERS.length; i += 1) {
      const [waiting] = await ctx.database.db.insert(chatConversations).values(chatRow("waiting")).returning();
      sample.chats.waiting.push(waiting!.id);
    }
    for (let i = 0; i < 2 * CALLERS.length + 1; i += 1) {
      const [open] = await ctx.database.db.insert(chatConversations).values(chatRow("open")).returning();
      sample.chats.open.push(open!.id);
    }
    sample.chats.reply = sample.chats.open.pop()!;
    for (let i = 0; i < CALLERS.length; i += 1) {
      const [closed] = await ctx.database.db
        .insert(chatConversations)
        .values({ ...chatRow("waiting"), status: "closed" })
        .returning();
      sample.chats.closed.push(closed!.id);
    }
    const [buyer] = await ctx.database.db.select().from(customerRows).where(eq(customerRows.mobile, customer.mobile));
    const [ofCustomer] = await ctx.database.db
      .insert(chatConversations)
      .values({ ...chatRow("waiting"), customerId: buyer!.id })
      .returning();
    sample.chats.customer = ofCustomer!.id;
    const now = new Date();
    for (const status of ["paid", "shipped", "pending_payment"] as const) {
      for (let i = 0; i < CALLERS.length + 1; i += 1) {
        const orderNo = `MATRIX${status.slice(0, 2).toUpperCase()}${Date.now()}${i}`;
        await ctx.database.db.insert(orders).values({
          orderNo,
          customerId: buyer!.id,
          status,
          totalCents: 100,
          address: ADDRESS,
          createdAt: now,
          payBefore: new Date(now.getTime() + 30 * 60_000),
        });
        sample.orders[status].push(orderNo);
      }
    }
    // Paid orders (offline payments) with a refund asked for, or failed, for the refund decisions.
    for (let i = 0; i < 3 * CALLERS.length; i += 1) {
      const status = i < 2 * CALLERS.length ? ("requested" as const) : ("failed" as const);
      const [order] = await ctx.database.db
        .insert(orders)
        .values({
          orderNo: `MATRIXRF${Date.now()}${i}`,
          customerId: buyer!.id,
          status: "paid",
          totalCents: 100,
          address: ADDRESS,
          createdAt: now,
          payBefore: new Date(now.getTime() + 30 * 60_000),
          paidAt: now,
        })
        .returning({ id: orders.id });
      const [payment] = await ctx.database.db
        .insert(payments)
        .values({
          outTradeNo: `PMATRIX${Date.now()}${i}`,
          provider: "offline",
          purpose: "order",
          orderId: order!.id,
          subject: "矩阵订单",
          amountCents: 100,
          status: "paid",
          createdAt: now,
          paidAt: now,
        })
        .returning({ id: payments.id });
      const [refund] = await ctx.database.db
        .insert(refunds)
        .values({
          outRefundNo: `RMATRIX${Date.now()}${i}`,
          paymentId: payment!.id,
          orderId: order!.id,
          provider: "offline",
          amountCents: 100,
          origin: "customer",
          reason: "矩阵退款",
          status,
          createdAt: now,
        })
        .returning({ id: refunds.id });
      sample.refunds[status].push(refund!.id);
    }
    for (let i = 0; i < CALLERS.length + 1; i += 1) {
      const [order] = await ctx.database.db
        .insert(orders)
        .values({
          orderNo: `MATRIXAS${Date.now()}${i}`,
          customerId: buyer!.id,
          status: "shipped",
          totalCents: 100,
          address: ADDRESS,
          createdAt: now,
          payBefore: now,
          shippedAt: now,
        })
        .returning({ id: orders.id });
      const [request] = await ctx.database.db
        .insert(afterSales)
        .values({
          orderId: order!.id,
          customerId: buyer!.id,
          kind: "repair",
          reason: "质量问题：矩阵",
          status: "requested",
          createdAt: now,
        })
        .returning({ id: afterSales.id });
      sample.afterSales.push(request!.id);
    }
  }, 120_000);
  afterAll(async () => {
    await customers?.close();
  });

  it("covers every /api/admin endpoint, each with a permission and a sample input", () => {
    expect(adminEndpoints.length).toBeGreaterThanOrEqual(15);
    for (const [name, endpoint] of adminEndpoints) {
      expect(endpoint.auth, name).toBe("staff");
      expect(endpoint.permission, name).toBeDefined();
      if (endpoint.permission !== "public") expect(SAMPLES[name], `${name} needs a sample input`).toBeDefined();
    }
  });

  it("an /api/admin route registered without a permission fails at start-up", async () => {
    const app = await buildApp({ env: testEnv(), database: ctx.database, serveWeb: false });
    try {
      expect(() =>
        app.route({ method: "GET", url: "/api/admin/forgotten", config: { auth: "staff" }, handler: async () => null }),
      ).toThrow(/needs auth "staff" and a permission/);
    } finally {
      await app.close();
    }
  });

  /**
   * A live session of the member: the one from the last call while it still answers, else a fresh
   * login (a sample may end it: logout, a password change). A login costs a scrypt hash, which over
   * the whole matrix was most of this file's time.
   */
  const liveSessions = new Map<number, StaffSession>();
  const adminMePath = adminEndpoints.find(([name]) => name === "adminMe")?.[1].path ?? "";
  async function sessionOf(member: StaffSession): Promise<StaffSession> {
    const kept = liveSessions.get(member.id);
    if (kept && kept.password === member.password) {
      const me = await ctx.app.inject(asStaff(kept, { method: "GET", url: adminMePath }));
      if ((me.json() as { code: number }).code === 1) return kept;
    }
    const session = await loginSession(ctx.app, member.username, member.password, member.id);
    liveSessions.set(member.id, session);
    return session;
  }

  /** The call as `caller`, with a session that is live when the call starts. */
  async function request(caller: Caller, endpoint: EndpointDef, name: string) {
    const member = caller === "no one" || caller === "customer" ? undefined : members[caller];
    const input = SAMPLES[name]?.(sample, member) ?? {};
    const base: InjectOptions = {
      method: endpoint.method,
      url: endpoint.path,
      remoteAddress: uniqueIp(),
      ...(input.query ? { query: input.query } : {}),
      ...(input.headers ? { headers: input.headers } : {}),
      ...(endpoint.method === "POST" ? { payload: input.body ?? {} } : {}),
    };
    if (!member) {
      if (caller === "no one") return { options: base, input };
      const headers = { ...base.headers, "x-csrf-token": customer.csrf, authorization: `Bearer ${customer.token}` };
      return { options: { ...base, headers, cookies: { token: customer.token, csrf: customer.csrf } }, input };
    }
    return { options: asStaff(await sessionOf(member), base), input };
  }

  for (const [name, endpoint] of adminEndpoints.filter(([, e]) => e.permission !== "public")) {
    it(`${endpoint.method} ${endpoint.path} (${endpoint.permission}) opens exactly to the roles allowed`, async () => {
      const problems: string[] = [];
      for (const caller of CALLERS) {
        const { options, input } = await request(caller, endpoint, name);
        const [before] = await ctx.database.db.select({ n: count() }).from(auditLog);
        const res = await ctx.app.inject(options);
        const body = res.json() as { code: number; errorCode?: number; message: string };
        const expected = allowed(caller, endpoint.permission!);
        if (expected && body.code !== 1) problems.push(`${caller}: refused (${body.errorCode} ${body.message})`);
        if (body.code === 1) input.onSuccess?.();
        if (!expected) {
          const refusal = caller === "no one" || caller === "customer" ? ErrorCode.LOGIN_REQUIRED : ErrorCode.FORBIDDEN;
          if (body.code !== 0 || body.errorCode !== refusal) {
            problems.push(`${caller}: expected errorCode ${refusal}, got ${body.code}/${body.errorCode}`);
          }
        }
        // Every successful write is on record; a refused one writes nothing, not even its record.
        const [after] = await ctx.database.db.select({ n: count() }).from(auditLog);
        const added = after!.n - before!.n;
        if (endpoint.method === "POST" && expected && added < 1) problems.push(`${caller}: write left no audit row`);
        if (!expected && added !== 0) problems.push(`${caller}: a refused call wrote ${added} audit row(s)`);
      }
      expect(problems).toEqual([]);
    });
  }
});
