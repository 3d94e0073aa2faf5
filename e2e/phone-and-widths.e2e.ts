// The storefront between widths and on a phone (#27 items 7, 8 and 9), in Chromium against the built
// server: the hero headline is text over the picture and fits at every width; the home 装修攻略 list
// fits a 375 px phone with its dates; buy buttons keep their labels on one line; the pay page says how
// to pay with the phone that shows the code. Screenshots of home and the pay page at four widths.
import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { customerWithOrder } from "./support/customer";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();

const WIDTHS = [1440, 1024, 768, 375] as const;
const heightFor = (width: number) => (width === 375 ? 812 : 900);

/**
 * The shown slide's headline: its text, its box relative to its slide (the carousel turns every 5 s,
 * so the slide may be moving), the slide's and the carousel's size, and whether the text is clipped.
 */
function heroHeadline(page: Page) {
  return page.evaluate(() => {
    const carousel = document.querySelector<HTMLElement>('[aria-roledescription="carousel"]');
    const slide = carousel?.querySelector<HTMLElement>('a:not([aria-hidden="true"])');
    const headline = slide?.querySelector<HTMLElement>("[data-banner-headline]");
    if (!carousel || !slide || !headline) return null;
    const c = carousel.getBoundingClientRect();
    const s = slide.getBoundingClientRect();
    const h = headline.getBoundingClientRect();
    const style = getComputedStyle(headline);
    return {
      text: headline.innerText.trim(),
      left: h.left - s.left,
      right: h.right - s.left,
      top: h.top - s.top,
      bottom: h.bottom - s.top,
      slide: { width: s.width, height: s.height },
      carousel: { width: c.width, height: c.height, left: c.left },
      viewport: window.innerWidth,
      // Sideways only: a CJK font's glyph boxes are taller than its line height, which is no clipping.
      clipped: headline.scrollWidth > headline.clientWidth,
      sizes: [headline.scrollWidth, headline.clientWidth],
      visible: style.visibility === "visible" && style.display !== "none" && Number(style.opacity) > 0,
    };
  });
}

/**
 * The lightest background under the shown slide's headline and sub-line, as WCAG relative luminance:
 * the words are made transparent, the boxes photographed, and the photograph read back in the page.
 * Answers null when the carousel turned meanwhile (the caller tries again).
 */
async function lightestUnderWords(page: Page): Promise<number | null> {
  // Through the CSSOM: the shop's CSP refuses an added <style> (and a style attribute).
  const wordsHidden = (hidden: boolean) =>
    page.evaluate((hidden) => {
      for (const e of Array.from(
        document.querySelectorAll<HTMLElement>("[data-banner-headline], [data-banner-headline] + span"),
      )) {
        e.style.setProperty("color", hidden ? "transparent" : "");
        e.style.setProperty("text-shadow", hidden ? "none" : "");
      }
    }, hidden);
  await wordsHidden(true);
  try {
    const before = await page.evaluate(() => {
      const slide = document.querySelector('[aria-roledescription="carousel"] a:not([aria-hidden="true"])');
      const words = slide?.querySelector("[data-banner-headline]")?.parentElement;
      const r = Array.from(words?.children ?? [])
        .slice(0, 2)
        .map((e) => e.getBoundingClientRect());
      const s = slide!.getBoundingClientRect();
      return {
        id: slide!.getAttribute("href"),
        slideLeft: s.left,
        boxes: r.map((b) => ({ x: b.x, y: b.y, width: b.width, height: b.height })),
      };
    });
    if (before.slideLeft !== 0) return null;
    const shots = [];
    for (const clip of before.boxes) shots.push((await page.screenshot({ clip })).toString("base64"));
    const after = await page.evaluate(() => {
      const slide = document.querySelector('[aria-roledescription="carousel"] a:not([aria-hidden="true"])');
      return { id: slide?.getAttribute("href"), slideLeft: slide?.getBoundingClientRect().left };
    });
    if (after.id !== before.id || after.slideLeft !== 0) return null;
    // Read back in a blank tab: the shop's CSP (rightly) refuses data: fetches.
    const reader = await page.context().newPage();
    try {
      return await lightestPixel(reader, shots);
    } finally {
      await reader.close();
    }
  } finally {
    await wordsHidden(false);
  }
}

/** The highest WCAG relative luminance of any pixel in the PNGs (base64). */
function lightestPixel(reader: Page, shots: string[]): Promise<number> {
  return reader.evaluate(async (pngs) => {
    const lum = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    let lightest = 0;
    for (const png of pngs) {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      for (let i = 0; i < data.length; i += 4) {
        const l = 0.2126 * lum(data[i]!) + 0.7152 * lum(data[i + 1]!) + 0.0722 * lum(data[i + 2]!);
        if (l > lightest) lightest = l;
      }
    }
    return lightest;
  }, shots);
}

/** The lines a button's label takes (distinct line tops of its text), and whether it fits the viewport. */
function labelLines(page: Page, name: string) {
  return page.getByRole("button", { name, exact: true }).evaluate((button) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    );
    const box = button.getBoundingClientRect();
    return {
      lines: tops.size,
      textHeight: range.getBoundingClientRect().height,
      fontSize: Number.parseFloat(getComputedStyle(button).fontSize),
      inside: box.left >= 0 && box.right <= window.innerWidth,
    };
  });
}

