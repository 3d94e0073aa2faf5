// Paying with 微信支付 in Chromium (docs/decisions/0062), against the built server taking Alipay and
// WeChat Pay through their local fake gateways: the pay step offers 支付宝 (the default) and 微信支付;
// choosing 微信支付 shows WeChat's code and closes the Alipay trade at Alipay; the fake WeChat Pay
// gateway's encrypted, signed notify reaches the server, the page turns to 支付成功 and /my-orders
// shows the order 已支付; axe finds no serious fault in the 支付方式 choice at 1440 and 375 px. The
// activity deposit on /decorate-act is paid with 微信支付 and its payer, logged in with the deposit's
// phone, asks for it back in /my-orders (申请退款, within the site settings' window: no staff
// decision); the fake's refund notify settles it and the deposit shows 已退款. Screenshots at 1440
// and 375 px.
import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeWechatPayGateway } from "../apps/server/src/providers/payment/fake-wechatpay-gateway";
import { FakeAlipay, rsaKeyPair } from "../apps/server/test/support/fake-alipay";
import { expectNoSeriousFaults } from "./support/axe";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { customerWithOrder, logInInBrowser } from "./support/customer";
import { freshPhone } from "./support/server";
import { shopInBrowser } from "./support/shop";

const appKeys = rsaKeyPair();
const alipay = new FakeAlipay(appKeys.publicKey, "2021000000000001", "2088000000000001");
const wechat = new FakeWechatPayGateway();
/** Filled once the fakes listen, before the server starts (beforeAll hooks run in order). */
const env: Record<string, string> = {};

beforeAll(async () => {
  await Promise.all([alipay.start(), wechat.start()]);
  Object.assign(env, {
    PAYMENT_PROVIDER: "alipay,wechat",
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: appKeys.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.alipayKeys.publicKey,
    ALIPAY_SELLER_ID: alipay.sellerId,
    ALIPAY_GATEWAY: alipay.url,
    ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
    // The server's own address is known only once it listens: the test points the trade there.
    ...wechat.settings("https://shop.example.cn/api/wechatpay/notify"),
  });
});
const shop = shopInBrowser({ env });
afterAll(async () => {
  await Promise.all([alipay.stop(), wechat.stop()]);
});

