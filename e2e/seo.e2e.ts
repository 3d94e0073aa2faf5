// What a search engine meets (docs/quality.md P7, docs/decisions/0029), against the built server with plain
// fetch: no internal link a crawler follows from the home page answers 404, every URL of the sitemap
// answers 200, and the pages' heads carry the canonical link, Open Graph and JSON-LD. The browser
// checks that a client-side navigation still keeps the document title right.
import { CATEGORY_PATHS, packagePath } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { inBatches, internalLinks, matchesAny, sitemapLocs } from "./support/links";
import { shopInBrowser } from "./support/shop";

/** Detail pages: the crawl opens one of each kind it finds on the home page, and checks its links too. */
const DETAIL_KINDS = ["/app/product-detail/:id", "/packageDetails/:id", "/article-detail/:id"];
const LISTING_PATHS = [...Object.keys(CATEGORY_PATHS), "/productList"];

// A crawl is hundreds of pages from one address in a minute, each reading the API several times:
// not what the per-IP request limits are for (ADR 0022).
const shop = shopInBrowser({ env: { RATE_LIMIT_READS_PER_MINUTE: "0" } });

interface Checked {
  path: string;
  status: number;
  /** Where the link was found. */
  from: string;
}

async function statusOf(path: string): Promise<number> {
  const res = await fetch(`${shop.server.url}${path}`);
  await res.arrayBuffer();
  return res.status;
}

async function linksOf(path: string): Promise<string[]> {
  const res = await fetch(`${shop.server.url}${path}`);
  expect(res.status, path).toBe(200);
  return internalLinks(await res.text(), shop.server.url);
}

/** Every link that does not answer 200, with where it was found. */
const broken = (checked: Checked[]) =>
  checked.filter((c) => c.status !== 200).map((c) => `${c.status} ${c.path} (linked from ${c.from})`);