describe("the storefront between widths and on a phone", () => {
  it("shows the hero headline as text, whole and inside the banner, at every width (#27 item 7)", async () => {
    const { page, errors } = await shop.open("/");
    // A visitor who asked for less motion: the carousel holds its first slide while it is photographed.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: heightFor(width) });
      await page.evaluate(() => window.scrollTo(0, 0));
      const hero = await heroHeadline(page);
      expect(hero, `${width} px: a headline in the banner's HTML`).not.toBeNull();
      expect(hero!.text.length, `${width} px`).toBeGreaterThan(1);
      expect(hero!.visible, `${width} px`).toBe(true);
      expect(hero!.clipped, `${width} px: scrollWidth ≤ clientWidth (${hero!.sizes})`).toBe(false);
      // The slide is the carousel's box, which spans the viewport; the headline lies wholly inside it.
      expect(hero!.slide, `${width} px`).toEqual({ width: hero!.carousel.width, height: hero!.carousel.height });
      expect(hero!.carousel.left).toBe(0);
      expect(hero!.carousel.width).toBeLessThanOrEqual(hero!.viewport);
      expect(hero!.left, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(hero!.right, `${width} px`).toBeLessThanOrEqual(hero!.slide.width);
      expect(hero!.top, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(hero!.bottom, `${width} px`).toBeLessThanOrEqual(hero!.slide.height);
      // White words keep 4.5:1 over the lightest point of the scrim-darkened picture under them.
      let lightest: number | null = null;
      for (let attempt = 0; attempt < 4 && lightest === null; attempt++) lightest = await lightestUnderWords(page);
      expect(lightest, `${width} px: the carousel held still for a photograph`).not.toBeNull();
      expect(1.05 / (lightest! + 0.05), `${width} px: contrast of white over the picture`).toBeGreaterThanOrEqual(4.5);
      await screenshot(page, `widths-home-${width}`);
    }
    expect(errors).toEqual([]);
  });

  it("fits the home 装修攻略 list into a 375 px phone with every date visible (#27 item 8)", async () => {
    const { page } = await shop.open("/", 375, 812);
    const section = page.locator("section", { has: page.getByRole("heading", { name: /装修攻略/ }) });
    await section.scrollIntoViewIfNeeded();
    const items = section.locator("li");
    expect(await items.count()).toBeGreaterThan(0);
    const boxes = await items.evaluateAll((lis) =>
      lis.map((li) => {
        const r = li.getBoundingClientRect();
        const time = li.querySelector("time")!.getBoundingClientRect();
        const title = li.querySelector("a > span:nth-child(2)") as HTMLElement;
        return {
          width: r.width,
          right: r.right,
          timeLeft: time.left,
          timeRight: time.right,
          timeWidth: time.width,
          titleClipped: title.scrollWidth > title.clientWidth,
        };
      }),
    );
    for (const [i, b] of boxes.entries()) {
      expect(b.right, `item ${i} within the viewport (width ${b.width})`).toBeLessThanOrEqual(375);
      expect(b.timeWidth, `item ${i} date`).toBeGreaterThan(0);
      expect(b.timeLeft, `item ${i} date`).toBeGreaterThanOrEqual(0);
      expect(b.timeRight, `item ${i} date`).toBeLessThanOrEqual(375);
      expect(b.titleClipped, `item ${i} title wraps rather than running out sideways`).toBe(false);
    }
    await expectNoHorizontalScroll(page);
    await screenshot(page, "widths-home-guides-375");
  });

  it("keeps 立即购买, 加入购物车 and 收藏 on one line at 375 px on product and package pages (#27 item 8)", async () => {
    for (const path of ["/app/product-detail/1", "/packageDetails/151"]) {
      const { page } = await shop.open(path, 375, 812);
      for (const name of ["立即购买", "加入购物车"]) {
        const label = await labelLines(page, name);
        expect(label.lines, `${path} ${name}`).toBe(1);
        expect(label.textHeight, `${path} ${name}: one line high`).toBeLessThan(label.fontSize * 2);
        expect(label.inside, `${path} ${name} inside the viewport`).toBe(true);
      }
      await page.getByRole("button", { name: "立即购买", exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `widths-buy-375${path.replaceAll("/", "-")}`);
      await page.close();
    }
  });

  it("tells a phone how to pay with the phone that shows the code, and keeps it off wide screens (#27 item 9)", async () => {
    const { session, orderNo } = await customerWithOrder(shop.server, { name: "手机付款" });
    await shop.browser.addCookies([
      { name: TOKEN_COOKIE, value: session.token, url: shop.server.url },
      { name: CSRF_COOKIE, value: session.csrf, url: shop.server.url },
    ]);
    try {
      const { page, errors } = await shop.open(`/pay/${orderNo}`, 375, 812);
      await page.getByRole("img", { name: "支付宝付款码" }).waitFor();
      const steps = page.getByTestId("phone-pay-steps");
      await steps.scrollIntoViewIfNeeded();
      expect(await steps.isVisible()).toBe(true);
      const text = await steps.innerText();
      expect(text).toContain("截屏保存");
      expect(text).toContain("相册");
      expect(text).toContain("支付宝");
      // The demo shop pays with the offline provider: the steps point at its button.
      expect(text).toContain("模拟支付");
      const box = (await steps.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await expectNoHorizontalScroll(page);
      for (const width of [375, 768, 1024, 1440]) {
        await page.setViewportSize({ width, height: heightFor(width) });
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `widths-pay-${width}`);
        if (width === 375) await steps.scrollIntoViewIfNeeded().then(() => screenshot(page, "widths-pay-375-steps"));
      }
      // A computer scans the code with a phone: no steps for it.
      expect(await steps.isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await shop.browser.clearCookies();
    }
  });
});
