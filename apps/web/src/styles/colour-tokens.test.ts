// The colour tokens that colour text (order states, refund and after-sales states, form notes) must
// read on white at WCAG AA's 4.5:1 for normal text: axe caught 已支付 in --success green at 3.5:1 on
// /my-orders (docs/quality.md, the accessibility bar).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(join(import.meta.dirname, "global.css"), "utf8");

function token(name: string): string {
  const value = css.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,6});`))?.[1];
  if (!value) throw new Error(`--${name} is not a hex colour in global.css`);
  return value;
}

/** WCAG 2.1 relative luminance of #rgb or #rrggbb. */
function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe("text colour tokens", () => {
  it.each(["text", "text-secondary", "text-tertiary", "brand", "danger", "success"])(
    "--%s reads on white at 4.5:1 or more",
    (name) => {
      expect(contrastOnWhite(token(name))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("measures as WCAG does", () => {
    expect(contrastOnWhite("#000")).toBeCloseTo(21, 5);
    // The green axe refused: 3.46:1.
    expect(contrastOnWhite("#389e0d")).toBeLessThan(4.5);
  });
});
