// @vitest-environment node
import { describe, expect, it } from "vitest";
import { firstAvailable, skuLabels } from "./sku-chooser";

const sku = (id: number, spec: string, stock = 5) => ({ id, spec, price: 100, stock });

describe("skuLabels", () => {
  it("moves shared axis names to the legend", () => {
    expect(skuLabels([sku(1, "色号:鱼肚白 / 表面:柔光"), sku(2, "色号:鱼肚白 / 表面:亮光")])).toEqual({
      legend: "色号 / 表面",
      labels: ["鱼肚白 / 柔光", "鱼肚白 / 亮光"],
    });
  });
  it("keeps whole specs when the axes differ or are missing", () => {
    expect(skuLabels([sku(1, "1.8m"), sku(2, "2.0m")])).toEqual({ legend: "规格", labels: ["1.8m", "2.0m"] });
    expect(skuLabels([sku(1, "颜色:白"), sku(2, "尺寸:大")]).legend).toBe("规格");
  });
});

describe("firstAvailable", () => {
  it("chooses the first SKU in stock", () => {
    expect(firstAvailable([sku(1, "a", 0), sku(2, "b", 3)])?.id).toBe(2);
  });
  it("falls back to the first when none is in stock, and to nothing without SKUs", () => {
    expect(firstAvailable([sku(1, "a", 0), sku(2, "b", 0)])?.id).toBe(1);
    expect(firstAvailable([])).toBeUndefined();
  });
});
