// What a listing URL lists (docs/product.md §2): the path's level-2 category (CATEGORY_PATHS), overridden by the
// query's id, narrowed by subId; /productList without id lists everything. The product search info of §3
// (tagIds, type, subType, current, pageSize) is read too: type and subType name the category and its tab like
// id and subId, tagIds keeps goods carrying any of those tags, and current and pageSize choose the first page
// shown. Pure, for loader and screen.
import {
  GOODS_SORTS,
  type GoodsCategory,
  type GoodsSort,
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
} from "@yj/contract";
import { CATEGORY_PATHS } from "../../lib/category-routes";
import type { GoodsFilter } from "./api/goods-pages";

export interface ListingTarget {
  /** The category listed (level 2 normally; level 1 when the id is one); undefined: all goods. */
  category?: GoodsCategory;
  /** Its parent, for the breadcrumb. */
  parent?: GoodsCategory;
  /** The chosen sub-category tab. */
  sub?: GoodsCategory;
  /** The tabs: the category's children, or the top categories for all goods. */
  tabs: GoodsCategory[];
  sort: GoodsSort;
  filter: GoodsFilter;
  title: string;
  /** The first page shown (product search info current) and the page size. */
  paging: ListingPaging;
}

export interface ListingPaging {
  current: number;
  pageSize: number;
}

export function findCategory(
  nodes: readonly GoodsCategory[],
  id: number,
  parent?: GoodsCategory,
): { node: GoodsCategory; parent?: GoodsCategory } | undefined {
  for (const node of nodes) {
    if (node.id === id) return { node, parent };
    const hit = findCategory(node.subCategories, id, node);
    if (hit) return hit;
  }
  return undefined;
}

/** A positive integer id from a query value; null when absent or empty, NaN when malformed. */
export function parseId(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  return /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
}

/** The sort options of a goods list (a `sort` query parameter; 综合 is the default and is left out). */
export const SORTS: { value: GoodsSort; label: string }[] = [
  { value: "default", label: "综合" },
  { value: "sales", label: "销量" },
  { value: "new", label: "新品" },
  { value: "price_asc", label: "价格↑" },
  { value: "price_desc", label: "价格↓" },
];

export function parseSort(raw: string | null): GoodsSort {
  // A plain lookup, not the zod enum: the listing screens stay free of zod (home and listing JS weight).
  return GOODS_SORTS.find((sort) => sort === raw) ?? "default";
}

/** Tag ids as the API takes them ("2,5"): numeric ids only, once each, in order; undefined when none. */
export function parseIdList(raw: string | null): string | undefined {
  const ids = new Set((raw ?? "").split(",").flatMap((part) => (/^\d{1,9}$/.test(part.trim()) ? [Number(part)] : [])));
  ids.delete(0);
  return ids.size ? [...ids].sort((a, b) => a - b).join(",") : undefined;
}

/** docs/product.md §5 list rules: current below 1 counts as 1; pageSize defaults to 12 and is capped at 100. */
export function parsePaging(search: URLSearchParams): ListingPaging {
  const int = (raw: string | null, fallback: number, max: number) => {
    const n = raw !== null && /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : fallback;
    return Math.min(max, Math.max(1, n));
  };
  return {
    current: int(search.get("current"), 1, MAX_PAGE_NUMBER),
    pageSize: int(search.get("pageSize"), PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** A listing query parameter, or its product-search-info name (type for id, subType for subId). */
const param = (search: URLSearchParams, name: string, alias: string) => search.get(name) ?? search.get(alias);

function levelKey(level: number): "category1" | "category2" | "category3" {
  return level <= 1 ? "category1" : level === 2 ? "category2" : "category3";
}

/** null: the URL names a category that does not exist (the screen answers 404). */
export function resolveListing(
  pathname: string,
  search: URLSearchParams,
  tree: readonly GoodsCategory[],
): ListingTarget | null {
  const sort = parseSort(search.get("sort"));
  const tagIds = parseIdList(search.get("tagIds"));
  const paging = parsePaging(search);
  const queryId = parseId(param(search, "id", "type"));
  const id = queryId ?? CATEGORY_PATHS[pathname] ?? null;
  if (id === null)
    return { tabs: [...tree], sort, filter: tagIds ? { sort, tagIds } : { sort }, title: "全部商品", paging };
  if (Number.isNaN(id)) return null;
  const found = findCategory(tree, id);
  if (!found) return null;

  let { node: category, parent } = found;
  let sub: GoodsCategory | undefined;
  // An id that names a level-3 category lists its level-2 parent with that tab chosen.
  if (category.level >= 3 && parent) {
    sub = category;
    category = parent;
    parent = findCategory(tree, parent.id)?.parent;
  }
  const subId = parseId(param(search, "subId", "subType"));
  if (subId !== null && !Number.isNaN(subId)) sub = category.subCategories.find((s) => s.id === subId) ?? sub;

  const filter: GoodsFilter = { sort, [levelKey(category.level)]: category.id };
  if (sub) filter[levelKey(sub.level)] = sub.id;
  if (tagIds) filter.tagIds = tagIds;
  return {
    paging,
    category,
    parent,
    sub,
    tabs: category.subCategories,
    sort,
    filter,
    title: sub ? `${sub.content} - ${category.content}` : category.content,
  };
}
