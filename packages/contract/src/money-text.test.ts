// The one money rule on screen (issue #27 item 12): the storefront's ¥1,299 and the back office's
// ¥14,660.00 group thousands the same way.
import { describe, expect, it } from "vitest";
import { formatCents } from "./money.js";

describe("formatCents", () => {
  it("groups thousands and drops .00 for the storefront", () => {
    expect(formatCents(0)).toBe("¥0");
    expect(formatCents(129_900)).toBe("¥1,299");
    expect(formatCents(129_950)).toBe("¥1,299.50");
    expect(formatCents(1_466_000)).toBe("¥14,660");
    expect(formatCents(999_999_999)).toBe("¥9,999,999.99");
    expect(formatCents(-5)).toBe("-¥0.05");
  });

  it("always shows the fen when fixed, as the back office does", () => {
    expect(formatCents(1_466_000, { fixed: true })).toBe("¥14,660.00");
    expect(formatCents(12_900, { fixed: true })).toBe("¥129.00");
    expect(formatCents(234_567, { fixed: true })).toBe("¥2,345.67");
  });
});
