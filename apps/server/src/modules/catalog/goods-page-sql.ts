// The SQL of a goods search (/api/goods/index), written once per shape: which filters are present and
// the sort. The database answers the page as one JSON array of GoodsListItem objects, joined from
// the goods' list_item column, so the server never parses the rows only to serialize them again
// (ADR 0010, ADR 0011). test/catalog-api.test.ts holds list_item to the contract: the keys of
// GoodsListItem in order, and values equal to each goods' detail, which the query builder makes.
import type { GoodsSort } from "@yj/contract";
import { goodsIsPublicText } from "./goods-visibility.js";

export interface GoodsSearchFilters {
  name?: string;
  category1?: number;
  category2?: number;
  category3?: number;
  tagId?: number;
  /** Comma-separated tag ids: goods carrying any of them. */
  tagIds?: string;
}

/** Each filter's condition on `g` (goods); `$` is its parameter. */
const FILTERS: Record<keyof GoodsSearchFilters, string> = {
  // pg_trgm index (ADR 0004); the value is escaped for LIKE by likeContains.
  name: "g.name ilike $",
  category1: "g.category1 = $",
  category2: "g.category2 = $",
  category3: "g.category3 = $",
  tagId: "$ = any(g.tag_ids)",
  tagIds: "g.tag_ids && string_to_array($, ',')::int[]",
};
const FILTER_ORDER = Object.keys(FILTERS) as (keyof GoodsSearchFilters)[];

/** The order of each sort, on the rows of table alias `t`. */
const ORDER_BY: Record<GoodsSort, (t: string) => string> = {
  default: (t) => `${t}.sort, ${t}.id`,
  sales: (t) => `${t}.sales desc, ${t}.id`,
  new: (t) => `${t}.created_at desc, ${t}.id desc`,
  price_asc: (t) => `${t}.price_cents, ${t}.id`,
  price_desc: (t) => `${t}.price_cents desc, ${t}.id`,
};

/** The goods columns a page and every sort need. */
const PAGE_COLUMNS = "g.list_item, g.id, g.sort, g.sales, g.created_at, g.price_cents";

export interface GoodsSearchSql {
  /**
   * The page as one row [total, items]: the window count of the whole result, and the page's
   * GoodsListItem objects as a JSON array; both null past the last page, where no row carries the
   * window count.
   */
  page: string;
  /** The count alone, for a page past the end (no row to carry the window count). */
  count: string;
  /** The values of the filters, in parameter order (the page's limit and offset follow them). */
  filterValues(filters: GoodsSearchFilters): (string | number)[];
}

/** A filter takes part in the search when it has a value (0 and '' count as absent). */
const isPresent = (filters: GoodsSearchFilters, key: keyof GoodsSearchFilters) => Boolean(filters[key]);

/** The key of a search's SQL (it names its prepared statements): which filters are present, and the sort. */
export function goodsSearchShape(filters: GoodsSearchFilters, sort: GoodsSort): string {
  let present = "";
  for (const key of FILTER_ORDER) present += isPresent(filters, key) ? "1" : "0";
  return `${present}_${sort}`;
}

export function goodsSearchSql(filters: GoodsSearchFilters, sort: GoodsSort): GoodsSearchSql {
  const present = FILTER_ORDER.filter((key) => isPresent(filters, key));
  const conditions = [goodsIsPublicText("g"), ...present.map((key, i) => FILTERS[key].replace("$", `$${i + 1}`))];
  const where = conditions.join(" and ");
  const orderBy = ORDER_BY[sort];
  const limit = `$${present.length + 1}`;
  const offset = `$${present.length + 2}`;
  return {
    // The page's rows are joined in page order; an aggregate always answers one row.
    page: `select max(p.total)::int as total, '[' || string_agg(p.list_item, ',' order by ${orderBy("p")}) || ']' as items
from (
  select ${PAGE_COLUMNS}, count(*) over () as total
  from goods g
  where ${where}
  order by ${orderBy("g")}
  limit ${limit} offset ${offset}
) p`,
    count: `select count(*)::int as total from goods g where ${where}`,
    filterValues: (f) => present.map((key) => f[key] as string | number),
  };
}
