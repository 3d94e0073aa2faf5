import { describe, expect, it } from "vitest";
import { GoodsIndexQuery } from "./catalog.js";
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE, PAGE_SIZE } from "./constants.js";

const parse = (query: Record<string, unknown>) => GoodsIndexQuery.safeParse(query);

describe("query numbers (common.ts: clampedInt, optionalIdParam)", () => {
  it("take a number sent as text, or as a number", () => {
    expect(parse({ category2: "4", current: "2", pageSize: "12" }).data).toMatchObject({
      category2: 4,
      current: 2,
      pageSize: 12,
    });
    expect(parse({ category2: 4, current: 2, pageSize: 12 }).data).toMatchObject({ category2: 4, current: 2 });
  });

  it("read an empty value as absent: the default page, no filter", () => {
    const { data } = parse({ category2: "", current: "", pageSize: "" });
    expect(data).toEqual({ current: 1, pageSize: PAGE_SIZE });
    expect(parse({}).data).toEqual({ current: 1, pageSize: PAGE_SIZE });
  });

  it("clamp a page number or size out of range, and refuse an id that cannot be one", () => {
    expect(parse({ current: "0", pageSize: "100000" }).data).toMatchObject({ current: 1, pageSize: MAX_PAGE_SIZE });
    expect(parse({ current: String(MAX_PAGE_NUMBER + 5) }).data).toMatchObject({ current: MAX_PAGE_NUMBER });
    expect(parse({ category2: "0" }).error?.issues[0]?.message).toBe("二级分类无效");
    expect(parse({ category2: "2147483648" }).error?.issues[0]?.message).toBe("二级分类无效");
  });

  it("refuse what is not a number, blank or repeated", () => {
    for (const bad of [{ current: "abc" }, { category2: "x" }, { category2: "  " }, { pageSize: ["1", "2"] }]) {
      expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
