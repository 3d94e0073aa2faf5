// The case library's filters a home owner picks from (docs/product.md §2 /case, docs/decisions/0027): room
// counts and area and budget bands are fixed here, zod-free so the web imports them at no cost; styles and
// cities come from the data (GET /api/article/case_filters).

/** Room counts (户型) of ArticleListQuery.rooms; the last one means "that many or more". */
export const CASE_ROOM_OPTIONS = [
  { rooms: 1, label: "一居" },
  { rooms: 2, label: "两居" },
  { rooms: 3, label: "三居" },
  { rooms: 4, label: "四居" },
  { rooms: 5, label: "五居及以上" },
] as const;
export const MAX_CASE_ROOMS = 5;

/** A band of a number: min inclusive, max exclusive; either may be open. */
export interface CaseBand {
  /** The web's URL value for the band. */
  key: string;
  label: string;
  min?: number;
  max?: number;
}

/** Floor area bands in ㎡ (ArticleListQuery.areaMin / areaMax). */
export const CASE_AREA_BANDS: readonly CaseBand[] = [
  { key: "0-60", label: "60㎡以下", max: 60 },
  { key: "60-90", label: "60–90㎡", min: 60, max: 90 },
  { key: "90-120", label: "90–120㎡", min: 90, max: 120 },
  { key: "120-150", label: "120–150㎡", min: 120, max: 150 },
  { key: "150-", label: "150㎡以上", min: 150 },
];

/** 1 万元 in cents: budgets are integer cents like every amount (docs/product.md §3). */
export const TEN_THOUSAND_YUAN_CENTS = 1_000_000;
const wan = (n: number) => n * TEN_THOUSAND_YUAN_CENTS;

/** Total cost bands in cents (ArticleListQuery.budgetMin / budgetMax). */
export const CASE_BUDGET_BANDS: readonly CaseBand[] = [
  { key: "0-15", label: "15万以下", max: wan(15) },
  { key: "15-25", label: "15–25万", min: wan(15), max: wan(25) },
  { key: "25-35", label: "25–35万", min: wan(25), max: wan(35) },
  { key: "35-50", label: "35–50万", min: wan(35), max: wan(50) },
  { key: "50-", label: "50万以上", min: wan(50) },
];
