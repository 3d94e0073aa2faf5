import { describe, expect, it } from "vitest";
import { appendQuery } from "./query-string.js";

describe("appendQuery (docs/product.md §7)", () => {
  it("uses ? when the URL has none", () => {
    expect(appendQuery("/api/goods/index", { current: 1 })).toBe("/api/goods/index?current=1");
  });
  it("uses & when the URL has a query that does not end in ? or &", () => {
    expect(appendQuery("/api/goods/index?isShow=1", { current: 2 })).toBe("/api/goods/index?isShow=1&current=2");
  });
  it("adds nothing between when the URL already ends in ? or &", () => {
    expect(appendQuery("/a?", { b: 1 })).toBe("/a?b=1");
    expect(appendQuery("/a?x=1&", { b: 1 })).toBe("/a?x=1&b=1");
  });
  it("leaves out empty values and encodes Chinese", () => {
    expect(appendQuery("/s", { name: "沙发", city: "", x: undefined })).toBe("/s?name=%E6%B2%99%E5%8F%91");
    expect(appendQuery("/s", {})).toBe("/s");
  });
});
