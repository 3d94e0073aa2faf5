// A refund in Chromium (docs/decisions/0063, R19), against the built server taking WeChat Pay through
// its local fake gateway: a buyer's order is paid with 微信支付 (the fake's signed, encrypted notify),
// the buyer asks for 申请退款 in /my-orders with a 退款原因 and sees 申请中; a 销售/客服 opens the order
// in the back office and presses 同意退款; the fake gateway takes the refund under its number and its
// signed, encrypted refund notify settles it; /my-orders shows the order 已退款. Screenshots at 1440
// and 375 px.
import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeWechatPayGateway } from "../apps/server/src/providers/payment/fake-wechatpay-gateway";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { customerWithOrder } from "./support/customer";
import { call } from "./support/http";
import { changeOneTimePassword, logIn, staffInBrowser } from "./support/staff";

const wechat = new FakeWechatPayGateway();
/** Filled once the fake listens, before the server starts (beforeAll hooks run in order). */
const env: Record<string, string> = {};

beforeAll(async () => {
  await wechat.start();
  Object.assign(env, {
    PAYMENT_PROVIDER: "wechat",
    // The server's own address is known only once it listens: the test points notifies there.
    ...wechat.settings("https://shop.example.cn/api/wechatpay/notify"),
  });
});
const staff = staffInBrowser([{ username: "refund_sales", role: "sales", name: "李客服" }], { env });
afterAll(async () => {
  await wechat.stop();
});

describe("a refund in the browser", () => {
  it("pays with 微信支付, asks 申请退款, a 销售/客服 approves, and the order shows 已退款", async () => {
    const { session, orderNo } = await customerWithOrder(staff.server, { name: "退款" });
    const pre = await call<{ outTradeNo: string }>(staff.server.url, `/api/alipay/precreate?orderNo=${orderNo}`, {
      session,
    });
    expect(pre.body.code, pre.body.message).toBe(1);
    const trade = wechat.trades.get(pre.body.data.outTradeNo);
    if (!trade) throw new Error("no trade at the fake WeChat Pay gateway");
    trade.notifyUrl = `${staff.server.url}/api/wechatpay/notify`;
    wechat.pay(trade.outTradeNo);
    expect(await wechat.sendNotify(trade.outTradeNo)).toBe(204);

    // The buyer asks for the refund, with a reason.
    await staff.browser.addCookies([
      { name: TOKEN_COOKIE, value: session.token, url: staff.server.url },
      { name: CSRF_COOKIE, value: session.csrf, url: staff.server.url },
    ]);
    const { page, errors } = await staff.open("/my-orders");
    const card = page.getByTestId("order").filter({ hasText: orderNo });
    await card.getByText("已支付").waitFor();
    await card.getByRole("button", { name: "申请退款" }).click();
    const dialog = page.getByRole("dialog", { name: "申请退款" });
    await dialog.getByRole("button", { name: "提交申请" }).click();
    await dialog.getByText("请填写退款原因").waitFor();
    await dialog.getByLabel("退款原因").fill("尺寸不合适");
    await screenshot(page, "refund-dialog-1440");
    await dialog.getByRole("button", { name: "提交申请" }).click();
    await card.getByText("申请中").waitFor();
    await screenshot(page, "refund-requested-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, "refund-requested-375");
    await page.setViewportSize({ width: 1440, height: 900 });

    // A 销售/客服 approves it in the order's page.
    const admin = await staff.open("/admin");
    await admin.page.waitForURL(/\/admin\/login/);
    await logIn(admin.page, "refund_sales", staff.oneTimePassword("refund_sales"));
    await changeOneTimePassword(admin.page, staff.oneTimePassword("refund_sales"), "Refund2026pass");
    await admin.page.goto(`${staff.server.url}/admin/orders/${orderNo}`, { waitUntil: "networkidle" });
    await admin.page.getByText("退款原因：尺寸不合适").waitFor();
    await admin.page.getByRole("button", { name: "同意退款" }).click();
    const approve = admin.page.getByRole("dialog").filter({ hasText: "退款金额" });
    await approve.getByLabel("备注").fill("同意退款");
    await approve.getByRole("button", { name: "同意退款" }).click();
    await admin.page.getByText("退款中").first().waitFor();
    await screenshot(admin.page, "refund-admin-1440");

    // WeChat Pay finishes the refund and notifies the shop (signed, encrypted).
    const refund = [...wechat.refunds.values()].find((r) => r.outTradeNo === trade.outTradeNo);
    if (!refund) throw new Error("no refund at the fake WeChat Pay gateway");
    expect(refund.refundFen).toBe(trade.totalFen);
    wechat.settleRefund(refund.outRefundNo, "SUCCESS");
    refund.notifyUrl = `${staff.server.url}/api/wechatpay/refund-notify`;
    expect(await wechat.sendRefundNotify(refund.outRefundNo)).toBe(204);

    await page.reload({ waitUntil: "networkidle" });
    await card.locator('[data-status="refunded"]').getByText("已退款").waitFor();
    await screenshot(page, "refund-done-1440");
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.page.close();
    await page.close();
  });
});
