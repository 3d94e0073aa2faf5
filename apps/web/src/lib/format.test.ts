import { describe, expect, it } from "vitest";
import { formatDate, formatPrice, timeAgo } from "./format";

describe("formatPrice (docs/product.md §9: cents / 100)", () => {
  it("writes whole yuan without decimals and with thousands separators", () => {
    expect(formatPrice(129_900)).toBe("¥1,299");
    expect(formatPrice(0)).toBe("¥0");
  });
  it("writes two decimals when there are fen", () => {
    expect(formatPrice(129_950)).toBe("¥1,299.50");
    expect(formatPrice(5)).toBe("¥0.05");
    expect(formatPrice(123_456_789)).toBe("¥1,234,567.89");
  });
  it("agrees with the zh-CN number format", () => {
    const zh = new Intl.NumberFormat("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const cents of [1, 99, 100, 1_000_00, 99_999_99, 100_000_00, 7_654_321_00 + 7]) {
      const expected = `¥${zh.format(cents / 100)}`.replace(/\.00$/, "");
      expect(formatPrice(cents), String(cents)).toBe(expected);
    }
  });
});

describe("timeAgo and formatDate", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it("counts minutes, hours, then days", () => {
    expect(timeAgo("2026-11-22T11:30:00Z", now)).toBe("30 分钟前");
    expect(timeAgo("2026-11-22T09:00:00Z", now)).toBe("3 小时前");
    expect(timeAgo("2026-11-19T12:00:00Z", now)).toBe("3 天前");
  });
  it("keeps the date part", () => {
    expect(formatDate("2026-11-22T12:00:00Z")).toBe("2026-11-22");
  });
});
