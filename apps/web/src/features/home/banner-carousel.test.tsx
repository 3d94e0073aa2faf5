// The home carousel turns every five seconds, but never under a reader's pointer or keyboard focus,
// nor for a visitor who asked for less motion (WCAG 2.2.2 and 2.3.3).
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { Banner } from "@yj/contract";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BannerCarousel } from "./banner-carousel";

const banner = (id: number): Banner => ({
  id,
  title: `活动${id}`,
  image: `/uploads/banner-${id}.jpg`,
  link: `/activity/${id}`,
  province: null,
  city: null,
  headline: `第${id}个活动`,
});

function showCarousel() {
  render(
    <MemoryRouter>
      <BannerCarousel banners={[banner(1), banner(2), banner(3)]} />
    </MemoryRouter>,
  );
  return screen.getByRole("region", { name: "活动推荐" });
}

/** The headline of the one slide not hidden from assistive technology. */
function shownHeadline(): string | null {
  const slide = document.querySelector('[aria-roledescription="carousel"] a:not([aria-hidden="true"])');
  return slide?.querySelector("[data-banner-headline]")?.textContent ?? null;
}

function preferLessMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe("the home carousel", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("turns to the next slide every five seconds", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    preferLessMotion(false);
    showCarousel();
    expect(shownHeadline()).toBe("第1个活动");
    act(() => vi.advanceTimersByTime(5000));
    expect(shownHeadline()).toBe("第2个活动");
  });

  it("holds still under the pointer and under keyboard focus, and turns again after", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    preferLessMotion(false);
    const carousel = showCarousel();
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(15_000));
    expect(shownHeadline()).toBe("第1个活动");
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(5000));
    expect(shownHeadline()).toBe("第2个活动");

    fireEvent.focus(screen.getAllByRole("link")[0] as HTMLElement);
    act(() => vi.advanceTimersByTime(15_000));
    expect(shownHeadline()).toBe("第2个活动");
  });

  it("does not turn by itself for a visitor who prefers less motion", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    preferLessMotion(true);
    showCarousel();
    act(() => vi.advanceTimersByTime(20_000));
    expect(shownHeadline()).toBe("第1个活动");
  });
});
