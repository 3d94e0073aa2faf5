// Paying on a phone in Chromium (docs/decisions/0066), against the built server with
// WECHATPAY_FAKE_GATEWAY=true (its own fake WeChat Pay gateway, which also stands in for WeChat's
// OAuth) at 375 px. Inside WeChat (a MicroMessenger User-Agent): the pay step goes through the OAuth
// by itself, 支付宝 says 请在浏览器中打开以使用支付宝, 微信支付 calls WeixinJSBridge (stubbed here: it
// hands the server's signed arguments to the fake, which checks the pay sign, pays and notifies the
// server), and the page says 支付成功. In a phone's browser: 去微信支付 opens the fake's h5 page,
// 确认支付 brings the buyer back to the pay step, which says 支付成功.
import { createServer } from "node:net";
import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rsaKeyPair } from "../apps/server/test/support/fake-alipay";
import { expectNoHorizontalScroll, launchBrowser, screenshot, watchPage } from "./support/browser";
import { customerWithOrder } from "./support/customer";
import { type RunningServer, startServer } from "./support/server";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const WECHAT = `${IPHONE} MicroMessenger/8.0.54(0x18003637) NetType/WIFI Language/zh_CN`;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

let server: RunningServer;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;
let fakeUrl = "";
const appKeys = rsaKeyPair();

beforeAll(async () => {
  const port = await freePort();
  server = await startServer({
    port,
    env: {
      PAYMENT_PROVIDER: "wechat,alipay",
      // Alipay is offered (its gateway is never reached here: inside WeChat it makes no trade).
      ALIPAY_APP_ID: "2021000000000001",
      ALIPAY_PRIVATE_KEY: appKeys.privateKey,
      ALIPAY_PUBLIC_KEY: rsaKeyPair().publicKey,
      ALIPAY_SELLER_ID: "2088000000000001",
      ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
      WECHATPAY_FAKE_GATEWAY: "true",
      WECHATPAY_JSAPI: "true",
      // The OAuth comes back to this address: the browser's cookies are this host's.
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    },
  });
  const line = server.logLines().find((l) => typeof l.msg === "string" && l.msg.startsWith("fake WeChat Pay gateway"));
  fakeUrl = String(line?.url ?? "");
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  server?.cleanup();
});

/** A page at 375 px with the given User-Agent (navigator and requests alike). */
async function phonePage(userAgent: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setUserAgentOverride", { userAgent });
  await page.setViewportSize({ width: 375, height: 812 });
  return { page, ...watchPage(page) };
}

async function loggedIn(name: string) {
  const { session, orderNo } = await customerWithOrder(server, { name });
  await context.clearCookies();
  await context.addCookies([
    { name: TOKEN_COOKIE, value: session.token, url: server.url },
    { name: CSRF_COOKIE, value: session.csrf, url: server.url },
  ]);
  return orderNo;
}

describe("paying on a phone", { timeout: 180_000 }, () => {
  it("inside WeChat: OAuth, 支付宝 not usable there, 微信支付 through the bridge, 支付成功", async () => {
    expect(fakeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const orderNo = await loggedIn("微信内");
    const { page, errors } = await phonePage(WECHAT);
    const bridgeCalls: unknown[] = [];
    // WeChat's bridge: what getBrandWCPayRequest does, done by the fake (it verifies the pay sign).
    await page.exposeFunction("payInWechat", async (params: unknown) => {
      bridgeCalls.push(params);
      const res = await fetch(`${fakeUrl}/fake/jsapi/pay`, { method: "POST", body: JSON.stringify(params) });
      return (await res.json()) as { err_msg: string };
    });
    await page.addInitScript(() => {
      const w = window as unknown as {
        WeixinJSBridge: unknown;
        payInWechat(p: unknown): Promise<{ err_msg: string }>;
      };
      w.WeixinJSBridge = {
        invoke(_name: string, params: unknown, done: (r: { err_msg: string }) => void) {
          void w.payInWechat(params).then(done);
        },
      };
    });
    await page.goto(`${server.url}/pay/${orderNo}`);
    // Through WeChat's (the fake's) silent snsapi_base OAuth and back, with the method in the URL
    // (the browser keeps the authorize URL's #wechat_redirect across the redirects, as WeChat's does).
    await page.waitForURL((url) => url.pathname === `/pay/${orderNo}` && url.search === "?via=wechat");
    const pay = page.getByRole("button", { name: "微信支付" });
    await pay.waitFor();
    expect(page.url()).not.toContain("openid");
    const methods = page.getByRole("group", { name: "支付方式" });
    await methods.getByRole("radio", { name: "支付宝" }).check();
    await page.getByText("请在浏览器中打开以使用支付宝").waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, "mobile-pay-wechat-alipay-375");
    await methods.getByRole("radio", { name: "微信支付" }).check();
    await pay.waitFor();
    await screenshot(page, "mobile-pay-jsapi-375");
    await pay.click();
    await page.getByText("支付成功").waitFor();
    expect(bridgeCalls).toHaveLength(1);
    expect(bridgeCalls[0]).toMatchObject({ signType: "RSA", package: expect.stringMatching(/^prepay_id=/) });
    await screenshot(page, "mobile-pay-jsapi-paid-375");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("in a phone's browser: 去微信支付 opens WeChat's page, 确认支付 comes back to 支付成功", async () => {
    const orderNo = await loggedIn("手机浏览器");
    const { page, errors } = await phonePage(IPHONE);
    await page.goto(`${server.url}/pay/${orderNo}`);
    await page.getByRole("radio", { name: "微信支付" }).check();
    const go = page.getByRole("link", { name: "去微信支付" });
    await go.waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, "mobile-pay-h5-375");
    await go.click();
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.waitForURL(`${server.url}/pay/${orderNo}?via=wechat`);
    // The fake notified the server before sending the browser back: the pay step finds the order paid
    // and says 支付成功; had the notify been late, the same trade's query would have recorded it.
    await page.getByText("支付成功").waitFor();
    await screenshot(page, "mobile-pay-h5-back-375");
    expect(errors).toEqual([]);
    await page.close();
  });
});
