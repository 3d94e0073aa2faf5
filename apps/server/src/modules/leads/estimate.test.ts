// Properties of the estimate engine (ADR 0019), over random rates, areas and layouts.
import { HARD_PARTS, hardCentsPerM2 } from "@yj/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AreaRates,
  areaHundredths,
  type EstimateInput,
  estimate,
  estimateLines,
  type RoomAmounts,
} from "./estimate.js";

const rate = fc.integer({ min: 100, max: 300_000 });
const areaRates: fc.Arbitrary<AreaRates> = fc.record({
  mainMaterialCentsPerM2: rate,
  auxiliaryMaterialCentsPerM2: rate,
  laborCentsPerM2: rate,
  projectManagementCentsPerM2: rate,
  designCentsPerM2: rate,
  softCentsPerM2: rate,
  applianceCentsPerM2: rate,
});
const amount = fc.integer({ min: 0, max: 5_000_000 });
const roomAmounts: fc.Arbitrary<RoomAmounts> = fc.record({
  bedroomMaterialCents: amount,
  bedroomLaborCents: amount,
  livingRoomMaterialCents: amount,
  livingRoomLaborCents: amount,
  bathroomMaterialCents: amount,
  bathroomLaborCents: amount,
  softPerBedroomCents: amount,
  softPerLivingRoomCents: amount,
  applianceBaseCents: amount,
  appliancePerBathroomCents: amount,
});
const count = fc.integer({ min: 1, max: 5 });
/** Areas as the API takes them: positive, up to 10,000 ㎡, with any number of decimals. */
const area = fc.double({ min: 0.01, max: 10_000, noNaN: true });
const input: fc.Arbitrary<EstimateInput> = fc.record({
  area,
  bedRoom: count,
  livingRoom: count,
  toilet: count,
  soft: fc.boolean(),
  appliance: fc.boolean(),
});

const PART_KEYS = [
  "mainMaterialPrice",
  "auxiliaryMaterialPrice",
  "laborCost",
  "projectManagementFee",
  "designFee",
  "softPrice",
  "jdPrice",
] as const;

