// Accessibility in Chromium against the built server (issue #21 item 11): axe-core's WCAG 2.1 A/AA,
// WCAG 2.2 AA (target size) and best-practice rules find no serious or critical fault (nor one of the
// named lesser rules, see support/axe.ts) on any storefront route, a visitor's and a logged-in
// customer's, nor on the back-office login, at 1440 and 375 px; the lead dialogs open count too. The
// estimate dialog keeps the keyboard inside it once its result replaces the form. AXE_ALL=1 lists
// faults of every impact.
import { CATEGORY_PATHS, CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeFaults, describeFaults, type Fault, faultCount, seriousFaults } from "./support/axe";
import { watchPage } from "./support/browser";
import { customerWithOrder } from "./support/customer";
import { call } from "./support/http";
import { freshPhone } from "./support/server";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();

const WIDTHS = [
  [1440, 900],
  [375, 812],
] as const;

type Action = (page: Page) => Promise<void>;

/** A page to check: its path and, for dialogs, what opens them. */
interface Check {
  name: string;
  path: string;
  open?: Action;
  /** The page answers 404 on purpose (the browser logs that as a console error). */
  missing?: boolean;
}

/**
 * The side panel's button; on phones, where the bottom bar replaces the panel (docs/decisions/0054), the
 * bottom bar's 免费设计 and home's 免费智能报价.
 */
const PHONE_OPENERS: Record<string, (page: Page) => ReturnType<Page["getByRole"]>> = {
  免费设计: (page) => page.getByRole("navigation", { name: "底部导航" }).getByRole("button", { name: "免费设计" }),
  价格计算: (page) => page.getByRole("main").getByRole("button", { name: "免费智能报价" }),
};

const openFromSidePanel =
  (button: string, dialog: string): Action =>
  async (page) => {
    const panelButton = page.getByRole("complementary", { name: "快捷服务" }).getByRole("button", { name: button });
    const phoneOpener = PHONE_OPENERS[button];
    const onPhone = (page.viewportSize()?.width ?? 1440) < 768;
    await (onPhone && phoneOpener ? phoneOpener(page) : panelButton).click();
    await page.getByRole("dialog", { name: dialog }).waitFor();
  };

