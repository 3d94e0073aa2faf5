// Every article's id and publication date, by id: the sitemap's guides and cases (ADR 0029).
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { articles } from "../../db/schema.js";

export function publishedArticles(reader: Pick<Db, "select">): Promise<{ id: number; publishedAt: Date }[]> {
  return reader.select({ id: articles.id, publishedAt: articles.publishedAt }).from(articles).orderBy(asc(articles.id));
}
