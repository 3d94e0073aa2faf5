// Stores in the back office (docs/decisions/0036): list, create, edit, delete, each write with its
// audit row in one transaction. The storefront's store list reads the table uncached on the server.
import { type AdminStoreRow, CatalogMessages } from "@yj/contract";
import { and, asc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { stores } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { likeContains } from "../../lib/like.js";
import { type Actor, audited } from "../audit/audit.js";

export type StoreInput = Omit<AdminStoreRow, "id">;

/** More than any shop has; the list is one page. */
const MAX_LISTED = 1000;

export class StoreDesk {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async list(filter: { name?: string; city?: string }): Promise<AdminStoreRow[]> {
    const conditions: SQL[] = [];
    if (filter.name) conditions.push(ilike(stores.name, likeContains(filter.name)));
    if (filter.city) conditions.push(eq(stores.city, filter.city));
    return this.db
      .select()
      .from(stores)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(stores.province), asc(stores.city), asc(stores.sort), asc(stores.id))
      .limit(MAX_LISTED);
  }

  private async row(tx: Pick<Db, "select">, id: number): Promise<AdminStoreRow> {
    const [row] = await tx.select().from(stores).where(eq(stores.id, id));
    if (!row) throw new AppError("not_found", CatalogMessages.storeNotFound);
    return row;
  }

  create(actor: Actor, input: StoreInput): Promise<AdminStoreRow> {
    return audited(this.db, actor, this.now, async (tx) => {
      const [row] = await tx.insert(stores).values(input).returning();
      return {
        result: row!,
        entry: { action: "store.create", entity: "store", entityId: row!.id, before: null, after: row },
      };
    });
  }

  update(actor: Actor, id: number, input: StoreInput): Promise<AdminStoreRow> {
    return audited(this.db, actor, this.now, async (tx) => {
      const before = await this.row(tx, id);
      const [row] = await tx.update(stores).set(input).where(eq(stores.id, id)).returning();
      return { result: row!, entry: { action: "store.update", entity: "store", entityId: id, before, after: row } };
    });
  }

  remove(actor: Actor, id: number) {
    return audited(this.db, actor, this.now, async (tx) => {
      const before = await this.row(tx, id);
      await tx.delete(stores).where(eq(stores.id, id));
      return { result: { id }, entry: { action: "store.delete", entity: "store", entityId: id, before, after: null } };
    });
  }
}
