// Buying as a customer does it, in Chromium against the built server with the offline payment provider:
// a visitor's 加入购物车 leads through login and back; a product and a package into the cart, a
// quantity changed, checkout, the 4-level address, submit, pay with 模拟支付, and the order 已支付 in
// /my-orders. Then the activity deposit on /decorate-act.
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { logInInBrowser } from "./support/customer";
import { freshPhone } from "./support/server";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
beforeEach(async () => {
  await shop.browser.clearCookies();
});

const PRODUCT = "/app/product-detail/1";
/** 北欧原木客厅套餐 in the demo shop (category 6, 客厅套餐). */
const PACKAGE = "/packageDetails/151";

const logIn = (page: Page, phone: string) => logInInBrowser(page, shop.server, phone);

/** The header's cart badge: the top bar's on home, the compact bar's elsewhere. */
const cartCount = (page: Page) => page.locator("header [data-testid=cart-count]:visible").innerText();

/** Screenshots of the page at 1440 and at 375 px, where it must not scroll sideways; back at 1440. */
async function screenshotsAtBothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("commerce in the browser", () => {
  it("logs in from 加入购物车, buys a product and a package, pays offline and sees the order paid", async () => {
    const { page, errors } = await shop.open(PRODUCT);
    await page.evaluate(() => localStorage.clear());

    // A visitor is sent to login and comes back to the product.
    await page.getByRole("button", { name: "加入购物车" }).click();
    await page.waitForURL(`${shop.server.url}/login?redirect=${encodeURIComponent(PRODUCT)}`);
    await logIn(page, freshPhone());
    await page.waitForURL(`${shop.server.url}${PRODUCT}`);
    await page.locator("h1:visible").waitFor();
    expect(await cartCount(page)).toBe("0");

    await page.getByRole("button", { name: "增加" }).click();
    await page.getByRole("button", { name: "加入购物车" }).click();
    await page.getByText("已加入购物车").waitFor();
    await expect.poll(() => cartCount(page)).toBe("2");

    await page.goto(`${shop.server.url}${PACKAGE}`, { waitUntil: "networkidle" });
    // Server-rendered for the logged-in customer.
    expect(await cartCount(page)).toBe("2");
    await page.getByRole("button", { name: "加入购物车" }).click();
    await expect.poll(() => cartCount(page)).toBe("3");

    await page.locator("header").getByRole("link", { name: "购物车 3 件" }).click();
    await page.waitForURL(`${shop.server.url}/shoppingCart`);
    const lines = page.getByTestId("cart-line");
    await expect.poll(() => lines.count()).toBe(2);
    expect(await page.getByRole("region", { name: "单品" }).innerText()).toContain("奶油风柔光大板瓷砖");
    expect(await page.getByText("套餐", { exact: true }).count()).toBeGreaterThan(0);
    const totalBefore = await page.getByTestId("cart-total").innerText();
    await page.getByRole("button", { name: /^增加奶油风柔光大板瓷砖/ }).click();
    await expect.poll(() => cartCount(page)).toBe("4");
    await expect.poll(() => page.getByTestId("cart-total").innerText()).not.toBe(totalBefore);
    await screenshotsAtBothWidths(page, "commerce-cart");

    await page.getByRole("button", { name: "去结算（2）" }).click();
    await page.waitForURL(`${shop.server.url}/submitOrder`);
    const form = page.getByRole("form", { name: "提交订单" });
    await form.waitFor();
    await form.getByRole("button", { name: "提交订单" }).click();
    await form.getByText("请输入收货人").waitFor();
    await form.getByLabel("收货人").fill("张三");
    await form.getByLabel("省", { exact: true }).selectOption({ label: "浙江省" });
    await form.getByLabel("市", { exact: true }).selectOption({ label: "杭州市" });
    await form.getByLabel("区县").selectOption({ label: "西湖区" });
    await form.getByLabel("乡镇街道").selectOption({ label: "北山街道" });
    await form.getByLabel("详细地址").fill("北山路 88 号 2 幢 301 室");
    await form.getByLabel("订单备注（选填）").fill("工作日白天送货");
    await screenshotsAtBothWidths(page, "commerce-order");

    const orderCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/order/createOrders")) orderCalls.push(r.headers()["idempotency-key"] ?? "");
    });
    await form.getByRole("button", { name: "提交订单" }).click();
    await page.waitForURL(/\/pay\/[A-Z0-9]+$/);
    expect(orderCalls).toHaveLength(1);
    expect(orderCalls[0]).toMatch(/^[0-9a-f-]{36}$/);
    const orderNo = page.url().split("/").at(-1)!;
    // The ordered lines left the cart.
    await expect.poll(() => cartCount(page)).toBe("0");

    await page.getByRole("img", { name: "支付宝付款码" }).waitFor();
    expect(await page.getByText("剩余支付时间").innerText()).toMatch(/\d\d:\d\d/);
    await screenshotsAtBothWidths(page, "commerce-pay");

    await page.getByRole("button", { name: "模拟支付（开发环境）" }).click();
    await page.getByText("支付成功").waitFor();
    await page.getByRole("link", { name: "查看我的订单" }).click();
    await page.waitForURL(`${shop.server.url}/my-orders`);
    const order = page.getByTestId("order").filter({ hasText: orderNo });
    await order.getByText("已支付").waitFor();
    expect(await order.innerText()).toContain("北欧原木客厅套餐");
    await screenshot(page, "commerce-my-orders-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, "commerce-my-orders-375");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("buys now from a product page and cancels the unpaid order in /my-orders", async () => {
    const { page, errors } = await shop.open("/login?redirect=%2Fapp%2Fproduct-detail%2F1");
    await page.evaluate(() => localStorage.clear());
    await logIn(page, freshPhone());
    await page.waitForURL(`${shop.server.url}${PRODUCT}`);
    await page.getByRole("button", { name: "立即购买" }).click();
    await page.waitForURL(/\/submitOrder\?goodsId=1&skuId=1&quantity=1$/);
    const form = page.getByRole("form", { name: "提交订单" });
    await form.getByLabel("收货人").fill("李四");
    await form.getByLabel("省", { exact: true }).selectOption({ label: "北京市" });
    await form.getByLabel("市", { exact: true }).selectOption({ label: "北京市" });
    await form.getByLabel("区县").selectOption({ label: "东城区" });
    await form.getByLabel("详细地址").fill("东四十条 1 号");
    await form.getByRole("button", { name: "提交订单" }).click();
    await page.waitForURL(/\/pay\/[A-Z0-9]+$/);
    const orderNo = page.url().split("/").at(-1)!;

    await page.goto(`${shop.server.url}/my-orders`, { waitUntil: "networkidle" });
    const order = page.getByTestId("order").filter({ hasText: orderNo });
    await order.getByText("待支付").waitFor();
    await order.getByRole("button", { name: "取消订单" }).click();
    await page.getByRole("dialog", { name: "取消订单" }).getByRole("button", { name: "取消订单" }).click();
    await order.getByText("已取消").waitFor();
    expect(await order.getByRole("link", { name: "去支付" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("takes the activity deposit on /decorate-act", async () => {
    const { page, errors } = await shop.open("/decorate-act", 375, 812);
    const form = page.getByRole("form", { name: "支付定金" });
    await form.getByLabel("姓名").fill("赵先生");
    await form.getByLabel("手机号").fill(freshPhone());
    await form.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
    await form.getByRole("button", { name: "支付定金" }).click();
    const pay = page.getByTestId("deposit-pay");
    await pay.getByRole("img", { name: "支付宝付款码" }).waitFor();
    expect(await pay.getByTestId("pay-amount").innerText()).toBe("¥99");
    await expectNoHorizontalScroll(page);
    await screenshot(page, "commerce-deposit-375");
    await pay.getByRole("button", { name: "模拟支付（开发环境）" }).click();
    await pay.getByText("支付成功").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
