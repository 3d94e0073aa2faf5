import { render, screen } from "@testing-library/react";
import type { GoodsListItem } from "@yj/contract";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { GoodsCard, priceSuffix } from "./goods-card";
import { GoodsGrid, gridPreload } from "./goods-grid";

const goods = (patch: Partial<GoodsListItem> = {}): GoodsListItem => ({
  id: 7,
  name: "北欧布艺沙发",
  subtitle: "三人位 可拆洗",
  brand: "顾家家居",
  price: 299_900,
  originalPrice: 399_900,
  unit: "件",
  cover: "/media/7.svg",
  tagIds: [],
  sales: 12,
  category1: 10,
  category2: 4,
  category3: 119,
  isPackage: false,
  packagePriceMode: null,
  ...patch,
});

describe("GoodsCard", () => {
  it("shows name, price, original price and brand, linking to the product", () => {
    render(
      <MemoryRouter>
        <GoodsCard goods={goods()} />
      </MemoryRouter>,
    );
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("/app/product-detail/7");
    expect(link.textContent).toContain("北欧布艺沙发");
    expect(link.textContent).toContain("¥2,999");
    expect(link.querySelector("s")?.textContent).toContain("¥3,999");
    expect(link.textContent).toContain("顾家家居");
    const img = screen.getByRole("img");
    expect(img.getAttribute("alt")).toBe("北欧布艺沙发");
    expect(img.getAttribute("width")).toBeTruthy();
    expect(img.getAttribute("height")).toBeTruthy();
  });
  it("links packages to the package screen and prices per ㎡", () => {
    render(
      <MemoryRouter>
        <GoodsCard goods={goods({ id: 9, isPackage: true, packagePriceMode: "per_m2", price: 69_900, unit: "㎡" })} />
      </MemoryRouter>,
    );
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("/packageDetails/9");
    expect(link.textContent).toContain("¥699/㎡");
  });
  it("leaves out an original price that is not higher", () => {
    render(
      <MemoryRouter>
        <GoodsCard goods={goods({ originalPrice: 299_900 })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link").querySelector("s")).toBeNull();
  });
});

describe("priceSuffix", () => {
  it("is per 套 for fixed packages, per ㎡ for per-㎡ ones, per measure for goods", () => {
    expect(priceSuffix({ isPackage: true, packagePriceMode: "fixed", unit: "套" })).toBe("/套");
    expect(priceSuffix({ isPackage: true, packagePriceMode: "per_m2", unit: "㎡" })).toBe("/㎡");
    expect(priceSuffix({ isPackage: false, packagePriceMode: null, unit: "㎡" })).toBe("/㎡");
    expect(priceSuffix({ isPackage: false, packagePriceMode: null, unit: "件" })).toBe("");
  });
});

describe("GoodsGrid", () => {
  it("fetches the first cover first (the page's largest paint), the first screen at once, the rest lazily", () => {
    const items = Array.from({ length: 6 }, (_, i) => goods({ id: i + 1, name: `商品${i + 1}` }));
    render(
      <MemoryRouter>
        <GoodsGrid items={items} eagerCount={4} />
      </MemoryRouter>,
    );
    const imgs = screen.getAllByRole("img");
    expect(imgs.map((img) => img.getAttribute("loading"))).toEqual([null, "eager", "eager", "eager", "lazy", "lazy"]);
    expect(imgs.map((img) => img.getAttribute("fetchpriority"))).toEqual(["high", null, null, null, null, null]);
    expect(gridPreload(items)).toEqual({ href: items[0]!.cover });
  });

  it("leaves every cover lazy where the grid is below the fold (eagerCount 0)", () => {
    const items = Array.from({ length: 3 }, (_, i) => goods({ id: i + 1 }));
    render(
      <MemoryRouter>
        <GoodsGrid items={items} eagerCount={0} />
      </MemoryRouter>,
    );
    const imgs = screen.getAllByRole("img");
    expect(imgs.map((img) => img.getAttribute("loading"))).toEqual(["lazy", "lazy", "lazy"]);
    expect(imgs.some((img) => img.hasAttribute("fetchpriority"))).toBe(false);
  });
});
