// The back office's content and settings (docs/quality.md R16, docs/decisions/0035): guides and cases
// with their block body, the brand and service pages' copy, and the site settings with the covered
// cities. 运营 and 管理员 hold the `content` and `settings` permissions (admin.ts ROLE_PERMISSIONS).
import { z } from "zod";
import { YuanAmount } from "./admin.js";
import { AdminText, ImageAddress } from "./admin-fields.js";
import { currentParam, idParam, optionalIdParam, Page, pageSizeParam, textParam } from "./common.js";
import { ArticleBlock, ArticleTag, companyShape, filingsShape, serviceContactShape } from "./content.js";
import { EmbedOrigins } from "./embed-origins.js";
import { creditCodeProblem, POLICE_FILING_PATTERN } from "./filings.js";
import { SITE_PATH_MESSAGE, sameSitePath } from "./site-links.js";
import { SitePage, type SitePageBlock, type SitePageSlug } from "./site-pages.js";
import { text } from "./text.js";

export const ContentMessages = {
  filingsSaved: "备案与营业执照已保存",
  retentionSaved: "数据保留期限已保存",
  articleNotFound: "文章不存在或已删除",
  articleSaved: "文章已保存",
  articleDeleted: "文章已删除",
  tagInvalid: "攻略标签不存在",
  pageSaved: "页面已保存",
  settingsSaved: "站点设置已保存",
  settingsMissing: "站点信息未配置",
  cityAdded: "城市已添加",
  cityRemoved: "城市已移除",
  cityExists: "该城市已在覆盖列表中",
  cityNotFound: "城市不存在或已移除",
  cityUnknown: "省份或城市不在行政区划中",
  cityIsDefault: "默认城市不能移除",
} as const;

// ── Guides and cases ────────────────────────────────────────────────────────────────────────────

export const AdminArticleListQuery = z.object({
  type: z.enum(["1", "2"], { message: "类型只能为攻略或案例" }).optional(),
  tagId: optionalIdParam("标签"),
  keyword: textParam("关键词", 50),
  current: currentParam,
  pageSize: pageSizeParam,
});

export const AdminArticleRow = z.object({
  id: z.number(),
  type: z.number(),
  title: z.string(),
  tagName: z.string().nullable(),
  author: z.string(),
  city: z.string().nullable(),
  style: z.string().nullable(),
  views: z.number(),
  publishedAt: z.string(),
});
export type AdminArticleRow = z.infer<typeof AdminArticleRow>;

export const AdminArticlePage = Page(AdminArticleRow);

export const AdminArticleDetail = z.object({
  id: z.number(),
  type: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  tagId: z.number().nullable(),
  author: z.string(),
  publishedAt: z.string(),
  content: z.array(ArticleBlock),
  style: z.string().nullable(),
  layout: z.string().nullable(),
  areaM2: z.number().nullable(),
  /** Cents. */
  budget: z.number().nullable(),
  city: z.string().nullable(),
  designer: z.string().nullable(),
  views: z.number(),
});
export type AdminArticleDetail = z.infer<typeof AdminArticleDetail>;

/** The editor's choices: guide stage tags, and the styles and cities the storefront's case filters offer. */
export const AdminArticleOptions = z.object({
  tags: z.array(ArticleTag),
  styles: z.array(z.string()),
  cities: z.array(z.string()),
});

export const AdminArticleBlock = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("heading"), text: AdminText("小标题", 100, { required: true }) }),
    z.object({ kind: z.literal("paragraph"), text: AdminText("段落", 5000, { required: true }) }),
    z.object({
      kind: z.literal("image"),
      src: ImageAddress("图片"),
      caption: AdminText("图片说明", 100, { required: false }),
    }),
  ],
  { message: "正文块类型无效" },
);

/**
 * The layout as the case filters read it (docs/decisions/0027): it starts with the bedroom count,
 * 三室两厅 or 3室2厅, so the rooms filter finds the case.
 */
const Layout = AdminText("户型", 20, { required: true }).refine(
  (v) => /^[一二两三四五六七八九1-9]室/.test(v),
  "户型须以几室开头，如 三室两厅",
);

