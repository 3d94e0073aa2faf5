// How a case's facts read (docs/product.md §3: budgets are integer cents): 128㎡, 32万元.
import { type ArticleListItem, TEN_THOUSAND_YUAN_CENTS } from "@yj/contract";

/** A case's total cost in 万元: 32000000 cents → "32万元", 12500000 → "12.5万元". */
export function formatBudget(cents: number): string {
  const wan = Math.round((cents / TEN_THOUSAND_YUAN_CENTS) * 10) / 10;
  return `${wan}万元`;
}

export interface Fact {
  label: string;
  value: string;
}

/** A case's facts in the order a home owner compares them; absent ones are left out. */
export function caseFacts(a: ArticleListItem): Fact[] {
  const facts: (Fact | null)[] = [
    a.layout ? { label: "户型", value: a.layout } : null,
    a.areaM2 ? { label: "面积", value: `${a.areaM2}㎡` } : null,
    a.style ? { label: "风格", value: a.style } : null,
    a.budget ? { label: "造价", value: formatBudget(a.budget) } : null,
    a.designer ? { label: "设计师", value: a.designer } : null,
    a.city ? { label: "城市", value: a.city } : null,
  ];
  return facts.filter((f): f is Fact => f !== null);
}
