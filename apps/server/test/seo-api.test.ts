// What crawlers get (docs/quality.md P7, ADR 0029): /robots.txt opens the storefront and closes the API,
// the back office and one visitor's pages; /sitemap.xml lists every public page on the configured
// public origin, from the database, split into indexed parts past the file limit, re-read after a minute.
import { articlePath, categoryHref, goodsPath, packagePath, STATIC_PAGE_PATHS } from "@yj/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadEnv } from "../src/config/env.js";
import { articles, auditLog, goodsCategories, sitePages } from "../src/db/schema.js";
import { buildDemoData } from "../src/db/seed/demo-data.js";
import { SITEMAP_CACHE_MS } from "../src/modules/seo/service.js";
import { describeEachBackend, testEnv } from "./helper.js";
import { productionEnvWithout } from "./support/production-env.js";

const ORIGIN = "https://shop.example.cn";
const demo = buildDemoData();
const isPublic = (g: (typeof demo.goods)[number]) => (g.status ?? 1) === 1 && (g.isShow ?? 1) === 1;

/** The <loc> values of a sitemap document, entities decoded. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

/** Every listing the demo's category tree has, as the menu links name them. */
function expectedCategoryPaths(): string[] {
  const byId = new Map(demo.categories.map((c) => [c.id, c]));
  return demo.categories.map((c) =>
    c.level >= 3 && c.parentId ? categoryHref(byId.get(c.parentId)!.id, c.id) : categoryHref(c.id),
  );
}

