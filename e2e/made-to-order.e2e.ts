// Made-to-order goods in Chromium (docs/decisions/0064): the product page says the seven-day no-reason
// return does not apply, and /submitOrder will not send the order until the buyer ticks
// 我已知晓定制商品不支持七天无理由退货; then the order is made and /my-orders lists it.
import { beforeEach, describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { logInInBrowser } from "./support/customer";
import { freshPhone } from "./support/server";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
beforeEach(async () => {
  await shop.browser.clearCookies();
});

/** 整体橱柜 石英石台面 in the demo shop (定制橱柜, marked made to order by the seed). */
const CABINET = "/app/product-detail/38";

describe("made-to-order goods in the browser", () => {
  it("says so on the product page and needs the buyer's confirmation to order", async () => {
    const { page, errors } = await shop.open(`/login?redirect=${encodeURIComponent(CABINET)}`);
    await page.evaluate(() => localStorage.clear());
    await logInInBrowser(page, shop.server, freshPhone());
    await page.waitForURL(`${shop.server.url}${CABINET}`);
    expect(await page.getByTestId("made-to-order").innerText()).toContain("定制商品，不支持七天无理由退货");

    await page.getByRole("button", { name: "立即购买" }).click();
    await page.waitForURL(/\/submitOrder\?goodsId=38&/);
    const form = page.getByRole("form", { name: "提交订单" });
    await form.getByLabel("收货人").fill("李四");
    await form.getByLabel("省", { exact: true }).selectOption({ label: "北京市" });
    await form.getByLabel("市", { exact: true }).selectOption({ label: "北京市" });
    await form.getByLabel("区县").selectOption({ label: "东城区" });
    await form.getByLabel("详细地址").fill("东四十条 1 号");
    const confirm = form.getByRole("checkbox", { name: "我已知晓定制商品不支持七天无理由退货" });
    await form.getByRole("button", { name: "提交订单" }).click();
    await form.getByText("订单含定制商品，请先勾选确认").waitFor();
    expect(page.url()).toContain("/submitOrder");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(page, "made-to-order-confirm-375");
    await page.setViewportSize({ width: 1440, height: 900 });

    await confirm.check();
    await form.getByRole("button", { name: "提交订单" }).click();
    await page.waitForURL(/\/pay\/[A-Z0-9]+$/);
    const orderNo = page.url().split("/").at(-1)!;
    await page.goto(`${shop.server.url}/my-orders`, { waitUntil: "networkidle" });
    const order = page.getByTestId("order").filter({ hasText: orderNo });
    await order.getByText("定制").first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