const ArticleBase = z.object({
  /** Absent: a new article. */
  id: idParam("文章编号").optional(),
  title: AdminText("标题", 80, { required: true }),
  summary: AdminText("摘要", 300, { required: false }),
  cover: ImageAddress("封面"),
  author: AdminText("作者", 32, { required: false }),
  publishedAt: text("发布时间", "请选择发布时间").refine(
    (v) => v.length <= 40 && !Number.isNaN(Date.parse(v)),
    "发布时间无效",
  ),
  content: z.array(AdminArticleBlock).min(1, "正文至少需要一个内容块").max(200, "正文最多 200 个内容块"),
});

export const AdminArticleSaveBody = z.discriminatedUnion(
  "type",
  [
    ArticleBase.extend({
      type: z.literal(1),
      tagId: z.coerce
        .number({ message: "请选择攻略标签" })
        .int("请选择攻略标签")
        .min(1, "请选择攻略标签")
        .max(2_147_483_647, "请选择攻略标签"),
    }),
    ArticleBase.extend({
      type: z.literal(2),
      style: AdminText("风格", 20, { required: true }),
      layout: Layout,
      areaM2: z.coerce
        .number({ message: "请输入面积" })
        .int("面积须为整数")
        .min(1, "面积须大于 0")
        .max(100_000, "面积过大"),
      budget: YuanAmount,
      city: AdminText("城市", 20, { required: true }),
      designer: AdminText("设计师", 32, { required: true }),
    }),
  ],
  { message: "请选择类型（攻略或案例）" },
);
export type AdminArticleSaveBody = z.infer<typeof AdminArticleSaveBody>;

export const AdminArticleIdQuery = z.object({ id: idParam("文章编号") });
export const AdminArticleIdBody = z.object({ id: idParam("文章编号") });

// ── Brand and service pages ─────────────────────────────────────────────────────────────────────

/** The storefront routes that show each page (docs/decisions/0028). */
export const SITE_PAGE_PATHS: Record<SitePageSlug, readonly string[]> = {
  about: ["/about"],
  stream: ["/stream"],
  integrate: ["/integrate"],
  "hard-decoration": ["/heartPage", "/2-2"],
  "soft-furnishing": ["/2-22"],
};

export const AdminSitePageRow = z.object({
  slug: z.string(),
  title: z.string(),
  /** The storefront paths that show the page. */
  paths: z.array(z.string()),
  /** False while the page shows the built-in copy (no row yet, docs/decisions/0028). */
  edited: z.boolean(),
  updatedAt: z.string(),
});
export type AdminSitePageRow = z.infer<typeof AdminSitePageRow>;

export const AdminSitePageQuery = z.object({
  slug: text("页面标识", "请提供页面标识").regex(/^[a-z0-9-]{1,40}$/, "页面标识无效"),
});

const Point = z.object({
  title: AdminText("要点标题", 40, { required: true }),
  text: AdminText("要点说明", 500, { required: false }),
});
const Items = <T extends z.ZodType>(item: T) => z.array(item).min(1, "列表至少需要一项").max(30, "列表最多 30 项");

/** SitePageBlock with lengths and required text (the public schema describes what is stored). */
export const AdminSitePageBlock = z.discriminatedUnion(
  "kind",
  [
    // A brand page says what an article says, and more.
    ...AdminArticleBlock.options,
    z.object({ kind: z.literal("steps"), items: Items(Point) }),
    z.object({ kind: z.literal("features"), items: Items(Point) }),
    z.object({
      kind: z.literal("figures"),
      items: Items(
        z.object({
          value: AdminText("数字", 20, { required: true }),
          label: AdminText("数字说明", 40, { required: true }),
        }),
      ),
    }),
    z.object({
      kind: z.literal("list"),
      title: AdminText("列表标题", 40, { required: false }),
      tone: z.enum(["included", "excluded", "plain"], { message: "列表类型无效" }),
      items: Items(AdminText("列表项", 200, { required: true })),
    }),
    z.object({
      kind: z.literal("link"),
      text: AdminText("链接文字", 40, { required: true }),
      to: AdminText("链接地址", 200, { required: true }).refine((v) => sameSitePath(v) !== null, SITE_PATH_MESSAGE),
    }),
  ],
  { message: "内容块类型无效" },
) satisfies z.ZodType<SitePageBlock>;

