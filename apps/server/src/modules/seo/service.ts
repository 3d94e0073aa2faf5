// What search engines are told about the shop (docs/quality.md P7, ADR 0029): every public page's URL
// for the sitemap, read from the database and kept a short while (a sitemap is fetched rarely, but
// the whole catalogue is read to make it).
import {
  articlePath,
  categoryHref,
  type GoodsCategory,
  goodsPath,
  packagePath,
  SITE_PAGE_PATHS,
  STATIC_PAGE_PATHS,
} from "@yj/contract";
import type { Db } from "../../db/client.js";
import { lastChanges } from "../audit/audit.js";
import { publicGoods } from "../catalog/index.js";
import { publishedArticles } from "../content/index.js";
import { sitePageUpdates } from "../site-pages/index.js";
import { newest, SITEMAP_URL_LIMIT, type SitemapEntry, sitemapIndexXml, urlSetXml } from "./sitemap-xml.js";

/** How long a read of the catalogue serves sitemap requests. */
export const SITEMAP_CACHE_MS = 60_000;

export interface SeoOptions {
  db: Db;
  /** The public origin every URL is written on (PUBLIC_ORIGIN). */
  origin: string;
  /** The category tree (the catalogue's cached one). */
  categories: () => Promise<GoodsCategory[]>;
  /** URLs per sitemap file; tests make it small to see the index. */
  partSize?: number;
  cacheMs?: number;
  now?: () => number;
}

/** /sitemap.xml: one URL set while the site fits in one file, else the index of its parts. */
export type SitemapAnswer = { kind: "urlset" | "index"; xml: string };

/** Where part n (from 1) of a split sitemap is served. */
export const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`;

/**
 * Every category's listing, in the form the menu links use and the listing names as canonical:
 * level 1 and 2 alone, level 3 as its parent's tab; with the category's id.
 */
export function categoryListings(roots: readonly GoodsCategory[]): { path: string; id: number }[] {
  const listings = new Map<string, number>();
  const walk = (nodes: readonly GoodsCategory[], parent?: GoodsCategory) => {
    for (const node of nodes) {
      const path = node.level >= 3 && parent ? categoryHref(parent.id, node.id) : categoryHref(node.id);
      if (!listings.has(path)) listings.set(path, node.id);
      walk(node.subCategories, node);
    }
  };
  walk(roots);
  return [...listings].map(([path, id]) => ({ path, id }));
}

/** Which brand page (its slug) each storefront path shows. */
const SITE_PAGE_OF_PATH = new Map(
  Object.entries(SITE_PAGE_PATHS).flatMap(([slug, paths]) => paths.map((path) => [path, slug] as const)),
);

export class SeoService {
  private cached?: { until: number; entries: Promise<SitemapEntry[]> };
  private readonly partSize: number;
  private readonly cacheMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SeoOptions) {
    this.partSize = options.partSize ?? SITEMAP_URL_LIMIT;
    this.cacheMs = options.cacheMs ?? SITEMAP_CACHE_MS;
    this.now = options.now ?? Date.now;
  }

  get origin() {
    return this.options.origin;
  }

  /** Static pages, category listings, goods, packages, then guides and cases. */
  entries(): Promise<SitemapEntry[]> {
    const now = this.now();
    if (this.cached && this.cached.until > now) return this.cached.entries;
    const entries = this.loadEntries();
    this.cached = { until: now + this.cacheMs, entries };
    // A failed read is not kept.
    entries.catch(() => {
      if (this.cached?.entries === entries) this.cached = undefined;
    });
    return entries;
  }

  private async loadEntries(): Promise<SitemapEntry[]> {
    const { db } = this.options;
    const [roots, goodsRows, articleRows, goodsChanged, categoriesChanged, pagesChanged] = await Promise.all([
      this.options.categories(),
      // Public goods only: what the listings show (on sale and shown).
      publicGoods(db),
      publishedArticles(db),
      // Goods and categories keep no modification time of their own: their last back-office edit
      // (the audit record) is it. Ones never edited there get no lastmod rather than a made-up one.
      lastChanges(db, "goods"),
      lastChanges(db, "category"),
      sitePageUpdates(db),
    ]);
    const pageChanged = (path: string) => {
      const slug = SITE_PAGE_OF_PATH.get(path);
      return slug ? pagesChanged.get(slug) : undefined;
    };
    const goodsEntry = (path: string, id: number) => ({ path, lastmod: goodsChanged.get(String(id)) });
    return [
      ...STATIC_PAGE_PATHS.map((path) => ({ path, lastmod: pageChanged(path) })),
      ...categoryListings(roots).map(({ path, id }) => ({ path, lastmod: categoriesChanged.get(String(id)) })),
      ...goodsRows.filter((g) => !g.isPackage).map((g) => goodsEntry(goodsPath(g.id), g.id)),
      ...goodsRows.filter((g) => g.isPackage).map((g) => goodsEntry(packagePath(g.id), g.id)),
      // Articles: their publication date.
      ...articleRows.map((a) => ({ path: articlePath(a.id), lastmod: a.publishedAt })),
    ];
  }

  async sitemap(): Promise<SitemapAnswer> {
    const entries = await this.entries();
    if (entries.length <= this.partSize) return { kind: "urlset", xml: urlSetXml(this.origin, entries) };
    const parts = this.split(entries).map((part, i) => ({ path: sitemapPartPath(i + 1), lastmod: newest(part) }));
    return { kind: "index", xml: sitemapIndexXml(this.origin, parts) };
  }

  /** Part n of a split sitemap; null when the sitemap is one file or has no such part. */
  async sitemapPart(n: number): Promise<string | null> {
    const entries = await this.entries();
    if (entries.length <= this.partSize) return null;
    const part = this.split(entries)[n - 1];
    return part ? urlSetXml(this.origin, part) : null;
  }

  private split(entries: SitemapEntry[]): SitemapEntry[][] {
    const parts: SitemapEntry[][] = [];
    for (let i = 0; i < entries.length; i += this.partSize) parts.push(entries.slice(i, i + this.partSize));
    return parts;
  }
}
