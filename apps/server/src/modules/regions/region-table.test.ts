import { describe, expect, it } from "vitest";
import { getRegionChildren, ROOT_REGION_CODE } from "./region-table";

describe("getRegionChildren", () => {
  it("lists 34 provinces under the root, including Taiwan, Hong Kong and Macau", () => {
    const provinces = getRegionChildren(ROOT_REGION_CODE);
    expect(provinces).not.toBeNull();
    expect(Object.keys(provinces ?? {})).toHaveLength(34);
    expect(provinces).toMatchObject({
      "330000": "浙江省",
      "710000": "台湾省",
      "810000": "香港特别行政区",
      "820000": "澳门特别行政区",
    });
  });

  it("walks 浙江省 → 杭州市 → 西湖区 → towns", () => {
    expect(getRegionChildren("330000")).toMatchObject({ "330100": "杭州市" });

    const districts = getRegionChildren("330100") ?? {};
    const xihu = Object.entries(districts).find(([, name]) => name === "西湖区");
    expect(xihu).toBeDefined();

    const towns = getRegionChildren(xihu?.[0] ?? "");
    expect(towns).not.toBeNull();
    const codes = Object.keys(towns ?? {});
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(code).toMatch(/^\d{9}$/);
  });

  it("includes the Xinjiang corps cities and their towns", () => {
    const xinjiang = getRegionChildren("650000");
    expect(xinjiang).toMatchObject({ "659000": "自治区直辖县级行政区划" });

    const names = Object.values(getRegionChildren("659000") ?? {});
    for (const name of [
      "石河子市",
      "阿拉尔市",
      "图木舒克市",
      "五家渠市",
      "北屯市",
      "铁门关市",
      "双河市",
      "可克达拉市",
      "昆玉市",
      "胡杨河市",
      "新星市",
      "白杨市",
    ]) {
      expect(names).toContain(name);
    }
    expect(Object.keys(getRegionChildren("659001") ?? {}).length).toBeGreaterThan(0);
  });

  it("gives Hong Kong generated city and district codes", () => {
    const groups = getRegionChildren("810000") ?? {};
    expect(Object.values(groups)).toContain("香港岛");
    expect(getRegionChildren("810100")).toMatchObject({ "810101": "中西区" });
  });

  it("returns null for unknown codes and leaf regions", () => {
    expect(getRegionChildren("999999")).toBeNull();
    expect(getRegionChildren("")).toBeNull();
    expect(getRegionChildren("810101")).toBeNull();
    expect(getRegionChildren("110101001")).toBeNull();
  });

  it("returns null for junk input without throwing", () => {
    for (const junk of ["'; drop table", "x".repeat(5000), "1".repeat(5000), "__proto__", "constructor"]) {
      expect(() => getRegionChildren(junk)).not.toThrow();
      expect(getRegionChildren(junk)).toBeNull();
    }
  });
});
