// The response cache through the API (the other API tests run with it off): a goods page, a product's
// and a package's goods (docs/decisions/0082) and the site settings are answered from memory with the same bytes, a change in the database shows only
// when the entry expires, and distinct requests never share an entry.
import { ArticleType } from "@yj/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { articles, banners, goods, siteSettings } from "../src/db/schema.js";
import { newStaff } from "./admin-fixtures.js";
import { describeEachBackend, testEnv } from "./helper.js";

const page = (category2: number, extra = "") =>
  `/api/goods/index?isShow=1&status=1&category2=${category2}&current=1&pageSize=12${extra}`;

describeEachBackend("response cache", (ctx) => {
  let cached: FastifyInstance;
  beforeAll(async () => {
    cached = await buildApp({ env: testEnv({ API_CACHE_SECONDS: "60" }), database: ctx.database, serveWeb: false });
    await cached.ready();
  });
  afterAll(async () => {
    await cached?.close();
  });

  const body = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  it("answers each distinct goods page with its own bytes, the same as uncached", async () => {
    const urls = [page(3), page(4), page(5), page(4, "&current=2"), page(4, "&sort=price_asc"), page(4, "&name=沙发")];
    const first = await Promise.all(urls.map((url) => body(cached, url)));
    expect(new Set(first).size).toBe(urls.length);
    for (const [i, url] of urls.entries()) {
      expect(await body(cached, url), url).toBe(first[i]);
      expect(JSON.parse(first[i] as string), url).toEqual(JSON.parse(await body(ctx.app, url)));
    }
  });

  it("serves a cached goods page until it expires, while another page reads the change", async () => {
    const url = page(6);
    const before = await body(cached, url);
    const [item] = (JSON.parse(before) as { data: { dataList: { id: number; name: string }[] } }).data.dataList;
    expect(item).toBeDefined();
    const { db } = ctx.database;
    try {
      await db.update(goods).set({ name: "缓存测试商品" }).where(eq(goods.id, item!.id));
      expect(await body(cached, url)).toBe(before);
      expect(await body(cached, page(6, "&sort=sales"))).toContain("缓存测试商品");
      expect(await body(ctx.app, url)).toContain("缓存测试商品");
    } finally {
      await db.update(goods).set({ name: item!.name }).where(eq(goods.id, item!.id));
    }
  });

  it("serves a product's and a package's goods from memory, the same as uncached, until they expire", async () => {
    const { db } = ctx.database;
    const [pkg] = await db
      .select({ id: goods.id, name: goods.name })
      .from(goods)
      .where(eq(goods.isPackage, true))
      .limit(1);
    expect(pkg).toBeDefined();
    const urls = [`/api/goods/mail/show?id=${pkg!.id}`, `/api/goods/showPackage?id=${pkg!.id}`];
    const before = await Promise.all(urls.map((url) => body(cached, url)));
    for (const [i, url] of urls.entries())
      expect(JSON.parse(before[i]!), url).toEqual(JSON.parse(await body(ctx.app, url)));
    try {
      await db.update(goods).set({ name: "缓存测试套餐" }).where(eq(goods.id, pkg!.id));
      for (const [i, url] of urls.entries()) {
        expect(await body(cached, url), url).toBe(before[i]);
        expect(await body(ctx.app, url), url).toContain("缓存测试套餐");
      }
    } finally {
      await db.update(goods).set({ name: pkg!.name }).where(eq(goods.id, pkg!.id));
    }
  });

  it("serves the banners, the guides, a guide and the case filters from memory until any back-office write drops them", async () => {
    const { db } = ctx.database;
    const [banner] = await db.select({ id: banners.id, title: banners.title }).from(banners).limit(1);
    const [guide] = await db.select({ id: articles.id, title: articles.title }).from(articles).limit(1);
    const [someCase] = await db
      .select({ id: articles.id, style: articles.style })
      .from(articles)
      .where(eq(articles.type, ArticleType.CASE))
      .limit(1);
    const urls = [
      "/api/banners",
      "/api/article/query_list?current=1&pageSize=100",
      `/api/article/query_detail?id=${guide!.id}`,
      "/api/article/case_filters",
    ];
    const before = await Promise.all(urls.map((url) => body(cached, url)));
    try {
      await db.update(banners).set({ title: "缓存测试横幅" }).where(eq(banners.id, banner!.id));
      await db.update(articles).set({ title: "缓存测试攻略" }).where(eq(articles.id, guide!.id));
      await db.update(articles).set({ style: "缓存测试风格" }).where(eq(articles.id, someCase!.id));
      for (const [i, url] of urls.entries()) expect(await body(cached, url), url).toBe(before[i]);
      // A staff member's first password change is a back-office write like a banner's save.
      await newStaff(cached, db, "admin");
      expect(await body(cached, urls[0]!)).toContain("缓存测试横幅");
      expect(await body(cached, urls[1]!)).toContain("缓存测试攻略");
      expect(await body(cached, urls[2]!)).toContain("缓存测试攻略");
      expect(await body(cached, urls[3]!)).toContain("缓存测试风格");
    } finally {
      await db.update(banners).set({ title: banner!.title }).where(eq(banners.id, banner!.id));
      await db.update(articles).set({ title: guide!.title }).where(eq(articles.id, guide!.id));
      await db.update(articles).set({ style: someCase!.style }).where(eq(articles.id, someCase!.id));
    }
  });

  it("serves the site settings from memory", async () => {
    const before = await body(cached, "/api/site/settings");
    const { db } = ctx.database;
    const [row] = await db.select().from(siteSettings);
    try {
      await db.update(siteSettings).set({ hotline: "400-000-0000" });
      expect(await body(cached, "/api/site/settings")).toBe(before);
      expect(await body(ctx.app, "/api/site/settings")).toContain("400-000-0000");
    } finally {
      await db.update(siteSettings).set({ hotline: row!.hotline });
    }
  });
});
