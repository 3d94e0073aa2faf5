import { describe, expect, it } from "vitest";
import { WindowCounter } from "./window-counter.js";

describe("WindowCounter", () => {
  it("allows `limit` hits per key and window, then says how long until the window ends", () => {
    const counter = new WindowCounter(2, 60_000);
    const t0 = 1_000_000 * 60_000;
    expect([counter.hit("a", t0), counter.hit("a", t0 + 1000)]).toEqual([0, 0]);
    expect(counter.hit("a", t0 + 15_000)).toBe(45_000);
    expect(counter.hit("b", t0 + 15_000)).toBe(0);
    expect(counter.hit("a", t0 + 60_000)).toBe(0);
  });

  it("tracks at most maxKeys keys a window: further keys pass, counted keys stay limited", () => {
    const counter = new WindowCounter(1, 60_000, 2);
    expect([counter.hit("a", 0), counter.hit("b", 0), counter.hit("c", 0), counter.hit("c", 0)]).toEqual([0, 0, 0, 0]);
    expect(counter.hit("a", 1)).toBeGreaterThan(0);
  });
});
