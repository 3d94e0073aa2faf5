// What a listing URL lists (docs/product.md §2): the path's level-2 category (CATEGORY_PATHS), overridden by the
// query's id, narrowed by subId; /productList without id lists everything. Pure, for loader and screen.
import { GOODS_SORTS, type GoodsCategory, type GoodsSort } from "@yj/contract";
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
  const queryId = parseId(search.get("id"));
  const id = queryId ?? CATEGORY_PATHS[pathname] ?? null;
  if (id === null) return { tabs: [...tree], sort, filter: { sort }, title: "全部商品" };
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
  const subId = parseId(search.get("subId"));
  if (subId !== null && !Number.isNaN(subId)) sub = category.subCategories.find((s) => s.id === subId) ?? sub;

  const filter: GoodsFilter = { sort, [levelKey(category.level)]: category.id };
  if (sub) filter[levelKey(sub.level)] = sub.id;
  return {
    category,
    parent,
    sub,
    tabs: category.subCategories,
    sort,
    filter,
    title: sub ? `${sub.content} - ${category.content}` : category.content,
  };
}
