// What the document head tells search engines and shared links (docs/quality.md P7, docs/decisions/0029):
// description, canonical link, Open Graph and JSON-LD (document.ts writes them). Loaders give site paths; here they become
// absolute on the shop's public origin, which the server knows from its configuration (never from
// the request's Host header).
import type { ImagePreload } from "../lib/image-preload";
import type { RouteMeta } from "../lib/route-context";

/** The image a shared link shows when the page has none of its own (apps/web/public). */
export const DEFAULT_OG_IMAGE = "/og-default.png";

export type OgType = "website" | "product" | "article";

export interface HeadTags {
  title: string;
  description: string;
  siteName: string;
  /** Absolute; none on an error page. */
  canonical?: string;
  ogImage: string;
  ogType: OgType;
  jsonLd: Record<string, unknown>[];
  /** The page's largest picture, fetched at high priority (docs/decisions/0060); none on an error page. */
  preloadImage?: ImagePreload;
}

/** A site path ("/x") on the origin; an absolute http(s) URL stays as it is; anything else: undefined. */
export function absoluteUrl(origin: string, url: string): string | undefined {
  try {
    const resolved = new URL(url, `${origin}/`);
    return /^https?:$/.test(resolved.protocol) ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/** JSON-LD keys whose text values are URLs. */
const URL_KEYS = new Set(["@id", "url", "image", "item", "logo", "contentUrl", "thumbnailUrl", "mainEntityOfPage"]);

/** The blocks with every site path under a URL key made absolute (nested objects and lists too). */
export function absolutizeJsonLd(origin: string, value: unknown, key?: string): unknown {
  if (typeof value === "string") {
    return key && URL_KEYS.has(key) && value.startsWith("/") && !value.startsWith("//")
      ? (absoluteUrl(origin, value) ?? value)
      : value;
  }
  if (Array.isArray(value)) return value.map((v) => absolutizeJsonLd(origin, v, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutizeJsonLd(origin, v, k)]));
  }
  return value;
}

/** The Open Graph type follows the page's main JSON-LD block: a Product or an Article, else a website. */
export function ogTypeOf(jsonLd: readonly Record<string, unknown>[]): OgType {
  const types = jsonLd.flatMap((block) => [block["@type"]].flat());
  if (types.includes("Product")) return "product";
  if (types.some((t) => t === "Article" || t === "BlogPosting" || t === "NewsArticle")) return "article";
  return "website";
}

/**
 * The head of one page: the loader's meta with the defaults filled in. `path` is the requested
 * path (its query is left out of the default canonical: filters and sorts are not separate pages);
 * `ok` is false for an error page, which names no canonical URL.
 */
export function headTags(opts: {
  origin: string;
  path: string;
  ok: boolean;
  title: string;
  siteName: string;
  defaultDescription: string;
  meta: RouteMeta | undefined;
}): HeadTags {
  const { origin, meta } = opts;
  const jsonLd = (meta?.jsonLd ?? []).map((block) => absolutizeJsonLd(origin, block) as Record<string, unknown>);
  const canonical = opts.ok ? absoluteUrl(origin, meta?.canonical ?? opts.path.split(/[?#]/)[0]!) : undefined;
  return {
    title: opts.title,
    description: meta?.description ?? opts.defaultDescription,
    siteName: opts.siteName,
    canonical,
    ogImage: absoluteUrl(origin, meta?.ogImage || DEFAULT_OG_IMAGE) ?? `${origin}${DEFAULT_OG_IMAGE}`,
    ogType: ogTypeOf(jsonLd),
    jsonLd: opts.ok ? jsonLd : [],
    preloadImage: opts.ok ? meta?.preloadImage : undefined,
  };
}
