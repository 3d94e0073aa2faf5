// Content rules: banners by city with fallback, stores, guides and cases.
import {
  type ArticleBlock,
  type ArticleDetail,
  type ArticleListItem,
  ArticleType,
  type Banner,
  type CaseFiltersData,
  MAX_CASE_ROOMS,
} from "@yj/contract";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { articles, articleTags, banners, stores } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import { likeContains } from "../../lib/like.js";
import { pageOf } from "../../lib/paging.js";

export interface ArticleListParams {
  type?: number;
  tagIds?: number[];
  keyword?: string;
  style?: string;
  city?: string;
  /** Bedrooms of the layout; MAX_CASE_ROOMS means that many or more. */
  rooms?: number;
  /** Bands: min inclusive, max exclusive (area in ㎡, budget in cents). */
  areaMin?: number;
  areaMax?: number;
  budgetMin?: number;
  budgetMax?: number;
  current: number;
  pageSize: number;
}

const articleListColumns = {
  id: articles.id,
  type: articles.type,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  tagId: articles.tagId,
  tagName: articleTags.name,
  author: articles.author,
  views: articles.views,
  publishedAt: articles.publishedAt,
  style: articles.style,
  layout: articles.layout,
  areaM2: articles.areaM2,
  budget: articles.budgetCents,
  city: articles.city,
  designer: articles.designer,
};

/**
 * The bedroom count a layout text starts with: "三室两厅" → 3, "5室2厅" → 5; null when it names none.
 * The layout stays free text (what the designer wrote); filtering reads its first character
 * (docs/decisions/0027).
 */
const layoutRooms = sql<number | null>`(case left(${articles.layout}, 1)
  when '一' then 1 when '1' then 1
  when '二' then 2 when '两' then 2 when '2' then 2
  when '三' then 3 when '3' then 3
  when '四' then 4 when '4' then 4
  when '五' then 5 when '5' then 5
  when '六' then 6 when '6' then 6
  when '七' then 7 when '7' then 7
  when '八' then 8 when '8' then 8
  when '九' then 9 when '9' then 9
  end)`;

/** The case filters of an article list query, as SQL conditions. */
function caseFilters(p: ArticleListParams): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  if (p.style) filters.push(eq(articles.style, p.style));
  if (p.city) filters.push(eq(articles.city, p.city));
  if (p.rooms !== undefined) {
    filters.push(p.rooms >= MAX_CASE_ROOMS ? sql`${layoutRooms} >= ${p.rooms}` : sql`${layoutRooms} = ${p.rooms}`);
  }
  if (p.areaMin !== undefined) filters.push(gte(articles.areaM2, p.areaMin));
  if (p.areaMax !== undefined) filters.push(lt(articles.areaM2, p.areaMax));
  if (p.budgetMin !== undefined) filters.push(gte(articles.budgetCents, p.budgetMin));
  if (p.budgetMax !== undefined) filters.push(lt(articles.budgetCents, p.budgetMax));
  return filters;
}

function toArticleItem(row: Omit<ArticleListItem, "publishedAt"> & { publishedAt: Date }): ArticleListItem {
  return { ...row, publishedAt: row.publishedAt.toISOString() };
}

const storeColumns = {
  id: stores.id,
  name: stores.name,
  province: stores.province,
  city: stores.city,
  address: stores.address,
  phone: stores.phone,
  hours: stores.hours,
  lng: stores.lng,
  lat: stores.lat,
  image: stores.image,
};

/**
 * The keys of the content's hot reads in the API cache (routes.ts). Every back-office write drops them, as
 * it drops the rendered pages: a banner or article saved shows at once (app.ts, docs/decisions/0082).
 */
export const CONTENT_CACHE_PREFIX = "content:";

export class ContentService {
  constructor(private readonly db: Db) {}

