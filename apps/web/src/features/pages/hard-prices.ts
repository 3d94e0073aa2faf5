// What the standardized hard-decoration page quotes per ㎡ from a city's hard price (GET
// /api/website_configs/getHardPrice): 硬装全包 is the hard parts only (main and auxiliary materials,
// labour, management, design); the 全包 package price also holds soft furnishings and appliances,
// which this page offers as extras (docs/decisions/0028). Part names as the estimate's (docs/product.md §9).
// The per-㎡ figures come from the contract's hardCentsPerM2 / halfCentsPerM2, the same the estimate
// multiplies by the area (docs/decisions/0052).
import { HARD_PARTS, type HardPrice, halfCentsPerM2, hardCentsPerM2 } from "@yj/contract";

export interface PricePart {
  name: string;
  centsPerM2: number;
}

export interface HardDecorationPrices {
  city: string;
  /** The city is not covered: these are the default city's prices. */
  fallback: boolean;
  fullCentsPerM2: number;
  halfCentsPerM2: number;
  parts: PricePart[];
  extras: PricePart[];
}

export function hardDecorationPrices(price: HardPrice): HardDecorationPrices {
  const parts: PricePart[] = HARD_PARTS.map(([key, name]) => ({ name, centsPerM2: price[key] }));
  return {
    city: price.city,
    fallback: price.fallback,
    fullCentsPerM2: hardCentsPerM2(price),
    // Not the back office's 半包套餐 marketing figure: the estimate's 半包 rate, so the two agree.
    halfCentsPerM2: halfCentsPerM2(price),
    parts,
    extras: [
      { name: "软装", centsPerM2: price.softCentsPerM2 },
      { name: "家电", centsPerM2: price.applianceCentsPerM2 },
    ],
  };
}
