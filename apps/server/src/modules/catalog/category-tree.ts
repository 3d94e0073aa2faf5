import type { GoodsCategory } from "@yj/contract";

interface CategoryRow {
  id: number;
  content: string;
  parentId: number | null;
  level: number;
  color: string;
  /** 0 hides the category and everything under it; absent means shown. */
  isShow?: number;
}

/**
 * Builds the category forest (docs/product.md §3: id, content, parentId, subCategories), keeping row
 * order. Rows come parents first (by level); a hidden row and every row under it are left out.
 */
export function buildCategoryTree(rows: CategoryRow[]): { roots: GoodsCategory[]; byId: Map<number, GoodsCategory> } {
  const byId = new Map<number, GoodsCategory>();
  const all = new Set(rows.map((r) => r.id));
  const kept: CategoryRow[] = [];
  for (const r of rows) {
    const underHidden = r.parentId !== null && all.has(r.parentId) && !byId.has(r.parentId);
    if (r.isShow === 0 || underHidden) continue;
    kept.push(r);
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
  for (const r of kept) {
    const node = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    if (parent) parent.subCategories.push(node);
    else roots.push(node);
  }
  return { roots, byId };
}
