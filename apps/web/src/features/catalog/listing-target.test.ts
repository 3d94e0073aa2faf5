// @vitest-environment node
import type { GoodsCategory } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { resolveListing } from "./listing-target";

const node = (id: number, content: string, level: number, parentId: number | null, subs: GoodsCategory[] = []) => ({
  id,
  content,
  level,
  parentId,
  color: "#888888",
  subCategories: subs,
});
const sofa = node(119, "沙发", 3, 4);
const bed = node(120, "床", 3, 4);
const furniture = node(4, "成品家具", 2, 10, [sofa, bed]);
const soft = node(10, "家具软装", 1, null, [furniture]);
const tree: GoodsCategory[] = [soft];
const q = (s: string) => new URLSearchParams(s);

describe("resolveListing (docs/product.md §2 category paths, id and subId)", () => {
  it("lists the path's level-2 category", () => {
    const t = resolveListing("/2-12", q(""), tree);
    expect(t?.category?.id).toBe(4);
    expect(t?.parent?.id).toBe(10);
    expect(t?.filter).toEqual({ sort: "default", category2: 4 });
    expect(t?.tabs.map((c) => c.id)).toEqual([119, 120]);
    expect(t?.title).toBe("成品家具");
  });
  it("narrows to the subId tab", () => {
    const t = resolveListing("/2-12", q("id=4&subId=120"), tree);
    expect(t?.sub?.id).toBe(120);
    expect(t?.filter).toEqual({ sort: "default", category2: 4, category3: 120 });
    expect(t?.title).toBe("床 - 成品家具");
  });
  it("lets the query's id override the path's category", () => {
    expect(resolveListing("/2-11", q("id=4"), tree)?.category?.id).toBe(4);
  });
  it("ignores a subId that is not a child of the category", () => {
    const t = resolveListing("/2-12", q("id=4&subId=999"), tree);
    expect(t?.sub).toBeUndefined();
    expect(t?.filter).toEqual({ sort: "default", category2: 4 });
  });
  it("treats a level-3 id as its parent with that tab", () => {
    const t = resolveListing("/productList", q("id=119"), tree);
    expect(t?.category?.id).toBe(4);
    expect(t?.sub?.id).toBe(119);
    expect(t?.parent?.id).toBe(10);
  });
  it("lists a level-1 category by category1", () => {
    const t = resolveListing("/productList", q("id=10"), tree);
    expect(t?.filter).toEqual({ sort: "default", category1: 10 });
    expect(t?.tabs.map((c) => c.id)).toEqual([4]);
  });
  it("lists everything on /productList without id", () => {
    const t = resolveListing("/productList", q(""), tree);
    expect(t?.category).toBeUndefined();
    expect(t?.filter).toEqual({ sort: "default" });
    expect(t?.title).toBe("全部商品");
  });
  it("answers null for an unknown or malformed id", () => {
    expect(resolveListing("/2-12", q("id=777"), tree)).toBeNull();
    expect(resolveListing("/2-12", q("id=abc"), tree)).toBeNull();
  });
  it("keeps a known sort and drops an unknown one", () => {
    expect(resolveListing("/2-12", q("sort=price_asc"), tree)?.sort).toBe("price_asc");
    expect(resolveListing("/2-12", q("sort=bogus"), tree)?.sort).toBe("default");
  });
});

describe("resolveListing: product search info (docs/product.md §3 tagIds, type, subType, current, pageSize)", () => {
  it("reads type and subType as the category and its tab", () => {
    const t = resolveListing("/productList", q("type=4&subType=120"), tree);
    expect(t?.category?.id).toBe(4);
    expect(t?.sub?.id).toBe(120);
    expect(t?.filter).toEqual({ sort: "default", category2: 4, category3: 120 });
    // id and subId win where both are given.
    expect(resolveListing("/productList", q("id=10&type=4"), tree)?.category?.id).toBe(10);
    expect(resolveListing("/productList", q("type=abc"), tree)).toBeNull();
  });
  it("filters by tagIds, with or without a category, dropping what is not an id", () => {
    expect(resolveListing("/productList", q("tagIds=5,2,5"), tree)?.filter).toEqual({ sort: "default", tagIds: "2,5" });
    expect(resolveListing("/productList", q("type=4&tagIds=3"), tree)?.filter).toEqual({
      sort: "default",
      category2: 4,
      tagIds: "3",
    });
    expect(resolveListing("/productList", q("tagIds=a,,0"), tree)?.filter).toEqual({ sort: "default" });
  });
  it("starts at the current page with the page size, by the list rules (§5)", () => {
    expect(resolveListing("/productList", q(""), tree)?.paging).toEqual({ current: 1, pageSize: 12 });
    expect(resolveListing("/productList", q("current=3&pageSize=24"), tree)?.paging).toEqual({
      current: 3,
      pageSize: 24,
    });
    expect(resolveListing("/2-12", q("current=0&pageSize=500"), tree)?.paging).toEqual({ current: 1, pageSize: 100 });
    expect(resolveListing("/2-12", q("current=x&pageSize=-4"), tree)?.paging).toEqual({ current: 1, pageSize: 12 });
  });
});
