// The activity deposit on a phone (docs/decisions/0066): back from WeChat's or Alipay's page with
// ?trade=, the page polls that trade without the form and says 支付成功; 重新支付 goes back to the form.
// Back from WeChat's OAuth, the form's values kept in this tab resume the pay step once.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { routes } from "@yj/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEPOSIT_RESUME_KEY } from "../../components/payment-panel";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import DecorateActScreen from "./screens/decorate-act-screen";

const HANGZHOU = { province: "浙江省", cityName: "杭州市" };
const TRADE = "P20261125041500abcdef0123456789";
const trade = (status: string) => ({ outTradeNo: TRADE, status, amount: 9_900, paidAt: null, orderNo: null });

describe("/decorate-act deposit on a phone", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it("back with ?trade= polls that trade and says 支付成功", async () => {
    let polls = 0;
    const { api, get } = fakeApi({
      get: {
        [routes.activityCount.path]: () => Promise.resolve(3),
        [routes.alipayQuery.path]: () => Promise.resolve(trade(++polls > 1 ? "TRADE_SUCCESS" : "WAIT_BUYER_PAY")),
      },
    });
    renderApp(<DecorateActScreen />, { path: `/decorate-act?trade=${TRADE}`, api, state: HANGZHOU });
    expect(await screen.findByText(/正在确认支付结果/)).toBeTruthy();
    expect(await screen.findByText("支付成功", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/定金已支付/)).toBeTruthy();
    expect(get.mock.calls.find(([e]) => e.path === routes.alipayQuery.path)?.[1]).toEqual({ out_trade_no: TRADE });
    expect(get.mock.calls.some(([e]) => e.path === routes.alipayPrecreate.path)).toBe(false);
  });

  it("重新支付 goes back to the form", async () => {
    const { api } = fakeApi({
      get: {
        [routes.activityCount.path]: () => Promise.resolve(3),
        [routes.alipayQuery.path]: () => Promise.resolve(trade("WAIT_BUYER_PAY")),
      },
    });
    renderApp(<DecorateActScreen />, { path: `/decorate-act?trade=${TRADE}`, api, state: HANGZHOU });
    fireEvent.click(await screen.findByRole("button", { name: "重新支付" }));
    expect(await screen.findByRole("form", { name: "支付定金" })).toBeTruthy();
  });

  it("back from WeChat's OAuth the kept form resumes the pay step, once", async () => {
    sessionStorage.setItem(DEPOSIT_RESUME_KEY, JSON.stringify({ name: "王女士", mobile: "13900000000" }));
    const { api, get } = fakeApi({
      get: {
        [routes.activityCount.path]: () => Promise.resolve(3),
        [routes.alipayPrecreate.path]: () =>
          Promise.resolve({
            outTradeNo: TRADE,
            provider: "alipay",
            qrCode: "https://qr.alipay.com/x",
            amount: 9_900,
            subject: "活动定金",
          }),
        [routes.alipayQuery.path]: () => Promise.resolve(trade("WAIT_BUYER_PAY")),
      },
    });
    renderApp(<DecorateActScreen />, { path: "/decorate-act", api, state: HANGZHOU });
    await screen.findByRole("img", { name: "支付宝付款码" });
    await waitFor(() =>
      expect(get.mock.calls.find(([e]) => e.path === routes.alipayPrecreate.path)?.[1]).toEqual({
        name: "王女士",
        mobile: "13900000000",
      }),
    );
    expect(sessionStorage.getItem(DEPOSIT_RESUME_KEY)).toBeNull();
  });
});
