// Leads API (docs/product.md §3, §5, §7, §8; R12, R14) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: every
// endpoint, both estimate readings, bad input, the served and activity counters, consent, the 24-hour
// update instead of a duplicate (also under concurrency), and the per-phone and per-IP limits.
import { ErrorCode, EstimateData, type HardPrice, Messages } from "@yj/contract";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppOptions, buildApp } from "../src/app.js";
import { leadOutbox, leads } from "../src/db/schema.js";
import { HOUR, ManualClock, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { type ApiAnswer, allowAll, describeEachBackend, testEnv } from "./helper.js";
import { CJK, envelopeProblem, JUNK_STRINGS } from "./junk.js";

describeEachBackend("leads API", { app: false }, (ctx) => {
  let app: FastifyInstance;
  /** The same app without rate limits: for the tests that send more than the limits let through. */
  let unlimited: FastifyInstance;
  const clock = new ManualClock();

  beforeAll(async () => {
    // The outbox is delivered by its own tests; here rows only accumulate.
    const build = (options: Partial<AppOptions> = {}) =>
      buildApp({
        env: testEnv(),
        database: ctx.database,
        serveWeb: false,
        leads: { now: clock.now, runDelivery: false },
        ...options,
      });
    app = await build();
    unlimited = await build({ accounts: { limiter: allowAll } });
    await Promise.all([app.ready(), unlimited.ready()]);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await unlimited?.close();
  });

  const db = () => ctx.database.db;

  async function call<T = null>(options: InjectOptions, target = app) {
    const res = await target.inject({ remoteAddress: uniqueIp(), ...options });
    return { status: res.statusCode, body: res.json() as ApiAnswer<T>, headers: res.headers };
  }
  const post = <T = null>(url: string, payload: unknown, extra: Partial<InjectOptions> = {}, target = app) =>
    call<T>({ method: "POST", url, payload: payload as InjectOptions["payload"], ...extra }, target);
  const leadsOf = (phone: string) => db().select().from(leads).where(eq(leads.phone, phone));

  describe("booking (POST /api/customers/appointment)", () => {
    it("stores the lead with its origin, consent not given by default, and answers 预约成功", async () => {
      const phone = uniquePhone();
      const { status, body } = await post("/api/customers/appointment", { phone, originDetail: "首页·免费设计" });
      expect(status).toBe(200);
      expect(body).toEqual({ code: 1, message: Messages.bookingSuccess, data: null });
      const [row, ...more] = await leadsOf(phone);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        kind: "appointment",
        origin: "首页·免费设计",
        consent: false,
        consentAt: null,
        state: "new",
        submissions: 1,
        payload: { phone, originDetail: "首页·免费设计" },
      });
      expect(row?.ipHash).toMatch(/^[0-9a-f]{32}$/);
      const outbox = await db()
        .select()
        .from(leadOutbox)
        .where(eq(leadOutbox.leadId, row?.id ?? 0));
      expect(outbox).toMatchObject([{ event: "created", deliveredAt: null, attempts: 0 }]);
    });

    it("R14: records consent and its time, and keeps consent out of the payload", async () => {
      const phone = uniquePhone();
      expect((await post("/api/customers/appointment", { phone, originDetail: "x", consent: true })).body.code).toBe(1);
      const [row] = await leadsOf(phone);
      expect(row?.consent).toBe(true);
      expect(row?.consentAt?.getTime()).toBe(clock.now().getTime());
      expect(row?.payload).toEqual({ phone, originDetail: "x" });
    });

    it("stores the optional offers-call consent apart from the privacy one, with its time (docs/decisions/0077)", async () => {
      const phone = uniquePhone();
      await post("/api/customers/appointment", { phone, originDetail: "x", consent: true });
      let [row] = await leadsOf(phone);
      // Not asked for, not given: the privacy consent alone does not stand for it.
      expect(row).toMatchObject({ consent: true, marketingConsent: false, marketingConsentAt: null });
      clock.advance(HOUR);
      const givenAt = clock.now().getTime();
      await post("/api/customers/appointment", { phone, originDetail: "x", consent: true, marketingConsent: true });
      [row] = await leadsOf(phone);
      expect(row?.marketingConsent).toBe(true);
      expect(row?.marketingConsentAt?.getTime()).toBe(givenAt);
      expect(row?.payload).not.toHaveProperty("marketingConsent");
      // Given again: its first time stays. Sent without it: withdrawn (the latest choice stands).
      clock.advance(HOUR);
      await post("/api/customers/appointment", { phone, originDetail: "x", consent: true, marketingConsent: true });
      [row] = await leadsOf(phone);
      expect(row?.marketingConsentAt?.getTime()).toBe(givenAt);
      await post("/api/customers/appointment", { phone, originDetail: "x", consent: true, marketingConsent: false });
      [row] = await leadsOf(phone);
      expect(row).toMatchObject({ consent: true, marketingConsent: false, marketingConsentAt: null });
      // Every lead form takes it.
      const other = uniquePhone();
      for (const [url, body] of [
        ["/api/cityPartner", { name: "李", phone: other, province: "浙江省", city: "杭州市" }],
        ["/api/customers/activity", { name: "李", phone: other }],
        ["/api/customers/denominate", { phone: other, content: "李" }],
        ["/api/bim/bimCustomer/putCards", { phone: other }],
        ["/api/jzx/customerPool/jj", { phone: other, province: "浙江省", city: "杭州市", area: 90 }],
      ] as const) {
        const sent = await post(url, { ...body, consent: true, marketingConsent: true }, {}, unlimited);
        expect(sent.body.code, url).toBe(1);
      }
      const rows = await leadsOf(other);
      expect(rows).toHaveLength(5);
      expect(rows.every((r) => r.marketingConsent && r.marketingConsentAt !== null)).toBe(true);
    });

    it("refuses a wrong number with the spec's message and stores nothing", async () => {
      for (const phone of ["12345678901", "1380000000", "", "138000000000", "abc"]) {
        const { status, body } = await post("/api/customers/appointment", { phone, originDetail: "x" });
        expect(status, phone).toBe(200);
        expect(body, phone).toMatchObject({ code: 0, data: null, errorCode: 1001 });
        expect(body.message, phone).toContain(Messages.invalidPhone);
      }
      expect(await leadsOf("12345678901")).toEqual([]);
    });
  });

  describe("estimate (POST /api/jzx/customerPool/jj)", () => {
    const reading1 = (mobile: string) => ({
      apartment: "100㎡ 3室2厅1卫",
      area: 100,
      bedRoom: 3,
      livingRoom: 2,
      toilet: 1,
      city: "杭州市",
      province: "浙江省",
      comment: "软装",
      mobile,
      hasJd: 0,
      hasSoft: 1,
      type: "在线报价",
    });
    const reading2 = (phone: string) => ({
      province: "浙江省",
      city: "杭州市",
      area: "100",
      room: "3",
      hall: "2",
      wei: "1",
      phone,
      isSoft: "1",
      isElectric: "0",
    });

    it("answers both response readings in cents for both payload readings, identically", async () => {
      const one = await post<EstimateData>("/api/jzx/customerPool/jj", reading1(uniquePhone()));
      const two = await post<EstimateData>("/api/jzx/customerPool/jj", reading2(uniquePhone()));
      for (const { body } of [one, two]) {
        expect(body.code).toBe(1);
        const data = EstimateData.parse(body.data);
        const sum =
          data.mainMaterialPrice +
          data.auxiliaryMaterialPrice +
          data.laborCost +
          data.projectManagementFee +
          data.designFee +
          data.softPrice +
          data.jdPrice;
        expect(sum).toBe(data.totalPackagePrice);
        expect(data.halfPackagePrice).toBeLessThan(data.totalPackagePrice);
        expect(data.softPrice).toBeGreaterThan(0);
        expect(data.jdPrice).toBe(0);
        expect(data.parts.map((p) => p.name)).toEqual(["主材", "辅材", "人工", "管理费", "设计费", "软装"]);
        expect(data.basis).toMatchObject({
          city: "杭州市",
          province: "浙江省",
          fallback: false,
          area: 100,
          bedRoom: 3,
          livingRoom: 2,
          toilet: 1,
          soft: true,
          appliance: false,
        });
        // A plausible Hangzhou 全包 for 100 ㎡ with soft furnishings: 150,000 – 400,000 yuan.
        expect(data.totalPackagePrice).toBeGreaterThan(15_000_000);
        expect(data.totalPackagePrice).toBeLessThan(40_000_000);
      }
      expect(one.body.data).toEqual(two.body.data);
    });

    it("uses the hard price the site serves for the city, and the default city's where it has none", async () => {
      const hard = await call<{ packagePriceCentsPerM2: number }>({
        method: "GET",
        url: `/api/website_configs/getHardPrice?city=${encodeURIComponent("杭州市")}`,
      });
      const { body } = await post<EstimateData>("/api/jzx/customerPool/jj", reading2(uniquePhone()));
      expect(body.data.basis.packagePriceCentsPerM2).toBe(hard.body.data.packagePriceCentsPerM2);
      const far = await post<EstimateData>("/api/jzx/customerPool/jj", {
        ...reading2(uniquePhone()),
        province: "西藏自治区",
        city: "那曲市",
      });
      expect(far.body.code).toBe(1);
      expect(far.body.data.basis).toMatchObject({ fallback: true });
    });

    it("ADR 0052: its per-㎡ basis is the 硬装全包 /heartPage shows for the city, and its lines add up to the total", async () => {
      const hard = await call<HardPrice>({
        method: "GET",
        url: `/api/website_configs/getHardPrice?city=${encodeURIComponent("杭州市")}`,
      });
      const page = hard.body.data;
      // What /heartPage shows (apps/web features/pages/hard-prices.ts): the hard parts' sum, and it without 主材.
      const pageFull =
        page.mainMaterialCentsPerM2 +
        page.auxiliaryMaterialCentsPerM2 +
        page.laborCentsPerM2 +
        page.projectManagementCentsPerM2 +
        page.designCentsPerM2;
      const { body } = await post<EstimateData>("/api/jzx/customerPool/jj", {
        province: "浙江省",
        city: "杭州市",
        area: 120,
        room: 4,
        hall: 3,
        wei: 3,
        isSoft: 1,
        isElectric: 0,
        phone: uniquePhone(),
      });
      const { basis, lines, totalPackagePrice } = body.data;
      expect(basis.hardCentsPerM2).toBe(pageFull);
      expect(basis.halfCentsPerM2).toBe(pageFull - page.mainMaterialCentsPerM2);
      expect(lines[0]).toMatchObject({ name: "硬装", rateCents: pageFull, quantity: 120, unit: "㎡" });
      expect(lines.find((l) => l.name === "软装")).toMatchObject({ rateCents: page.softCentsPerM2, quantity: 120 });
      expect(lines.map((l) => l.name)).toEqual(expect.arrayContaining(["卧室", "客厅", "卫生间"]));
      expect(lines.some((l) => l.name.startsWith("家电"))).toBe(false);
      expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(totalPackagePrice);
      for (const l of lines) expect(l.amount).toBe(Math.round(l.rateCents * l.quantity));
    });

    it("adds appliances only when asked, and defaults rooms to 1", async () => {
      const base = { province: "浙江省", city: "杭州市", area: 60 };
      const plain = await post<EstimateData>("/api/jzx/customerPool/jj", { ...base, phone: uniquePhone() });
      const jd = await post<EstimateData>("/api/jzx/customerPool/jj", { ...base, phone: uniquePhone(), hasJd: 1 });
      expect(plain.body.data).toMatchObject({
        softPrice: 0,
        jdPrice: 0,
        basis: { bedRoom: 1, livingRoom: 1, toilet: 1 },
      });
      expect(jd.body.data.jdPrice).toBeGreaterThan(0);
      expect(jd.body.data.parts.at(-1)?.name).toBe("家电");
    });

    it("stores an estimate lead with its place and the payload as given", async () => {
      const phone = uniquePhone();
      await post("/api/jzx/customerPool/jj", { ...reading2(phone), consent: true });
      const [row] = await leadsOf(phone);
      expect(row).toMatchObject({ kind: "estimate", province: "浙江省", city: "杭州市", consent: true });
      expect(row?.payload).toMatchObject({ phone, area: 100, room: 3, isSoft: 1 });
      expect(row?.payload).not.toHaveProperty("consent");
    });

    it("answers each missing or wrong field with the spec's message", async () => {
      const phone = uniquePhone();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...reading2(phone), province: "" }, Messages.quoteProvince],
        [{ ...reading2(phone), city: "" }, Messages.quoteCity],
        [{ ...reading2(phone), area: 0 }, Messages.quoteAreaPositive],
        [{ ...reading2(phone), area: -5 }, Messages.quoteAreaPositive],
        [{ ...reading2(phone), room: 6 }, Messages.quoteRoom],
        [{ ...reading2(phone), wei: "x" }, Messages.quoteWei],
        [{ ...reading2(phone), phone: undefined }, Messages.quotePhone],
        [{ ...reading2(phone), phone: "1234" }, Messages.invalidPhone],
      ];
      for (const [payload, message] of cases) {
        const { body } = await post("/api/jzx/customerPool/jj", payload);
        expect(body.code, JSON.stringify(payload)).toBe(0);
        expect(body.message, JSON.stringify(payload)).toContain(message);
      }
      expect(await leadsOf(phone)).toEqual([]);
    });
  });

  describe("served counter (GET /api/jzx/customerPool/num)", () => {
    it("is the settings' base plus distinct phones among leads, rising for a new owner only", async () => {
      const count = async () => (await call<number>({ method: "GET", url: "/api/jzx/customerPool/num" })).body;
      const before = await count();
      expect(before.code).toBe(1);
      const [distinct] = await db()
        .select({ n: sql<number>`count(distinct ${leads.phone})::int` })
        .from(leads);
      expect(before.data).toBe(12_800 + (distinct?.n ?? 0));
      const phone = uniquePhone();
      await post("/api/customers/appointment", { phone, originDetail: "x" });
      expect((await count()).data).toBe(before.data + 1);
      await post("/api/cityPartner", { name: "王", phone, province: "浙江省", city: "杭州市" });
      expect((await count()).data).toBe(before.data + 1);
    });
  });

  describe("franchise (POST /api/cityPartner)", () => {
    it("stores name, place and message; refuses a missing name", async () => {
      const phone = uniquePhone();
      const { body } = await post("/api/cityPartner", {
        name: "王先生",
        phone,
        province: "浙江省",
        city: "宁波市",
        comment: "有 200 ㎡ 门店",
      });
      expect(body).toMatchObject({ code: 1, data: null });
      expect(body.message).toMatch(CJK);
      expect(await leadsOf(phone)).toMatchObject([
        { kind: "franchise", name: "王先生", province: "浙江省", city: "宁波市", origin: "加盟页" },
      ]);
      const bad = await post("/api/cityPartner", { name: " ", phone: uniquePhone(), province: "浙江省", city: "x" });
      expect(bad.body.code).toBe(0);
      expect(bad.body.message).toContain("请输入姓名");
    });
  });

  describe("activity (POST /api/customers/activity, GET /api/customers/activityCount)", () => {
    it("a new sign-up raises the count by one; the same phone again does not", async () => {
      const count = async () => (await call<number>({ method: "GET", url: "/api/customers/activityCount" })).body.data;
      const before = await count();
      const phone = uniquePhone();
      const signUp = await post("/api/customers/activity", { name: "李女士", phone });
      expect(signUp.body).toMatchObject({ code: 1, message: "报名成功", data: null });
      expect(await count()).toBe(before + 1);
      await post("/api/customers/activity", { name: "李女士", phone });
      expect(await count()).toBe(before + 1);
      expect(await leadsOf(phone)).toMatchObject([{ kind: "activity", origin: "装修活动 · 活动报名", submissions: 2 }]);
    });
  });

  describe("denominate and panorama cards", () => {
    it("POST /api/customers/denominate records the entry as a lead", async () => {
      const phone = uniquePhone();
      expect((await post("/api/customers/denominate", { phone, content: "悦享家" })).body.code).toBe(1);
      expect(await leadsOf(phone)).toMatchObject([{ kind: "denominate", payload: { phone, content: "悦享家" } }]);
      const empty = await post("/api/customers/denominate", { phone, content: "" });
      expect(empty.body.code).toBe(0);
      expect(empty.body.message).toContain("请输入内容");
    });

    it("POST /api/bim/bimCustomer/putCards records a panorama lead", async () => {
      const phone = uniquePhone();
      const { body } = await post("/api/bim/bimCustomer/putCards", { phone, name: "张", originDetail: "全景·客厅" });
      expect(body.code).toBe(1);
      expect(await leadsOf(phone)).toMatchObject([{ kind: "panorama", name: "张", origin: "全景·客厅" }]);
    });
  });

  describe("ADR 0052: every lead form records the visitor's city and the source page by name", () => {
    const place = { province: "浙江省", city: "杭州市" };
    it.each([
      [
        "booking",
        "/api/customers/appointment",
        { originDetail: "商品详情 · 侧边栏" },
        "appointment",
        "商品详情 · 侧边栏",
      ],
      ["活动报名", "/api/customers/activity", { name: "王" }, "activity", "装修活动 · 活动报名"],
      ["活动定金", "/api/customers/denominate", { content: "王" }, "denominate", "装修活动 · 活动定金"],
      ["全景留资", "/api/bim/bimCustomer/putCards", { originDetail: "全景样板间" }, "panorama", "全景样板间"],
    ] as const)("%s stores province, city and the page's Chinese name", async (_, url, fields, kind, origin) => {
      const phone = uniquePhone();
      const { body } = await post(url, { phone, ...place, ...fields, consent: true });
      expect(body.code).toBe(1);
      expect(await leadsOf(phone)).toMatchObject([{ kind, ...place, origin }]);
    });

    it("names a raw storefront path in the origin (older clients) and keeps working without a city", async () => {
      const phone = uniquePhone();
      await post("/api/customers/appointment", { phone, originDetail: "悦家整装 /heartPage · 侧边栏" });
      expect(await leadsOf(phone)).toMatchObject([{ province: "", city: "", origin: "悦家整装 标准化硬装 · 侧边栏" }]);
    });
  });

  describe("R14: one lead per phone, kind and day", () => {
    it("a repeat within 24 hours updates the lead (latest payload, submissions); another kind or a day later adds one", async () => {
      const phone = uniquePhone();
      await post("/api/customers/appointment", { phone, originDetail: "首页" });
      clock.advance(HOUR);
      await post("/api/customers/appointment", { phone, originDetail: "商品页", consent: true });
      let rows = await leadsOf(phone);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ origin: "商品页", submissions: 2, consent: true });
      expect(rows[0]?.updatedAt.getTime()).toBe(clock.now().getTime());
      expect(rows[0]?.updatedAt.getTime()).toBeGreaterThan(rows[0]?.createdAt.getTime() ?? 0);
      // Consent once given is not withdrawn by a later form without it.
      clock.advance(HOUR);
      await post("/api/customers/appointment", { phone, originDetail: "套餐页" });
      rows = await leadsOf(phone);
      expect(rows[0]).toMatchObject({ origin: "套餐页", submissions: 3, consent: true });
      const outbox = await db()
        .select()
        .from(leadOutbox)
        .where(eq(leadOutbox.leadId, rows[0]?.id ?? 0));
      expect(outbox.map((o) => o.event)).toEqual(["created", "updated", "updated"]);

      await post("/api/bim/bimCustomer/putCards", { phone });
      expect(await leadsOf(phone)).toHaveLength(2);

      clock.advance(23 * HOUR);
      await post("/api/customers/appointment", { phone, originDetail: "首页" });
      const appointments = await db()
        .select()
        .from(leads)
        .where(and(eq(leads.phone, phone), eq(leads.kind, "appointment")));
      expect(appointments).toHaveLength(2);
    });

    it("10 concurrent identical submissions make exactly one lead with 10 submissions and 10 outbox rows", async () => {
      const phone = uniquePhone();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          call({ method: "POST", url: "/api/customers/appointment", payload: { phone, originDetail: "x" } }, unlimited),
        ),
      );
      expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(1));
      const rows = await leadsOf(phone);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.submissions).toBe(10);
      const outbox = await db()
        .select()
        .from(leadOutbox)
        .where(eq(leadOutbox.leadId, rows[0]?.id ?? 0));
      expect(outbox).toHaveLength(10);
      expect(outbox.filter((o) => o.event === "created")).toHaveLength(1);
    });
  });

  describe("R11: characters no database text can hold (#21 item 6)", () => {
    // Each answered HTTP 500 before the contract's one string rule (text.ts) refused them.
    const cases: [url: string, message: string, payload: () => Record<string, unknown>][] = [
      [
        "/api/customers/appointment",
        "来源包含无法识别的字符",
        () => ({ phone: uniquePhone(), originDetail: "\ud800" }),
      ],
      [
        "/api/customers/appointment",
        "来源包含无法识别的字符",
        () => ({ phone: uniquePhone(), originDetail: "首页\u0000" }),
      ],
      [
        "/api/customers/activity",
        "活动包含无法识别的字符",
        () => ({ name: "王", phone: uniquePhone(), activity: "\udfff" }),
      ],
      ["/api/customers/activity", "姓名包含无法识别的字符", () => ({ name: "\udfff", phone: uniquePhone() })],
    ];
    it.each(cases)("%s answers 「%s」 in the envelope and stores nothing", async (url, message, payload) => {
      const body = payload();
      const answer = await post(url, body);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 0, errorCode: ErrorCode.INVALID_INPUT, data: null });
      expect(answer.body.message).toContain(message);
      expect(await leadsOf(body.phone as string)).toEqual([]);
    });
  });

  describe("R11: junk in each field of a valid lead body", () => {
    const bases: [string, () => Record<string, unknown>][] = [
      ["/api/customers/appointment", () => ({ phone: uniquePhone(), originDetail: "首页" })],
      [
        "/api/jzx/customerPool/jj",
        () => ({ phone: uniquePhone(), province: "浙江省", city: "杭州市", area: 90, room: 2, isSoft: 1, hasJd: 0 }),
      ],
      [
        "/api/cityPartner",
        () => ({ name: "王", phone: uniquePhone(), province: "浙江省", city: "杭州市", comment: "" }),
      ],
      ["/api/customers/activity", () => ({ name: "王", phone: uniquePhone(), activity: "decorate-act" })],
      ["/api/customers/denominate", () => ({ phone: uniquePhone(), content: "名字" })],
      ["/api/bim/bimCustomer/putCards", () => ({ phone: uniquePhone(), name: "张", originDetail: "全景" })],
    ];
    const JUNK_VALUES: unknown[] = [
      ...JUNK_STRINGS,
      -1,
      -99_999_999_999,
      1e308,
      0,
      1.5,
      1e20,
      true,
      null,
      [],
      ["13800000000"],
      { $gt: "" },
    ];

    it("every lead endpoint answers the envelope (never a 5xx or a stack) whatever one field holds", async () => {
      const problems: string[] = [];
      let accepted = 0;
      for (const [url, base] of bases) {
        const fields = [...Object.keys(base()), "consent", "mobile", "wei", "isElectric", "extra"];
        for (const field of fields) {
          for (const value of JUNK_VALUES) {
            const res = await unlimited.inject({
              method: "POST",
              url,
              payload: { ...base(), [field]: value },
              remoteAddress: uniqueIp(),
            });
            const problem = envelopeProblem(res.statusCode, res.body);
            if (problem) problems.push(`${url} ${field}=${JSON.stringify(value)?.slice(0, 40)}: ${problem}`);
            if ((res.json() as { code: number }).code === 1) accepted += 1;
          }
        }
      }
      expect(problems).toEqual([]);
      // Some junk is fine text (emoji, SQL as a name): it is stored as text, and nothing breaks.
      expect(accepted).toBeGreaterThan(0);
      const [count] = await db().select({ n: sql<number>`count(*)::int` }).from(leads);
      expect(count?.n).toBeGreaterThan(0);
    }, 120_000); // hundreds of requests: a busy machine needs more than the default 30 s
  });

  describe("R12: limits per phone and per client address", () => {
    it("the 6th booking of one phone within an hour is refused with 429, Retry-After and a Chinese message", async () => {
      const phone = uniquePhone();
      for (let i = 0; i < 5; i++) {
        expect((await post("/api/customers/appointment", { phone, originDetail: `#${i}` })).body.code).toBe(1);
      }
      const refused = await post("/api/customers/appointment", { phone, originDetail: "#6" });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 0, data: null, errorCode: 1429 });
      expect(refused.body.message).toMatch(/^提交过于频繁，请 \d+ 分钟后再试$/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(await leadsOf(phone)).toMatchObject([{ origin: "#4", submissions: 5 }]);
      // Another kind for the same phone has its own count.
      expect((await post("/api/bim/bimCustomer/putCards", { phone })).body.code).toBe(1);
      clock.advance(HOUR);
      expect((await post("/api/customers/appointment", { phone, originDetail: "#7" })).body.code).toBe(1);
    });

    it("one client address may send 20 leads an hour, across phones and kinds", async () => {
      const remoteAddress = uniqueIp();
      const kinds: [string, (phone: string) => unknown][] = [
        ["/api/customers/appointment", (phone) => ({ phone })],
        ["/api/cityPartner", (phone) => ({ phone, name: "王", province: "浙江省", city: "杭州市" })],
        ["/api/customers/activity", (phone) => ({ phone, name: "王" })],
        ["/api/customers/denominate", (phone) => ({ phone, content: "名" })],
        ["/api/bim/bimCustomer/putCards", (phone) => ({ phone })],
        ["/api/jzx/customerPool/jj", (phone) => ({ phone, province: "浙江省", city: "杭州市", area: 80 })],
      ];
      for (let i = 0; i < 20; i++) {
        const [url, body] = kinds[i % kinds.length] ?? kinds[0]!;
        const { body: answer } = await post(url, body(uniquePhone()), { remoteAddress });
        expect(answer.code, `${i} ${url}`).toBe(1);
      }
      for (const [url, body] of kinds) {
        const phone = uniquePhone();
        const refused = await post(url, body(phone), { remoteAddress });
        expect(refused.status, url).toBe(429);
        expect(refused.body.message, url).toContain("提交过于频繁");
        expect(await leadsOf(phone), url).toEqual([]);
      }
      // Others are not affected.
      expect((await post("/api/customers/appointment", { phone: uniquePhone() })).body.code).toBe(1);
    });
  });
});
