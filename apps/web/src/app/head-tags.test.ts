import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picturePreload } from "../components/picture";
import { BANNER_SIZES } from "../components/picture-sizes";
import { documentHead, headTagsHtml } from "./document";
import { absoluteUrl, absolutizeJsonLd, headTags, ogTypeOf } from "./head-tags";

const ORIGIN = "https://shop.example.cn";
const base = {
  origin: ORIGIN,
  path: "/2-12",
  ok: true,
  title: "悦家整装 - 成品家具",
  siteName: "悦家整装",
  defaultDescription: "默认描述",
};

describe("head tags", () => {
  it("makes site paths absolute on the public origin and keeps absolute URLs", () => {
    expect(absoluteUrl(ORIGIN, "/media/a")).toBe("https://shop.example.cn/media/a");
    expect(absoluteUrl(ORIGIN, "https://cdn.example.cn/a.png")).toBe("https://cdn.example.cn/a.png");
    expect(absoluteUrl(ORIGIN, "javascript:alert(1)")).toBeUndefined();
  });

  it("resolves the URL fields of JSON-LD, nested ones too, and leaves other text alone", () => {
    // The same block before and after: only its URL fields gain the origin.
    const product = (origin: string) => ({
      "@type": "Product",
      name: "/not-a-url-field",
      url: `${origin}/app/product-detail/1`,
      image: [`${origin}/media/a`, "https://cdn.example.cn/b.png"],
      offers: { url: `${origin}/app/product-detail/1`, price: "1.00" },
      itemListElement: [{ item: `${origin}/` }],
      sameAs: "//evil.example/x",
    });
    expect(absolutizeJsonLd(ORIGIN, product(""))).toEqual(product(ORIGIN));
  });

  it("takes the Open Graph type from the main JSON-LD block", () => {
    expect(ogTypeOf([{ "@type": "Product" }, { "@type": "BreadcrumbList" }])).toBe("product");
    expect(ogTypeOf([{ "@type": "Article" }])).toBe("article");
    expect(ogTypeOf([{ "@type": "Organization" }])).toBe("website");
    expect(ogTypeOf([])).toBe("website");
  });

  it("defaults the canonical URL to the path without its query, and the image to the shop's", () => {
    const tags = headTags({ ...base, path: "/2-12?sort=sales", meta: { title: "成品家具" } });
    expect(tags.canonical).toBe("https://shop.example.cn/2-12");
    expect(tags.ogImage).toBe("https://shop.example.cn/og-default.png");
    expect(tags.description).toBe("默认描述");
    expect(tags.jsonLd).toEqual([]);
  });

  it("uses the loader's canonical, image and JSON-LD, made absolute", () => {
    const tags = headTags({
      ...base,
      meta: {
        title: "沙发",
        description: "三人位",
        canonical: "/2-12?id=4",
        ogImage: "/media/a",
        jsonLd: [{ "@type": "Product", url: "/app/product-detail/1" }],
      },
    });
    expect(tags).toMatchObject({
      canonical: "https://shop.example.cn/2-12?id=4",
      ogImage: "https://shop.example.cn/media/a",
      ogType: "product",
      description: "三人位",
      jsonLd: [{ "@type": "Product", url: "https://shop.example.cn/app/product-detail/1" }],
    });
  });

  it("names no canonical URL and no JSON-LD on an error page", () => {
    const tags = headTags({
      ...base,
      ok: false,
      meta: { title: "页面不存在", canonical: "/x", jsonLd: [{ "@type": "Product" }] },
    });
    expect(tags.canonical).toBeUndefined();
    expect(tags.jsonLd).toEqual([]);
    expect(headTagsHtml(tags)).not.toContain("canonical");
    expect(headTagsHtml(tags)).not.toContain("og:url");
  });

  it("writes every tag escaped, and JSON-LD that cannot close its script element", () => {
    const tags = headTags({
      ...base,
      title: '悦家整装 - "沙发" <b>',
      meta: {
        title: "x",
        description: "a & b",
        canonical: "/app/product-detail/1",
        jsonLd: [{ "@type": "Product", name: "</script><script>alert(1)</script>\u2028" }],
      },
    });
    const html = documentHead({
      head: tags,
      assets: { scripts: [], css: "" },
      nonce: "N1",
      styleNonce: "S1",
    });
    expect(html).toContain("<title>悦家整装 - &quot;沙发&quot; &lt;b&gt;</title>");
    expect(html).toContain('<meta name="description" content="a &amp; b">');
    expect(html).toContain('<link rel="canonical" href="https://shop.example.cn/app/product-detail/1">');
    expect(html).toContain('<meta property="og:url" content="https://shop.example.cn/app/product-detail/1">');
    expect(html).toContain('<meta property="og:title" content="悦家整装 - &quot;沙发&quot; &lt;b&gt;">');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:site_name" content="悦家整装">');
    expect(html).toContain('<meta property="og:image" content="https://shop.example.cn/og-default.png">');
    const scripts = [...html.matchAll(/<script type="application\/ld\+json" nonce="N1">(.*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const json = scripts[0]![1]!;
    expect(json).not.toContain("</script");
    expect(json).toContain("\\u2028");
    expect(JSON.parse(json)).toEqual({ "@type": "Product", name: "</script><script>alert(1)</script>\u2028" });
  });
});

describe("the largest picture's preload (docs/decisions/0060)", () => {
  const HASH = "0123456789abcdef01234567";
  it("writes the preload into the head at high priority, before the stylesheet and scripts", () => {
    const head = headTags({
      origin: "https://shop.example.cn",
      path: "/",
      ok: true,
      title: "首页",
      siteName: "悦家整装",
      defaultDescription: "",
      meta: { title: "首页", preloadImage: picturePreload(`/media/banner-${HASH}-avif-1920.webp`, BANNER_SIZES) },
    });
    const html = documentHead({
      head,
      assets: { css: "a{}", scripts: [] },
      nonce: "n",
      styleNonce: "s",
    });
    const link = html.match(/<link rel="preload" as="image"[^>]*>/)?.[0];
    expect(link).toBe(
      `<link rel="preload" as="image" href="/media/banner-${HASH}-avif-1920.avif" imagesrcset="/media/banner-${HASH}-avif-960.avif 960w, /media/banner-${HASH}-avif-1920.avif 1920w" imagesizes="100vw" type="image/avif" fetchpriority="high">`,
    );
    expect(html.indexOf(link!)).toBeLessThan(html.indexOf("<style"));
    // Nothing else is preloaded: the picture has the link to itself (docs/decisions/0084).
    expect(html.match(/<link rel="(?:module)?preload"/g)).toHaveLength(1);
    // An error page preloads nothing.
    expect(
      headTags({ ...base, ok: false, meta: { title: "x", preloadImage: { href: "/media/banner-1.svg" } } })
        .preloadImage,
    ).toBeUndefined();
  });
});

describe("the site's icons (docs/decisions/0106)", () => {
  it("names PNG icons that exist at the sizes it says, and no SVG icon", () => {
    const html = documentHead({
      head: headTags({ ...base, meta: undefined }),
      assets: { css: "", scripts: [] },
      nonce: "n",
      styleNonce: "s",
    });
    const icons = [...html.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]+)"(?: sizes="(\d+)x\d+")?/g)];
    expect(icons.map(([, rel, href]) => `${rel} ${href}`)).toEqual([
      "icon /favicon.png",
      "apple-touch-icon /apple-touch-icon.png",
    ]);
    expect(html).not.toContain(".svg");
    for (const [, rel, href, sizes] of icons) {
      const png = readFileSync(join(import.meta.dirname, "../../public", href as string));
      // A PNG's signature, then its IHDR chunk: width and height as 32-bit big-endian integers.
      expect(png.subarray(1, 4).toString("latin1"), href).toBe("PNG");
      const size = rel === "apple-touch-icon" ? 180 : Number(sizes);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], href).toEqual([size, size]);
    }
  });
});
