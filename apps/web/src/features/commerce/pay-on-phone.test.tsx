// The pay step on a phone (docs/decisions/0066): the page says it is on a phone; 去微信支付 and
// 去支付宝支付 open the app's page; inside WeChat 微信支付 calls WeixinJSBridge and the polling says
// 支付成功, 支付宝 only says 请在浏览器中打开以使用支付宝 (no precreate), and a visitor without an
// openid goes to WeChat's OAuth; back from the app (?via=) the same method is asked for again.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { routes } from "@yj/contract";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { leavePage } from "../../components/payment-panel";
import { ApiError } from "../../lib/api-client";
import { orderOf } from "../../test/commerce-fixtures";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import PayScreen from "./screens/pay-screen";

const ORDER_NO = "YJ20261123000001";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const WECHAT = `${IPHONE} MicroMessenger/8.0.54(0x18003637) NetType/WIFI Language/zh_CN`;
const trade = (status: string) => ({
  outTradeNo: "PAY20261123000009",
  status,
  amount: 299_900,
  paidAt: status === "TRADE_SUCCESS" ? "2026-11-23T04:05:00.000Z" : null,
  orderNo: ORDER_NO,
});
const base = { amount: 299_900, subject: `悦家整装订单 ${ORDER_NO}`, qrCode: "", methods: ["alipay", "wechat"] };

function onBrowser(ua: string) {
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(ua);
}

function renderPay(
  precreate: (query: unknown) => Promise<unknown>,
  query = () => Promise.resolve(trade("WAIT_BUYER_PAY")),
  path = `/pay/${ORDER_NO}`,
) {
  const fake = fakeApi({
    get: {
      [routes.orderDetail.path]: () => Promise.resolve(orderOf()),
      [routes.alipayQuery.path]: query,
    },
  });
  fake.get.mockImplementation(((e: { path: string }, q?: unknown) =>
    e.path === routes.alipayPrecreate.path
      ? precreate(q)
      : e.path === routes.orderDetail.path
        ? Promise.resolve(orderOf())
        : e.path === routes.alipayQuery.path
          ? query()
          : Promise.reject(new Error(`unexpected GET ${e.path}`))) as never);
  renderApp(
    <Routes>
      <Route path="/pay/:orderNo" element={<PayScreen />} />
    </Routes>,
    { path, api: fake.api, state: { loggedIn: true, phoneNum: "13800000000" } },
  );
  return fake;
}

const asked = (get: ReturnType<typeof fakeApi>["get"]) =>
  get.mock.calls.filter(([e]) => e.path === routes.alipayPrecreate.path).map(([, q]) => q);

