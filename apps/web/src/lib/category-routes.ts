// docs/product.md §2: the category paths and the level-2 category each one lists.
export const CATEGORY_PATHS: Record<string, number> = {
  "/2-11": 3,
  "/2-12": 4,
  "/2-13": 5,
  "/2-14": 49,
  "/2-15": 50,
  "/2-21": 6,
  "/2-22": 7,
  "/2-23": 8,
  "/2-24": 9,
};

const PATH_BY_CATEGORY = new Map(Object.entries(CATEGORY_PATHS).map(([path, id]) => [id, path]));

/** Menu link for a level-2 category (and optional level-3 sub-category): path with id and subId (docs/product.md §2). */
export function categoryHref(categoryId: number, subId?: number): string {
  const path = PATH_BY_CATEGORY.get(categoryId) ?? "/productList";
  return `${path}?id=${categoryId}${subId ? `&subId=${subId}` : ""}`;
}