describe("paying with 微信支付", () => {
  it("chooses 微信支付 on the pay step, pays through the fake gateway's notify, and sees the order paid", async () => {
    const { session, orderNo } = await customerWithOrder(shop.server, { name: "微信" });
    await shop.browser.addCookies([
      { name: TOKEN_COOKIE, value: session.token, url: shop.server.url },
      { name: CSRF_COOKIE, value: session.csrf, url: shop.server.url },
    ]);
    const { page, errors } = await shop.open(`/pay/${orderNo}`);
    await page.getByRole("img", { name: "支付宝付款码" }).waitFor();
    const methods = page.getByRole("group", { name: "支付方式" });
    expect(await methods.getByRole("radio", { name: "支付宝" }).isChecked()).toBe(true);
    const alipayTrade = [...alipay.trades.values()].at(-1);

    await methods.getByRole("radio", { name: "微信支付" }).check();
    await page.getByRole("img", { name: "微信支付付款码" }).waitFor();
    await page.getByText("请使用微信扫一扫完成付款，支付后页面会自动更新").waitFor();
    expect(await page.getByText("剩余支付时间").innerText()).toMatch(/\d\d:\d\d/);
    // Switching closed the Alipay trade at Alipay.
    expect(alipayTrade?.status).toBe("TRADE_CLOSED");
    await screenshot(page, "wechat-pay-1440");
    await expectNoSeriousFaults(page, "支付方式 at 1440 px");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, "wechat-pay-375");
    await expectNoSeriousFaults(page, "支付方式 at 375 px");
    await page.setViewportSize({ width: 1440, height: 900 });

    // The buyer scans and pays; WeChat Pay posts its encrypted, signed notify to the shop.
    const trade = [...wechat.trades.values()].at(-1);
    if (!trade) throw new Error("no trade at the fake WeChat Pay gateway");
    trade.notifyUrl = `${shop.server.url}/api/wechatpay/notify`;
    wechat.pay(trade.outTradeNo);
    expect(await wechat.sendNotify(trade.outTradeNo)).toBe(204);
    await page.getByText("支付成功").waitFor();
    await page.getByRole("link", { name: "查看我的订单" }).click();
    await page.waitForURL(`${shop.server.url}/my-orders`);
    await page.getByTestId("order").filter({ hasText: orderNo }).getByText("已支付").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("pays the activity deposit with 微信支付 and its payer gets it back from /my-orders", async () => {
    const phone = freshPhone();
    const { page, errors } = await shop.open("/decorate-act", 375, 812);
    const form = page.getByRole("form", { name: "支付定金" });
    await form.getByLabel("姓名").fill("钱先生");
    await form.getByLabel("手机号").fill(phone);
    await form.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
    await form.getByRole("button", { name: "支付定金" }).click();
    const pay = page.getByTestId("deposit-pay");
    await pay.getByRole("img", { name: "支付宝付款码" }).waitFor();
    await pay.getByRole("radio", { name: "微信支付" }).check();
    await pay.getByRole("img", { name: "微信支付付款码" }).waitFor();
    expect(await pay.getByTestId("pay-amount").innerText()).toBe("¥99");
    await expectNoHorizontalScroll(page);
    await screenshot(page, "deposit-wechat-375");
    const trade = [...wechat.trades.values()].at(-1);
    if (!trade) throw new Error("no deposit trade at the fake WeChat Pay gateway");
    trade.notifyUrl = `${shop.server.url}/api/wechatpay/notify`;
    wechat.pay(trade.outTradeNo);
    expect(await wechat.sendNotify(trade.outTradeNo)).toBe(204);
    await pay.getByText("支付成功").waitFor();
    await pay.getByText("定金已支付，活动优惠已为您锁定").waitFor();

    // The payer proves the deposit's phone with the SMS login and asks for the deposit back.
    await shop.browser.clearCookies();
    await page.goto(`${shop.server.url}/login?redirect=${encodeURIComponent("/my-orders")}`, {
      waitUntil: "networkidle",
    });
    await logInInBrowser(page, shop.server, phone);
    await page.waitForURL(`${shop.server.url}/my-orders`);
    const deposit = page.getByTestId("deposit").filter({ hasText: trade.outTradeNo });
    await deposit.getByText("¥99").waitFor();
    await deposit.getByRole("button", { name: "申请退款" }).click();
    const dialog = page.getByRole("dialog", { name: "申请退款" });
    await dialog.getByText("活动定金 ¥99，申请后原路退回").waitFor();
    await dialog.getByLabel("退款原因").fill("暂不装修了");
    await expectNoHorizontalScroll(page);
    await screenshot(page, "deposit-refund-dialog-375");
    await expectNoSeriousFaults(page, "申请退款 (deposit) at 375 px");
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectNoSeriousFaults(page, "申请退款 (deposit) at 1440 px");
    await screenshot(page, "deposit-refund-dialog-1440");
    await dialog.getByRole("button", { name: "提交申请" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Within the window the deposit goes back without a staff decision: sent to WeChat Pay at once.
    await deposit.locator('[data-refund-status="processing"]').getByText("退款中").waitFor();
    await expect
      .poll(() => [...wechat.refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo).length)
      .toBe(1);
    const refund = [...wechat.refunds.values()].find((r) => r.outTradeNo === trade.outTradeNo)!;
    expect(refund.refundFen).toBe(9900);
    expect(await deposit.getByRole("button", { name: "申请退款" }).count()).toBe(0);

    wechat.settleRefund(refund.outRefundNo, "SUCCESS");
    refund.notifyUrl = `${shop.server.url}/api/wechatpay/refund-notify`;
    expect(await wechat.sendRefundNotify(refund.outRefundNo)).toBe(204);
    await page.reload({ waitUntil: "networkidle" });
    await deposit.locator('[data-refund-status="succeeded"]').getByText("已退款").waitFor();
    expect(await deposit.getByRole("button", { name: "申请退款" }).count()).toBe(0);
    expect(await deposit.getByText("已超过可退款期限").count()).toBe(0);
    await screenshot(page, "deposit-refunded-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, "deposit-refunded-375");
    expect(errors).toEqual([]);
    await page.close();
  });
});
