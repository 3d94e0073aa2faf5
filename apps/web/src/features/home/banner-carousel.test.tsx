// The home carousel turns every five seconds, but never under a reader's pointer or keyboard focus,
// nor for a visitor who asked for less motion (WCAG 2.2.2 and 2.3.3), nor where nobody can see it:
// scrolled out of view or in a hidden tab (docs/decisions/0105). Only the slide on show has its
// picture at first; the next one's is fetched shortly before its turn (docs/decisions/0108).
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
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

/** The banner pictures in the page, by address. */
function pictures(): string[] {
  return Array.from(document.querySelectorAll('[aria-roledescription="carousel"] img'), (img) =>
    img.getAttribute("src"),
  ).filter((src) => src !== null);
}

function preferLessMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** An IntersectionObserver the test drives: `show(false)` reports the carousel out of view. */
function observeByHand() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  return {
    show(isIntersecting: boolean) {
      for (const { callback, targets } of observers)
        for (const target of targets)
          act(() => callback([{ target, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));
    },
    observed: () => observers.flatMap((o) => o.targets),
  };
}

function setPageHidden(hidden: boolean) {
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (hidden ? "hidden" : "visible"),
  });
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

describe("the home carousel", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, "visibilityState");
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
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownHeadline()).toBe("第1个活动");
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(5000));
    expect(shownHeadline()).toBe("第2个活动");

    fireEvent.focus(screen.getAllByRole("link")[0] as HTMLElement);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownHeadline()).toBe("第2个活动");
  });

  it("does not turn by itself for a visitor who prefers less motion", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    preferLessMotion(true);
    showCarousel();
    act(() => vi.advanceTimersByTime(20_000));
    expect(shownHeadline()).toBe("第1个活动");
  });

  it("holds still while scrolled out of view, and turns again once back", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    preferLessMotion(false);
    const view = observeByHand();
    const carousel = showCarousel();
    expect(view.observed()).toEqual([carousel]);
    view.show(false);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownHeadline()).toBe("第1个活动");
    view.show(true);
    act(() => vi.advanceTimersByTime(5000));
    expect(shownHeadline()).toBe("第2个活动");
  });

  it("holds still in a hidden tab, and turns again once the tab is shown", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    preferLessMotion(false);
    showCarousel();
    setPageHidden(true);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownHeadline()).toBe("第1个活动");
    setPageHidden(false);
    act(() => vi.advanceTimersByTime(5000));
    expect(shownHeadline()).toBe("第2个活动");
  });

  it("has only the first slide's picture at first, and the next one's shortly before its turn", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    preferLessMotion(false);
    showCarousel();
    expect(pictures()).toEqual(["/uploads/banner-1.jpg"]);
    // Every slide keeps its words, with or without its picture.
    expect(document.querySelectorAll("[data-banner-headline]")).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1999));
    expect(pictures()).toEqual(["/uploads/banner-1.jpg"]);
    act(() => vi.advanceTimersByTime(1));
    expect(pictures()).toEqual(["/uploads/banner-1.jpg", "/uploads/banner-2.jpg"]);
    act(() => vi.advanceTimersByTime(3000));
    expect(shownHeadline()).toBe("第2个活动");
    expect(pictures()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(pictures()).toHaveLength(3);
  });

  it("fetches no later picture while it holds still out of view or for less motion", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    preferLessMotion(false);
    const view = observeByHand();
    showCarousel();
    view.show(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(pictures()).toEqual(["/uploads/banner-1.jpg"]);
    cleanup();

    preferLessMotion(true);
    showCarousel();
    act(() => vi.advanceTimersByTime(20_000));
    expect(pictures()).toEqual(["/uploads/banner-1.jpg"]);
  });

  it("has every slide's picture once a visitor points at the carousel or tabs into it, or picks a slide by its dot", () => {
    preferLessMotion(true);
    const carousel = showCarousel();
    fireEvent.mouseEnter(carousel);
    expect(pictures()).toHaveLength(3);
    cleanup();

    showCarousel();
    fireEvent.focus(screen.getAllByRole("link")[0] as HTMLElement);
    expect(pictures()).toHaveLength(3);
    cleanup();

    showCarousel();
    fireEvent.click(screen.getByRole("button", { name: "第 3 张：活动3" }));
    expect(shownHeadline()).toBe("第3个活动");
    expect(pictures()).toEqual(["/uploads/banner-1.jpg", "/uploads/banner-3.jpg"]);
  });
});
