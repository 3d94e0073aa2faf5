// The estimate engine (ADR 0019, itemised by ADR 0052): the city's 硬装全包 rate per ㎡ times the area,
// plus amounts per room, soft furnishing and appliances, in integer cents. Pure: the service reads the
// rates and hands them in.
import { type EstimateData, type EstimateLine, type HardPrice, hardCentsPerM2 } from "@yj/contract";
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
type HardPartKey = Exclude<PartKey, "softPrice" | "jdPrice">;

export type EstimateAmounts = Omit<EstimateData, "basis">;

/** The area in hundredths of a ㎡, the unit every amount is computed in. */
export function areaHundredths(area: number): number {
  return Math.round(area * 100);
}

/**
 * The itemised estimate (docs/decisions/0052): each line is a rate times a quantity, a per-㎡ line
 * rounded half up to the cent, and the total is the sum of the lines, so the shopper can redo it. The
 * per-㎡ hard rate is hardCentsPerM2, the 硬装全包 figure /heartPage shows.
 */
export function estimateLines(rates: AreaRates, rooms: RoomAmounts, input: EstimateInput): EstimateLine[] {
  const a = areaHundredths(input.area);
  const { bedRoom: b, livingRoom: l, toilet: w } = input;
  const perM2 = (name: string, rateCents: number): EstimateLine => ({
    name,
    rateCents,
    quantity: a / 100,
    unit: "㎡",
    amount: Math.round((rateCents * a) / 100),
  });
  const each = (name: string, rateCents: number, quantity: number, unit = "间"): EstimateLine => ({
    name,
    rateCents,
    quantity,
    unit,
    amount: rateCents * quantity,
  });
  const lines = [
    perM2("硬装", hardCentsPerM2(rates)),
    each("卧室", rooms.bedroomMaterialCents + rooms.bedroomLaborCents, b),
    each("客厅", rooms.livingRoomMaterialCents + rooms.livingRoomLaborCents, l),
    each("卫生间", rooms.bathroomMaterialCents + rooms.bathroomLaborCents, w),
  ];
  if (input.soft) {
    lines.push(
      perM2("软装", rates.softCentsPerM2),
      each("软装·卧室", rooms.softPerBedroomCents, b),
      each("软装·客厅", rooms.softPerLivingRoomCents, l),
    );
  }
  if (input.appliance) {
    lines.push(
      perM2("家电", rates.applianceCentsPerM2),
      each("家电·基础", rooms.applianceBaseCents, 1, "项"),
      each("家电·卫生间", rooms.appliancePerBathroomCents, w),
    );
  }
  // A room addition the city has set to 0 says nothing; the per-㎡ hard line always shows.
  return lines.filter((line, i) => i === 0 || line.rateCents > 0);
}

export function estimate(rates: AreaRates, rooms: RoomAmounts, input: EstimateInput): EstimateAmounts {
  const a = areaHundredths(input.area);
  const { bedRoom: b, livingRoom: l, toilet: w } = input;
  const lines = estimateLines(rates, rooms, input);
  const sumOf = (names: string[]) =>
    lines.filter((line) => names.includes(line.name)).reduce((sum, line) => sum + line.amount, 0);
  // Exact hard parts in hundredths of a cent: a per-㎡ rate times hundredths of a ㎡, or cents × 100.
  const exact: Record<HardPartKey, number> = {
    mainMaterialPrice:
      rates.mainMaterialCentsPerM2 * a +
      100 * (b * rooms.bedroomMaterialCents + l * rooms.livingRoomMaterialCents + w * rooms.bathroomMaterialCents),
    auxiliaryMaterialPrice: rates.auxiliaryMaterialCentsPerM2 * a,
    laborCost:
      rates.laborCentsPerM2 * a +
      100 * (b * rooms.bedroomLaborCents + l * rooms.livingRoomLaborCents + w * rooms.bathroomLaborCents),
    projectManagementFee: rates.projectManagementCentsPerM2 * a,
    designFee: rates.designCentsPerM2 * a,
  };
  const hard = allocate(exact, sumOf(["硬装", "卧室", "客厅", "卫生间"]));
  const cents: Record<PartKey, number> = {
    ...hard,
    softPrice: sumOf(["软装", "软装·卧室", "软装·客厅"]),
    jdPrice: sumOf(["家电", "家电·基础", "家电·卫生间"]),
  };
  const totalPackagePrice = lines.reduce((sum, line) => sum + line.amount, 0);
  const halfPackagePrice =
    cents.auxiliaryMaterialPrice + cents.laborCost + cents.projectManagementFee + cents.designFee;
  const parts = PARTS.filter(
    ([key]) => (key !== "softPrice" || input.soft) && (key !== "jdPrice" || input.appliance),
  ).map(([key, name]) => ({ name, amount: cents[key] }));
  return { ...cents, totalPackagePrice, halfPackagePrice, parts, lines };
}

/**
 * Whole cents that add up to `total` (the hard lines' sum): each part is rounded down, and the cents left
 * over go one each to the parts with the largest remainders (ties: the earlier part). Since the total is
 * the exact sum rounded half up, what is left never exceeds the parts with a remainder.
 */
function allocate(exact: Record<HardPartKey, number>, total: number): Record<HardPartKey, number> {
  const keys = Object.keys(exact) as HardPartKey[];
  const cents = Object.fromEntries(keys.map((key) => [key, Math.floor(exact[key] / 100)])) as Record<
    HardPartKey,
    number
  >;
  let left = total - keys.reduce((sum, key) => sum + cents[key], 0);
  const byRemainder = keys
    .map((key, order) => ({ key, remainder: exact[key] % 100, order }))
    .filter((p) => p.remainder > 0)
    .sort((x, y) => y.remainder - x.remainder || x.order - y.order);
  for (const { key } of byRemainder) {
    if (left <= 0) break;
    cents[key] += 1;
    left -= 1;
  }
  return cents;
}
