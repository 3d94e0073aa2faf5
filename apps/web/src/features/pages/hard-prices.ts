// What the standardized hard-decoration page quotes per ㎡ from a city's hard price (GET
// /api/website_configs/getHardPrice): 硬装全包 is the hard parts only (main and auxiliary materials,
// labour, management, design); the 全包 package price also holds soft furnishings and appliances,
// which this page offers as extras (docs/decisions/0028). Part names as the estimate's (docs/product.md §9).
import type { HardPrice } from "@yj/contract";

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
  const parts: PricePart[] = [
    { name: "主材", centsPerM2: price.mainMaterialCentsPerM2 },
    { name: "辅材", centsPerM2: price.auxiliaryMaterialCentsPerM2 },
    { name: "人工", centsPerM2: price.laborCentsPerM2 },
    { name: "管理费", centsPerM2: price.projectManagementCentsPerM2 },
    { name: "设计费", centsPerM2: price.designCentsPerM2 },
  ];
  return {
    city: price.city,
    fallback: price.fallback,
    fullCentsPerM2: parts.reduce((sum, part) => sum + part.centsPerM2, 0),
    halfCentsPerM2: price.halfPackagePriceCentsPerM2,
    parts,
    extras: [
      { name: "软装", centsPerM2: price.softCentsPerM2 },
      { name: "家电", centsPerM2: price.applianceCentsPerM2 },
    ],
  };
}
