// The sitemaps protocol's two documents (sitemaps.org 0.9): a URL set, and the index of several.
// Pure text, so the limits and the escaping are tested without a database.

/** A page for the sitemap: its site path, and when it last changed, where the database knows. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/** The protocol's limit on URLs in one file (50 000); a larger site is split and indexed. */
export const SITEMAP_URL_LIMIT = 50_000;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xmlText = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const lastmodTag = (date: Date | undefined) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : "");

export function urlSetXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${xmlText(origin + e.path)}</loc>${lastmodTag(e.lastmod)}</url>`);
  return `${HEAD}<urlset ${NS}>\n${urls.join("\n")}\n</urlset>\n`;
}

/** The newest lastmod of some entries; none when none of them has one. */
export function newest(entries: readonly SitemapEntry[]): Date | undefined {
  let latest: Date | undefined;
  for (const e of entries) if (e.lastmod && (!latest || e.lastmod > latest)) latest = e.lastmod;
  return latest;
}

export function sitemapIndexXml(origin: string, parts: readonly { path: string; lastmod?: Date }[]): string {
  const items = parts.map((p) => `<sitemap><loc>${xmlText(origin + p.path)}</loc>${lastmodTag(p.lastmod)}</sitemap>`);
  return `${HEAD}<sitemapindex ${NS}>\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** robots.txt: the storefront open to crawlers, the listed paths closed, and where the sitemap is. */
export function robotsTxt(origin: string, disallowed: readonly string[]): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
