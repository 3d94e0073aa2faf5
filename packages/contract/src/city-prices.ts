// A city's prices (docs/decisions/0019): the hard-decoration unit prices and the estimate rates, each
// field with its Chinese name, and which city's prices an answer used. The storefront's hard price and
// estimate, and the back office's city prices, build on these.
import { z } from "zod";

/** website_configs type 2 (served by /api/website_configs/getHardPrice), cents per ㎡. */
export const HARD_PRICE_FIELDS = [
  ["packagePriceCentsPerM2", "整装套餐"],
  ["halfPackagePriceCentsPerM2", "半包套餐"],
  ["mainMaterialCentsPerM2", "主材"],
  ["auxiliaryMaterialCentsPerM2", "辅材"],
  ["laborCentsPerM2", "人工"],
  ["projectManagementCentsPerM2", "项目管理"],
  ["designCentsPerM2", "设计"],
  ["softCentsPerM2", "软装"],
  ["applianceCentsPerM2", "家电"],
] as const;
export type HardPriceField = (typeof HARD_PRICE_FIELDS)[number][0];

/**
 * The parts of 硬装全包 (main and auxiliary materials, labour, management, design), in the order the
 * storefront lists them. Soft furnishings and appliances are extras on top (docs/decisions/0052).
 */
export const HARD_PARTS = [
  ["mainMaterialCentsPerM2", "主材"],
  ["auxiliaryMaterialCentsPerM2", "辅材"],
  ["laborCentsPerM2", "人工"],
  ["projectManagementCentsPerM2", "管理费"],
  ["designCentsPerM2", "设计费"],
] as const satisfies readonly (readonly [HardPriceField, string])[];

/**
 * A city's 硬装全包 price per ㎡: the sum of its hard parts. The one figure the hard-decoration page
 * shows and the estimate multiplies by the area (docs/decisions/0052).
 */
export function hardCentsPerM2(price: Record<(typeof HARD_PARTS)[number][0], number>): number {
  return HARD_PARTS.reduce((sum, [key]) => sum + price[key], 0);
}

/** 硬装半包 per ㎡: the hard parts without the main materials the owner buys (docs/decisions/0019). */
export function halfCentsPerM2(price: Record<(typeof HARD_PARTS)[number][0], number>): number {
  return hardCentsPerM2(price) - price.mainMaterialCentsPerM2;
}

/** estimate_rates (ADR 0019), cents: per room kind, soft furnishing and appliances. */
export const ESTIMATE_RATE_FIELDS = [
  ["bedroomMaterialCents", "卧室材料"],
  ["bedroomLaborCents", "卧室人工"],
  ["livingRoomMaterialCents", "客厅材料"],
  ["livingRoomLaborCents", "客厅人工"],
  ["bathroomMaterialCents", "卫生间材料"],
  ["bathroomLaborCents", "卫生间人工"],
  ["softPerBedroomCents", "软装/卧室"],
  ["softPerLivingRoomCents", "软装/客厅"],
  ["applianceBaseCents", "家电基础"],
  ["appliancePerBathroomCents", "家电/卫生间"],
] as const;
export type EstimateRateField = (typeof ESTIMATE_RATE_FIELDS)[number][0];

/** One whole number of cents per field, in the list's order. */
export const centsShape = <K extends string>(fields: readonly (readonly [K, string])[]) =>
  Object.fromEntries(fields.map(([k]) => [k, z.number().int()])) as Record<K, z.ZodNumber>;

/** Which city's prices an answer used; `fallback` when the asked city has none of its own. */
export const pricedCityShape = {
  city: z.string(),
  province: z.string(),
  fallback: z.boolean(),
};