describe("estimate engine", () => {
  it("ADR 0052: the shown lines add up to the shown total, each is its rate × quantity, and the per-㎡ basis is /heartPage's 硬装全包", () => {
    fc.assert(
      fc.property(areaRates, roomAmounts, input, (rates, rooms, asked) => {
        const result = estimate(rates, rooms, asked);
        expect(result.lines).toEqual(estimateLines(rates, rooms, asked));
        expect(result.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.totalPackagePrice);
        for (const line of result.lines) {
          // What a reader does with the line: rate × quantity, rounded half up to the cent. The quantity
          // (㎡ to two places) is taken in hundredths, so the product is exact: 713830 × 9377.55 in
          // floating point lands just under its .5 and would round the other way.
          expect(line.amount).toBe(Math.round((line.rateCents * Math.round(line.quantity * 100)) / 100));
          expect(Number.isSafeInteger(line.amount)).toBe(true);
        }
        const [hard] = result.lines;
        // The hard-decoration page's figure: the sum of the hard parts it lists.
        const pageFigure = HARD_PARTS.reduce((sum, [key]) => sum + rates[key], 0);
        expect(hard).toMatchObject({ name: "硬装", unit: "㎡", quantity: areaHundredths(asked.area) / 100 });
        expect(hard?.rateCents).toBe(pageFigure);
        expect(hardCentsPerM2(rates)).toBe(pageFigure);
        // Each named addition appears with its own rate, and only when asked for.
        const names = result.lines.map((line) => line.name);
        expect(names.includes("软装")).toBe(asked.soft);
        expect(names.includes("家电")).toBe(asked.appliance);
        expect(result.lines.find((line) => line.name === "卧室")?.quantity ?? asked.bedRoom).toBe(asked.bedRoom);
        expect(result.lines.find((line) => line.name === "卫生间")?.quantity ?? asked.toilet).toBe(asked.toilet);
        // The per-㎡ soft and appliance lines carry the city's rates, the extras /heartPage lists.
        if (asked.soft) expect(result.lines.find((l) => l.name === "软装")?.rateCents).toBe(rates.softCentsPerM2);
        if (asked.appliance)
          expect(result.lines.find((l) => l.name === "家电")?.rateCents).toBe(rates.applianceCentsPerM2);
      }),
      { numRuns: 500 },
    );
  });

  it("the parts add up to the total exactly, in whole non-negative cents, and the list repeats them", () => {
    fc.assert(
      fc.property(areaRates, roomAmounts, input, (rates, rooms, asked) => {
        const result = estimate(rates, rooms, asked);
        const sum = PART_KEYS.reduce((s, key) => s + result[key], 0);
        expect(sum).toBe(result.totalPackagePrice);
        for (const key of PART_KEYS) {
          expect(Number.isSafeInteger(result[key])).toBe(true);
          expect(result[key]).toBeGreaterThanOrEqual(0);
        }
        expect(result.parts.reduce((s, p) => s + p.amount, 0)).toBe(result.totalPackagePrice);
      }),
      { numRuns: 500 },
    );
  });

  it("the total is the exact amount, each per-㎡ line rounded to the cent", () => {
    fc.assert(
      fc.property(areaRates, roomAmounts, input, (rates, rooms, asked) => {
        const a = areaHundredths(asked.area);
        const perM2 =
          rates.mainMaterialCentsPerM2 +
          rates.auxiliaryMaterialCentsPerM2 +
          rates.laborCentsPerM2 +
          rates.projectManagementCentsPerM2 +
          rates.designCentsPerM2 +
          (asked.soft ? rates.softCentsPerM2 : 0) +
          (asked.appliance ? rates.applianceCentsPerM2 : 0);
        const exactTotal = estimate(rates, rooms, asked).totalPackagePrice * 100;
        const roomsOnly = estimate(rates, rooms, { ...asked, area: 0 }).totalPackagePrice * 100;
        // Up to three per-㎡ lines (硬装, 软装, 家电), each within half a cent.
        expect(Math.abs(exactTotal - roomsOnly - perM2 * a)).toBeLessThanOrEqual(150);
      }),
      { numRuns: 300 },
    );
  });

  it("the total grows with the area", () => {
    fc.assert(
      fc.property(areaRates, roomAmounts, input, area, (rates, rooms, asked, other) => {
        const [small, large] = [asked.area, other].sort((x, y) => x - y) as [number, number];
        fc.pre(areaHundredths(small) < areaHundredths(large));
        const low = estimate(rates, rooms, { ...asked, area: small }).totalPackagePrice;
        const high = estimate(rates, rooms, { ...asked, area: large }).totalPackagePrice;
        expect(high).toBeGreaterThan(low);
      }),
      { numRuns: 500 },
    );
  });

  it("the half package (no main materials, soft or appliances) is at most the full package", () => {
    fc.assert(
      fc.property(areaRates, roomAmounts, input, (rates, rooms, asked) => {
        const r = estimate(rates, rooms, asked);
        expect(r.halfPackagePrice).toBeLessThanOrEqual(r.totalPackagePrice);
        expect(r.halfPackagePrice).toBe(r.auxiliaryMaterialPrice + r.laborCost + r.projectManagementFee + r.designFee);
      }),
      { numRuns: 300 },
    );
  });

  it("soft furnishings and appliances appear only when asked for", () => {
    fc.assert(
      fc.property(areaRates, roomAmounts, input, (rates, rooms, asked) => {
        const r = estimate(rates, rooms, asked);
        expect(r.softPrice > 0).toBe(asked.soft);
        expect(r.jdPrice > 0).toBe(asked.appliance);
        expect(r.parts.some((p) => p.name === "软装")).toBe(asked.soft);
        expect(r.parts.some((p) => p.name === "家电")).toBe(asked.appliance);
        const neither = estimate(rates, rooms, { ...asked, soft: false, appliance: false });
        // Asking adds those parts and nothing else (give or take the one rounding cent).
        expect(Math.abs(r.totalPackagePrice - neither.totalPackagePrice - r.softPrice - r.jdPrice)).toBeLessThanOrEqual(
          1,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("more rooms never cost less", () => {
    fc.assert(
      fc.property(areaRates, roomAmounts, input, (rates, rooms, asked) => {
        fc.pre(asked.bedRoom < 5 && asked.toilet < 5);
        const base = estimate(rates, rooms, asked).totalPackagePrice;
        expect(
          estimate(rates, rooms, { ...asked, bedRoom: asked.bedRoom + 1 }).totalPackagePrice,
        ).toBeGreaterThanOrEqual(base);
        expect(estimate(rates, rooms, { ...asked, toilet: asked.toilet + 1 }).totalPackagePrice).toBeGreaterThanOrEqual(
          base,
        );
      }),
      { numRuns: 200 },
    );
  });

  it("a worked example: 100 ㎡, 3 rooms, 2 halls, 1 bathroom, nothing extra", () => {
    const rates: AreaRates = {
      mainMaterialCentsPerM2: 39_200,
      auxiliaryMaterialCentsPerM2: 15_400,
      laborCentsPerM2: 33_600,
      projectManagementCentsPerM2: 8_400,
      designCentsPerM2: 7_000,
      softCentsPerM2: 21_000,
      applianceCentsPerM2: 15_400,
    };
    const rooms: RoomAmounts = {
      bedroomMaterialCents: 300_000,
      bedroomLaborCents: 80_000,
      livingRoomMaterialCents: 400_000,
      livingRoomLaborCents: 120_000,
      bathroomMaterialCents: 600_000,
      bathroomLaborCents: 200_000,
      softPerBedroomCents: 500_000,
      softPerLivingRoomCents: 800_000,
      applianceBaseCents: 1_200_000,
      appliancePerBathroomCents: 250_000,
    };
    const r = estimate(rates, rooms, {
      area: 100,
      bedRoom: 3,
      livingRoom: 2,
      toilet: 1,
      soft: false,
      appliance: false,
    });
    // 主材 392 × 100 + 3 × 3,000 + 2 × 4,000 + 6,000 = 62,200 yuan; 人工 336 × 100 + 3 × 800 + 2 × 1,200 + 2,000 = 40,400.
    expect(r.mainMaterialPrice).toBe(6_220_000);
    expect(r.laborCost).toBe(4_040_000);
    expect(r.auxiliaryMaterialPrice).toBe(1_540_000);
    expect(r.projectManagementFee).toBe(840_000);
    expect(r.designFee).toBe(700_000);
    expect(r.totalPackagePrice).toBe(13_340_000);
    expect(r.halfPackagePrice).toBe(7_120_000);
    expect(r.parts.map((p) => p.name)).toEqual(["主材", "辅材", "人工", "管理费", "设计费"]);
  });

  it("a fraction of a cent goes to the part with the largest remainder", () => {
    const one: AreaRates = {
      mainMaterialCentsPerM2: 101,
      auxiliaryMaterialCentsPerM2: 101,
      laborCentsPerM2: 101,
      projectManagementCentsPerM2: 101,
      designCentsPerM2: 150,
      softCentsPerM2: 0,
      applianceCentsPerM2: 0,
    };
    // 0.5 ㎡: 50.5 × 4 + 75 = 277 cents; each 50.5 floors to 50, design is 75: 50·4 + 75 = 275, 2 cents left.
    const r = estimate(one, NO_ROOM_AMOUNTS, {
      area: 0.5,
      bedRoom: 1,
      livingRoom: 1,
      toilet: 1,
      soft: false,
      appliance: false,
    });
    expect(r.totalPackagePrice).toBe(277);
    expect([r.mainMaterialPrice, r.auxiliaryMaterialPrice, r.laborCost, r.projectManagementFee, r.designFee]).toEqual([
      51, 51, 50, 50, 75,
    ]);
  });
});

const NO_ROOM_AMOUNTS: RoomAmounts = {
  bedroomMaterialCents: 0,
  bedroomLaborCents: 0,
  livingRoomMaterialCents: 0,
  livingRoomLaborCents: 0,
  bathroomMaterialCents: 0,
  bathroomLaborCents: 0,
  softPerBedroomCents: 0,
  softPerLivingRoomCents: 0,
  applianceBaseCents: 0,
  appliancePerBathroomCents: 0,
};
