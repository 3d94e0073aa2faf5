// Content rules: banners by city with fallback, stores, guides and cases.
import type { ArticleBlock, ArticleDetail, ArticleListItem, Banner } from "@yj/contract";
import { and, asc, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { articles, articleTags, banners, stores } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import { likeContains } from "../../lib/like.js";

export interface ArticleListParams {
  type?: number;
  tagIds?: number[];
  keyword?: string;
  style?: string;
  city?: string;
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

export class ContentService {
  constructor(private readonly db: Db) {}

  /** The city's banners; else its province's; else the default ones (city and province empty). */
  async banners(city?: string, province?: string): Promise<Banner[]> {
    const columns = {
      id: banners.id,
      title: banners.title,
      image: banners.image,
      link: banners.link,
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

  async stores(current: number, pageSize: number, city?: string) {
    const where = city ? eq(stores.city, city) : undefined;
    const [dataList, [count]] = await Promise.all([
      this.db
        .select(storeColumns)
        .from(stores)
        .where(where)
        .orderBy(asc(stores.sort), asc(stores.id))
        .limit(pageSize)
        .offset((current - 1) * pageSize),
      this.db.select({ n: sql<number>`count(*)::int` }).from(stores).where(where),
    ]);
    return { dataList, total: count?.n ?? 0, current, pageSize };
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
    if (p.style) filters.push(eq(articles.style, p.style));
    if (p.city) filters.push(eq(articles.city, p.city));
    const where = and(...filters);
    const [rows, [count]] = await Promise.all([
      this.db
        .select(articleListColumns)
        .from(articles)
        .leftJoin(articleTags, eq(articleTags.id, articles.tagId))
        .where(where)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(p.pageSize)
        .offset((p.current - 1) * p.pageSize),
      this.db.select({ n: sql<number>`count(*)::int` }).from(articles).where(where),
    ]);
    return { dataList: rows.map(toArticleItem), total: count?.n ?? 0, current: p.current, pageSize: p.pageSize };
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