describe("links and sitemap (P7)", () => {
  it("every internal link from the home page, its header and footer, and one page of each kind answers", async () => {
    const found = new Map<string, string>();
    const note = (links: string[], from: string) => {
      for (const link of links) if (!found.has(link)) found.set(link, from);
    };
    const home = await linksOf("/");
    note(home, "/");
    // One of each kind of detail page, and one category listing: their links are followed too.
    const opened = [
      ...DETAIL_KINDS.map((kind) => home.find((link) => matchesAny(link, [kind]))),
      home.find((link) => LISTING_PATHS.includes(link.split("?")[0]!)),
    ].filter((link): link is string => link !== undefined);
    // The home page shows goods, packages, guides and a category entry: every kind is crawled.
    expect(opened.length, `opened ${opened.join(", ")}`).toBe(DETAIL_KINDS.length + 1);
    for (const page of opened) note(await linksOf(page), page);
    expect(found.size).toBeGreaterThan(30);

    const checked = await inBatches([...found], 4, async ([path, from]) => ({
      path,
      from,
      status: await statusOf(path),
    }));
    expect(broken(checked), "internal links that do not answer 200").toEqual([]);
  });

  it("every URL in the sitemap answers 200, on the configured public origin", async () => {
    const res = await fetch(`${shop.server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    // The e2e server runs without PUBLIC_ORIGIN outside production: its default, localhost on its port.
    const origin = `http://localhost:${shop.server.port}`;
    let locs = sitemapLocs(xml);
    if (xml.includes("<sitemapindex")) {
      const parts = await inBatches(locs, 2, async (loc) =>
        sitemapLocs(await (await fetch(shop.server.url + new URL(loc).pathname)).text()),
      );
      locs = parts.flat();
    }
    expect(locs.length).toBeGreaterThan(100);
    for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);
    const checked = await inBatches(locs, 4, async (loc) => {
      const url = new URL(loc);
      const path = url.pathname + url.search;
      return { path, from: "/sitemap.xml", status: await statusOf(path) };
    });
    expect(broken(checked), "sitemap URLs that do not answer 200").toEqual([]);
  });

  it("robots.txt names the sitemap and keeps crawlers out of the API and visitors' pages", async () => {
    const res = await fetch(`${shop.server.url}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`Sitemap: http://localhost:${shop.server.port}/sitemap.xml`);
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /my-mark");
  });
});

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

const metaContent = (html: string, property: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];

describe("head tags for search engines and shared links (P7)", () => {
  it("/heartPage and its twin /2-2 both name /heartPage as canonical, the URL the sitemap lists", async () => {
    const origin = `http://localhost:${shop.server.port}`;
    for (const path of ["/heartPage", "/2-2"]) {
      const html = await (await fetch(`${shop.server.url}${path}`)).text();
      expect(html, path).toContain(`<link rel="canonical" href="${origin}/heartPage">`);
    }
    const sitemap = sitemapLocs(await (await fetch(`${shop.server.url}/sitemap.xml`)).text());
    expect(sitemap).toContain(`${origin}/heartPage`);
    expect(sitemap).not.toContain(`${origin}/2-2`);
  });

  it("a product page names its canonical URL, Open Graph tags, and a Product with its offer and breadcrumb", async () => {
    const answer = (await (await fetch(`${shop.server.url}/api/goods/mail/show?id=1`)).json()) as {
      data: { id: number; name: string; price: number; images: string[] };
    };
    const goods = answer.data;
    const html = await (await fetch(`${shop.server.url}/app/product-detail/1?from=home`)).text();
    const origin = `http://localhost:${shop.server.port}`;
    const url = `${origin}/app/product-detail/1`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaContent(html, "og:url")).toBe(url);
    expect(metaContent(html, "og:type")).toBe("product");
    expect(metaContent(html, "og:site_name")).toBe("悦家整装");
    expect(metaContent(html, "og:title")).toBe(`悦家整装 - ${goods.name}`);
    expect(metaContent(html, "og:description")).toBeTruthy();
    expect(metaContent(html, "og:image")).toBe(`${origin}${goods.images[0]}`);
    expect(metaContent(html, "description")).toBeTruthy();

    const blocks = jsonLdOf(html);
    const product = blocks.find((b) => b["@type"] === "Product");
    expect(product).toMatchObject({
      name: goods.name,
      url,
      offers: { "@type": "Offer", price: (goods.price / 100).toFixed(2), priceCurrency: "CNY" },
    });
    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList")?.itemListElement as { item: string }[];
    expect(crumbs[0]?.item).toBe(`${origin}/`);
    expect(crumbs.at(-1)?.item).toBe(url);
  });

  it("a package is a Product too; the home page names the company; the stores page each store", async () => {
    const packages = (await (await fetch(`${shop.server.url}/api/goods/index?category2=6`)).json()) as {
      data: { dataList: { id: number; name: string }[] };
    };
    const pkg = packages.data.dataList[0]!;
    const pkgBlocks = jsonLdOf(await (await fetch(`${shop.server.url}${packagePath(pkg.id)}`)).text());
    expect(pkgBlocks.find((b) => b["@type"] === "Product")).toMatchObject({ name: pkg.name });

    const home = await (await fetch(`${shop.server.url}/`)).text();
    expect(jsonLdOf(home).find((b) => b["@type"] === "Organization")).toMatchObject({
      name: "悦家整装",
      telephone: "0571-8678-0130",
    });
    expect(metaContent(home, "og:type")).toBe("website");

    const stores = jsonLdOf(await (await fetch(`${shop.server.url}/all-store`)).text());
    expect(stores.filter((b) => b["@type"] === "HomeAndConstructionBusiness").length).toBeGreaterThan(0);

    const listing = await (await fetch(`${shop.server.url}/2-12?id=4&sort=sales`)).text();
    // A sort order is not a page of its own: the canonical URL is the menu's link.
    expect(listing).toContain(`<link rel="canonical" href="http://localhost:${shop.server.port}/2-12?id=4">`);
    expect(jsonLdOf(listing).some((b) => b["@type"] === "BreadcrumbList")).toBe(true);

    const missing = await fetch(`${shop.server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('rel="canonical"');
  });

  it("a client-side navigation keeps the document title right", async () => {
    const { page, errors } = await shop.open("/");
    expect(await page.title()).toBe("悦家整装 - 首页");
    const link = page.locator('main a[href^="/app/product-detail/"]').first();
    const id = (await link.getAttribute("href"))!.split("/").pop();
    const answer = (await (await fetch(`${shop.server.url}/api/goods/mail/show?id=${id}`)).json()) as {
      data: { name: string };
    };
    await link.click();
    await page.waitForURL(/\/app\/product-detail\/\d+/);
    await expect.poll(() => page.title()).toBe(`悦家整装 - ${answer.data.name}`);
    await page.goBack();
    await expect.poll(() => page.title()).toBe("悦家整装 - 首页");
    expect(errors).toEqual([]);
    await page.close();
  });
});
