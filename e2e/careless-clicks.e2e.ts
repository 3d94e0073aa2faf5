// Careless clicks and dead ends (issue #27 items 10–12), in Chromium against the built server: a double
// click on 加入购物车 adds once; a cart line over its stock holds checkout back until 改为 N 件 fixes it
// where the warning is; /pay/ of an unknown or another customer's order says 订单不存在; a deposit paid
// already says 已支付 and offers no new code.

import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { describeFaults, seriousFaults } from "./support/axe";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { logInInBrowser } from "./support/customer";
import { call, customerCalls, orderGoodsOne } from "./support/http";
import { freshPhone } from "./support/server";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
beforeEach(async () => {
  await shop.browser.clearCookies();
});

const PRODUCT = "/app/product-detail/1";
/** 北欧原木客厅套餐 in the demo shop (category 6, 客厅套餐). */
const PACKAGE = "/packageDetails/151";

/** The header's cart badge: the top bar's on home, the compact bar's elsewhere. */
const cartCount = (page: Page) => page.locator("header [data-testid=cart-count]:visible").innerText();

/** Opens /login?redirect=<path> and logs in as `phone`, back on `path`. */
async function loggedInAt(path: string, phone: string, width = 1440) {
  const opened = await shop.open(`/login?redirect=${encodeURIComponent(path)}`, width, 900);
  await logInInBrowser(opened.page, shop.server, phone);
  await opened.page.waitForURL(`${shop.server.url}${path}`);
  return opened;
}

/** The API as the browser's logged-in customer (its session cookies), answering the data or throwing. */
async function callAsBrowser() {
  const cookies = await shop.browser.cookies(shop.server.url);
  const value = (name: string) => cookies.find((c) => c.name === name)?.value ?? "";
  const session = { token: value(TOKEN_COOKIE), csrf: value(CSRF_COOKIE) };
  return async <T>(path: string, body?: object, headers: Record<string, string> = {}): Promise<T> => {
    const answer = await call<T>(shop.server.url, path, { body, session, headers });
    if (answer.body.code !== 1) throw new Error(`${path}: ${answer.body.message}`);
    return answer.body.data;
  };
}

/** Counts the page's requests whose path is `path`. */
function countRequests(page: Page, path: string): () => number {
  let n = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === path) n += 1;
  });
  return () => n;
}

describe("careless clicks and dead ends", () => {
  it("adds once for a double click on 加入购物车, on a product and on a package page", async () => {
    const { page, errors } = await loggedInAt(PRODUCT, freshPhone());
    await page.locator("h1:visible").waitFor();
    expect(await cartCount(page)).toBe("0");
    const creates = countRequests(page, "/api/carts/create");
    await page.getByRole("button", { name: "加入购物车" }).dblclick();
    await page.getByText("已加入购物车").waitFor();
    await page.waitForLoadState("networkidle");
    expect(creates()).toBe(1);
    expect(await cartCount(page)).toBe("1");

    await page.goto(`${shop.server.url}${PACKAGE}`, { waitUntil: "networkidle" });
    const createLists = countRequests(page, "/api/carts/createList");
    await page.getByRole("button", { name: "加入购物车" }).dblclick();
    await expect.poll(() => cartCount(page)).toBe("2");
    await page.waitForLoadState("networkidle");
    expect(createLists()).toBe(1);
    expect(await cartCount(page)).toBe("2");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("holds checkout back while a line is over its stock and fixes it where the warning is", async () => {
    const phone = freshPhone();
    const { page, errors } = await loggedInAt("/shoppingCart", phone, 375);
    const api = await callAsBrowser();
    const goods = await api<{ id: number; skus: { id: number; stock: number }[] }>("/api/goods/mail/show?id=1");
    const sku = goods.skus[0]!;
    expect(sku.stock).toBeGreaterThan(1);
    // The whole stock in the cart, then one unit sold: the cart now holds one more than is left.
    await api("/api/carts/create", { goodsId: goods.id, skuId: sku.id, quantity: sku.stock });
    await orderGoodsOne(api, "钱顾客", phone, "文三路 2 号");
    const left = sku.stock - 1;
    await page.reload({ waitUntil: "networkidle" });
    const line = page.getByTestId("cart-line");
    await line.getByText(`库存仅剩 ${left} 件`).waitFor();
    const checkout = page.getByRole("button", { name: "去结算（1）" });
    expect(await checkout.isDisabled()).toBe(true);
    await page.getByText("1 种商品超出库存，请先修改数量").waitFor();
    await expectNoHorizontalScroll(page);
    // The warning, 改为 N 件 and the reason under the bar pass the accessibility bar (docs/decisions/0049).
    const faults = await seriousFaults(page);
    expect(faults, describeFaults(faults)).toEqual([]);
    await screenshot(page, "cart-over-stock-375");
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, "cart-over-stock-1440");

    await line.getByRole("button", { name: `改为 ${left} 件` }).click();
    await expect.poll(() => page.getByText(/超出库存/).count()).toBe(0);
    expect(await line.getByRole("spinbutton").inputValue()).toBe(String(left));
    await checkout.click();
    await page.waitForURL(`${shop.server.url}/submitOrder`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says 订单不存在 on /pay/ of an unknown order and of another customer's", async () => {
    const other = freshPhone();
    const othersOrder = await orderGoodsOne(await customerCalls(shop.server, other), "孙顾客", other, "文三路 3 号");
    const { page } = await loggedInAt("/my-orders", freshPhone());
    for (const orderNo of ["YJ20990101000001", othersOrder]) {
      await page.goto(`${shop.server.url}/pay/${orderNo}`, { waitUntil: "networkidle" });
      const alert = page.getByRole("alert").filter({ hasText: "订单不存在" });
      await alert.waitFor();
      expect(await page.getByText("订单加载失败").count()).toBe(0);
      expect(await alert.getByRole("link", { name: "我的订单" }).getAttribute("href")).toBe("/my-orders");
    }
    await screenshot(page, "pay-not-found-1440");
    await page.close();
  });

  it("says 已支付 for a deposit paid already, with no new pay code", async () => {
    const phone = freshPhone();
    const { page } = await shop.open("/decorate-act", 375, 812);
    const payDeposit = async () => {
      const form = page.getByRole("form", { name: "支付定金" });
      await form.getByLabel("姓名").fill("周先生");
      await form.getByLabel("手机号").fill(phone);
      await form.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
      await form.getByRole("button", { name: "支付定金" }).click();
      return page.getByTestId("deposit-pay");
    };
    const pay = await payDeposit();
    await pay.getByRole("button", { name: "模拟支付（开发环境）" }).click();
    await pay.getByText("支付成功").waitFor();

    await page.reload({ waitUntil: "networkidle" });
    const again = await payDeposit();
    await again.getByText("已支付", { exact: true }).waitFor();
    await again.getByText("您已支付活动定金，无需重复支付").waitFor();
    expect(await page.getByRole("button", { name: "重新获取支付码" }).count()).toBe(0);
    await screenshot(page, "deposit-paid-again-375");
    await page.close();
  });
});