  /** The city's banners; else its province's; else the default ones (city and province empty). */
  async banners(city?: string, province?: string): Promise<Banner[]> {
    const columns = {
      id: banners.id,
      title: banners.title,
      image: banners.image,
      link: banners.link,
      headline: banners.headline,
      subline: banners.subline,
      buttonLabel: banners.buttonLabel,
      province: banners.province,
      city: banners.city,
    };
    const order = [asc(banners.sort), asc(banners.id)];
    if (city) {
      const rows = await this.db
        .select(columns)
        .from(banners)
        .where(eq(banners.city, city))
        .orderBy(...order);
      if (rows.length) return rows;
    }
    if (province) {
      const rows = await this.db
        .select(columns)
        .from(banners)
        .where(and(eq(banners.province, province), isNull(banners.city)))
        .orderBy(...order);
      if (rows.length) return rows;
    }
    return this.db
      .select(columns)
      .from(banners)
      .where(and(isNull(banners.city), isNull(banners.province)))
      .orderBy(...order);
  }

  stores(current: number, pageSize: number, city?: string) {
    const where = city ? eq(stores.city, city) : undefined;
    return pageOf(
      { current, pageSize },
      this.db.select(storeColumns).from(stores).where(where).orderBy(asc(stores.sort), asc(stores.id)),
      this.db.select({ n: count() }).from(stores).where(where),
    );
  }

  articleTags() {
    return this.db
      .select({ id: articleTags.id, name: articleTags.name })
      .from(articleTags)
      .orderBy(asc(articleTags.sort), asc(articleTags.id));
  }

  async articleList(p: ArticleListParams) {
    const filters: (SQL | undefined)[] = [];
    if (p.type) filters.push(eq(articles.type, p.type));
    if (p.tagIds?.length) filters.push(inArray(articles.tagId, p.tagIds));
    if (p.keyword) filters.push(ilike(articles.title, likeContains(p.keyword)));
    filters.push(...caseFilters(p));
    const where = and(...filters);
    return pageOf(
      p,
      this.db
        .select(articleListColumns)
        .from(articles)
        .leftJoin(articleTags, eq(articleTags.id, articles.tagId))
        .where(where)
        .orderBy(desc(articles.publishedAt), desc(articles.id)),
      this.db.select({ n: count() }).from(articles).where(where),
      toArticleItem,
    );
  }

  /** The styles and cities that cases exist for, most cases first, then by name (docs/decisions/0027). */
  async caseFilterOptions(): Promise<CaseFiltersData> {
    const optionsOf = (column: typeof articles.style | typeof articles.city) => {
      const count = sql<number>`count(*)::int`;
      return (
        this.db
          .select({ value: sql<string>`${column}`, count })
          .from(articles)
          .where(and(eq(articles.type, ArticleType.CASE), isNotNull(column), ne(column, "")))
          .groupBy(column)
          // Ties in code-point order: the same on every database, whatever its collation.
          .orderBy(desc(count), sql`${column} collate "C"`)
      );
    };
    const [styles, cities] = await Promise.all([optionsOf(articles.style), optionsOf(articles.city)]);
    return { styles, cities };
  }

  /** Guides and cases as list items, in the order of `ids` (favourites, docs/product.md §7); unknown ids are left out. */
  async articleItemsByIds(ids: readonly number[]): Promise<ArticleListItem[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(articleListColumns)
      .from(articles)
      .leftJoin(articleTags, eq(articleTags.id, articles.tagId))
      .where(inArray(articles.id, [...ids]));
    const byId = new Map(rows.map((row) => [row.id, toArticleItem(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async articleDetail(id: number): Promise<ArticleDetail> {
    const [row] = await this.db
      .select({ ...articleListColumns, content: articles.content })
      .from(articles)
      .leftJoin(articleTags, eq(articleTags.id, articles.tagId))
      .where(eq(articles.id, id));
    if (!row) throw notFound("文章不存在或已删除");
    // Related: the same kind, and for guides the same stage; newest first.
    const related = await this.db
      .select(articleListColumns)
      .from(articles)
      .leftJoin(articleTags, eq(articleTags.id, articles.tagId))
      .where(
        and(eq(articles.type, row.type), ne(articles.id, id), row.tagId ? eq(articles.tagId, row.tagId) : undefined),
      )
      .orderBy(desc(articles.publishedAt))
      .limit(4);
    const { content, ...item } = row;
    const blocks: ArticleBlock[] = content.map((b) =>
      b.kind === "image" ? { kind: "image", src: b.src, caption: b.caption } : { kind: b.kind, text: b.text },
    );
    return { ...toArticleItem(item), content: blocks, related: related.map(toArticleItem) };
  }
}
