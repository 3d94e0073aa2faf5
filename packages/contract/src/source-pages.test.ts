// Source pages by their Chinese names (docs/decisions/0052).
import { describe, expect, it } from "vitest";
import { leadOrigin, pageName, sourceLabel } from "./source-pages.js";

describe("source pages", () => {
  it("names a path by its longest known route, query and all", () => {
    expect(pageName("/")).toBe("首页");
    expect(pageName("/app/product-detail/7?sku=2")).toBe("商品详情");
    expect(pageName("/packageDetails/151")).toBe("套餐详情");
    expect(pageName("/2-14")).toBe("商品分类");
    expect(pageName("/heartPage")).toBe("标准化硬装");
    expect(pageName("/nowhere")).toBeNull();
    expect(sourceLabel("/nowhere · 侧边栏")).toBe("/nowhere · 侧边栏");
  });

  it("builds a form's origin from the page and the button", () => {
    expect(leadOrigin("/decorate-act", "活动定金")).toBe("装修活动 · 活动定金");
    expect(leadOrigin("/iframe")).toBe("全景样板间");
  });

  it("names the raw paths in a stored origin and leaves other text alone", () => {
    expect(sourceLabel("全景样板间 /iframe")).toBe("全景样板间");
    expect(sourceLabel("某商品 - 悦家整装 /app/product-detail/7 · 侧边栏")).toBe("某商品 - 悦家整装 商品详情 · 侧边栏");
    expect(sourceLabel("首页·免费设计")).toBe("首页·免费设计");
    expect(sourceLabel("")).toBe("");
  });
});
