// Content and settings in the back office (R16, docs/decisions/0035): a guide and a case created,
// edited and deleted, each write audited with the values before and after, and the storefront's API
// answering the new values at once — through its response cache for the pages, the settings and the
// city list; bad input refused in Chinese, changing nothing. With REDIS_URL set, a second instance's
// cached settings follow a save on the first.
import { type AdminArticleDetail, type AdminSettings, ContentMessages, ErrorCode } from "@yj/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { articles, siteSettings } from "../src/db/schema.js";
import { uniqueIp } from "./accounts-fixtures.js";
import { asStaff, DEPLOYED_SHOP, newStaff, staffDesk, withTwoInstancesOverRedis } from "./admin-fixtures.js";
import { describeEachBackend } from "./helper.js";

type Answer<T = unknown> = { code: number; message: string; errorCode?: number; data: T };

const GUIDE = {
  type: 1,
  title: "测试攻略：瓷砖怎么选",
  summary: "从釉面到尺寸，一次说清",
  cover: "/media/test-cover.svg",
  tagId: 1,
  author: "内容组",
  publishedAt: "2026-03-01T08:00:00.000Z",
  content: [
    { kind: "heading", text: "先看釉面" },
    { kind: "paragraph", text: "亮光砖好打理，哑光砖更防滑。" },
    { kind: "image", src: "/media/test-tile.svg", caption: "客厅地砖" },
  ],
};

const CASE = {
  type: 2,
  title: "测试案例：杭州 118㎡ 原木三居",
  summary: "一家三口的原木之家",
  cover: "/media/test-case.svg",
  author: "设计师 林一",
  publishedAt: "2026-03-02T08:00:00.000Z",
  content: [{ kind: "paragraph", text: "南北通透的三居室。" }],
  style: "测试原木",
  layout: "三室两厅",
  areaM2: 118,
  budget: "268000.50",
  city: "杭州市",
  designer: "林一",
};

