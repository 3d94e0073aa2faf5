// Content API (docs/product.md §3, §7, §9): banners with fallback, stores, guides and cases, city list, hard
// prices, site settings, regions and generated media. Expected values come from buildDemoData().
import { readFileSync } from "node:fs";
import {
  type ArticleDetail,
  type ArticleListItem,
  type Banner,
  CASE_AREA_BANDS,
  CASE_BUDGET_BANDS,
  CASE_ROOM_OPTIONS,
  type CaseFiltersData,
  type CityConfig,
  type HardPrice,
  MAX_CASE_ROOMS,
  type SiteSettings,
  type Store,
} from "@yj/contract";
import { describe, expect, it } from "vitest";
import { buildDemoData } from "../src/db/seed/demo-data.js";
import { serverFile } from "../src/lib/paths.js";
import { describeEachBackend, expectRefusal, okData, type TestContext } from "./helper.js";
import { CJK } from "./junk.js";

const demo = buildDemoData();
type DemoArticle = (typeof demo.articles)[number];
type DemoStore = (typeof demo.stores)[number];
type DemoBanner = (typeof demo.banners)[number];

const ids = (list: { id: number }[]) => list.map((x) => x.id);

// ---- expectations from the demo data -------------------------------------------------------------

const bySortThenId = (a: { sort?: number; id: number }, b: { sort?: number; id: number }) =>
  (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;

/** The documented rule: the city's banners, else the province's (no city), else the defaults. */
function expectedBanners(city?: string, province?: string): DemoBanner[] {
  const sorted = [...demo.banners].sort(bySortThenId);
  const own = city ? sorted.filter((b) => b.city === city) : [];
  if (own.length) return own;
  const provincial = province ? sorted.filter((b) => b.province === province && b.city == null) : [];
  if (provincial.length) return provincial;
  return sorted.filter((b) => b.city == null && b.province == null);
}
const citiesWithBanners = [...new Set(demo.banners.map((b) => b.city).filter((c): c is string => !!c))];

const storesSorted: DemoStore[] = [...demo.stores].sort(bySortThenId);

/** Newest first, then id descending. */
const byPublished = (a: DemoArticle, b: DemoArticle) =>
  b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id;
const articlesSorted = [...demo.articles].sort(byPublished);
const guides = articlesSorted.filter((a) => a.type === 1);
const cases = articlesSorted.filter((a) => a.type === 2);
const tagName = new Map(demo.articleTags.map((t) => [t.id, t.name]));

function expectArticleItem(item: ArticleListItem, a: DemoArticle) {
  expect(item).toMatchObject({
    id: a.id,
    type: a.type,
    title: a.title,
    summary: a.summary,
    cover: a.cover,
    tagId: a.tagId ?? null,
    tagName: a.tagId ? (tagName.get(a.tagId) ?? null) : null,
    author: a.author ?? "",
    views: a.views ?? 0,
    style: a.style ?? null,
    layout: a.layout ?? null,
    areaM2: a.areaM2 ?? null,
    budget: a.budgetCents ?? null,
    city: a.city ?? null,
    designer: a.designer ?? null,
  });
  expect(new Date(item.publishedAt).getTime()).toBe(a.publishedAt.getTime());
}

/** Bedrooms as the layout text names them: 三室两厅 → 3 (docs/decisions/0027). */
const ROOM_DIGITS: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };
const roomsOf = (a: DemoArticle) => ROOM_DIGITS[(a.layout ?? "").charAt(0)];

