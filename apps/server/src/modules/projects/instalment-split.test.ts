// Property-based tests of the remainder rule (docs/quality.md R21): cents add up exactly.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recomputeInstalments, splitCents } from "./instalment-split.js";

const cents = fc.integer({ min: 0, max: 9_999_999_999 });
const weights = fc
  .array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 12 })
  .filter((w) => w.some((x) => x > 0));

describe("splitCents", () => {
  it("splits 30/30/30/10 with the remainder on the largest fractions", () => {
    expect(splitCents(100_001, [30, 30, 30, 10])).toEqual([30_001, 30_000, 30_000, 10_000]);
    expect(splitCents(1, [30, 30, 30, 10])).toEqual([1, 0, 0, 0]);
    expect(splitCents(3, [30, 30, 30, 10])).toEqual([1, 1, 1, 0]);
    expect(splitCents(9_999_999_999, [30, 30, 30, 10])).toEqual([
      3_000_000_000, 3_000_000_000, 2_999_999_999, 1_000_000_000,
    ]);
  });

  it("adds up exactly, never negative, each part within one cent of its exact share", () => {
    fc.assert(
      fc.property(cents, weights, (total, w) => {
        const parts = splitCents(total, w);
        const sum = w.reduce((a, b) => a + b, 0);
        expect(parts).toHaveLength(w.length);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((part, i) => {
          expect(Number.isInteger(part)).toBe(true);
          const exact = (total * (w[i] ?? 0)) / sum;
          expect(part).toBeGreaterThanOrEqual(Math.floor(exact) - 1);
          expect(part).toBeLessThanOrEqual(Math.ceil(exact) + 1);
          if (w[i] === 0) expect(part).toBe(0);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses what cannot be split", () => {
    expect(() => splitCents(-1, [1])).toThrow(RangeError);
    expect(() => splitCents(1.5, [1])).toThrow(RangeError);
    expect(() => splitCents(10, [0, 0])).toThrow(RangeError);
    expect(() => splitCents(10, [])).toThrow(RangeError);
  });
});

describe("recomputeInstalments", () => {
  it("keeps paid amounts and adds the new contract up exactly after any sequence of changes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: -50_000_000, max: 50_000_000 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 4 }),
        (start, changes, paidCount) => {
          const percents = [30, 30, 30, 10];
          let amounts = splitCents(start, percents);
          let contract = start;
          const paid = percents.map((_, i) => i < paidCount);
          for (const delta of changes) {
            const next = contract + delta;
            if (next < 0) continue;
            const before = amounts;
            const result = recomputeInstalments(
              next,
              percents.map((percent, i) => ({ percent, amountCents: before[i] ?? 0, paid: paid[i] ?? false })),
            );
            const paidCents = before.filter((_, i) => paid[i]).reduce((a, b) => a + b, 0);
            if (result === null) {
              // Refused only when the paid part exceeds the new contract, or nothing unpaid can carry it.
              expect(paidCents > next || (paid.every(Boolean) && next !== paidCents)).toBe(true);
              continue;
            }
            expect(result.reduce((a, b) => a + b, 0)).toBe(next);
            result.forEach((amount, i) => {
              expect(amount).toBeGreaterThanOrEqual(0);
              if (paid[i]) expect(amount).toBe(before[i]);
            });
            amounts = result;
            contract = next;
          }
          expect(amounts.reduce((a, b) => a + b, 0)).toBe(contract);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
