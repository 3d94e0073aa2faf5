// #27 item 13, in the browser: the demo's pictures look like what they stand for (a tile pattern on the
// 瓷砖 page, not a sofa), are labelled 示意图, the home category entries are drawings rather than first
// letters, and /case promises no 实景图 (docs/decisions/0057-demo-pictures-are-drawings.md).
// Screenshots of home, the 瓷砖 page, /case and a product page at 1440 and 375 px. Each page's largest
// paint is the picture its head preloads at high priority (docs/decisions/0060), and the app's
// scripts are fetched only once the page is parsed and drawn (docs/decisions/0087). Home's carousel
// fetches a slide's picture only shortly before its turn (docs/decisions/0108).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOTS, screenshot } from "./support/browser";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
const WIDTHS = [1440, 375];
const TILES = "/2-14?id=49&subId=101";

async function svgOf(url: string): Promise<string> {
  const res = await fetch(new URL(url, shop.server.url));
  expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  return res.text();
}

/** The newest article of a type, as the API lists it (the guide and case pages P6 measures). */
async function newestArticle(type: 1 | 2): Promise<string> {
  const res = await fetch(new URL(`/api/article/query_list?type=${type}&current=1&pageSize=1`, shop.server.url));
  const body = (await res.json()) as { data: { dataList: { id: number }[] } };
  return `/article-detail/${body.data.dataList[0]!.id}`;
}

/** The first package home lists (its goods list of level-2 category 6). */
async function firstPackage(): Promise<string> {
  const res = await fetch(new URL("/api/goods/index?category2=6&current=1&pageSize=1", shop.server.url));
  const body = (await res.json()) as { data: { dataList: { id: number }[] } };
  return `/packageDetails/${body.data.dataList[0]!.id}`;
}

/**
 * The picture with the most area in the first screen, and the URL of the largest contentful paint as
 * Chromium measured it. Chromium leaves out pictures with too few bytes per pixel (a 2 KB drawing on a
 * 1440 × 482 banner), so its LCP may be text where a photograph would be the picture: the largest
 * picture is what a preload must name, and when Chromium's LCP is a picture it must be that one.
 */
function largestPaint(page: Page): Promise<{ picture: string; lcp: string }> {
  return page.evaluate(async () => {
    let picture = "";
    let most = 0;
    for (const img of Array.from(document.images)) {
      const r = img.getBoundingClientRect();
      const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
      const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
      if (w * h > most) [picture, most] = [img.currentSrc, w * h];
    }
    const lcp = await new Promise<string>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { url: string })[];
        resolve(entries.at(-1)?.url ?? "");
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    return { picture, lcp };
  });
}