/** How many cases of each value, most first, then by value (the case_filters order). */
function optionsOf(values: (string | null | undefined)[]) {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

const regions = JSON.parse(readFileSync(serverFile("assets/regions.json"), "utf8")) as Record<
  string,
  Record<string, string>
>;

// ---- tests ---------------------------------------------------------------------------------------

describe("content demo data", () => {
  it("has what the content tests rely on", () => {
    expect(citiesWithBanners.length).toBeGreaterThan(0);
    expect(expectedBanners().length).toBeGreaterThan(0);
    expect(new Set(demo.stores.map((s) => s.city)).size).toBeGreaterThan(1);
    expect(guides.length).toBeGreaterThan(12);
    expect(cases.length).toBeGreaterThan(0);
    expect(demo.cities.length).toBe(136);
  });
});

describeEachBackend("content API", (ctx: TestContext) => {
  const ok = <T>(url: string) => okData<T>(ctx, url);
  const fails = (url: string, errorCode: number) => expectRefusal(ctx, url, errorCode);

  describe("GET /api/banners", () => {
    it("gives a city with banners its own", async () => {
      for (const city of citiesWithBanners) {
        const province = demo.banners.find((b) => b.city === city)?.province ?? "";
        const data = await ok<Banner[]>(
          `/api/banners?city=${encodeURIComponent(city)}&province=${encodeURIComponent(province)}`,
        );
        expect(ids(data), city).toEqual(ids(expectedBanners(city, province)));
        expect(data.length).toBeGreaterThan(0);
        for (const b of data) expect(b.city).toBe(city);
      }
    });

    it("falls back to the province's or the default banners, never empty", async () => {
      const uncovered = demo.cities.find((c) => !citiesWithBanners.includes(c.city))!;
      for (const [city, province] of [
        [uncovered.city, uncovered.province],
        ["不存在市", "浙江省"],
        ["不存在市", "不存在省"],
        ["不存在市", ""],
        ["", ""],
      ]) {
        const data = await ok<Banner[]>(
          `/api/banners?city=${encodeURIComponent(city ?? "")}&province=${encodeURIComponent(province ?? "")}`,
        );
        const expected = expectedBanners(city || undefined, province || undefined);
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(data), `${city}/${province}`).toEqual(ids(expected));
      }
      const bare = await ok<Banner[]>("/api/banners");
      expect(ids(bare)).toEqual(ids(expectedBanners()));
      expect(bare.every((b) => b.city === null && b.province === null)).toBe(true);
    });

    it("answers banner fields", async () => {
      const data = await ok<Banner[]>("/api/banners");
      for (const b of data) {
        const d = demo.banners.find((x) => x.id === b.id)!;
        expect(b).toEqual({
          id: d.id,
          title: d.title,
          image: d.image,
          link: d.link,
          province: d.province ?? null,
          city: d.city ?? null,
          headline: d.headline,
          subline: d.subline,
          buttonLabel: d.buttonLabel,
        });
        // The words are HTML over the picture (#27 item 7): every demo banner has a headline.
        expect(b.headline).toBeTruthy();
      }
    });
  });

  describe("GET /api/store/query_all_store", () => {
    type StorePage = { dataList: Store[]; total: number; current: number; pageSize: number };

    it("pages through every store once", async () => {
      const pageSize = 10;
      const seen: number[] = [];
      for (let current = 1; current <= Math.ceil(storesSorted.length / pageSize); current++) {
        const page = await ok<StorePage>(`/api/store/query_all_store?pageSize=${pageSize}&current=${current}`);
        expect(page.total).toBe(storesSorted.length);
        expect(page.current).toBe(current);
        expect(page.pageSize).toBe(pageSize);
        expect(ids(page.dataList)).toEqual(ids(storesSorted.slice((current - 1) * pageSize, current * pageSize)));
        seen.push(...ids(page.dataList));
      }
      expect(seen).toEqual(ids(storesSorted));
      const first = await ok<StorePage>("/api/store/query_all_store?pageSize=1&current=1");
      const second = await ok<StorePage>("/api/store/query_all_store?pageSize=1&current=2");
      expect(first.dataList[0]?.id).not.toBe(second.dataList[0]?.id);
    });

    it("defaults to pageSize 12 and answers the store fields", async () => {
      const page = await ok<StorePage>("/api/store/query_all_store");
      expect(page.pageSize).toBe(12);
      expect(page.current).toBe(1);
      const d = storesSorted[0]!;
      expect(page.dataList[0]).toEqual({
        id: d.id,
        name: d.name,
        province: d.province,
        city: d.city,
        address: d.address,
        phone: d.phone,
        hours: d.hours,
        lng: d.lng,
        lat: d.lat,
        image: d.image,
      });
    });

    it("filters by city", async () => {
      for (const city of new Set(demo.stores.map((s) => s.city))) {
        const expected = storesSorted.filter((s) => s.city === city);
        const page = await ok<StorePage>(
          `/api/store/query_all_store?pageSize=100&current=1&city=${encodeURIComponent(city)}`,
        );
        expect(page.total, city).toBe(expected.length);
        expect(ids(page.dataList), city).toEqual(ids(expected));
      }
      const none = await ok<StorePage>(`/api/store/query_all_store?city=${encodeURIComponent("不存在市")}`);
      expect(none).toMatchObject({ dataList: [], total: 0 });
    });

    it("caps pageSize and counts current below 1 as 1", async () => {
      const big = await ok<StorePage>("/api/store/query_all_store?pageSize=5000&current=-4");
      expect(big.pageSize).toBe(100);
      expect(big.current).toBe(1);
      expect(big.dataList.length).toBe(Math.min(100, storesSorted.length));
    });
  });

  describe("GET /api/article/query_all_tag", () => {
    it("answers the stage tags in order", async () => {
      const data = await ok<{ id: number; name: string }[]>("/api/article/query_all_tag");
      expect(data).toEqual([...demo.articleTags].sort(bySortThenId).map((t) => ({ id: t.id, name: t.name })));
    });
  });

  describe("GET /api/article/query_list", () => {
    type ArticlePage = { dataList: ArticleListItem[]; total: number; current: number; pageSize: number };
    const list = (query: string) => ok<ArticlePage>(`/api/article/query_list?${query}`);

    it("lists guides (type 1) and cases (type 2), newest first", async () => {
      for (const [type, expected] of [
        [1, guides],
        [2, cases],
      ] as const) {
        const page = await list(`type=${type}&pageSize=100`);
        expect(page.total, `type ${type}`).toBe(expected.length);
        expect(ids(page.dataList), `type ${type}`).toEqual(ids(expected.slice(0, 100)));
        page.dataList.forEach((item, i) => {
          expectArticleItem(item, expected[i]!);
        });
      }
      const all = await list("pageSize=100");
      expect(all.total).toBe(demo.articles.length);
    });

    it("pages with current and pageSize", async () => {
      const p1 = await list("type=1&current=1&pageSize=12");
      const p2 = await list("type=1&current=2&pageSize=12");
      expect(p1.pageSize).toBe(12);
      expect(ids(p1.dataList)).toEqual(ids(guides.slice(0, 12)));
      expect(ids(p2.dataList)).toEqual(ids(guides.slice(12, 24)));
      expect(p2.total).toBe(guides.length);
      const past = await list(`type=1&current=${Math.ceil(guides.length / 12) + 1}`);
      expect(past.dataList).toEqual([]);
      expect(past.total).toBe(guides.length);
    });

    it("filters by tagId and by tagIds '1,2'", async () => {
      for (const tag of demo.articleTags) {
        const expected = articlesSorted.filter((a) => a.tagId === tag.id);
        const page = await list(`type=1&tagId=${tag.id}&pageSize=100`);
        expect(page.total, `tag ${tag.id}`).toBe(expected.filter((a) => a.type === 1).length);
        expect(ids(page.dataList)).toEqual(ids(expected.filter((a) => a.type === 1)));
      }
      const [t1, t2] = demo.articleTags;
      const expected = articlesSorted.filter((a) => a.tagId === t1!.id || a.tagId === t2!.id);
      expect(expected.length).toBeGreaterThan(0);
      const page = await list(`tagIds=${t1!.id},${t2!.id}&pageSize=100`);
      expect(page.total).toBe(expected.length);
      expect(ids(page.dataList)).toEqual(ids(expected));
      // tagIds with a single id, and tagIds combined with tagId.
      expect((await list(`tagIds=${t1!.id}`)).total).toBe(articlesSorted.filter((a) => a.tagId === t1!.id).length);
      expect((await list(`tagId=${t1!.id}&tagIds=${t2!.id}`)).total).toBe(expected.length);
    });

    it("refuses malformed tagIds with a Chinese message", async () => {
      for (const q of ["tagIds=1,,2", "tagIds=a,b", "tagIds=1;2", "type=3", "type=abc"]) {
        await fails(`/api/article/query_list?${q}`, 1001);
      }
    });

    it("finds by keyword in the title", async () => {
      const word = [...guides[0]!.title]
        .filter((ch) => CJK.test(ch))
        .slice(0, 2)
        .join("");
      expect(word.length).toBe(2);
      const expected = articlesSorted.filter((a) => a.title.includes(word));
      const page = await list(`keyword=${encodeURIComponent(word)}&pageSize=100`);
      expect(page.total).toBe(expected.length);
      expect(ids(page.dataList)).toEqual(ids(expected));
      for (const item of page.dataList) expect(item.title).toContain(word);
      // Wildcards are literal.
      for (const wildcard of ["%", "_"]) {
        const literal = articlesSorted.filter((a) => a.title.includes(wildcard)).length;
        expect((await list(`keyword=${encodeURIComponent(wildcard)}`)).total, wildcard).toBe(literal);
      }
    });

    it("filters cases by style and city", async () => {
      const sample = cases[0]!;
      const byStyle = cases.filter((a) => a.style === sample.style);
      expect((await list(`type=2&style=${encodeURIComponent(sample.style!)}&pageSize=100`)).total).toBe(byStyle.length);
      const byCity = cases.filter((a) => a.city === sample.city);
      const page = await list(`type=2&city=${encodeURIComponent(sample.city!)}&pageSize=100`);
      expect(ids(page.dataList)).toEqual(ids(byCity));
    });

    it("filters cases by rooms, the last option meaning that many or more", async () => {
      for (const { rooms } of CASE_ROOM_OPTIONS) {
        const expected = cases.filter((a) =>
          rooms >= MAX_CASE_ROOMS ? (roomsOf(a) ?? 0) >= rooms : roomsOf(a) === rooms,
        );
        const page = await list(`type=2&rooms=${rooms}&pageSize=100`);
        expect(ids(page.dataList), `rooms ${rooms}`).toEqual(ids(expected));
        expect(page.total).toBe(expected.length);
      }
      // The demo data has cases of every room count up to four, and the 五室 one.
      expect(new Set(cases.map(roomsOf))).toEqual(new Set([1, 2, 3, 4, 5]));
    });

    it("filters cases by area and budget bands: min inclusive, max exclusive", async () => {
      const bandQuery = (name: "area" | "budget", band: { min?: number; max?: number }) =>
        [band.min !== undefined && `${name}Min=${band.min}`, band.max !== undefined && `${name}Max=${band.max}`]
          .filter(Boolean)
          .join("&");
      const within = (value: number | null | undefined, band: { min?: number; max?: number }) =>
        value != null && (band.min === undefined || value >= band.min) && (band.max === undefined || value < band.max);
      const filters = [
        { name: "area", bands: CASE_AREA_BANDS, value: (a: DemoArticle) => a.areaM2 },
        { name: "budget", bands: CASE_BUDGET_BANDS, value: (a: DemoArticle) => a.budgetCents },
      ] as const;
      for (const { name, bands, value } of filters) {
        let seen = 0;
        for (const band of bands) {
          const expected = cases.filter((a) => within(value(a), band));
          const page = await list(`type=2&${bandQuery(name, band)}&pageSize=100`);
          expect(ids(page.dataList), band.label).toEqual(ids(expected));
          seen += page.total;
        }
        expect(seen, `the ${name} bands cover every case once`).toBe(cases.length);
      }
      // A bound equal to a case's value: min includes it, max leaves it out.
      const sample = cases[0]!;
      expect(ids((await list(`type=2&areaMin=${sample.areaM2}&areaMax=${sample.areaM2! + 1}`)).dataList)).toEqual(
        ids(cases.filter((a) => a.areaM2 === sample.areaM2)),
      );
      expect((await list(`type=2&areaMax=${sample.areaM2}&pageSize=100`)).dataList.map((a) => a.id)).not.toContain(
        sample.id,
      );
    });

    it("combines every case filter, and pages the filtered list", async () => {
      const sample = cases.find((a) => a.city === "杭州市" && a.style === "现代简约")!;
      expect(sample).toBeDefined();
      const page = await list(
        `type=2&style=${encodeURIComponent(sample.style!)}&city=${encodeURIComponent(sample.city!)}&rooms=${roomsOf(sample)}` +
          `&areaMin=${sample.areaM2! - 1}&areaMax=${sample.areaM2! + 1}&budgetMin=${sample.budgetCents}&budgetMax=${sample.budgetCents! + 1}`,
      );
      expect(ids(page.dataList)).toEqual([sample.id]);
      const wide = cases.filter((a) => (a.areaM2 ?? 0) >= 90);
      expect(wide.length).toBeGreaterThan(12);
      const p1 = await list("type=2&areaMin=90&current=1");
      const p2 = await list("type=2&areaMin=90&current=2");
      expect(p1.total).toBe(wide.length);
      expect([...ids(p1.dataList), ...ids(p2.dataList)]).toEqual(ids(wide.slice(0, 24)));
    });

    it("keeps the earlier parameters valid and treats empty case filters as absent", async () => {
      const page = await list("type=2&style=&city=&rooms=&areaMin=&areaMax=&budgetMin=&budgetMax=&pageSize=100");
      expect(page.total).toBe(cases.length);
    });

    it("refuses malformed case filters with a Chinese message", async () => {
      for (const q of [
        "rooms=0",
        "rooms=6",
        "rooms=abc",
        "areaMin=-1",
        "areaMin=abc",
        "areaMax=0",
        "areaMax=999999999",
        "areaMin=120&areaMax=90",
        "areaMin=90&areaMax=90",
        "budgetMin=-5",
        "budgetMax=99999999999",
        "budgetMin=3000000000",
        "budgetMin=25000000&budgetMax=15000000",
      ]) {
        const body = await fails(`/api/article/query_list?type=2&${q}`, 1001);
        expect(body.message, q).toMatch(/户型|面积|预算/);
      }
    });

    it("answers an empty page when nothing matches", async () => {
      const page = await list(`keyword=${encodeURIComponent("绝对不存在的标题")}`);
      expect(page.dataList).toEqual([]);
      expect(page.total).toBe(0);
      const unknownTag = await list("tagId=999999");
      expect(unknownTag).toMatchObject({ dataList: [], total: 0 });
    });
  });

  describe("GET /api/article/case_filters", () => {
    type ArticlePage = { dataList: ArticleListItem[]; total: number };
    const list = (query: string) => ok<ArticlePage>(`/api/article/query_list?${query}`);

    it("answers the styles and cities of the cases, most cases first", async () => {
      const data = await ok<CaseFiltersData>("/api/article/case_filters");
      expect(data.styles).toEqual(optionsOf(cases.map((a) => a.style)));
      expect(data.cities).toEqual(optionsOf(cases.map((a) => a.city)));
      expect(data.styles.reduce((n, o) => n + o.count, 0)).toBe(cases.length);
      // Every option finds its cases.
      for (const { value, count } of [data.styles[0]!, data.styles.at(-1)!]) {
        expect((await list(`type=2&style=${encodeURIComponent(value)}`)).total).toBe(count);
      }
      for (const { value, count } of [data.cities[0]!, data.cities.at(-1)!]) {
        expect((await list(`type=2&city=${encodeURIComponent(value)}`)).total).toBe(count);
      }
    });
  });

  describe("GET /api/article/query_detail", () => {
    /** Related: same type (and for a tagged article the same tag), not itself, newest first, at most 4. */
    const relatedOf = (a: DemoArticle) =>
      articlesSorted
        .filter((r) => r.type === a.type && r.id !== a.id && (a.tagId ? r.tagId === a.tagId : true))
        .slice(0, 4);

    it("answers a guide with its content blocks and related guides", async () => {
      const guide = guides.find((g) => g.tagId && relatedOf(g).length > 0)!;
      const d = await ok<ArticleDetail>(`/api/article/query_detail?id=${guide.id}`);
      expectArticleItem(d, guide);
      expect(d.content).toEqual(guide.content);
      expect(d.content.some((b) => b.kind === "paragraph")).toBe(true);
      expect(ids(d.related)).toEqual(ids(relatedOf(guide)));
      for (const r of d.related) {
        expect(r.type).toBe(1);
        expect(r.tagId).toBe(guide.tagId);
        expect(r.id).not.toBe(guide.id);
      }
    });

    it("answers a case with related cases", async () => {
      const one = cases[0]!;
      const d = await ok<ArticleDetail>(`/api/article/query_detail?id=${one.id}`);
      expectArticleItem(d, one);
      expect(d.content).toEqual(one.content);
      expect(ids(d.related)).toEqual(ids(relatedOf(one)));
      expect(d.related.length).toBe(Math.min(4, cases.length - 1));
      for (const r of d.related) expect(r.type).toBe(2);
    });

    it("answers 1004 for an unknown id and 1001 for a malformed one", async () => {
      await fails(`/api/article/query_detail?id=${Math.max(...demo.articles.map((a) => a.id)) + 1000}`, 1004);
      await fails("/api/article/query_detail?id=abc", 1001);
      await fails("/api/article/query_detail", 1001);
    });
  });

  describe("GET /api/website_configs", () => {
    it("type=1 lists the 136 covered cities with content.city and content.province", async () => {
      const data = await ok<CityConfig[]>("/api/website_configs?type=1");
      expect(data.length).toBe(136);
      expect(data.map((c) => c.content)).toEqual(demo.cities.map((c) => ({ city: c.city, province: c.province })));
      for (const c of data) {
        expect(c.type).toBe(1);
        expect(c.content.city).toMatch(CJK);
        expect(c.content.province).toMatch(CJK);
      }
      expect(new Set(data.map((c) => c.content.city)).size).toBe(136);
    });

    it("refuses type=2 and a missing type", async () => {
      for (const q of ["?type=2", "", "?type=", "?type=1&type=1"]) await fails(`/api/website_configs${q}`, 1001);
    });
  });

  describe("GET /api/website_configs/getHardPrice", () => {
    const defaults = demo.hardPrices.find((p) => p.city === demo.settings.defaultCity)!;

    it("answers a covered city's prices, not a fallback", async () => {
      for (const price of [demo.hardPrices[0]!, demo.hardPrices[demo.hardPrices.length - 1]!]) {
        const data = await ok<HardPrice>(`/api/website_configs/getHardPrice?city=${encodeURIComponent(price.city)}`);
        expect(data).toEqual({ ...price, fallback: false });
      }
    });

    it("answers the default city's prices, marked fallback, for an unknown or missing city", async () => {
      expect(defaults).toBeDefined();
      for (const q of [`?city=${encodeURIComponent("不存在市")}`, "", "?city="]) {
        const data = await ok<HardPrice>(`/api/website_configs/getHardPrice${q}`);
        expect(data, q).toEqual({ ...defaults, fallback: true });
      }
    });
  });

  describe("GET /api/site/settings", () => {
    it("answers the brand, hotline and city count", async () => {
      const data = await ok<SiteSettings>("/api/site/settings");
      expect(data.brandName).toBe("悦家整装");
      expect(data.hotline).toBe("0571-8678-0130");
      expect(data.coveredCities).toBe(136);
      const { id: _id, ...settings } = demo.settings;
      // The demo's row, and what the columns' defaults give: the /decorate-act deposit and its refund
      // window, and the lead retention period (docs/decisions/0077).
      expect(data).toEqual({ ...settings, activityDepositCents: 9_900, depositRefundDays: 7, leadRetentionMonths: 24 });
    });
  });

  describe("GET /api/regions", () => {
    it("code=86 answers the 34 provincial regions", async () => {
      const data = await ok<Record<string, string>>("/api/regions?code=86");
      expect(Object.keys(data).length).toBe(34);
      expect(data).toEqual(regions["86"]);
      expect(Object.values(data)).toEqual(expect.arrayContaining(["浙江省", "北京市"]));
      // Without a code: the provinces.
      expect(await ok<Record<string, string>>("/api/regions")).toEqual(data);
    });

    it("code=330100 answers the districts of 杭州市", async () => {
      expect((await ok<Record<string, string>>("/api/regions?code=330000"))["330100"]).toBe("杭州市");
      const data = await ok<Record<string, string>>("/api/regions?code=330100");
      expect(data).toEqual(regions["330100"]);
      expect(Object.values(data)).toEqual(expect.arrayContaining(["西湖区", "滨江区"]));
    });

    it("answers code 0 for junk, unknown and leaf codes", async () => {
      const leaf = Object.values(regions)
        .flatMap((children) => Object.keys(children))
        .find((code) => !Object.hasOwn(regions, code));
      expect(leaf).toBeDefined();
      for (const code of ["abc", "__proto__", "constructor", "1", "99", leaf!, "9999999999", "-86", "86 ", "%00"]) {
        const { status, body } = await ctx.api(`/api/regions?code=${encodeURIComponent(code)}`);
        expect(status, code).toBeLessThan(500);
        expect(body.code, code).toBe(0);
        expect(body.data, code).toBeNull();
        expect(body.message, code).toMatch(CJK);
      }
    });
  });

  describe("GET /media/<key>", () => {
    const sample = demo.media.find((m) => demo.goods[0]?.images?.[0] === `/media/${m.key}`) ?? demo.media[0]!;

    it("serves an SVG with an ETag, and 304 to If-None-Match", async () => {
      const res = await ctx.app.inject(`/media/${sample.key}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(res.body).toBe(sample.body);
      const etag = res.headers.etag;
      expect(typeof etag).toBe("string");
      expect(String(res.headers["cache-control"])).toContain("max-age");
      expect(String(res.headers["content-security-policy"])).toContain("default-src 'none'");

      const again = await ctx.app.inject({ url: `/media/${sample.key}`, headers: { "if-none-match": String(etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      const stale = await ctx.app.inject({ url: `/media/${sample.key}`, headers: { "if-none-match": '"other"' } });
      expect(stale.statusCode).toBe(200);
    });

    it("serves every image the catalogue and content refer to", async () => {
      const referenced = [
        demo.goods[0]?.images?.[0],
        demo.articles[0]?.cover,
        demo.stores[0]?.image,
        demo.banners[0]?.image,
      ];
      for (const url of referenced) {
        expect(url, "referenced image").toMatch(/^\/media\//);
        const res = await ctx.app.inject(url!);
        expect(res.statusCode, url).toBe(200);
      }
    });

    it("answers 404 for unknown keys and path traversal", async () => {
      for (const url of [
        "/media/no-such-image.svg",
        "/media/..%2f..%2fetc%2fpasswd",
        "/media/..%2F..%2Fetc%2Fpasswd",
        "/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        `/media/${sample.key.replace(".svg", ".png")}`,
        "/media/UPPER.svg",
        "/media/",
      ]) {
        const res = await ctx.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain("root:");
      }
    });
  });
});
