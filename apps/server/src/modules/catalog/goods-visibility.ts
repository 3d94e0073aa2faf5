// "Goods is public" written once (docs/decisions/0040): the storefront lists, searches, puts in the
// sitemap and sells goods that are on sale (status 1) and shown (is_show 1); the back office calls
// the same pair "上架".
import { asc, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { goods } from "../../db/schema.js";

/** The condition as a where clause, or as a selected boolean column. */
export const goodsIsPublic = sql<boolean>`(${goods.status} = 1 and ${goods.isShow} = 1)`;

/** Every public goods' id and whether it is a package, by id (the sitemap's goods and packages). */
export function publicGoods(reader: Pick<Db, "select">): Promise<{ id: number; isPackage: boolean }[]> {
  return reader
    .select({ id: goods.id, isPackage: goods.isPackage })
    .from(goods)
    .where(goodsIsPublic)
    .orderBy(asc(goods.id));
}

/** The same condition in the hand-written prepared search (goods-page-sql.ts), on the table's alias. */
export const goodsIsPublicText = (alias: string) => `${alias}.status = 1 and ${alias}.is_show = 1`;