describeEachBackend("robots.txt and sitemap", { app: false }, (ctx) => {
  let app: FastifyInstance;
  let split: FastifyInstance;
  let clock = Date.now();
  beforeAll(async () => {
    const env = testEnv({ PUBLIC_ORIGIN: `${ORIGIN}/` });
    app = await buildApp({ env, database: ctx.database, serveWeb: false, seo: { now: () => clock } });
    split = await buildApp({ env, database: ctx.database, serveWeb: false, seo: { partSize: 50 } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await split?.close();
  });

  it("robots.txt opens the storefront, closes the API, back office and visitor pages, and names the sitemap", async () => {
    const res = await app.inject("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/api/", "/admin", "/my-mark", "/login", "/shoppingCart", "/submitOrder"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Nothing a visitor should find through a search engine is closed.
    expect(lines.filter((l) => /^Disallow: \/(app|packageDetails|article-detail|2-|all-store)/.test(l))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("lists every public page once on the public origin, and nothing off sale or hidden", async () => {
    const res = await app.inject("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = locs(res.body);
    const expected = [
      ...STATIC_PAGE_PATHS,
      ...expectedCategoryPaths(),
      ...demo.goods.filter((g) => isPublic(g) && !g.isPackage).map((g) => goodsPath(g.id)),
      ...demo.goods.filter((g) => isPublic(g) && g.isPackage).map((g) => packagePath(g.id)),
      ...demo.articles.map((a) => articlePath(a.id)),
    ].map((path) => ORIGIN + path);
    expect([...urls].sort()).toEqual([...expected].sort());
    expect(new Set(urls).size).toBe(urls.length);
    for (const g of demo.goods.filter((g) => !isPublic(g))) {
      expect(urls).not.toContain(ORIGIN + (g.isPackage ? packagePath(g.id) : goodsPath(g.id)));
    }
    // A sub-category's listing has two query parameters: the & is escaped in the XML.
    expect(res.body).toMatch(/\?id=\d+&amp;subId=\d+<\/loc>/);
    expect(res.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("gives guides and cases their publication date as lastmod", async () => {
    const { body } = await app.inject("/sitemap.xml");
    for (const article of demo.articles.slice(0, 5)) {
      expect(body).toContain(
        `<url><loc>${ORIGIN}${articlePath(article.id)}</loc><lastmod>${article.publishedAt.toISOString()}</lastmod></url>`,
      );
    }
    // Goods never edited in the back office have no modification time: no lastmod is made up for them.
    const goodsUrl = ORIGIN + goodsPath(demo.goods.find((g) => isPublic(g) && !g.isPackage)!.id);
    expect(body).toContain(`<url><loc>${goodsUrl}</loc></url>`);
  });

  it("lists the hard-decoration page once, at /heartPage, the URL both its paths name as canonical", async () => {
    const urls = locs((await app.inject("/sitemap.xml")).body);
    expect(urls).toContain(`${ORIGIN}/heartPage`);
    expect(urls).not.toContain(`${ORIGIN}/2-2`);
  });

  it("past the per-file limit, answers an index of parts that together list every page", async () => {
    const whole = locs((await app.inject("/sitemap.xml")).body);
    const index = await split.inject("/sitemap.xml");
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locs(index.body);
    expect(parts).toHaveLength(Math.ceil(whole.length / 50));
    const listed: string[] = [];
    for (const [i, part] of parts.entries()) {
      expect(part).toBe(`${ORIGIN}/sitemaps/${i + 1}.xml`);
      const res = await split.inject(new URL(part).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<urlset");
      const urls = locs(res.body);
      expect(urls.length).toBeLessThanOrEqual(50);
      listed.push(...urls);
    }
    expect(listed).toEqual(whole);
    // The part holding articles says when its newest one was published.
    expect(index.body).toMatch(/<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/sitemap>/);
    for (const path of [`/sitemaps/${parts.length + 1}.xml`, "/sitemaps/0.xml", "/sitemaps/x.xml", "/sitemaps/1"]) {
      expect((await split.inject(path)).statusCode).toBe(404);
    }
    // A sitemap that fits one file has no parts.
    expect((await app.inject("/sitemaps/1.xml")).statusCode).toBe(404);
  });

  it("is read from the database again once its minute is up", async () => {
    const [row] = await ctx.database.db
      .insert(articles)
      .values({ type: 1, title: "新攻略", summary: "摘要", cover: "/media/x", content: [], publishedAt: new Date() })
      .returning({ id: articles.id });
    const url = `${ORIGIN}${articlePath(row!.id)}`;
    await app.inject("/sitemap.xml");
    expect(locs((await app.inject("/sitemap.xml")).body)).not.toContain(url);
    clock += SITEMAP_CACHE_MS + 1;
    expect(locs((await app.inject("/sitemap.xml")).body)).toContain(url);
  });
});

describeEachBackend("sitemap lastmod", { app: false }, (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ env: testEnv({ PUBLIC_ORIGIN: ORIGIN }), database: ctx.database, serveWeb: false });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  /** The lastmod of one URL of the sitemap, or undefined when it has none. */
  const lastmodOf = (xml: string, path: string) => {
    const loc = `<loc>${(ORIGIN + path).replaceAll("&", "&amp;")}</loc>`;
    const entry = xml.split("\n").find((line) => line.includes(loc));
    expect(entry, path).toBeDefined();
    return entry?.match(/<lastmod>([^<]+)<\/lastmod>/)?.[1];
  };

  it("gives brand pages their saved time, and goods, packages and categories their last back-office edit", async () => {
    const goodsId = demo.goods.find((g) => isPublic(g) && !g.isPackage)!.id;
    const packageId = demo.goods.find((g) => isPublic(g) && g.isPackage)!.id;
    const [category] = await ctx.database.db
      .select()
      .from(goodsCategories)
      .where(eq(goodsCategories.level, 2))
      .limit(1);
    const edit = (entity: string, entityId: number, at: string) => ({
      staffName: "测试",
      action: `${entity}.update`,
      entity,
      entityId: String(entityId),
      createdAt: new Date(at),
    });
    await ctx.database.db
      .insert(auditLog)
      .values([
        edit("goods", goodsId, "2026-03-01T08:00:00.000Z"),
        edit("goods", goodsId, "2026-03-05T09:30:00.000Z"),
        edit("goods", packageId, "2026-02-10T00:00:00.000Z"),
        edit("category", category!.id, "2026-01-20T12:00:00.000Z"),
      ]);
    const pageSaved = new Date("2026-04-02T03:04:05.000Z");
    await ctx.database.db
      .insert(sitePages)
      .values({ slug: "hard-decoration", title: "标准化硬装", description: "说明", blocks: [], updatedAt: pageSaved })
      .onConflictDoUpdate({ target: sitePages.slug, set: { updatedAt: pageSaved } });

    const xml = (await app.inject("/sitemap.xml")).body;
    expect(lastmodOf(xml, goodsPath(goodsId))).toBe("2026-03-05T09:30:00.000Z");
    expect(lastmodOf(xml, packagePath(packageId))).toBe("2026-02-10T00:00:00.000Z");
    expect(lastmodOf(xml, categoryHref(category!.id))).toBe("2026-01-20T12:00:00.000Z");
    expect(lastmodOf(xml, "/heartPage")).toBe(pageSaved.toISOString());
    // Pages with no time of their own (the home page, a listing never edited) get none.
    expect(lastmodOf(xml, "/")).toBeUndefined();
  });
});

describe("PUBLIC_ORIGIN", () => {
  const production = { ...productionEnvWithout("PUBLIC_ORIGIN"), TRUST_PROXY: "1" };

  it("is the configured origin, without a trailing slash; outside production it defaults to localhost", () => {
    expect(loadEnv({ PUBLIC_ORIGIN: "https://www.example.cn/" }).PUBLIC_ORIGIN).toBe("https://www.example.cn");
    expect(loadEnv({ PUBLIC_ORIGIN: "http://shop.example.cn:8080" }).PUBLIC_ORIGIN).toBe("http://shop.example.cn:8080");
    expect(loadEnv({ PORT: "4100" }).PUBLIC_ORIGIN).toBe("http://localhost:4100");
  });

  it("refuses anything but an http(s) origin", () => {
    for (const bad of ["www.example.cn", "ftp://example.cn", "https://example.cn/shop", "https://example.cn/?a=1"]) {
      expect(() => loadEnv({ PUBLIC_ORIGIN: bad })).toThrow(/PUBLIC_ORIGIN/);
    }
  });

  it("is required in production, named in Chinese and English", () => {
    expect(() => loadEnv(production)).toThrow(
      /PUBLIC_ORIGIN: 生产环境必须设置网站对外地址.*is required in production/s,
    );
    expect(loadEnv({ ...production, PUBLIC_ORIGIN: "https://www.example.cn" }).PUBLIC_ORIGIN).toBe(
      "https://www.example.cn",
    );
  });
});
