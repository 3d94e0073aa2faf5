// Issue #27 items 5 and 6 (docs/decisions/0054): on a phone the city can be changed from the header and the
// side panel gives way to a bottom bar and a sticky buy bar; between 768 and 1419 px the content keeps
// clear of the side panel, and at 1200 px the header's cart badge is whole. Screenshots of the pages a
// shopper walks through at every width go to e2e/screenshots/phone-layout-*.
import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, SCREENSHOTS, screenshot } from "./support/browser";
import { customerWithOrder } from "./support/customer";
import type { Session } from "./support/http";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
const { open } = shop;

const CATEGORY = "/2-12?id=4";
const PRODUCT = "/app/product-detail/1";

interface Box {
  what: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * What floats over the page: the side panel's buttons, the wide booking card, and the phone's bars. The
 * reading area is the viewport between the fixed header and the bars anchored across the bottom (the
 * bottom bar, the buy bar), which content scrolls under as it does under the header.
 */
async function overlaysAndReadingArea(page: Page): Promise<{ overlays: Box[]; top: number; bottom: number }> {
  return page.evaluate(() => {
    const box = (what: string, el: Element) => {
      const r = el.getBoundingClientRect();
      return { what, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const overlays: Box[] = [];
    const panel = document.querySelector("aside[aria-label='快捷服务']");
    for (const item of panel ? Array.from(panel.children) : []) if (shown(item)) overlays.push(box("side panel", item));
    const card = document.querySelector("[data-testid='extra-wide-card']");
    if (card && shown(card)) overlays.push(box("booking card", card));
    let bottom = window.innerHeight;
    for (const bar of Array.from(document.querySelectorAll("[data-testid='bottom-bar'], [data-testid='buy-bar']"))) {
      if (!shown(bar) || getComputedStyle(bar).position !== "fixed") continue;
      const r = bar.getBoundingClientRect();
      // Only a bar across the whole width, at the viewport's foot, counts as the reading area's edge.
      if (r.left <= 0 && r.right >= document.documentElement.clientWidth && r.top > window.innerHeight / 2)
        bottom = Math.min(bottom, r.top);
      else overlays.push(box("floating bar", bar));
    }
    const header = document.querySelector("header");
    const top = header && getComputedStyle(header).position === "fixed" ? header.getBoundingClientRect().bottom : 0;
    return { overlays, top, bottom };
  });
}

/** Visible prices and titles in the page's content, with their boxes in the viewport. */
async function pricesAndTitles(page: Page, extra = ""): Promise<Box[]> {
  return page.evaluate((extraSelector) => {
    const selector = `main h1, main h2, main h3, main [class*='price'], main [class*='Price']${extraSelector}`;
    return Array.from(document.querySelectorAll(selector))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && el.closest("[data-testid='buy-bar']") === null;
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        const text = (el.textContent ?? "").trim().slice(0, 20);
        return { what: text, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      });
  }, extra);
}

const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Scrolls the page from top to end; at each step every price and title inside the reading area must be
 * free of every overlay. Answers the overlaps found, as text.
 */
async function coveredContent(page: Page, extra = ""): Promise<string[]> {
  const found = new Set<string>();
  const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const step = await page.evaluate(() => Math.round(window.innerHeight / 3));
  for (let y = 0; y <= end + step; y += step) {
    await page.evaluate((to) => window.scrollTo(0, to), Math.min(y, end));
    const { overlays, top, bottom } = await overlaysAndReadingArea(page);
    for (const item of await pricesAndTitles(page, extra)) {
      if (item.top < top || item.bottom > bottom) continue;
      for (const overlay of overlays)
        if (intersects(item, overlay))
          found.add(`${overlay.what} covers "${item.what}" (x ${Math.round(item.left)}–${Math.round(item.right)})`);
    }
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...found];
}

/** Scrolls to the page's end, again until it stays there (late images and hydration may move it). */
async function scrollToEnd(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.documentElement.scrollHeight - window.innerHeight - window.scrollY;
      }),
    )
    .toBeLessThanOrEqual(1);
}

async function logIn(session: Session) {
  await shop.browser.addCookies([
    { name: TOKEN_COOKIE, value: session.token, url: shop.server.url },
    { name: CSRF_COOKIE, value: session.csrf, url: shop.server.url },
  ]);
}