describe("demo pictures", () => {
  it("preloads each page's largest paint from the head at high priority, and nothing fetches it twice", async () => {
    const pages = [
      "/",
      "/2-12?id=4",
      "/app/product-detail/1",
      await firstPackage(),
      await newestArticle(1),
      await newestArticle(2),
    ];
    for (const width of WIDTHS) {
      for (const path of pages) {
        const { page, errors } = await shop.open(path, width, width < 500 ? 812 : 900);
        const preloads = await page
          .locator('head link[rel="preload"][as="image"]')
          .evaluateAll((links) =>
            links.map((l) => ({ href: (l as HTMLLinkElement).href, priority: l.getAttribute("fetchpriority") })),
          );
        expect(preloads, `${path} at ${width}`).toHaveLength(1);
        expect(preloads[0]!.priority).toBe("high");
        // The demo's pictures are drawings: SVG, one file, no srcset to choose from.
        expect(preloads[0]!.href, path).toMatch(/\/media\/[a-z0-9-]+\.svg$/);
        const paint = await largestPaint(page);
        expect(paint.picture, `${path} at ${width}`).toBe(preloads[0]!.href);
        if (paint.lcp) expect(paint.lcp, `${path} at ${width}`).toBe(preloads[0]!.href);
        const picture = page.locator(`main img[src="${new URL(preloads[0]!.href).pathname}"]`).first();
        expect(await picture.getAttribute("fetchpriority")).toBe("high");
        expect(await picture.getAttribute("loading")).toBeNull();
        const fetched = await page.evaluate(
          (href) => performance.getEntriesByType("resource").filter((e) => e.name === href).length,
          preloads[0]!.href,
        );
        expect(fetched, `${path} at ${width}`).toBe(1);
        // The app's scripts are fetched once the page is parsed and drawn, not during the parse
        // (docs/decisions/0087): a module script in the markup is fetched while parsing and holds
        // DOMContentLoaded until it has run.
        const entryScript = await page.waitForFunction(() =>
          performance.getEntriesByType("resource").find((e) => /\/assets\/entry-client-[\w-]+\.js$/.test(e.name)),
        );
        const scriptStart = await entryScript.evaluate((e) => e?.startTime ?? Number.NaN);
        const parsed = await page.evaluate(
          () =>
            (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
        );
        expect(scriptStart, `${path} at ${width}`).toBeGreaterThan(parsed);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });

  it("fetches only the shown banner's picture as home loads, and the next one's before its turn", async () => {
    const { page, errors } = await shop.open("/", 375, 812);
    const bannersFetched = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => new URL(e.name).pathname)
          .filter((path) => path.startsWith("/media/banner-")),
      );
    // Long enough for the browser to have fetched every picture near the first screen (lazy ones
    // included), short of the next slide's lead (docs/decisions/0108).
    await page.waitForTimeout(1000);
    const atLoad = await bannersFetched();
    expect(atLoad).toHaveLength(1);
    const headline = page.locator(
      '[aria-roledescription="carousel"] a:not([aria-hidden="true"]) [data-banner-headline]',
    );
    const first = await headline.textContent();
    await page.waitForFunction(
      () => performance.getEntriesByType("resource").filter((e) => e.name.includes("/media/banner-")).length === 2,
    );
    expect(await headline.textContent(), "fetched before its turn").toBe(first);
    await expect.poll(() => headline.textContent(), { timeout: 5000 }).not.toBe(first);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("draws tiles on the 瓷砖 page and labels the drawings 示意图", async () => {
    const { page, errors } = await shop.open(TILES);
    const sources = await page.locator("main img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
    const goods = sources.filter((s): s is string => !!s?.startsWith("/media/goods-"));
    expect(goods.length).toBeGreaterThan(1);
    for (const src of goods) {
      const svg = await svgOf(src);
      expect(svg, src).toContain('<pattern id="tile"');
      expect(svg, src).toContain(">示意图</text>");
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows category drawings on home, not the first letters of their names", async () => {
    const { page } = await shop.open("/");
    const entries = page.getByRole("navigation", { name: "商品分类" }).getByRole("link");
    expect(await entries.count()).toBeGreaterThanOrEqual(8);
    const icons = await entries.evaluateAll((links) =>
      links.map((a) => ({ text: a.firstElementChild?.textContent, d: a.querySelector("svg path")?.getAttribute("d") })),
    );
    for (const icon of icons) {
      expect(icon.text).toBe("");
      expect(icon.d).toBeTruthy();
    }
    expect(new Set(icons.map((i) => i.d)).size).toBe(icons.length);
    await page.close();
  });

  it("promises no 实景图 on /case and shows room scenes there", async () => {
    const { page, errors } = await shop.open("/case");
    expect(await page.locator("main").innerText()).not.toMatch(/实景|实拍/);
    const cover = await page.locator("main img").first().getAttribute("src");
    expect(await svgOf(cover ?? "")).toContain(">示意图</text>");
    expect(errors).toEqual([]);
    await page.close();
  });

  // Pictures to look at; the pages' errors at both widths are the first test's to find (ADR 0081).
  it.runIf(SCREENSHOTS)("takes the screenshots", async () => {
    for (const width of WIDTHS) {
      for (const [name, path] of [
        ["home", "/"],
        ["tiles", TILES],
        ["case", "/case"],
        ["product", "/app/product-detail/1"],
      ] as const) {
        const { page, errors } = await shop.open(path, width, width < 500 ? 812 : 900);
        await page.evaluate(() => document.fonts.ready);
        await screenshot(page, `pictures-${name}-${width}`);
        expect(errors, `${path} at ${width}`).toEqual([]);
        await page.close();
      }
    }
  });
});
