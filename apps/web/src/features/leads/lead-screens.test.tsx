// The leads' pages: the activity's sign-up count, the franchise form's answers, consent everywhere (R14).
import { fireEvent, screen, within } from "@testing-library/react";
import { ACTIVITY_DEPOSIT_CENTS, Messages, routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp, settingsFixture } from "../../test/render-app";
import DecorateActScreen, { handle as activityHandle } from "./screens/decorate-act-screen";
import MerchantsJoinScreen from "./screens/merchants-join-screen";
import PanoramaScreen, { handle as panoramaHandle } from "./screens/panorama-screen";
import PrivacyScreen from "./screens/privacy-screen";

/** The visitor chose 杭州 (the city selector's state). */
const HANGZHOU = { province: "浙江省", cityName: "杭州市" };
const consentBox = () => screen.getByRole("checkbox", { name: /我已阅读并同意/ });
const regions = {
  prime: (set: (route: typeof routes.regions, query: { code: string }, data: unknown) => void) => {
    set(routes.regions, { code: "86" }, { "330000": "浙江省" });
    set(routes.regions, { code: "330000" }, { "330100": "杭州市" });
  },
};

describe("/decorate-act", () => {
  const signUpForm = () => within(screen.getByRole("form", { name: "活动报名" }));
  const depositForm = () => within(screen.getByRole("form", { name: "支付定金" }));

  it("states the rules from the site settings: the deposit, what it buys, its refund window (docs/decisions/0077)", async () => {
    const rulesWith = (settings: Partial<typeof settingsFixture>) => {
      const { api } = fakeApi({ get: { [routes.activityCount.path]: () => Promise.resolve(3) } });
      const view = renderApp(<DecorateActScreen />, {
        path: "/decorate-act",
        api,
        prime: (set) => set(routes.siteSettings, undefined, { ...settingsFixture, ...settings }),
      });
      const text = screen.getByTestId("activity-rules").textContent ?? "";
      view.unmount();
      return text;
    };
    const shown = rulesWith({ activityDepositCents: 19_900, depositRefundDays: 3 });
    expect(shown).toContain("活动定金 ¥199");
    expect(shown).toContain("签约时全额抵扣合同款");
    expect(shown).toContain("定金支付后 3 天内可在“我的订单”中申请退款");
    expect(rulesWith({ depositRefundDays: 0 })).toContain("定金支付后不可退款");
    expect(rulesWith({ activityDepositCents: 0 })).toContain("本期活动暂不收取定金");
  });

  it("is shown in the overall layout and says how many have signed up, then counts the new sign-up", async () => {
    expect(activityHandle.view).toBe("overall");
    let count = 41;
    const { api, post } = fakeApi({
      get: { [routes.activityCount.path]: () => Promise.resolve(count) },
      post: {
        [routes.activity.path]: () => {
          count++;
          return Promise.resolve(null);
        },
      },
    });
    renderApp(<DecorateActScreen />, { path: "/decorate-act", api, state: HANGZHOU });
    expect((await screen.findByTestId("activity-count")).textContent).toBe("已有 41 人报名");

    const form = signUpForm();
    fireEvent.change(form.getByLabelText("姓名"), { target: { value: "王女士" } });
    fireEvent.change(form.getByLabelText("手机号"), { target: { value: "13900000000" } });
    fireEvent.click(form.getByRole("button", { name: "立即报名" }));
    expect(form.getByRole("alert").textContent).toBe(Messages.consentRequired);
    expect(post).not.toHaveBeenCalled();

    // The offers-call consent is optional and unticked (docs/decisions/0077): sending needs only the other.
    const offers = form.getByRole("checkbox", { name: Messages.marketingConsent }) as HTMLInputElement;
    expect(offers.checked).toBe(false);
    fireEvent.click(form.getByRole("checkbox", { name: /我已阅读并同意/ }));
    fireEvent.click(offers);
    fireEvent.click(form.getByRole("button", { name: "立即报名" }));
    expect(await screen.findByText(/报名成功/)).toBeTruthy();
    // ADR 0052: the visitor's chosen city and province go with the lead.
    expect(post.mock.calls[0]?.[1]).toEqual({
      name: "王女士",
      phone: "13900000000",
      consent: true,
      marketingConsent: true,
      province: "浙江省",
      city: "杭州市",
    });
    expect((await screen.findByText("42")).closest("p")?.textContent).toBe("已有 42 人报名");
    // The deposit form then starts with the name and number just given.
    expect((depositForm().getByLabelText("姓名") as HTMLInputElement).value).toBe("王女士");
    expect((depositForm().getByLabelText("手机号") as HTMLInputElement).value).toBe("13900000000");
  });

  it("takes the deposit: denominate with name and mobile, the QR code, then 支付成功 once the trade is paid", async () => {
    let polls = 0;
    const { api, get, post } = fakeApi({
      get: {
        [routes.activityCount.path]: () => Promise.resolve(3),
        [routes.alipayPrecreate.path]: () =>
          Promise.resolve({
            outTradeNo: "DEP20261123000001",
            provider: "alipay",
            qrCode: "https://qr.alipay.com/bax01234",
            amount: ACTIVITY_DEPOSIT_CENTS,
            subject: "活动定金",
          }),
        [routes.alipayQuery.path]: () => {
          polls++;
          return Promise.resolve({
            outTradeNo: "DEP20261123000001",
            status: polls > 1 ? "TRADE_SUCCESS" : "WAIT_BUYER_PAY",
            amount: ACTIVITY_DEPOSIT_CENTS,
            paidAt: polls > 1 ? "2026-11-23T04:00:00.000Z" : null,
            orderNo: null,
          });
        },
      },
      post: { [routes.denominate.path]: () => Promise.resolve(null) },
    });
    renderApp(<DecorateActScreen />, { path: "/decorate-act", api, state: HANGZHOU });
    const form = depositForm();
    fireEvent.click(form.getByRole("button", { name: "支付定金" }));
    expect(form.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      Messages.nameRequired,
      Messages.invalidPhone,
      Messages.consentRequired,
    ]);
    fireEvent.change(form.getByLabelText("姓名"), { target: { value: "赵先生" } });
    fireEvent.change(form.getByLabelText("手机号"), { target: { value: "13600000000" } });
    fireEvent.click(form.getByRole("checkbox", { name: /我已阅读并同意/ }));
    fireEvent.click(form.getByRole("button", { name: "支付定金" }));

    const qr = await screen.findByRole("img", { name: "支付宝付款码" });
    expect(qr.getAttribute("data-qr")).toBe("https://qr.alipay.com/bax01234");
    expect(post.mock.calls[0]?.[1]).toEqual({
      phone: "13600000000",
      content: "赵先生",
      consent: true,
      marketingConsent: false,
      province: "浙江省",
      city: "杭州市",
    });
    const precreate = get.mock.calls.find(([e]) => e.path === routes.alipayPrecreate.path);
    expect(precreate?.[1]).toEqual({ name: "赵先生", mobile: "13600000000" });
    expect(screen.getByTestId("pay-amount").textContent).toBe("¥99");
    // The poll runs every 2 s; the second answer is paid.
    expect(await screen.findByText("支付成功", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/定金已支付/)).toBeTruthy();
  });
});

