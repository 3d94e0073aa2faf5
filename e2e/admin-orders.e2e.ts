// The order desk in Chromium against the built server: a customer orders and pays through the shop's
// API (offline provider), a 销售 made by `npm run admin -- create --role sales` logs in, finds the
// order in 订单 by the customer's phone (masked in the list), opens it and marks it shipped with a
// tracking number. A 运营 changes a goods price in the goods editor and the storefront's product page
// shows the new price at once.

import { describe, expect, it } from "vitest";
import { screenshot } from "./support/browser";
import { customerCalls, masked, orderGoodsOne } from "./support/http";
import { freshPhone } from "./support/server";
import { changeOneTimePassword, logIn, saveGoods, staffInBrowser } from "./support/staff";

const staff = staffInBrowser([
  { username: "desk_sales", role: "sales", name: "王客服" },
  { username: "shop_ops", role: "operations", name: "周运营" },
]);

/** A staff member's first login: the one-time password, then a password of their own. */
async function firstLogin(username: string) {
  await staff.browser.clearCookies();
  const opened = await staff.open("/admin");
  const { page } = opened;
  await page.waitForURL(/\/admin\/login/);
  await logIn(page, username, staff.oneTimePassword(username));
  await changeOneTimePassword(page, staff.oneTimePassword(username), "Desk2026pass");
  return opened;
}

describe("the order desk in the browser", () => {
  const phone = freshPhone();
  let orderNo = "";

  it("a customer orders a product and pays it through the shop's API", async () => {
    const call = await customerCalls(staff.server, phone);
    orderNo = await orderGoodsOne(call, "赵顾客", phone, "文三路 100 号");
    const trade = await call<{ outTradeNo: string }>(`/api/alipay/precreate?orderNo=${orderNo}`);
    await call("/api/pay/offline/confirm", { outTradeNo: trade.outTradeNo });
  });

  it("a 销售 finds the order by phone in 订单 and marks it shipped with a tracking number", async () => {
    const { page, errors } = await firstLogin("desk_sales");

    await page.getByRole("link", { name: "订单" }).click();
    await page.getByRole("heading", { name: "订单" }).waitFor();
    await page.getByLabel("手机号").fill(phone);
    await page
      .getByRole("button", { name: "筛 选" })
      .or(page.getByRole("button", { name: "筛选" }))
      .click();
    const row = page.getByRole("row", { name: new RegExp(orderNo) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(masked(phone));
    expect(await row.textContent()).not.toContain(phone);
    expect(await row.textContent()).toContain("已支付");
    await screenshot(page, "admin-order-list-1440");

    await row.getByRole("link", { name: "查看" }).click();
    await page.getByRole("heading", { name: new RegExp(`订单 ${orderNo}`) }).waitFor();
    await page.getByText("线下（演示）").waitFor();
    await page
      .getByRole("button", { name: "发 货" })
      .or(page.getByRole("button", { name: "发货" }))
      .click();
    const dialog = page.getByRole("dialog", { name: "发货" });
    await dialog.getByLabel("物流公司").fill("顺丰速运");
    await dialog.getByLabel("运单号").fill("SF1029384756");
    await dialog.getByRole("button", { name: "确认发货" }).click();
    await page.getByText("已标记发货").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("顺丰速运 SF1029384756").first().waitFor();
    await page.getByText(/已发货（王客服）/).waitFor();
    await screenshot(page, "admin-order-detail-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a 运营 changes a goods price and the storefront product page shows it at once", async () => {
    const { page, errors } = await firstLogin("shop_ops");
    await page.getByRole("link", { name: "商品" }).click();
    await page.getByRole("heading", { name: "商品" }).waitFor();
    await page.getByRole("link", { name: "编辑" }).first().waitFor();
    await page.locator(".ant-spin-spinning").waitFor({ state: "detached" });
    await screenshot(page, "admin-goods-list-1440");
    await page.goto(`${staff.server.url}/admin/goods/1`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "编辑商品 #1" }).waitFor();
    await page.getByLabel("价格（元）", { exact: true }).fill("2345.67");
    await page.getByLabel("规格价格 1").fill("2345.67");
    await page.getByLabel("库存 1").fill("88");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "admin-goods-editor-1440");
    await saveGoods(page);
    expect(errors).toEqual([]);
    await page.close();

    const shop = await staff.open("/app/product-detail/1");
    await shop.page.getByText("¥2,345.67").first().waitFor();
    await shop.page.getByText("库存 88").waitFor();
    await screenshot(shop.page, "storefront-product-after-admin-price-1440");
    await shop.page.close();
  });
});
