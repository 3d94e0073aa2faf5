// The brand and service pages' copy in the back office (运营 and 管理员; docs/decisions/0035). Each
// save and its audit row are one transaction; the pages are cached (`site-page:`), so a save drops
// them on every instance (lib/cache-invalidation.ts).
import { type AdminSitePageDetail, SITE_PAGE_PATHS, SITE_PAGE_SLUGS, type SitePageBlock } from "@yj/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { defaultSitePages } from "../../db/default-site-pages.js";
import { sitePages } from "../../db/schema.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { isKnownSlug, SITE_PAGE_CACHE_PREFIX } from "./service.js";

export class PageEditor {
  constructor(
    private readonly db: Db,
    private readonly settings: SiteSettingsService,
    private readonly invalidation: CacheInvalidation | undefined,
    private readonly now: Clock,
  ) {}

  async pages() {
    const rows = await this.db
      .select({ slug: sitePages.slug, title: sitePages.title, updatedAt: sitePages.updatedAt })
      .from(sitePages)
      .orderBy(asc(sitePages.slug));
    const bySlug = new Map(rows.map((r) => [r.slug, r]));
    const builtIn = defaultSitePages("");
    const known = SITE_PAGE_SLUGS.map((slug) => {
      const row = bySlug.get(slug);
      return {
        slug,
        title: row?.title ?? builtIn.find((p) => p.slug === slug)?.title ?? slug,
        paths: [...SITE_PAGE_PATHS[slug]],
        edited: row !== undefined,
        updatedAt: row?.updatedAt.toISOString() ?? "",
      };
    });
    // A row of another slug (written outside the back office) is listed too, so it can be edited.
    const others = rows
      .filter((r) => !isKnownSlug(r.slug))
      .map((r) => ({ ...r, paths: [], edited: true, updatedAt: r.updatedAt.toISOString() }));
    return [...known, ...others];
  }

  async page(slug: string, reader: Pick<Db, "select"> = this.db): Promise<AdminSitePageDetail> {
    const paths = isKnownSlug(slug) ? [...SITE_PAGE_PATHS[slug]] : [];
    const [row] = await reader.select().from(sitePages).where(eq(sitePages.slug, slug));
    if (row) return { ...row, updatedAt: row.updatedAt.toISOString(), paths, edited: true };
    if (!isKnownSlug(slug)) throw new AppError("not_found", "页面不存在");
    const copy = defaultSitePages(await this.settings.brandName()).find((p) => p.slug === slug);
    if (!copy) throw new AppError("not_found", "页面不存在");
    return { ...copy, updatedAt: "", paths, edited: false };
  }

  async savePage(actor: Actor, input: { slug: string; title: string; description: string; blocks: SitePageBlock[] }) {
    const now = this.now();
    const saved = await this.db.transaction(async (tx) => {
      const before = await this.page(input.slug, tx);
      const values = { title: input.title, description: input.description, blocks: input.blocks, updatedAt: now };
      await tx
        .insert(sitePages)
        .values({ slug: input.slug, ...values })
        .onConflictDoUpdate({ target: sitePages.slug, set: values });
      const after = await this.page(input.slug, tx);
      await recordAudit(
        tx,
        actor,
        {
          action: "sitePage.update",
          entity: "site_page",
          entityId: input.slug,
          // An unedited page showed the built-in copy: that is what the save replaced.
          before: pageCopy(before),
          after: pageCopy(after),
        },
        now,
      );
      return after;
    });
    this.invalidation?.invalidate(SITE_PAGE_CACHE_PREFIX);
    return saved;
  }
}

function pageCopy({ title, description, blocks }: AdminSitePageDetail) {
  return { title, description, blocks };
}
