// Home banners in the back office (docs/decisions/0036): a banner is shown for one city, for a
// province (where its cities have none of their own), or by default (ContentService.banners picks).
// Every write and its audit row are one transaction. The storefront reads banners uncached on the
// server (only the browser may keep an answer for its max-age), so a change shows on the next page.
import type { AdminBannerCreateBody, AdminBannerRow, BannerScope } from "@yj/contract";
import { CatalogMessages } from "@yj/contract";
import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { banners } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { type Actor, audited } from "../audit/audit.js";

/** A banner as the back office saves it (the contract's parsed body). */
export type BannerInput = z.output<typeof AdminBannerCreateBody>;

type BannerRow = typeof banners.$inferSelect;

function scopeOf(row: Pick<BannerRow, "city" | "province">): BannerScope {
  if (row.city) return "city";
  return row.province ? "province" : "default";
}

function toRow(row: BannerRow): AdminBannerRow {
  return { ...row, scope: scopeOf(row) };
}

/** The columns as stored: a province banner has no city, a default one neither. */
function placed(input: BannerInput) {
  return {
    province: input.scope === "default" ? null : input.province,
    city: input.scope === "city" ? input.city : null,
    title: input.title,
    image: input.image,
    link: input.link,
    sort: input.sort,
    headline: input.headline,
    subline: input.subline,
    buttonLabel: input.buttonLabel,
  };
}

const groupKey = (row: BannerRow) => `${scopeOf(row)}|${row.province ?? ""}|${row.city ?? ""}`;

export class BannerDesk {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async list(filter: { scope?: BannerScope; area?: string }): Promise<AdminBannerRow[]> {
    const conditions: SQL[] = [];
    if (filter.scope === "city") conditions.push(isNotNull(banners.city));
    if (filter.scope === "province") conditions.push(and(isNull(banners.city), isNotNull(banners.province)) as SQL);
    if (filter.scope === "default") conditions.push(and(isNull(banners.city), isNull(banners.province)) as SQL);
    if (filter.area) conditions.push(or(eq(banners.city, filter.area), eq(banners.province, filter.area)) as SQL);
    const rows = await this.db
      .select()
      .from(banners)
      .where(conditions.length ? and(...conditions) : undefined)
      // Default first, then provinces, then cities, each group in the storefront's order.
      .orderBy(
        sql`(${banners.province} is not null)::int + (${banners.city} is not null)::int`,
        asc(banners.province),
        asc(banners.city),
        asc(banners.sort),
        asc(banners.id),
      );
    return rows.map(toRow);
  }

  private async row(tx: Pick<Db, "select">, id: number): Promise<BannerRow> {
    const [row] = await tx.select().from(banners).where(eq(banners.id, id));
    if (!row) throw new AppError("not_found", CatalogMessages.bannerNotFound);
    return row;
  }

  create(actor: Actor, input: BannerInput): Promise<AdminBannerRow> {
    return audited(this.db, actor, this.now, async (tx) => {
      const [row] = await tx.insert(banners).values(placed(input)).returning();
      const after = toRow(row!);
      return {
        result: after,
        entry: { action: "banner.create", entity: "banner", entityId: after.id, before: null, after },
      };
    });
  }

  update(actor: Actor, id: number, input: BannerInput): Promise<AdminBannerRow> {
    return audited(this.db, actor, this.now, async (tx) => {
      const before = toRow(await this.row(tx, id));
      const [row] = await tx.update(banners).set(placed(input)).where(eq(banners.id, id)).returning();
      const after = toRow(row!);
      return { result: after, entry: { action: "banner.update", entity: "banner", entityId: id, before, after } };
    });
  }

  remove(actor: Actor, id: number) {
    return audited(this.db, actor, this.now, async (tx) => {
      const before = toRow(await this.row(tx, id));
      await tx.delete(banners).where(eq(banners.id, id));
      return {
        result: { id },
        entry: { action: "banner.delete", entity: "banner", entityId: id, before, after: null },
      };
    });
  }

  /** The banners of one group (one city, one province or the default ones) in the order given. */
  sort(actor: Actor, ids: number[]): Promise<AdminBannerRow[]> {
    const unique = [...new Set(ids)];
    return audited(this.db, actor, this.now, async (tx) => {
      const rows = await tx.select().from(banners).where(inArray(banners.id, unique));
      if (rows.length !== unique.length) throw new AppError("not_found", CatalogMessages.bannerNotFound);
      if (new Set(rows.map(groupKey)).size > 1) throw new AppError("business", CatalogMessages.bannerSortMismatch);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const before = unique.map((id) => ({ id, sort: byId.get(id)!.sort }));
      for (const [index, id] of unique.entries()) {
        await tx
          .update(banners)
          .set({ sort: index + 1 })
          .where(eq(banners.id, id));
      }
      const after = unique.map((id, index) => ({ id, sort: index + 1 }));
      const sorted = await tx
        .select()
        .from(banners)
        .where(inArray(banners.id, unique))
        .orderBy(asc(banners.sort), asc(banners.id));
      return {
        result: sorted.map(toRow),
        entry: { action: "banner.sort", entity: "banner", entityId: unique.join(","), before, after },
      };
    });
  }
}
