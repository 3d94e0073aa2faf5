// Home's category entries: each is a line drawing of its category, not the first letter of its name
// (two menu names start with 定 and two with 成, docs/decisions/0057-demo-pictures-are-drawings.md).
import { screen, within } from "@testing-library/react";
import { type GoodsCategory, MENU_CATEGORY_IDS, routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import HomeScreen from "./home-screen";

const NAMES: Record<number, string> = {
  49: "精选主材",
  6: "成品家具套餐/精选套餐",
  9: "定制橱柜",
  8: "定制空间家具",
  4: "成品家具",
  3: "墙面/护墙系统",
  5: "软装配饰",
  50: "家电",
};

const level2 = (id: number): GoodsCategory => ({
  id,
  content: NAMES[id] ?? `分类${id}`,
  parentId: 1,
  level: 2,
  color: "#8c6e54",
  subCategories: [],
});

const tree: GoodsCategory[] = [
  { id: 1, content: "全部", parentId: null, level: 1, color: "#8c6e54", subCategories: MENU_CATEGORY_IDS.map(level2) },
];

describe("home category entries", () => {
  it("show a drawing per category, each different, and no letter", () => {
    renderApp(<HomeScreen />, { prime: (set) => set(routes.goodsCategories, undefined, tree) });
    const links = within(screen.getByRole("navigation", { name: "商品分类" })).getAllByRole("link");
    expect(links).toHaveLength(MENU_CATEGORY_IDS.length);
    const drawings = links.map((link) => {
      const icon = link.firstElementChild as HTMLElement;
      // The icon holds a drawing and no text: the category's name is the link's only text.
      expect(icon.textContent, link.textContent ?? "").toBe("");
      const path = icon.querySelector("svg path")?.getAttribute("d");
      expect(path, link.textContent ?? "").toBeTruthy();
      return path;
    });
    expect(new Set(drawings).size).toBe(MENU_CATEGORY_IDS.length);
  });
});