describe("/merchants-join", () => {
  function fill() {
    fireEvent.change(screen.getByLabelText("姓名"), { target: { value: "李先生" } });
    fireEvent.change(screen.getByLabelText("手机号"), { target: { value: "13700000000" } });
    fireEvent.change(screen.getByLabelText("留言（选填）"), { target: { value: "想在杭州开店" } });
  }

  it("checks the fields, needs the consent, and says the application was received", async () => {
    const { api, post } = fakeApi({ post: { [routes.cityPartner.path]: () => Promise.resolve(null) } });
    renderApp(<MerchantsJoinScreen />, { path: "/merchants-join", api, ...regions });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("城市合伙人招募");
    fireEvent.click(screen.getByRole("button", { name: "提交申请" }));
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      Messages.nameRequired,
      Messages.invalidPhone,
      Messages.consentRequired,
    ]);
    fill();
    fireEvent.click(consentBox());
    fireEvent.click(screen.getByRole("button", { name: "提交申请" }));
    expect(await screen.findByText(/提交成功/)).toBeTruthy();
    expect(post.mock.calls[0]?.[1]).toEqual({
      name: "李先生",
      phone: "13700000000",
      province: "浙江省",
      city: "杭州市",
      comment: "想在杭州开店",
      consent: true,
      marketingConsent: false,
    });
  });

  it("shows a failure clearly and keeps what was typed", async () => {
    const { api } = fakeApi({ post: { [routes.cityPartner.path]: () => Promise.reject(new Error("offline")) } });
    renderApp(<MerchantsJoinScreen />, { path: "/merchants-join", api, ...regions });
    fill();
    fireEvent.click(consentBox());
    fireEvent.click(screen.getByRole("button", { name: "提交申请" }));
    expect((await screen.findByRole("alert")).textContent).toBe(`${Messages.leadFailed}：${Messages.networkError}`);
    expect((screen.getByLabelText("姓名") as HTMLInputElement).value).toBe("李先生");
  });
});

describe("/iframe", () => {
  it("is bare and its lead card '获取同款报价' posts the phone with consent", async () => {
    expect(panoramaHandle.bare).toBe(true);
    const { api, post } = fakeApi({ post: { [routes.putCards.path]: () => Promise.resolve(null) } });
    renderApp(<PanoramaScreen />, { path: "/iframe", api, state: HANGZHOU });
    fireEvent.change(screen.getByLabelText("手机号"), { target: { value: "1360000" } });
    fireEvent.click(screen.getByRole("button", { name: "获取报价" }));
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      Messages.invalidPhone,
      Messages.consentRequired,
    ]);
    fireEvent.change(screen.getByLabelText("手机号"), { target: { value: "13600000000" } });
    fireEvent.click(consentBox());
    fireEvent.click(screen.getByRole("button", { name: "获取报价" }));
    expect(await screen.findByText(/提交成功/)).toBeTruthy();
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      phone: "13600000000",
      consent: true,
      province: "浙江省",
      city: "杭州市",
      // The page by its Chinese name, not the raw path (ADR 0052).
      originDetail: "全景样板间",
    });
  });
});

describe("/privacy", () => {
  it("names what is collected and how to reach the shop", () => {
    renderApp(<PrivacyScreen />, { path: "/privacy" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("隐私政策");
    expect(screen.getByText(/个人信息保护法/)).toBeTruthy();
    expect(screen.getByText(/0571-8678-0130/)).toBeTruthy();
    expect(screen.getByText(/service@yuejia.example/)).toBeTruthy();
  });
});
