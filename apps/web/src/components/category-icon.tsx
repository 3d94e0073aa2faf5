// Line drawings for the level-2 categories on home (docs/decisions/0057-demo-pictures-are-drawings.md):
// a letter is no icon when two names start alike (定制橱柜, 定制空间家具; 成品家具, 成品家具套餐).
// Keyed by category id, as MENU_CATEGORY_IDS is, since the back office may rename a category.
const DRAWINGS: Record<number, string> = {
  // 精选主材: floor tiles
  49: "M3 3h18v18H3zM9 3v18M15 3v18M3 9h18M3 15h18",
  // 成品家具套餐/精选套餐: a furnished room (roof over a sofa)
  6: "M3 11 12 4l9 7M5 10v10h14V10M8 18v-3h8v3M7 15v-2h10v2",
  // 定制橱柜: wall units, worktop and base units
  9: "M3 3h18v6H3zM12 3v6M3 12h18M4 12v9h16v-9M12 12v9M9 15v2M15 15v2",
  // 定制空间家具: a wardrobe with two doors
  8: "M5 2h14v20H5zM12 2v20M10 11v2M14 11v2M5 6h14",
  // 成品家具: a sofa
  4: "M6 12V8a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4M3 12a2 2 0 0 1 2 2v2h14v-2a2 2 0 0 1 4 0v4H1v-4a2 2 0 0 1 2-2zM4 18v2M20 18v2",
  // 墙面/护墙系统: a paint roller
  3: "M4 3h13v5H4zM17 5h3v6h-8v3M11 14h2v7h-2z",
  // 软装配饰: a pendant lamp
  5: "M12 2v6M7 8h10l3 6H4zM10 17a2 2 0 0 0 4 0",
  // 家电: a fridge
  50: "M6 2h12v20H6zM6 9h12M9 4.5v2M9 12v4",
  // 全屋软装定制: curtains on a rail
  7: "M2 3h20M5 3c0 6-1 12 1 18h4c-1-6 0-12-1-18M19 3c0 6 1 12-1 18h-4c1-6 0-12 1-18",
};

/** Any other category: a house. */
const FALLBACK = "M3 11 12 4l9 7M5 10v10h14V10M10 20v-6h4v6";

export function CategoryIcon({ id, size = 26 }: { id: number; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-category={id}
    >
      <path d={DRAWINGS[id] ?? FALLBACK} />
    </svg>
  );
}

/** The categories that have their own drawing (tests check every menu category has one). */
export const DRAWN_CATEGORY_IDS = Object.keys(DRAWINGS).map(Number);
