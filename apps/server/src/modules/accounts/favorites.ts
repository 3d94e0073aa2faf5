// Favourites (docs/product.md §6, §7): goods (type 1) and articles (type 2: guides and cases). Adding and removing
// are idempotent; the list reuses the catalogue's and content's list shapes.
import { ArticleType, FavoriteKind, type FavoritesData } from "@yj/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { favorites } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import type { CatalogService } from "../catalog/service.js";
import type { ContentService } from "../content/service.js";

/** The table stores a kind as its number. */
const stored = (kind: FavoriteKind) => Number(kind);

/** The list answers at most this many, newest first (R11: list sizes are capped). */
const MAX_LISTED = 500;

/**
 * Drops every customer's favourite of a target that is being deleted, in the deleting transaction,
 * so no favourite points at nothing (the content editor's article delete).
 */
export async function forgetFavorites(tx: Pick<Db, "delete">, kind: FavoriteKind, targetId: number): Promise<void> {
  await tx.delete(favorites).where(and(eq(favorites.type, stored(kind)), eq(favorites.targetId, targetId)));
}

export class FavoritesService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly content: ContentService,
    private readonly now: Clock,
  ) {}

  async list(customerId: number): Promise<FavoritesData> {
    const rows = await this.db
      .select({ type: favorites.type, targetId: favorites.targetId })
      .from(favorites)
      .where(eq(favorites.customerId, customerId))
      .orderBy(desc(favorites.createdAt), desc(favorites.targetId))
      .limit(MAX_LISTED);
    const idsOf = (kind: FavoriteKind) => rows.filter((r) => r.type === stored(kind)).map((r) => r.targetId);
    const goods = await this.catalog.listItemsByIds(idsOf(FavoriteKind.GOODS));
    const articles = await this.content.articleItemsByIds(idsOf(FavoriteKind.ARTICLE));
    return {
      goods,
      article: articles.filter((a) => a.type === ArticleType.GUIDE),
      example: articles.filter((a) => a.type === ArticleType.CASE),
    };
  }

  async add(customerId: number, kind: FavoriteKind, targetId: number): Promise<void> {
    await this.assertExists(kind, targetId);
    await this.db
      .insert(favorites)
      .values({ customerId, type: stored(kind), targetId, createdAt: this.now() })
      .onConflictDoNothing();
  }

  async remove(customerId: number, kind: FavoriteKind, targetId: number): Promise<void> {
    await this.db
      .delete(favorites)
      .where(
        and(eq(favorites.customerId, customerId), eq(favorites.type, stored(kind)), eq(favorites.targetId, targetId)),
      );
  }

  private async assertExists(kind: FavoriteKind, id: number) {
    if (kind === FavoriteKind.GOODS) {
      if ((await this.catalog.listItemsByIds([id])).length === 0) throw notFound("商品不存在或已下架");
    } else if ((await this.content.articleItemsByIds([id])).length === 0) {
      throw notFound("文章不存在或已删除");
    }
  }
}