const showEstimate: Action = async (page) => {
  await openFromSidePanel("价格计算", "在线智能报价")(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("房屋面积（㎡）").fill("89");
  await dialog.getByLabel("手机号").fill(freshPhone());
  await dialog.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
  await dialog.getByRole("button", { name: "开始计算" }).click();
  await page.getByRole("dialog", { name: "您的装修报价" }).waitFor();
};

async function firstId(path: string): Promise<number> {
  const answer = await call<{ dataList: { id: number }[] }>(shop.server.url, path);
  const id = answer.body.data?.dataList[0]?.id;
  expect(id, path).toBeTypeOf("number");
  return id as number;
}

/** Every route a visitor can open (docs/product.md and apps/web/src/app/routes.tsx). */
async function visitorChecks(): Promise<Check[]> {
  const packageId = await firstId("/api/goods/index?category2=6");
  const guideId = await firstId("/api/article/query_list?type=1&current=1&pageSize=1");
  const caseId = await firstId("/api/article/query_list?type=2&current=1&pageSize=1");
  const categories = Object.entries(CATEGORY_PATHS).map(([path, id]) => ({ name: path, path: `${path}?id=${id}` }));
  return [
    { name: "home", path: "/" },
    { name: "booking dialog", path: "/", open: openFromSidePanel("免费设计", "免费预约设计师") },
    { name: "estimate result", path: "/", open: showEstimate },
    ...categories,
    { name: "/productList", path: "/productList" },
    { name: "/search", path: `/search?name=${encodeURIComponent("沙发")}` },
    { name: "product", path: "/app/product-detail/1" },
    { name: "package", path: `/packageDetails/${packageId}` },
    { name: "/all-store", path: "/all-store" },
    { name: "/decorate-strategy", path: "/decorate-strategy" },
    { name: "/case", path: "/case" },
    { name: "guide", path: `/article-detail/${guideId}` },
    { name: "case", path: `/article-detail/${caseId}` },
    { name: "/login", path: "/login" },
    { name: "/merchants-join", path: "/merchants-join" },
    { name: "/decorate-act", path: "/decorate-act" },
    { name: "/iframe", path: "/iframe" },
    { name: "/privacy", path: "/privacy" },
    { name: "/business-licence", path: "/business-licence" },
    ...["/about", "/stream", "/integrate", "/heartPage", "/2-2", "/2-22"].map((path) => ({ name: path, path })),
    { name: "not found", path: "/no-such-page", missing: true },
    { name: "/admin/login", path: "/admin/login" },
  ];
}

function customerChecks(orderNo: string): Check[] {
  return [
    { name: "/shoppingCart", path: "/shoppingCart" },
    { name: "/submitOrder", path: "/submitOrder?goodsId=1&skuId=1&quantity=1" },
    { name: "/pay", path: `/pay/${orderNo}` },
    { name: "/my-orders", path: "/my-orders" },
    { name: "/my-mark", path: "/my-mark" },
  ];
}

/** Runs every check in one tab at a viewport size; answers the faults found, by page. */
async function audit(checks: Check[], [width, height]: readonly [number, number]): Promise<Map<string, Fault[]>> {
  const found = new Map<string, Fault[]>();
  const page = await shop.browser.newPage();
  await page.setViewportSize({ width, height });
  const { errors } = watchPage(page);
  for (const check of checks) {
    await page.goto(`${shop.server.url}${check.path}`, { waitUntil: "networkidle" });
    if (check.missing) errors.length = 0;
    await check.open?.(page);
    const faults = process.env.AXE_ALL ? await axeFaults(page) : await seriousFaults(page);
    if (faults.length) found.set(`${check.name} @${width}`, faults);
  }
  expect(errors, `console errors at ${width}`).toEqual([]);
  await page.close();
  return found;
}

function report(found: Map<string, Fault[]>): string {
  return [...found]
    .map(([where, faults]) => `${where}: ${faultCount(faults)} elements\n${describeFaults(faults)}`)
    .join("\n");
}

describe("accessibility (axe-core, WCAG 2.1 AA, 2.2 target size, best practices)", () => {
  it.each(WIDTHS)("finds no fault on the visitor's pages and the back-office login at %i px", async (width, height) => {
    const found = await audit(await visitorChecks(), [width, height]);
    expect(found.size, report(found)).toBe(0);
  });

  it("finds none on the logged-in customer's cart, order, payment, orders and favourites pages", async () => {
    const { session, orderNo } = await customerWithOrder(shop.server, { name: "无障碍", cartQuantity: 1 });
    await shop.browser.addCookies([
      { name: TOKEN_COOKIE, value: session.token, url: shop.server.url },
      { name: CSRF_COOKIE, value: session.csrf, url: shop.server.url },
    ]);
    try {
      const found = new Map<string, Fault[]>();
      for (const size of WIDTHS) for (const entry of await audit(customerChecks(orderNo), size)) found.set(...entry);
      expect(found.size, report(found)).toBe(0);
    } finally {
      await shop.browser.clearCookies();
    }
  });

  it("keeps the focus inside the estimate dialog when its result opens, and cycles Tab within it", async () => {
    const { page, errors } = await shop.open("/");
    const opener = page.getByRole("complementary", { name: "快捷服务" }).getByRole("button", { name: "价格计算" });
    await showEstimate(page);
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"));
    expect(await inDialog(), "focus after the result opened").toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await inDialog(), `focus after Tab ×${i + 1}`).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await inDialog(), "focus after Shift+Tab").toBe(true);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await opener.evaluate((el) => el === document.activeElement), "focus back on the opener").toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