describe("the storefront on a phone and between widths", () => {
  it("changes the city from the header on a phone, by keyboard, and keeps the choice", async () => {
    const { page, errors } = await open(PRODUCT, 375, 812);
    const city = page.getByRole("button", { name: /切换城市/ });
    await city.waitFor();
    expect(await city.innerText()).toContain("杭州");
    await city.focus();
    await page.keyboard.press("Enter");
    const list = page.getByRole("dialog", { name: "选择城市" });
    await list.waitFor();
    const beijing = list.getByRole("button", { name: "北京", exact: true });
    const size = await beijing.boundingBox();
    expect(size?.height, "a 44 px target").toBeGreaterThanOrEqual(44);
    await beijing.focus();
    await page.keyboard.press("Enter");
    await list.waitFor({ state: "detached" });
    expect(await city.innerText()).toContain("北京");
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByRole("button", { name: /切换城市/ }).innerText()).toContain("北京");
    // Esc closes the list and leaves the city as it was.
    await page.getByRole("button", { name: /切换城市/ }).click();
    await list.waitFor();
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: /切换城市/ }).innerText()).toContain("北京");
    expect(errors).toEqual([]);
    await page.close();
    await shop.browser.clearCookies();
  });

  it.each([375, 1200, 1280])("covers no price or title on a category and a product page at %i px", async (width) => {
    for (const path of [CATEGORY, PRODUCT]) {
      const { page, errors } = await open(path, width, width < 768 ? 812 : 900);
      expect(await coveredContent(page), `${path} @${width}`).toEqual([]);
      await expectNoHorizontalScroll(page, `${path} @${width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("covers neither the pay page's instruction nor the cart's prices at 375 and 1280 px", async () => {
    const { session, orderNo } = await customerWithOrder(shop.server, { name: "手机", cartQuantity: 2 });
    await logIn(session);
    try {
      for (const width of [375, 1280]) {
        const { page } = await open(`/pay/${orderNo}`, width, width < 768 ? 812 : 900);
        await page.getByText("请使用支付宝扫一扫", { exact: false }).waitFor();
        expect(await coveredContent(page, ", main p"), `pay @${width}`).toEqual([]);
        await page.close();
        const cart = await open("/shoppingCart", width, width < 768 ? 812 : 900);
        expect(await coveredContent(cart.page, ", main p"), `cart @${width}`).toEqual([]);
        await cart.page.close();
      }
    } finally {
      await shop.browser.clearCookies();
    }
  });

  it.each(["/", CATEGORY])("shows the header's cart badge whole at 1200 px on %s", async (path) => {
    const { page } = await open(path, 1200, 900);
    const badge = page.locator("header [data-testid='cart-count']:visible");
    const whole = await badge.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const onTop = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
      return {
        inside: r.left >= 0 && r.right <= document.documentElement.clientWidth && r.top >= 0,
        onTop: onTop !== null && el.contains(onTop),
      };
    });
    expect(whole).toEqual({ inside: true, onTop: true });
    await page.close();
  });

  it("the bottom bar's links work on a phone: 首页, 分类, 免费设计, 购物车 with its count, 我的", async () => {
    const { page, errors } = await open(CATEGORY, 375, 812);
    const bar = page.getByRole("navigation", { name: "底部导航" });
    expect(await page.getByRole("complementary", { name: "快捷服务" }).isVisible()).toBe(false);
    for (const item of await bar.locator("a, button").all()) {
      const size = await item.boundingBox();
      expect(size?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(size?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    await bar.getByRole("link", { name: "首页" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await bar.getByRole("link", { name: "分类" }).click();
    await page.waitForURL(/\/productList/);
    await bar.getByRole("button", { name: "免费设计" }).click();
    await page.getByRole("dialog", { name: "免费预约设计师" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "免费预约设计师" }).waitFor({ state: "detached" });
    await bar.getByRole("link", { name: "我的" }).click();
    await page.waitForURL(/\/login\?redirect=%2Fmy-orders/);
    expect(errors).toEqual([]);
    await page.close();

    const { session } = await customerWithOrder(shop.server, { name: "手机", cartQuantity: 2 });
    await logIn(session);
    try {
      const shopper = await open("/", 375, 812);
      const bar2 = shopper.page.getByRole("navigation", { name: "底部导航" });
      await expect.poll(() => bar2.getByTestId("bottom-cart-count").textContent()).toBe("2");
      await bar2.getByRole("link", { name: "购物车 2 件" }).click();
      await shopper.page.waitForURL(/\/shoppingCart/);
      await bar2.getByRole("link", { name: "我的" }).click();
      await shopper.page.waitForURL(/\/my-orders/);
      expect(shopper.errors).toEqual([]);
      await shopper.page.close();
    } finally {
      await shop.browser.clearCookies();
    }
  });

  it("puts the buy buttons in reach without scrolling on a phone, and the page's end above the bars", async () => {
    const { page } = await open(PRODUCT, 375, 812);
    const buy = page.getByRole("button", { name: "立即购买" });
    const cart = page.getByRole("button", { name: "加入购物车" });
    for (const button of [buy, cart]) {
      const box = await button.boundingBox();
      expect(box, "shown").not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), "above the viewport's foot").toBeLessThanOrEqual(812);
      expect(await button.evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
    }
    const barTop = await page.getByTestId("bottom-bar").evaluate((el) => el.getBoundingClientRect().top);
    expect((await buy.boundingBox())?.y ?? 0).toBeLessThan(barTop);
    // Scrolled to the end, the footer's last line is above the buy bar and the bottom bar.
    for (const path of [PRODUCT, CATEGORY]) {
      if (path !== PRODUCT) await page.goto(`${shop.server.url}${path}`, { waitUntil: "networkidle" });
      await scrollToEnd(page);
      const { top, bottom } = await overlaysAndReadingArea(page);
      expect(top).toBeLessThan(bottom);
      const footerEnd = await page.locator("footer").evaluate((el) => el.getBoundingClientRect().bottom);
      expect(footerEnd, `${path}: footer above the bars`).toBeLessThanOrEqual(bottom + 0.5);
    }
    await page.close();
  });

  // Only pictures to look at: without E2E_SCREENSHOTS it would load 30 pages to check nothing (ADR 0081).
  it.runIf(SCREENSHOTS)(
    "takes screenshots of home, a category, a product, the cart and the pay step at every width",
    async () => {
      const { session, orderNo } = await customerWithOrder(shop.server, { name: "手机", cartQuantity: 2 });
      await logIn(session);
      try {
        for (const width of [1440, 1280, 1200, 1024, 768, 375]) {
          for (const [name, path] of [
            ["home", "/"],
            ["category", CATEGORY],
            ["product", PRODUCT],
            ["cart", "/shoppingCart"],
            ["pay", `/pay/${orderNo}`],
          ] as const) {
            const { page } = await open(path, width, width < 768 ? 812 : 900);
            if (name === "pay") await page.getByText("请使用支付宝扫一扫", { exact: false }).waitFor();
            await screenshot(page, `phone-layout-${name}-${width}`);
            await page.close();
          }
        }
      } finally {
        await shop.browser.clearCookies();
      }
    },
  );
});
