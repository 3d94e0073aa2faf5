// R1: codes are 6 digits drawn from node:crypto's CSPRNG (randomInt), never Math.random.
import * as crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { generateCode } from "../src/modules/accounts/codes.js";

vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

describe("verification code generator (R1)", () => {
  it("draws from crypto.randomInt over the whole 6-digit range", () => {
    const randomInt = vi.mocked(crypto.randomInt);
    randomInt.mockClear();
    const mathRandom = vi.spyOn(Math, "random");
    generateCode();
    expect(randomInt).toHaveBeenCalledWith(0, 1_000_000);
    expect(mathRandom).not.toHaveBeenCalled();
    mathRandom.mockRestore();
  });

  it("always gives 6 digits, leading zeros kept, spread over the range", () => {
    const codes = Array.from({ length: 5000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(4950);
    // About 10 % start with 0; a generator that dropped leading zeros would give none.
    expect(codes.filter((c) => c.startsWith("0")).length).toBeGreaterThan(300);
    const randomInt = vi.mocked(crypto.randomInt);
    randomInt.mockReturnValueOnce(42 as never);
    expect(generateCode()).toBe("000042");
  });
});
