// The SQL of a goods search (/api/goods/index), written once per shape: which filters are present and
// the sort. The database answers the page as one JSON array of GoodsListItem objects, joined from
// the goods' list_item column, so the server never parses the rows only to serialize them again
// (ADR 0010, ADR 0011). test/catalog-api.test.ts holds list_item to the contract: the keys of
// GoodsListItem in order, and values equal to each goods' detail, which the query builder makes.
import type { GoodsSort } from "@yj/contract";
import { goodsIsPublicText } from "./goods-visibility.js";
import { foldSql, type SearchTerms } from "./search-query.js";

export interface GoodsSearchFilters {
  /** The shopper's search text as search-query.ts reads it. */
  name?: SearchTerms;
  category1?: number;
  category2?: number;
  category3?: number;
  tagId?: number;
  /** Comma-separated tag ids: goods carrying any of them. */
  tagIds?: string;
}

/** Every word of the search (parameter `$`, one regular expression per word) matches `text`. */
const allWordsIn = (text: string) => `(select bool_and(${text} ~ w) from unnest($::text[]) w)`;

/**
 * What a search looks through, folded like the query (search-query.ts): the name, subtitle, brand,
 * tag names and the names of the goods' categories (its own and its parents'), one field a line.
 */
const SEARCHED = `cross join lateral (select ${foldSql("g.name")} as name, ${foldSql(`concat_ws(E'\\n', g.name, g.subtitle, g.brand,
    (select string_agg(c.content, E'\\n') from goods_categories c where c.id in (g.category1, g.category2, g.category3)),
    (select string_agg(t.name, E'\\n') from goods_tags t where t.id = any(g.tag_ids)))`)} as text) s`;

/**
 * Each filter's condition on `g` (goods); `$` is its parameter. The search (docs/decisions/0053) reads
 * all goods of the other filters: a shop's catalogue is small enough that no index is needed.
 */
const FILTERS: Record<keyof GoodsSearchFilters, string> = {
  name: allWordsIn("s.text"),
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

/** A PostgreSQL text[] literal (prepared statements take their values as text). */
const textArray = (items: readonly string[]) => `{${items.map((i) => `"${i.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/** The goods columns a page and every sort need. */
const PAGE_COLUMNS = "g.list_item, g.id, g.sort, g.sales, g.created_at, g.price_cents";

/**
 * A search's default order puts first the goods whose name holds the whole query (`$phrase`), then
 * those whose name holds every word, then the rest (found by subtitle, brand, tag or category).
 */
const nameRank = (words: string, phrase: string) =>
  `case when s.name ~ ${phrase} then 0 when ${allWordsIn("s.name").replace("$", words)} then 1 else 2 end`;

export interface GoodsSearchSql {
  /**
   * The page as one row [total, items]: the window count of the whole result, and the page's
   * GoodsListItem objects as a JSON array; both null past the last page, where no row carries the
   * window count.
   */
  page: string;
  /** The count alone, for a page past the end (no row to carry the window count). */
  count: string;
  /** The values of the filters, in parameter order (the page's limit and offset follow them; a search has two). */
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
  const searching = present.includes("name");
  const conditions = [goodsIsPublicText("g"), ...present.map((key, i) => FILTERS[key].replace("$", `$${i + 1}`))];
  // The search's phrase is the last filter parameter; limit and offset follow. Only the default
  // order reads it, but every statement names it so that PostgreSQL knows its type.
  const phrase = `$${present.length + 1}`;
  if (searching) conditions.push(`${phrase}::text is not null`);
  const where = conditions.join(" and ");
  const next = present.length + (searching ? 2 : 1);
  const ranked = searching && sort === "default";
  const rank = ranked ? `${nameRank(`$${present.indexOf("name") + 1}`, phrase)} as rank, ` : "";
  const orderBy = (t: string) => (ranked ? `${t}.rank, ` : "") + ORDER_BY[sort](t);
  const from = searching ? `goods g ${SEARCHED}` : "goods g";
  return {
    // The page's rows are joined in page order; an aggregate always answers one row.
    page: `select max(p.total)::int as total, '[' || string_agg(p.list_item, ',' order by ${orderBy("p")}) || ']' as items
from (
  select ${rank}${PAGE_COLUMNS}, count(*) over () as total
  from ${from}
  where ${where}
  order by ${orderBy("g").replace("g.rank", "rank")}
  limit $${next} offset $${next + 1}
) p`,
    count: `select count(*)::int as total from ${from} where ${where}`,
    filterValues: (f) => [
      ...present.map((key) => (key === "name" ? textArray(f.name!.words) : (f[key] as string | number))),
      ...(searching ? [f.name!.phrase] : []),
    ],
  };
}
