// The content editor (back office, 运营 and 管理员; docs/decisions/0035): guides and cases with their
// block body. Each write and its audit row (the fields before and after) are one transaction.
// Articles are read uncached, so the storefront shows a save at once.
import { type AdminArticleSaveBody, ArticleType, ContentMessages, FavoriteKind } from "@yj/contract";
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { articles, articleTags } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { likeContains } from "../../lib/like.js";
import { pageOf } from "../../lib/paging.js";
import { forgetFavorites } from "../accounts/favorites.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import type { ContentService } from "./service.js";

export interface ArticleFilter {
  type?: "1" | "2";
  tagId?: number;
  keyword?: string;
  current: number;
  pageSize: number;
}

function conditionsOf(filter: ArticleFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(articles.type, Number(filter.type)));
  if (filter.tagId) conditions.push(eq(articles.tagId, filter.tagId));
  if (filter.keyword) conditions.push(ilike(articles.title, likeContains(filter.keyword)));
  return conditions.length ? and(...conditions) : undefined;
}

export class ContentEditor {
  constructor(
    private readonly db: Db,
    private readonly content: ContentService,
    private readonly settings: SiteSettingsService,
    private readonly now: Clock,
  ) {}

  list(filter: ArticleFilter) {
    const where = conditionsOf(filter);
    return pageOf(
      filter,
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
        .orderBy(desc(articles.publishedAt), desc(articles.id)),
      this.db.select({ n: count() }).from(articles).where(where),
      (r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }),
    );
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
      await forgetFavorites(tx, FavoriteKind.ARTICLE, id);
      await tx.delete(articles).where(eq(articles.id, id));
      await recordAudit(tx, actor, { action: "article.delete", entity: "article", entityId: id, before }, now);
    });
    return null;
  }
}
