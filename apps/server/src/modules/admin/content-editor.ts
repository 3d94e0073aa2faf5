// The content editor (back office, 运营 and 管理员; docs/decisions/0035): guides and cases with their
// block body, and the brand and service pages' copy. Each write and its audit row (the fields before
// and after) are one transaction. Articles are read uncached, so the storefront shows a save at
// once; the pages are cached (`site-page:`), so a page save drops them on every instance
// (lib/cache-invalidation.ts).
import {
  type AdminArticleSaveBody,
  type AdminSitePageDetail,
  ArticleType,
  ContentMessages,
  SITE_PAGE_PATHS,
  SITE_PAGE_SLUGS,
  type SitePageBlock,
  type SitePageSlug,
} from "@yj/contract";
import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { defaultSitePages } from "../../db/default-site-pages.js";
import { articles, articleTags, favorites, sitePages } from "../../db/schema.js";
import type { CacheInvalidation } from "../../lib/cache-invalidation.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { likeContains } from "../../lib/like.js";
import type { ContentService } from "../content/service.js";
import { SITE_PAGE_CACHE_PREFIX } from "../site-pages/service.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { type Actor, recordAudit } from "./audit.js";

/** favorites.type of an article (modules/accounts/favorites.ts). */
const ARTICLE_FAVORITE = 2;

export interface ArticleFilter {
  type?: "1" | "2";
  tagId?: number;
  keyword?: string;
  current: number;
  pageSize: number;
}

const isKnownSlug = (slug: string): slug is SitePageSlug => (SITE_PAGE_SLUGS as readonly string[]).includes(slug);

export class ContentEditor {
  constructor(
    private readonly db: Db,
    private readonly content: ContentService,
    private readonly settings: SiteSettingsService,
    private readonly invalidation: CacheInvalidation | undefined,
    private readonly now: Clock,
  ) {}

  async list(filter: ArticleFilter) {
    const conditions: SQL[] = [];
    if (filter.type) conditions.push(eq(articles.type, Number(filter.type)));
    if (filter.tagId) conditions.push(eq(articles.tagId, filter.tagId));
    if (filter.keyword) conditions.push(ilike(articles.title, likeContains(filter.keyword)));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: articles.id,
          type: articles.type,
          title: articles.title,
          tagName: articleTags.name,
          author: articles.author,
          city: articles.city,
          style: articles.style,
          views: articles.views,
          publishedAt: articles.publishedAt,
        })
        .from(articles)
        .leftJoin(articleTags, eq(articleTags.id, articles.tagId))
        .where(where)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(filter.pageSize)
        .offset((filter.current - 1) * filter.pageSize),
      this.db.select({ n: count() }).from(articles).where(where),
    ]);
    return {
      current: filter.current,
      pageSize: filter.pageSize,
      total: total?.n ?? 0,
      dataList: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })),
    };
  }

  /** The storefront case filters' styles and cities (docs/decisions/0027), and the covered cities. */
  async options() {
    const [tags, filters, covered] = await Promise.all([
      this.content.articleTags(),
      this.content.caseFilterOptions(),
      this.settings.cityList(),
    ]);
    const cities = [...new Set([...filters.cities.map((c) => c.value), ...covered.map((c) => c.content.city)])];
    return { tags, styles: filters.styles.map((s) => s.value), cities };
  }

  async detail(id: number, reader: Pick<Db, "select"> = this.db) {
    const [row] = await reader.select().from(articles).where(eq(articles.id, id));
    if (!row) throw new AppError("not_found", ContentMessages.articleNotFound);
    const { budgetCents, publishedAt, ...rest } = row;
    return { ...rest, budget: budgetCents, publishedAt: publishedAt.toISOString() };
  }

  async save(actor: Actor, input: AdminArticleSaveBody) {
    const now = this.now();
    const isCase = input.type === ArticleType.CASE;
    const values = {
      type: input.type,
      title: input.title,
      summary: input.summary,
      cover: input.cover,
      author: input.author,
      publishedAt: new Date(input.publishedAt),
      content: input.content,
      tagId: isCase ? null : input.tagId,
      style: isCase ? input.style : null,
      layout: isCase ? input.layout : null,
      areaM2: isCase ? input.areaM2 : null,
      budgetCents: isCase ? input.budget : null,
      city: isCase ? input.city : null,
      designer: isCase ? input.designer : null,
    };
    return this.db.transaction(async (tx) => {
      if (values.tagId !== null) {
        const [tag] = await tx.select({ id: articleTags.id }).from(articleTags).where(eq(articleTags.id, values.tagId));
        if (!tag) throw new AppError("business", ContentMessages.tagInvalid);
      }
      if (input.id === undefined) {
        const [created] = await tx.insert(articles).values(values).returning({ id: articles.id });
        const after = await this.detail(created!.id, tx);
        await recordAudit(tx, actor, { action: "article.create", entity: "article", entityId: after.id, after }, now);
        return after;
      }
      const before = await this.detail(input.id, tx);
      await tx.update(articles).set(values).where(eq(articles.id, input.id));
      const after = await this.detail(input.id, tx);
      await recordAudit(
        tx,
        actor,
        { action: "article.update", entity: "article", entityId: input.id, before, after },
        now,
      );
      return after;
    });
  }

  /** The article and the customers' favourites of it, which would otherwise point at nothing. */
  async remove(actor: Actor, id: number) {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const before = await this.detail(id, tx);
      await tx.delete(favorites).where(and(eq(favorites.type, ARTICLE_FAVORITE), eq(favorites.targetId, id)));
      await tx.delete(articles).where(eq(articles.id, id));
      await recordAudit(tx, actor, { action: "article.delete", entity: "article", entityId: id, before }, now);
    });
    return null;
  }

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
