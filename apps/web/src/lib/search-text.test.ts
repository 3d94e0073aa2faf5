import { describe, expect, it } from "vitest";
import { searchText } from "./search-text";

const read = (qs: string, max = 5) => searchText(new URLSearchParams(qs), "q", max);

describe("searchText (#21 item 6)", () => {
  it("trims and cuts to the API's length", () => {
    expect(read("q=%20现代%20")).toBe("现代");
    expect(read("q=abcdefgh")).toBe("abcde");
    expect(read("")).toBe("");
  });

  it("a NUL or a lone surrogate is no filter; a cut through an emoji drops its first half only", () => {
    expect(read("q=a%00b")).toBe("");
    expect(read(`q=${encodeURIComponent("abcd😀")}`)).toBe("abcd");
    expect(read(`q=${encodeURIComponent("ab")}%ED%A0%80`)).toBe("ab\ufffd\ufffd\ufffd");
  });
});
