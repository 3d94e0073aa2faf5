// The estimate engine (ADR 0019): per-㎡ rates times the area, plus amounts per room, in integer
// cents. Pure: the service reads the rates and hands them in.
import type { EstimateData, HardPrice } from "@yj/contract";
import type { estimateRates } from "../../db/schema.js";

export type RoomAmounts = Omit<typeof estimateRates.$inferSelect, "city" | "province">;
export type AreaRates = Pick<
  HardPrice,
  | "mainMaterialCentsPerM2"
  | "auxiliaryMaterialCentsPerM2"
  | "laborCentsPerM2"
  | "projectManagementCentsPerM2"
  | "designCentsPerM2"
  | "softCentsPerM2"
  | "applianceCentsPerM2"
>;

export interface EstimateInput {
  /** ㎡, positive; used to 0.01 ㎡. */
  area: number;
  bedRoom: number;
  livingRoom: number;
  toilet: number;
  soft: boolean;
  appliance: boolean;
}

/** The parts in their fixed order; a rounding cent that ties goes to the earlier part. */
const PARTS = [
  ["mainMaterialPrice", "主材"],
  ["auxiliaryMaterialPrice", "辅材"],
  ["laborCost", "人工"],
  ["projectManagementFee", "管理费"],
  ["designFee", "设计费"],
  ["softPrice", "软装"],
  ["jdPrice", "家电"],
] as const;
type PartKey = (typeof PARTS)[number][0];

export type EstimateAmounts = Omit<EstimateData, "basis">;

/** The area in hundredths of a ㎡, the unit every amount is computed in. */
export function areaHundredths(area: number): number {
  return Math.round(area * 100);
}

export function estimate(rates: AreaRates, rooms: RoomAmounts, input: EstimateInput): EstimateAmounts {
  const a = areaHundredths(input.area);
  const { bedRoom: b, livingRoom: l, toilet: w } = input;
  // Exact amounts in hundredths of a cent: a per-㎡ rate times hundredths of a ㎡, or cents × 100.
  const exact: Record<PartKey, number> = {
    mainMaterialPrice:
      rates.mainMaterialCentsPerM2 * a +
      100 * (b * rooms.bedroomMaterialCents + l * rooms.livingRoomMaterialCents + w * rooms.bathroomMaterialCents),
    auxiliaryMaterialPrice: rates.auxiliaryMaterialCentsPerM2 * a,
    laborCost:
      rates.laborCentsPerM2 * a +
      100 * (b * rooms.bedroomLaborCents + l * rooms.livingRoomLaborCents + w * rooms.bathroomLaborCents),
    projectManagementFee: rates.projectManagementCentsPerM2 * a,
    designFee: rates.designCentsPerM2 * a,
    softPrice: input.soft
      ? rates.softCentsPerM2 * a + 100 * (b * rooms.softPerBedroomCents + l * rooms.softPerLivingRoomCents)
      : 0,
    jdPrice: input.appliance
      ? rates.applianceCentsPerM2 * a + 100 * (rooms.applianceBaseCents + w * rooms.appliancePerBathroomCents)
      : 0,
  };
  const cents = allocate(exact);
  const totalPackagePrice = PARTS.reduce((sum, [key]) => sum + cents[key], 0);
  const halfPackagePrice =
    cents.auxiliaryMaterialPrice + cents.laborCost + cents.projectManagementFee + cents.designFee;
  const parts = PARTS.filter(
    ([key]) => (key !== "softPrice" || input.soft) && (key !== "jdPrice" || input.appliance),
  ).map(([key, name]) => ({ name, amount: cents[key] }));
  return { ...cents, totalPackagePrice, halfPackagePrice, parts };
}

/**
 * Whole cents that add up to the rounded exact total: each part is rounded down, and the cents left
 * over go one each to the parts with the largest remainders (ties: the earlier part). A part that is
 * exactly zero stays zero.
 */
function allocate(exact: Record<PartKey, number>): Record<PartKey, number> {
  const total = Math.round(PARTS.reduce((sum, [key]) => sum + exact[key], 0) / 100);
  const cents = Object.fromEntries(PARTS.map(([key]) => [key, Math.floor(exact[key] / 100)])) as Record<
    PartKey,
    number
  >;
  let left = total - PARTS.reduce((sum, [key]) => sum + cents[key], 0);
  const byRemainder = PARTS.map(([key], order) => ({ key, remainder: exact[key] % 100, order }))
    .filter((p) => p.remainder > 0)
    .sort((x, y) => y.remainder - x.remainder || x.order - y.order);
  for (const { key } of byRemainder) {
    if (left <= 0) break;
    cents[key] += 1;
    left -= 1;
  }
  return cents;
}