describeEachBackend("back office content and settings", { app: DEPLOYED_SHOP }, (ctx) => {
  const desk = staffDesk<AdminArticleDetail>(ctx, "operations", "吴运营");
  const { as, storefront, lastAudit } = desk;

  const post = <T = AdminArticleDetail>(url: string, payload: object) => as<T>({ method: "POST", url, payload });

  it("creates, edits and deletes a guide; the storefront answers each change at once; each is audited", async () => {
    const created = await post("/api/admin/content/articles/save", GUIDE);
    expect(created).toMatchObject({ code: 1, message: ContentMessages.articleSaved });
    const id = created.data.id;
    type Detail = { title: string; tagId: number; content: { kind: string; text?: string }[] };
    const shown = await storefront<Detail>(`/api/article/query_detail?id=${id}`);
    expect(shown.data).toMatchObject({ title: GUIDE.title, tagId: 1, content: GUIDE.content });
    expect(await lastAudit("article.create", id)).toMatchObject({
      staffId: desk.member.id,
      after: { title: GUIDE.title },
    });

    const edited = {
      ...GUIDE,
      id,
      title: "测试攻略：瓷砖怎么选（修订）",
      content: [GUIDE.content[1], { kind: "paragraph", text: "新增：大板砖要看平整度。" }, GUIDE.content[0]],
    };
    expect((await post("/api/admin/content/articles/save", edited)).code).toBe(1);
    const after = await storefront<Detail>(`/api/article/query_detail?id=${id}`);
    expect(after.data.title).toBe(edited.title);
    expect(after.data.content.map((b) => b.text)).toEqual([
      "亮光砖好打理，哑光砖更防滑。",
      "新增：大板砖要看平整度。",
      "先看釉面",
    ]);
    const listed = await storefront<{ dataList: { id: number; title: string }[] }>(
      `/api/article/query_list?type=1&keyword=${encodeURIComponent("瓷砖怎么选")}`,
    );
    expect(listed.data.dataList.find((a) => a.id === id)?.title).toBe(edited.title);
    expect(await lastAudit("article.update", id)).toMatchObject({
      before: { title: GUIDE.title, content: GUIDE.content },
      after: { title: edited.title },
    });

    const admin = await as<{ dataList: { id: number }[] }>({
      url: "/api/admin/content/articles/list",
      query: { type: "1", tagId: "1", keyword: "修订" },
    });
    expect(admin.data.dataList.map((a) => a.id)).toEqual([id]);

    expect(await post("/api/admin/content/articles/delete", { id })).toMatchObject({
      code: 1,
      message: ContentMessages.articleDeleted,
    });
    expect(await storefront(`/api/article/query_detail?id=${id}`)).toMatchObject({ code: 0, errorCode: 1004 });
    expect(await lastAudit("article.delete", id)).toMatchObject({ before: { title: edited.title }, after: null });
    expect((await post("/api/admin/content/articles/delete", { id })).message).toBe(ContentMessages.articleNotFound);
  });

  it("saves a case's facts with the budget typed in yuan as cents; the case filters find it", async () => {
    const created = await post("/api/admin/content/articles/save", CASE);
    expect(created.code).toBe(1);
    expect(created.data).toMatchObject({ type: 2, budget: 26_800_050, areaM2: 118, layout: "三室两厅", tagId: null });
    const id = created.data.id;
    const [row] = await ctx.database.db.select().from(articles).where(eq(articles.id, id));
    expect(row?.budgetCents).toBe(26_800_050);
    // The band 25–35万 and three bedrooms, as /case?rooms=3&budget=25-35 asks.
    const found = await storefront<{ dataList: { id: number; budget: number }[] }>(
      `/api/article/query_list?type=2&rooms=3&budgetMin=25000000&budgetMax=35000000&style=${encodeURIComponent(CASE.style)}`,
    );
    expect(found.data.dataList.map((a) => a.id)).toEqual([id]);
    const filters = await storefront<{ styles: { value: string }[] }>("/api/article/case_filters");
    expect(filters.data.styles.map((s) => s.value)).toContain(CASE.style);
    const options = await as<{ styles: string[]; tags: unknown[]; cities: string[] }>({
      url: "/api/admin/content/articles/options",
    });
    expect(options.data.styles).toContain(CASE.style);
    expect(options.data.cities).toContain("杭州市");

    expect((await post("/api/admin/content/articles/save", { ...CASE, id, budget: 150_000 })).code).toBe(1);
    expect(await lastAudit("article.update", id)).toMatchObject({
      before: { budget: 26_800_050 },
      after: { budget: 15_000_000 },
    });
  });

  it("refuses bad articles in Chinese and changes nothing", async () => {
    const [before] = await ctx.database.db.select().from(articles).where(eq(articles.id, 1));
    const save = (body: object) => post("/api/admin/content/articles/save", body);
    const cases: [object, string][] = [
      [{ ...GUIDE, id: 1, title: "  " }, "请输入标题"],
      [{ ...GUIDE, id: 1, content: [] }, "正文至少需要一个内容块"],
      [{ ...GUIDE, id: 1, tagId: undefined }, "请选择攻略标签"],
      [{ ...GUIDE, id: 1, title: "长".repeat(81) }, "标题最多 80 个字"],
      [
        { ...GUIDE, id: 1, content: [{ kind: "image", src: "javascript:alert(1)", caption: "" }] },
        "图片须为本站图片路径",
      ],
      [
        { ...GUIDE, id: 1, content: [{ kind: "image", src: "/\\evil.example/a.png", caption: "" }] },
        "图片须为本站图片路径",
      ],
      [{ ...GUIDE, id: 1, cover: "/\\evil.example/a.png" }, "封面须为本站图片路径"],
      [{ ...CASE, id: 1, layout: "大平层" }, "户型须以几室开头"],
      [{ ...CASE, id: 1, budget: "12.345" }, "金额最多两位小数"],
      [{ ...GUIDE, type: 3 }, "请选择类型"],
    ];
    for (const [body, message] of cases) {
      const answer = await save(body);
      expect(answer.code, message).toBe(0);
      expect(answer.message).toContain(message);
    }
    expect(await save({ ...GUIDE, id: 1, tagId: 999 })).toMatchObject({ code: 0, message: ContentMessages.tagInvalid });
    expect(await save({ ...GUIDE, id: 2_000_000 })).toMatchObject({
      code: 0,
      message: ContentMessages.articleNotFound,
    });
    const [after] = await ctx.database.db.select().from(articles).where(eq(articles.id, 1));
    expect(after).toEqual(before);
  });

  it("a page's copy saved in the back office replaces the cached storefront page at once", async () => {
    type Page = { title: string; description: string; blocks: { kind: string; text?: string }[] };
    const shown = await storefront<Page>("/api/site/pages?slug=stream");
    expect(shown.code).toBe(1);
    const detail = await as<Page & { edited: boolean; paths: string[] }>({
      url: "/api/admin/content/pages/detail",
      query: { slug: "stream" },
    });
    expect(detail.data.paths).toEqual(["/stream"]);
    const blocks = [{ kind: "heading", text: "测试：八步服务" }, ...detail.data.blocks];
    const saved = await post("/api/admin/content/pages/save", {
      slug: "stream",
      title: "测试服务流程",
      description: detail.data.description,
      blocks,
    });
    expect(saved).toMatchObject({ code: 1, message: ContentMessages.pageSaved });
    const after = await storefront<Page>("/api/site/pages?slug=stream");
    expect(after.data.title).toBe("测试服务流程");
    expect(after.data.blocks[0]).toEqual({ kind: "heading", text: "测试：八步服务" });
    expect(await lastAudit("sitePage.update", "stream")).toMatchObject({
      before: { title: shown.data.title },
      after: { title: "测试服务流程" },
    });
    const list = await as<{ slug: string; edited: boolean }[]>({ url: "/api/admin/content/pages/list" });
    expect(list.data.map((p) => p.slug)).toEqual(
      expect.arrayContaining(["about", "stream", "integrate", "hard-decoration", "soft-furnishing"]),
    );

    const outside = await post("/api/admin/content/pages/save", {
      slug: "stream",
      title: "x",
      description: "x",
      blocks: [{ kind: "link", text: "外链", to: "//evil.example" }],
    });
    expect(outside).toMatchObject({ code: 0 });
    expect(outside.message).toContain("链接必须是本站路径");
    // #21 item 8: "/\evil.example" starts with one slash, yet a browser reads it as //evil.example.
    for (const to of ["/\\evil.example", "/\\/evil.example", "/\n/evil.example"]) {
      const offSite = await post("/api/admin/content/pages/save", {
        slug: "stream",
        title: "x",
        description: "x",
        blocks: [{ kind: "link", text: "外链", to }],
      });
      expect(offSite, to).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
      expect(offSite.message).toContain("链接必须是本站路径");
    }
    expect((await storefront<Page>("/api/site/pages?slug=stream")).data.title).toBe("测试服务流程");
  });

  it("settings saved in the back office replace the cached storefront settings; the deposit is cents", async () => {
    const before = await storefront<{ hotline: string }>("/api/site/settings");
    const current = (await as<AdminSettings>({ url: "/api/admin/settings/detail" })).data;
    const { cities: _cities, defaultCity: _city, activityDeposit: _deposit, ...fields } = current;
    const saved = await post<AdminSettings>("/api/admin/settings/save", {
      ...fields,
      hotline: "400-800-1234",
      activityDeposit: "199.5",
    });
    expect(saved).toMatchObject({ code: 1, message: ContentMessages.settingsSaved });
    expect((await storefront<{ hotline: string }>("/api/site/settings")).data.hotline).toBe("400-800-1234");
    const [row] = await ctx.database.db.select().from(siteSettings);
    expect(row?.activityDepositCents).toBe(19_950);
    expect(await lastAudit("settings.update", 1)).toMatchObject({
      before: { hotline: before.data.hotline, activityDeposit: current.activityDeposit },
      after: { hotline: "400-800-1234", activityDeposit: 19_950 },
    });

    for (const [change, message] of [
      [{ hotline: "call me" }, "服务热线只能包含数字和短横线"],
      [{ serviceEmail: "nobody" }, "邮箱格式不正确"],
      [{ activityDeposit: "0" }, "活动定金须大于 0"],
      [{ brandName: "" }, "请输入品牌名称"],
    ] as const) {
      const answer = await post("/api/admin/settings/save", { ...fields, activityDeposit: "99", ...change });
      expect(answer.code, message).toBe(0);
      expect(answer.message).toContain(message);
    }
    expect((await storefront<{ hotline: string }>("/api/site/settings")).data.hotline).toBe("400-800-1234");
  });

  it("the filings and licence card and the retention card save on their own, checked and audited (docs/decisions/0077)", async () => {
    type Public = { policeFilingNumber: string; companyName: string; creditCode: string; licenceImage: string };
    const filings = {
      policeFilingNumber: "浙公网安备 33010602000000号",
      companyName: "测试装饰有限公司（演示）",
      companyAddress: "浙江省杭州市西湖区测试路 1 号",
      // Lower case is taken and kept upper case; the check digit is right.
      creditCode: "91330106ma27y8kx1g",
      licenceImage: "/media/demo-licence.svg",
    };
    const saved = await post<AdminSettings>("/api/admin/settings/filings/save", filings);
    expect(saved).toMatchObject({ code: 1, message: ContentMessages.filingsSaved });
    expect(saved.data).toMatchObject({ ...filings, creditCode: "91330106MA27Y8KX1G" });
    const shown = (await storefront<Public>("/api/site/settings")).data;
    expect(shown).toMatchObject({ policeFilingNumber: filings.policeFilingNumber, creditCode: "91330106MA27Y8KX1G" });
    expect(await lastAudit("settings.filings", 1)).toMatchObject({
      after: { companyName: filings.companyName, creditCode: "91330106MA27Y8KX1G" },
    });

    for (const [change, message] of [
      [{ creditCode: "91330106MA27Y8KX1" }, "统一社会信用代码应为 18 位"],
      [{ creditCode: "91330106MA27Y8KXIG" }, "不含 I、O、S、V、Z"],
      [{ creditCode: "91330106MA27Y8KX1H" }, "校验位不正确"],
      [{ policeFilingNumber: "公安备案 123" }, "浙公网安备 33010602000000号"],
      [{ licenceImage: "javascript:alert(1)" }, "营业执照图片"],
    ] as const) {
      const answer = await post("/api/admin/settings/filings/save", { ...filings, ...change });
      expect(answer, message).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
      expect(answer.message).toContain(message);
    }
    // Empty fields are allowed: the footer and the licence page then leave them out.
    const cleared = await post<AdminSettings>("/api/admin/settings/filings/save", {
      ...filings,
      policeFilingNumber: "",
      licenceImage: "",
    });
    expect(cleared.data).toMatchObject({ policeFilingNumber: "", licenceImage: "" });
    expect((await storefront<Public>("/api/site/settings")).data.policeFilingNumber).toBe("");

    const months = await post<AdminSettings>("/api/admin/settings/retention/save", { leadRetentionMonths: 18 });
    expect(months).toMatchObject({
      code: 1,
      message: ContentMessages.retentionSaved,
      data: { leadRetentionMonths: 18 },
    });
    expect(await lastAudit("settings.retention", 1)).toMatchObject({ after: { leadRetentionMonths: 18 } });
    for (const leadRetentionMonths of [0, 121, 1.5, "很多"]) {
      const answer = await post("/api/admin/settings/retention/save", { leadRetentionMonths });
      expect(answer, String(leadRetentionMonths)).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT });
    }
    const [row] = await ctx.database.db.select().from(siteSettings);
    expect(row?.leadRetentionMonths).toBe(18);
  });

  it("adds and removes a covered city; the cached city list follows; unknown, duplicate and default cities are refused", async () => {
    const cities = async () =>
      (await storefront<{ content: { city: string } }[]>("/api/website_configs?type=1")).data.map(
        (c) => c.content.city,
      );
    expect(await cities()).not.toContain("拉萨市");
    const added = await post<AdminSettings>("/api/admin/settings/cities/add", {
      province: "西藏自治区",
      city: "拉萨市",
    });
    expect(added).toMatchObject({ code: 1, message: ContentMessages.cityAdded });
    expect(await cities()).toContain("拉萨市");
    const lhasa = added.data.cities.find((c) => c.city === "拉萨市")!;
    expect(await lastAudit("city.add", lhasa.id)).toMatchObject({ after: { city: "拉萨市", province: "西藏自治区" } });

    expect(await post("/api/admin/settings/cities/add", { province: "西藏自治区", city: "拉萨市" })).toMatchObject({
      code: 0,
      message: ContentMessages.cityExists,
    });
    expect(await post("/api/admin/settings/cities/add", { province: "浙江省", city: "拉萨市" })).toMatchObject({
      code: 0,
      message: ContentMessages.cityUnknown,
    });
    const defaultCity = added.data.cities.find((c) => c.city === added.data.defaultCity)!;
    expect(await post("/api/admin/settings/cities/remove", { id: defaultCity.id })).toMatchObject({
      code: 0,
      message: ContentMessages.cityIsDefault,
    });

    const removed = await post<AdminSettings>("/api/admin/settings/cities/remove", { id: lhasa.id });
    expect(removed).toMatchObject({ code: 1, message: ContentMessages.cityRemoved });
    expect(await cities()).not.toContain("拉萨市");
    expect(await lastAudit("city.remove", lhasa.id)).toMatchObject({ before: { city: "拉萨市" } });
  });

  it("a 销售 may not touch content or settings", async () => {
    const sales = await newStaff(ctx.app, ctx.database.db, "sales");
    const res = await ctx.app.inject(
      asStaff(sales, { method: "POST", url: "/api/admin/settings/save", payload: {}, remoteAddress: uniqueIp() }),
    );
    expect(res.json()).toMatchObject({ code: 0, message: "没有权限执行此操作" });
  });
});