export const AdminSitePageSaveBody = z.object({
  slug: AdminSitePageQuery.shape.slug,
  title: AdminText("页面标题", 40, { required: true }),
  description: AdminText("页面简介", 300, { required: true }),
  blocks: z.array(AdminSitePageBlock).min(1, "页面至少需要一个内容块").max(100, "页面最多 100 个内容块"),
});

export const AdminSitePageDetail = SitePage.extend({ paths: z.array(z.string()), edited: z.boolean() });
export type AdminSitePageDetail = z.infer<typeof AdminSitePageDetail>;

// ── Site settings ──────────────────────────────────────────────────────────────────────────────

export const AdminCity = z.object({ id: z.number(), city: z.string(), province: z.string() });
export type AdminCity = z.infer<typeof AdminCity>;

export const AdminSettings = z.object({
  ...companyShape,
  ...serviceContactShape,
  coveredCities: z.number(),
  servedOwnersBase: z.number(),
  /** Cents. */
  activityDeposit: z.number(),
  /** Origins allowed to frame /iframe (embed-origins.ts); empty: only this site. */
  embedOrigins: z.array(z.string()),
  defaultCity: z.string(),
  cities: z.array(AdminCity),
  ...filingsShape,
  leadRetentionMonths: z.number(),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

const Count = (label: string) =>
  z.coerce
    .number({ message: `请输入${label}` })
    .int(`${label}须为整数`)
    .min(0, `${label}不能为负`)
    .max(100_000_000, `${label}过大`);

export const AdminSettingsSaveBody = z.object({
  brandName: AdminText("品牌名称", 20, { required: true }),
  hotline: AdminText("服务热线", 20, { required: true }).refine(
    (v) => /^[\d-]{5,20}$/.test(v),
    "服务热线只能包含数字和短横线",
  ),
  headOfficeAddress: AdminText("总部地址", 100, { required: true }),
  icpNumber: AdminText("ICP 备案号", 40, { required: true }),
  serviceHours: AdminText("服务时间", 40, { required: true }),
  serviceEmail: AdminText("服务邮箱", 64, { required: true }).refine(
    (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    "邮箱格式不正确",
  ),
  wechat: AdminText("微信号", 40, { required: true }),
  coveredCities: Count("覆盖城市数"),
  servedOwnersBase: Count("已服务业主基数"),
  activityDeposit: YuanAmount.refine((cents) => cents >= 1, "活动定金须大于 0"),
  /** Left out: the saved list stays as it is. */
  embedOrigins: EmbedOrigins.optional(),
});

/** The filings and licence card of 设置 (docs/decisions/0077); empty fields are not shown on the site. */
export const AdminFilingsSaveBody = z.object({
  policeFilingNumber: AdminText("公安备案号", 40, { required: false }).refine(
    (v) => v === "" || POLICE_FILING_PATTERN.test(v),
    "公安备案号格式应如：浙公网安备 33010602000000号",
  ),
  companyName: AdminText("企业名称", 60, { required: false }),
  companyAddress: AdminText("注册地址", 100, { required: false }),
  creditCode: AdminText("统一社会信用代码", 18, { required: false })
    .transform((v) => v.toUpperCase())
    .superRefine((v, ctx) => {
      const problem = v === "" ? null : creditCodeProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  /** Empty: no picture. */
  licenceImage: z.union([z.literal(""), ImageAddress("营业执照图片")]),
});
export type AdminFilingsSaveBody = z.input<typeof AdminFilingsSaveBody>;

/** The data-retention card of 设置: months a never-customer lead keeps its phone and name. */
export const AdminRetentionSaveBody = z.object({
  leadRetentionMonths: z.coerce
    .number({ message: "请输入保留月数" })
    .int("保留月数须为整数")
    .min(1, "保留月数至少 1 个月")
    .max(120, "保留月数最多 120 个月"),
});

export const AdminCityAddBody = z.object({
  province: AdminText("省份", 20, { required: true }),
  city: AdminText("城市", 20, { required: true }),
});
export const AdminCityIdBody = z.object({ id: idParam("城市编号") });
