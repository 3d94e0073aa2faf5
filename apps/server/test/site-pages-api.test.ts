// Brand and service pages (GET /api/site/pages, docs/decisions/0028): the demo's copy by slug, the
// company's own rows winning over it, the built-in copy under the shop's brand for a slug without a row,
// and not found for any other slug. On PGlite always, on PostgreSQL with TEST_DATABASE_URL.
import { ErrorCode, SITE_PAGE_SLUGS, type SitePage, SitePageBlock } from "@yj/contract";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { defaultSitePages } from "../src/db/default-site-pages.js";
import { sitePages, siteSettings } from "../src/db/schema.js";
import { buildDemoData } from "../src/db/seed/demo-data.js";
import { describeEachBackend, expectRefusal, okData, type TestContext } from "./helper.js";
import { CJK } from "./junk.js";
import { SERVICE_PROCESS_STEPS } from "./support/product-copy.js";

const demo = buildDemoData();
const page = (slug: string) => `/api/site/pages?slug=${encodeURIComponent(slug)}`;

describeEachBackend("site pages API", (ctx: TestContext) => {
  const ok = (slug: string) => okData<SitePage>(ctx, page(slug));
  const fails = (url: string, errorCode: number) => expectRefusal(ctx, url, errorCode, 200);

  it("serves every page the storefront links to with the demo's copy, in block order", async () => {
    expect(demo.pages.map((p) => p.slug).sort()).toEqual([...SITE_PAGE_SLUGS].sort());
    for (const expected of demo.pages) {
      const served = await ok(expected.slug);
      expect(served).toMatchObject({
        slug: expected.slug,
        title: expected.title,
        description: expected.description,
        blocks: expected.blocks,
      });
      expect(Number.isNaN(Date.parse(served.updatedAt))).toBe(false);
      // The demo's pages carry its picture, an image the media route serves.
      const image = served.blocks.find((b) => b.kind === "image");
      expect(image?.kind === "image" && image.src).toMatch(/^\/media\/page-/);
      const media = await ctx.app.inject(image?.kind === "image" ? image.src : "/");
      expect(media.statusCode).toBe(200);
      expect(media.headers["content-type"]).toContain("image/svg+xml");
    }
  });

  it("keeps the copy the product rules ask of each page", async () => {
    const text = (p: SitePage) => JSON.stringify(p.blocks);
    const stream = await ok("stream");
    const steps = stream.blocks.find((b) => b.kind === "steps");
    expect(steps?.kind === "steps" && steps.items.map((s) => s.title)).toEqual(SERVICE_PROCESS_STEPS);
    const hard = await ok("hard-decoration");
    const tones = hard.blocks.flatMap((b) => (b.kind === "list" ? [b.tone] : []));
    expect(tones).toEqual(["included", "excluded"]);
    expect(text(await ok("about"))).toContain("悦家整装");
    expect(text(await ok("soft-furnishing"))).toContain("/productList?id=7");
    for (const slug of SITE_PAGE_SLUGS) {
      const served = await ok(slug);
      // Every block is one the contract describes, and links stay on this site.
      for (const block of served.blocks) {
        expect(SitePageBlock.safeParse(block).success, JSON.stringify(block)).toBe(true);
        if (block.kind === "link") expect(block.to).toMatch(/^\/[^/]/);
      }
      expect(served.description).toMatch(CJK);
    }
  });

  it("answers an unknown slug with the not-found envelope, a malformed one with invalid input", async () => {
    await fails(page("no-such-page"), ErrorCode.NOT_FOUND);
    await fails("/api/site/pages", ErrorCode.INVALID_INPUT);
    for (const slug of ["About", "../about", "about page", "<script>", "a".repeat(41), ""]) {
      await fails(page(slug), ErrorCode.INVALID_INPUT);
    }
  });

  it("serves the company's own rows: an edited page, and a new slug once it has a row", async () => {
    const db = ctx.database.db;
    const [before] = await db.select().from(sitePages).where(eq(sitePages.slug, "about"));
    try {
      const blocks: SitePageBlock[] = [
        { kind: "heading", text: "二十年只做一件事" },
        { kind: "paragraph", text: "把家装好。" },
      ];
      await db.update(sitePages).set({ title: "关于我们", blocks }).where(eq(sitePages.slug, "about"));
      expect(await ok("about")).toMatchObject({ title: "关于我们", blocks });

      await fails(page("promise"), ErrorCode.NOT_FOUND);
      await db.insert(sitePages).values({ slug: "promise", title: "服务承诺", description: "十项承诺", blocks });
      expect(await ok("promise")).toMatchObject({ slug: "promise", title: "服务承诺", blocks });
    } finally {
      await db.delete(sitePages).where(eq(sitePages.slug, "promise"));
      if (before) await db.update(sitePages).set(before).where(eq(sitePages.slug, "about"));
    }
  });

  it("falls back to the built-in copy in the shop's brand name for a page without a row", async () => {
    const db = ctx.database.db;
    const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, "stream"));
    try {
      await db.delete(sitePages).where(eq(sitePages.slug, "stream"));
      await db.update(siteSettings).set({ brandName: "安居整装" }).where(eq(siteSettings.id, 1));
      const served = await ok("stream");
      const expected = defaultSitePages("安居整装").find((p) => p.slug === "stream");
      expect(served).toMatchObject({ title: expected?.title, description: expected?.description });
      expect(served.description).toContain("安居整装");
      expect(served.blocks).toEqual(expected?.blocks);
    } finally {
      await db.update(siteSettings).set({ brandName: demo.settings.brandName }).where(eq(siteSettings.id, 1));
      if (row) await db.insert(sitePages).values(row);
    }
  });
});

// A shop without the demo: no rows and no settings, yet the header's and footer's links show pages.
describeEachBackend("site pages API without the demo", { seed: false }, (ctx) => {
  it("answers every known slug with the built-in copy, naming no brand it does not have", async () => {
    for (const expected of defaultSitePages("我们")) {
      const res = await ctx.app.inject(page(expected.slug));
      const body = res.json();
      expect(body.code, `${expected.slug}: ${body.message}`).toBe(1);
      expect(body.data).toMatchObject({ slug: expected.slug, title: expected.title, blocks: expected.blocks });
      expect(JSON.stringify(body.data)).not.toContain("悦家整装");
    }
    const unknown = (await ctx.app.inject(page("no-such-page"))).json();
    expect(unknown).toMatchObject({ code: 0, errorCode: ErrorCode.NOT_FOUND, data: null });
  });
});
