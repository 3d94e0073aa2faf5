import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./support/browser";
import { customerCalls, masked, orderGoodsOne } from "./support/http";
import { freshPhone } from "./support/server";
import { changeOneTimePassword, logIn, staffInBrowser } from "./support/staff";

const PASSWORD = "Phone2026pass";
const DAYS = 30;
const PHONE = { width: 375, height: 812 };

const staff = staffInBrowser([{ username: "mobile_boss" }]);

/** The page is no wider than the window: nothing pushes the phone into sideways scrolling. */
async function expectFitsWidth(page: Page, what: string) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `${what}: page ${scroll} px wide in a ${inner} px window`).toBeLessThanOrEqual(inner);
}

/** The points of one series as drawn: [x, y] in page pixels, with the count each stands for. */
async function drawnPoints(page: Page, series: string) {
  return page.locator(`svg[data-chart="daily"] g[data-series="${series}"] circle`).evaluateAll((circles) =>
    circles.map((c) => {
      const box = c.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, w: box.width, count: Number(c.dataset.count) };
    }),
  );
}

async function expectChartDrawn(page: Page, maxWidth: number) {
  const chart = page.locator('svg[data-chart="daily"]');
  await chart.waitFor();
  const box = await chart.boundingBox();
  expect(box?.width).toBeGreaterThan(200);
  expect(box!.x + box!.width).toBeLessThanOrEqual(maxWidth);
  for (const series of ["leads", "orders"]) {
    const points = await drawnPoints(page, series);
    expect(points, series).toHaveLength(DAYS);
    // Drawn left to right, one point a day, each a visible circle inside the chart.
    for (let i = 1; i < points.length; i++) expect(points[i]!.x, `${series} #${i}`).toBeGreaterThan(points[i - 1]!.x);
    expect(points.every((p) => p.w > 0 && p.x >= box!.x && p.x <= box!.x + box!.width)).toBe(true);
    // Today (the last point) has the booking or the order; the days without any lie on the zero line, below it.
    const today = points.at(-1)!;
    expect(today.count, series).toBeGreaterThanOrEqual(1);
    const zero = points.find((p) => p.count === 0);
    expect(zero, `${series} has days without any`).toBeDefined();
    expect(today.y).toBeLessThan(zero!.y);
    const line = await page
      .locator(`svg[data-chart="daily"] g[data-series="${series}"] polyline`)
      .getAttribute("points");
    expect(line?.trim().split(/\s+/)).toHaveLength(DAYS);
  }
}

describe("the dashboard chart and the back office on a phone", () => {
  const visitor = freshPhone();
  const buyer = freshPhone();
  let orderNo = "";
  let leadId = 0;

  it("today a visitor books a designer and a customer places an order", async () => {
    const booked = await fetch(`${staff.server.url}/api/customers/appointment`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phone: visitor, originDetail: "手机后台测试", consent: true }),
    });
    expect(((await booked.json()) as { code: number }).code).toBe(1);
    const call = await customerCalls(staff.server, buyer);
    orderNo = await orderGoodsOne(call, "孙顾客", buyer, "文一西路 1000 号 3 幢 2 单元 1201 室");
  });

  it("at 1440 px the dashboard draws 30 days of leads and of orders", async () => {
    const { page, errors } = await staff.open("/admin");
    await page.waitForURL(/\/admin\/login/);
    await logIn(page, "mobile_boss", staff.oneTimePassword("mobile_boss"));
    await changeOneTimePassword(page, staff.oneTimePassword("mobile_boss"), PASSWORD);
    await page.getByText("近 30 天每日线索与订单").waitFor();
    await expectChartDrawn(page, 1440);
    await screenshot(page, "admin-dashboard-1440");
    // Hovering today shows its figures (the chart may lie below the fold: the projects' figures are above it).
    await page.locator('svg[data-chart="daily"]').scrollIntoViewIfNeeded();
    const today = (await drawnPoints(page, "leads")).at(-1)!;
    await page.mouse.move(today.x, today.y);
    await page.getByRole("status").filter({ hasText: "线索：" }).waitFor();
    await screenshot(page, "admin-dashboard-chart-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("at 375 px the menu is a drawer and the dashboard fits the phone", async () => {
    const { page, errors } = await staff.open("/admin", PHONE.width, PHONE.height);
    await page.getByRole("heading", { name: "首页" }).waitFor();
    expect(await page.locator(".ant-layout-sider").count()).toBe(0);
    await expectChartDrawn(page, PHONE.width);
    await expectFitsWidth(page, "dashboard");
    await screenshot(page, "admin-dashboard-375");
    await page.locator('svg[data-chart="daily"]').scrollIntoViewIfNeeded();
    await screenshot(page, "admin-dashboard-chart-375");

    await page.getByRole("button", { name: "打开菜单" }).click();
    const drawer = page.getByRole("dialog", { name: "悦家整装 · 后台" });
    await drawer.getByRole("link", { name: "线索" }).waitFor();
    // Open once it has slid in all the way to the left edge.
    await expect.poll(async () => (await page.locator(".ant-drawer-content-wrapper").boundingBox())?.x).toBe(0);
    for (const section of ["首页", "订单", "商品", "员工", "审计记录"]) {
      expect(await drawer.getByRole("link", { name: section }).count(), section).toBe(1);
    }
    await screenshot(page, "admin-menu-375");
    await drawer.getByRole("link", { name: "线索" }).click();
    await page.waitForURL(/\/admin\/leads$/);
    await drawer.waitFor({ state: "hidden" });
    const row = page.getByRole("row", { name: new RegExp(masked(visitor).replace("****", "\\*\\*\\*\\*")) });
    await row.waitFor();
    await expectFitsWidth(page, "lead list");
    // The table is wider than the phone and scrolls inside itself.
    const table = await page
      .locator(".ant-table-content, .ant-table-body")
      .first()
      .evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(table.scroll).toBeGreaterThan(table.client);
    await screenshot(page, "admin-leads-375");

    await row.getByRole("link", { name: "查看" }).click();
    await page.getByRole("heading", { name: /线索 #\d+/ }).waitFor();
    leadId = Number(page.url().match(/leads\/(\d+)/)?.[1]);
    expect(leadId).toBeGreaterThan(0);
    await expectFitsWidth(page, "lead detail");
    await screenshot(page, "admin-lead-detail-375");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("at 375 px the order detail and the goods editor fit; logging out from the drawer reaches the login", async () => {
    const { page, errors } = await staff.open(`/admin/orders/${orderNo}`, PHONE.width, PHONE.height);
    await page.getByText(orderNo).first().waitFor();
    await page.getByText("孙顾客").first().waitFor();
    await expectFitsWidth(page, "order detail");
    await screenshot(page, "admin-order-detail-375");

    await page.goto(`${staff.server.url}/admin/goods/1`, { waitUntil: "networkidle" });
    await page
      .getByRole("button", { name: /保\s*存/ })
      .first()
      .waitFor();
    await expectFitsWidth(page, "goods editor");
    await screenshot(page, "admin-goods-editor-375");

    await page.getByRole("button", { name: "打开菜单" }).click();
    await page.getByRole("button", { name: "退出登录" }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByLabel("用户名").waitFor();
    await expectFitsWidth(page, "login");
    await screenshot(page, "admin-login-375");
    expect(errors).toEqual([]);
    await page.close();
  });
});