const REDIS_URL = process.env.REDIS_URL;

describe.runIf(REDIS_URL)("settings saves reach every instance's cache through Redis", () => {
  it("a second instance's cached settings show the new hotline without waiting for its TTL", async () => {
    await withTwoInstancesOverRedis(REDIS_URL ?? "", async ({ first, second, ops }) => {
      const hotlineOn = async (app: FastifyInstance) =>
        (
          (await app.inject({ url: "/api/site/settings", remoteAddress: uniqueIp() })).json() as Answer<{
            hotline: string;
          }>
        ).data.hotline;
      const before = await hotlineOn(second);
      const current = (
        (await first.inject(asStaff(ops, { url: "/api/admin/settings/detail" }))).json() as Answer<AdminSettings>
      ).data;
      const { cities: _c, defaultCity: _d, ...fields } = current;
      const saved = await first.inject(
        asStaff(ops, {
          method: "POST",
          url: "/api/admin/settings/save",
          payload: { ...fields, hotline: "400-111-2222", activityDeposit: fields.activityDeposit / 100 },
        }),
      );
      expect((saved.json() as Answer).code).toBe(1);
      expect(before).not.toBe("400-111-2222");
      await expect.poll(() => hotlineOn(second), { timeout: 15_000 }).toBe("400-111-2222");
    });
  }, 60_000);
});
