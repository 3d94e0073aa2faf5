// Site paths are decided by parsing as a browser does (docs/decisions/0047), not by a pattern.
import { describe, expect, it } from "vitest";
import { linkTarget, sameSitePath, webAddress } from "./site-links.js";

describe("site links", () => {
  it("keeps paths on this site, normalised", () => {
    expect(sameSitePath("/case")).toBe("/case");
    expect(sameSitePath("/packageDetails/151?from=banner#top")).toBe("/packageDetails/151?from=banner#top");
    expect(sameSitePath("/a/../about")).toBe("/about");
    expect(sameSitePath("/")).toBe("/");
  });

  it("refuses what a browser would read as another site, and what is not a path", () => {
    for (const bad of [
      "/\\evil.example",
      "/\\/evil.example",
      "//evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "\\\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "case",
      "",
      "/a b",
      "/a\u0000",
    ])
      expect(sameSitePath(bad), JSON.stringify(bad)).toBeNull();
  });

  it("web addresses: http(s) with a host only", () => {
    expect(webAddress("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(webAddress("HTTP://Example.com")).toBe("http://example.com/");
    for (const bad of ["javascript:alert(1)", "https://", "ftp://x", "/case", "https://a b.com", "data:text/html,x"])
      expect(webAddress(bad), bad).toBeNull();
    expect(linkTarget("/\\evil.example", { web: true })).toBeNull();
    expect(linkTarget("https://example.com", { web: false })).toBeNull();
    expect(linkTarget("/case", { web: false })).toBe("/case");
  });
});
