// The SQL of a goods search (/api/goods/index), written once per shape: which filters are present and
// the sort. The database answers the page as JSON text, one GoodsListItem object per row in contract
// order, so the server never parses the rows only to serialize them again (ADR 0010).
// test/catalog-api.test.ts holds it to the contract: the keys of GoodsListItem in order, and values
// equal to each goods' detail, which the query builder makes.
import type { GoodsSort } from "@yj/contract";

export interface GoodsSearchFilters {
  name?: string;
  category1?: number;
  category2?: number;
  category3?: number;
  tagId?: number;
}

/** Each filter's condition on `g` (goods); `$` is its parameter. */
const FILTERS: Record<keyof GoodsSearchFilters, string> = {
  // pg_trgm index (ADR 0004); the value is escaped for LIKE by likeContains.
  name: "g.name ilike $",
  category1: "g.category1 = $",
  category2: "g.category2 = $",
  category3: "g.category3 = $",
  tagId: "$ = any(g.tag_ids)",
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

/** The goods columns a list item and every sort need. */
const PAGE_COLUMNS = `g.id, g.name, g.subtitle, g.brand, g.price_cents, g.original_price_cents, g.unit, g.images,
  g.tag_ids, g.sales, g.category1, g.category2, g.category3, g.is_package, g.package_price_mode, g.sort, g.created_at`;

/** A page row `p` as a GoodsListItem (contract order); cover is the first image. */
const LIST_ITEM = `select p.id, p.name, p.subtitle, p.brand, p.price_cents as price,
  p.original_price_cents as "originalPrice", p.unit, coalesce(p.images[1], '') as cover, p.tag_ids as "tagIds",
  p.sales, p.category1, p.category2, p.category3, p.is_package as "isPackage",
  p.package_price_mode as "packagePriceMode"`;

/** One item of a page, in page order. */
export interface GoodsPageRow {
  /** Size of the whole result (the same on every row of a page). */
  total: number;
  /** The item as a JSON object. */
  item: string;
}

export interface GoodsSearchSql {
  /** The page and the window count of the whole result, in one statement; no row past the end. */
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
  const conditions = [
    "g.status = 1",
    "g.is_show = 1",
    ...present.map((key, i) => FILTERS[key].replace("$", `$${i + 1}`)),
  ];
  const where = conditions.join(" and ");
  const orderBy = ORDER_BY[sort];
  const limit = `$${present.length + 1}`;
  const offset = `$${present.length + 2}`;
  return {
    // JSON is made for the page's rows only, after the limit; the outer order keeps the page's.
    page: `select p.total::int as total, row_to_json(item)::text as item
from (
  select ${PAGE_COLUMNS}, count(*) over () as total
  from goods g
  where ${where}
  order by ${orderBy("g")}
  limit ${limit} offset ${offset}
) p cross join lateral (${LIST_ITEM}) item
order by ${orderBy("p")}`,
    count: `select count(*)::int as total from goods g where ${where}`,
    filterValues: (f) => present.map((key) => f[key] as string | number),
  };
}