describe("/pay/:orderNo on a phone", () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => vi.restoreAllMocks());

  it("says it is on a phone; WeChat H5 is a 去微信支付 link to h5_url, with no QR code", async () => {
    onBrowser(IPHONE);
    const h5Url = "https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&redirect_url=x";
    const { get } = renderPay(() =>
      Promise.resolve({ ...base, outTradeNo: "PAY20261123000009", provider: "wechat", channel: "h5", payUrl: h5Url }),
    );
    const link = await screen.findByRole("link", { name: "去微信支付" });
    expect(link.getAttribute("href")).toBe(h5Url);
    expect(screen.queryByRole("img", { name: /付款码/ })).toBeNull();
    expect(screen.queryByTestId("phone-pay-steps")).toBeNull();
    expect(asked(get)[0]).toEqual({ orderNo: ORDER_NO, client: "phone" });
    expect(screen.getByText("剩余支付时间")).toBeTruthy();
  });

  it("Alipay's mobile site is a 去支付宝支付 link; switching to 微信支付 asks for WeChat's trade", async () => {
    onBrowser(IPHONE);
    const { get } = renderPay((q) =>
      Promise.resolve(
        (q as { method?: string }).method === "wechat"
          ? {
              ...base,
              outTradeNo: "PAY20261123000010",
              provider: "wechat",
              channel: "h5",
              payUrl: "https://wx.example/h5",
            }
          : {
              ...base,
              outTradeNo: "PAY20261123000009",
              provider: "alipay",
              channel: "wap",
              payUrl: "https://openapi.alipay.com/gateway.do?x=1",
            },
      ),
    );
    expect((await screen.findByRole("link", { name: "去支付宝支付" })).getAttribute("href")).toBe(
      "https://openapi.alipay.com/gateway.do?x=1",
    );
    fireEvent.click(screen.getByRole("radio", { name: "微信支付" }));
    expect(await screen.findByRole("link", { name: "去微信支付" })).toBeTruthy();
    expect(asked(get)).toEqual([
      { orderNo: ORDER_NO, client: "phone" },
      { orderNo: ORDER_NO, method: "wechat", client: "phone" },
    ]);
  });

  it("back from the app (?via=wechat) the same method is asked for, so the same trade is polled", async () => {
    onBrowser(IPHONE);
    const { get } = renderPay(
      () =>
        Promise.resolve({
          ...base,
          outTradeNo: "PAY20261123000009",
          provider: "wechat",
          channel: "h5",
          payUrl: "https://wx.example/h5",
        }),
      () => Promise.resolve(trade("TRADE_SUCCESS")),
      `/pay/${ORDER_NO}?via=wechat`,
    );
    expect(await screen.findByText("支付成功")).toBeTruthy();
    expect(asked(get)[0]).toEqual({ orderNo: ORDER_NO, method: "wechat", client: "phone" });
  });

  it("back from the app with the order already paid (the notify came first) says 支付成功", async () => {
    onBrowser(IPHONE);
    const fake = fakeApi({ get: { [routes.orderDetail.path]: () => Promise.resolve(orderOf({ status: "paid" })) } });
    renderApp(
      <Routes>
        <Route path="/pay/:orderNo" element={<PayScreen />} />
      </Routes>,
      { path: `/pay/${ORDER_NO}?via=wechat`, api: fake.api, state: { loggedIn: true, phoneNum: "13800000000" } },
    );
    expect(await screen.findByText("支付成功")).toBeTruthy();
    expect(asked(fake.get)).toHaveLength(0);
  });

  it("inside WeChat: 微信支付 invokes getBrandWCPayRequest with the server's signed arguments, then polling says 支付成功", async () => {
    onBrowser(WECHAT);
    const jsapi = {
      appId: "wxd678efh567hg6787",
      timeStamp: "1764043200",
      nonceStr: "n0nce",
      package: "prepay_id=wx201410272009395522657a690389285100",
      signType: "RSA" as const,
      paySign: "c2lnbg==",
    };
    let paid = false;
    const invoke = vi.fn((_name: string, _params: unknown, done: (r: { err_msg: string }) => void) => {
      paid = true;
      done({ err_msg: "get_brand_wcpay_request:ok" });
    });
    (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    try {
      const { get } = renderPay(
        () =>
          Promise.resolve({ ...base, outTradeNo: "PAY20261123000009", provider: "wechat", channel: "jsapi", jsapi }),
        () => Promise.resolve(trade(paid ? "TRADE_SUCCESS" : "WAIT_BUYER_PAY")),
      );
      fireEvent.click(await screen.findByRole("button", { name: "微信支付" }));
      expect(await screen.findByText("支付成功")).toBeTruthy();
      expect(invoke).toHaveBeenCalledWith("getBrandWCPayRequest", jsapi, expect.any(Function));
      expect(asked(get)[0]).toEqual({ orderNo: ORDER_NO, method: "wechat", client: "phone" });
    } finally {
      delete (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge;
    }
  });

  it("inside WeChat a cancelled payment says so and 微信支付 can be pressed again", async () => {
    onBrowser(WECHAT);
    const invoke = vi.fn((_n: string, _p: unknown, done: (r: { err_msg: string }) => void) =>
      done({ err_msg: "get_brand_wcpay_request:cancel" }),
    );
    (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    try {
      renderPay(() =>
        Promise.resolve({
          ...base,
          outTradeNo: "PAY20261123000009",
          provider: "wechat",
          channel: "jsapi",
          jsapi: { appId: "a", timeStamp: "1", nonceStr: "n", package: "prepay_id=p", signType: "RSA", paySign: "s" },
        }),
      );
      fireEvent.click(await screen.findByRole("button", { name: "微信支付" }));
      expect(await screen.findByText("已取消支付，可再次点击微信支付")).toBeTruthy();
      expect((screen.getByRole("button", { name: "微信支付" }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      delete (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge;
    }
  });

  it("inside WeChat 支付宝 only says 请在浏览器中打开以使用支付宝 and asks the server for nothing", async () => {
    onBrowser(WECHAT);
    const { get } = renderPay(() =>
      Promise.resolve({
        ...base,
        outTradeNo: "PAY20261123000009",
        provider: "wechat",
        channel: "jsapi",
        jsapi: { appId: "a", timeStamp: "1", nonceStr: "n", package: "prepay_id=p", signType: "RSA", paySign: "s" },
      }),
    );
    fireEvent.click(await screen.findByRole("radio", { name: "支付宝" }));
    expect((await screen.findByTestId("alipay-in-wechat")).textContent).toContain("请在浏览器中打开以使用支付宝");
    expect(screen.queryByRole("button", { name: "微信支付" })).toBeNull();
    expect(asked(get)).toHaveLength(1);
    fireEvent.click(screen.getByRole("radio", { name: "微信支付" }));
    expect(await screen.findByRole("button", { name: "微信支付" })).toBeTruthy();
  });

  it("inside WeChat without an openid the page goes to WeChat's OAuth", async () => {
    onBrowser(WECHAT);
    const to = vi.spyOn(leavePage, "to").mockImplementation(() => {});
    const oauthUrl = `/api/wechat/oauth?back=${encodeURIComponent(`/pay/${ORDER_NO}?via=wechat`)}`;
    renderPay(() => Promise.reject(new ApiError("请先在微信中授权", 1100, 200, undefined, { oauthUrl })));
    expect(await screen.findByText("正在前往微信授权…")).toBeTruthy();
    await waitFor(() => expect(to).toHaveBeenCalledWith(oauthUrl));
  });

  it("back from a failed OAuth the page offers 重新授权 instead of going round again", async () => {
    onBrowser(WECHAT);
    const to = vi.spyOn(leavePage, "to").mockImplementation(() => {});
    const oauthUrl = "/api/wechat/oauth?back=%2Fpay%2FYJ20261123000001%3Fvia%3Dwechat";
    renderPay(
      () => Promise.reject(new ApiError("请先在微信中授权", 1100, 200, undefined, { oauthUrl })),
      undefined,
      `/pay/${ORDER_NO}?via=wechat&wechat_auth=failed`,
    );
    expect((await screen.findByRole("link", { name: "重新授权" })).getAttribute("href")).toBe(oauthUrl);
    expect(to).not.toHaveBeenCalled();
  });
});
