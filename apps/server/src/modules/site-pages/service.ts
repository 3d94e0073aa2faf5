// Brand and service pages: the company's own row for a slug, else the built-in copy under the shop's
// brand name for the slugs the storefront links to, else not found (docs/decisions/0028).
import { SITE_PAGE_SLUGS, type SitePage } from "@yj/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { defaultSitePages } from "../../db/default-site-pages.js";
import { sitePages } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import type { TtlCache } from "../../lib/ttl-cache.js";
import type { SiteSettingsService } from "../site-settings/service.js";

/** The cache keys of the pages: a back-office save drops them (page-editor.ts). */
export const SITE_PAGE_CACHE_PREFIX = "site-page:";
/** The built-in pages' date: they never change between releases of the copy. */
const DEFAULT_COPY_DATE = "2026-01-01T00:00:00.000Z";

export const isKnownSlug = (slug: string): slug is (typeof SITE_PAGE_SLUGS)[number] =>
  (SITE_PAGE_SLUGS as readonly string[]).includes(slug);

/** When each page the company has edited (a row of its own) last changed, by slug. */
export async function sitePageUpdates(db: Db): Promise<Map<string, Date>> {
  const rows = await db.select({ slug: sitePages.slug, updatedAt: sitePages.updatedAt }).from(sitePages);
  return new Map(rows.map((row) => [row.slug, row.updatedAt]));
}

export class SitePagesService {
  constructor(
    private readonly db: Db,
    private readonly cache: TtlCache,
    private readonly settings: SiteSettingsService,
  ) {}

  page(slug: string): Promise<SitePage> {
    return this.cache.get(`${SITE_PAGE_CACHE_PREFIX}${slug}`, async () => {
      const [row] = await this.db.select().from(sitePages).where(eq(sitePages.slug, slug));
      if (row) return { ...row, updatedAt: row.updatedAt.toISOString() };
      if (!isKnownSlug(slug)) throw notFound("页面不存在");
      const copy = defaultSitePages(await this.settings.brandName()).find((page) => page.slug === slug);
      if (!copy) throw notFound("页面不存在");
      return { ...copy, updatedAt: DEFAULT_COPY_DATE };
    });
  }
}
