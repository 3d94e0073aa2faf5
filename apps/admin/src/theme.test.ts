// The theme's text colours read on white at WCAG AA's 4.5:1 (see theme.ts).
import { describe, expect, it } from "vitest";
import { THEME } from "./theme";

/** WCAG 2.1 relative luminance of #rrggbb, or of rgba(0, 0, 0, a) laid over white. */
function luminance(colour: string): number {
  const black = colour.match(/^rgba\(0, 0, 0, ([\d.]+)\)$/);
  const channels = black
    ? [0, 0, 0].map(() => 1 - Number(black[1]))
    : [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrastOnWhite = (colour: string) => 1.05 / (luminance(colour) + 0.05);

describe("the back office's theme", () => {
  it.each(Object.entries(THEME.token))("%s (%s) reads on white at 4.5:1 or more", (_, colour) => {
    expect(contrastOnWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });

  it("measures as WCAG does: antd's own error red and 45 % black fail", () => {
    expect(contrastOnWhite("#ff4d4f")).toBeLessThan(4.5);
    expect(contrastOnWhite("rgba(0, 0, 0, 0.45)")).toBeLessThan(4.5);
    expect(contrastOnWhite("rgba(0, 0, 0, 0.65)")).toBeGreaterThan(4.5);
  });
});
