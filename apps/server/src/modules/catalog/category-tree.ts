import type { GoodsCategory } from "@yj/contract";

interface CategoryRow {
  id: number;
  content: string;
  parentId: number | null;
  level: number;
  color: string;
}

/** Builds the category forest (docs/product.md §3: id, content, parentId, subCategories), keeping row order. */
export function buildCategoryTree(rows: CategoryRow[]): { roots: GoodsCategory[]; byId: Map<number, GoodsCategory> } {
  const byId = new Map<number, GoodsCategory>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      content: r.content,
      parentId: r.parentId,
      level: r.level,
      color: r.color,
      subCategories: [],
    });
  }
  const roots: GoodsCategory[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    if (parent) parent.subCategories.push(node);
    else roots.push(node);
  }
  return { roots, byId };
}
