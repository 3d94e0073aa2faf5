// "Goods is public" written once (docs/decisions/0040): the storefront lists, searches, puts in the
// sitemap and sells goods that are on sale (status 1) and shown (is_show 1); the back office calls
// the same pair "上架".
import { sql } from "drizzle-orm";
import { goods } from "../../db/schema.js";

/** The condition as a where clause, or as a selected boolean column. */
export const goodsIsPublic = sql<boolean>`(${goods.status} = 1 and ${goods.isShow} = 1)`;

/** The same condition in the hand-written prepared search (goods-page-sql.ts), on the table's alias. */
export const goodsIsPublicText = (alias: string) => `${alias}.status = 1 and ${alias}.is_show = 1`;
