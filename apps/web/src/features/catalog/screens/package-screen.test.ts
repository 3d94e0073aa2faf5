// @vitest-environment node
import type { PackageItem } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { estimateCents, groupByRoom } from "./package-screen";

describe("estimateCents (per-㎡ package calculator)", () => {
  it("multiplies the per-㎡ price in cents by the area", () => {
    expect(estimateCents(69_900, "90")).toBe(6_291_000);
  });
  it("rounds fractional areas to whole cents", () => {
    expect(estimateCents(69_900, "89.5")).toBe(6_256_050);
    expect(estimateCents(333, "0.5")).toBe(167);
  });
  it("refuses empty, non-positive, non-numeric and absurd areas", () => {
    for (const bad of ["", " ", "0", "-5", "abc", "1e9"]) expect(estimateCents(69_900, bad)).toBeNull();
  });
});

describe("groupByRoom", () => {
  const item = (id: number, room: string): PackageItem => ({
    id,
    room,
    goodsId: null,
    name: `项${id}`,
    quantity: 1,
    unit: "件",
    cover: null,
  });
  it("groups items by room in order of first appearance", () => {
    const groups = groupByRoom([item(1, "客厅"), item(2, "主卧"), item(3, "客厅"), item(4, "")]);
    expect(groups.map(([room, items]) => [room, items.map((i) => i.id)])).toEqual([
      ["客厅", [1, 3]],
      ["主卧", [2]],
      ["其他", [4]],
    ]);
  });
});
