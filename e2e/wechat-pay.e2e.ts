// Paying with 微信支付 in Chromium (docs/decisions/0062), against the built server taking Alipay and
// WeChat Pay through their local fake gateways: the pay step offers 支付宝 (the default) and 微信支付;
// choosing 微信支付 shows WeChat's code and closes the Alipay trade at Alipay; the fake WeChat Pay
// gateway's encrypted, signed notify reaches the server, the page turns to 支付成功 and /my-orders
// shows the order 已支付. Screenshots at 1440 and 375 px.
import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeWechatPayGateway } from "../apps/server/src/providers/payment/fake-wechatpay-gateway";
import { FakeAlipay, rsaKeyPair } from "../apps/server/test/support/fake-alipay";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { customerWithOrder } from "./support/customer";
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
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, "wechat-pay-375");
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
});
