// The pay step (/pay/:orderNo) and /my-orders: precreate with the order number, the QR code, the
// offline provider's button, polling to 支付成功, the gateway's failure, the countdown; the orders list
// with its states, paying and cancelling with confirmation, paging; 申请退款 (its dialog and states) and
// the deposit paid with the login's phone.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ErrorCode, type MyDeposit, ORDER_EXPIRY_NOTE, type OrderRefund, routes } from "@yj/contract";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { remaining } from "../../components/payment-panel";
import { ApiError } from "../../lib/api-client";
import { orderOf } from "../../test/commerce-fixtures";
import { fakeApi, Where, where } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import MyOrdersScreen from "./screens/my-orders-screen";
import PayScreen from "./screens/pay-screen";

const loggedIn = { loggedIn: true, phoneNum: "13800000000" };
const ORDER_NO = "YJ20261123000001";
const trade = (status: string) => ({
  outTradeNo: "PAY20261123000001",
  status,
  amount: 299_900,
  paidAt: status === "TRADE_SUCCESS" ? "2026-11-23T04:05:00.000Z" : null,
  orderNo: ORDER_NO,
});

function renderPay(get: Record<string, () => Promise<unknown>>, post: Record<string, () => Promise<unknown>> = {}) {
  const fake = fakeApi({ get, post });
  renderApp(
    <Routes>
      <Route path="/pay/:orderNo" element={<PayScreen />} />
    </Routes>,
    { path: `/pay/${ORDER_NO}`, api: fake.api, state: loggedIn },
  );
  return fake;
}

describe("/pay/:orderNo", () => {
  it("shows the amount, the QR code and the countdown, pays with the offline provider and says 支付成功", async () => {
    let paid = false;
    const { get, post } = renderPay(
      {
        [routes.orderDetail.path]: () => Promise.resolve(orderOf({ status: paid ? "paid" : "pending_payment" })),
        [routes.alipayPrecreate.path]: () =>
          Promise.resolve({
            outTradeNo: "PAY20261123000001",
            provider: "offline",
            qrCode: "http://localhost/pay/offline/PAY20261123000001",
            amount: 299_900,
            subject: "悦家整装订单 YJ20261123000001",
          }),
        [routes.alipayQuery.path]: () => Promise.resolve(trade(paid ? "TRADE_SUCCESS" : "WAIT_BUYER_PAY")),
      },
      {
        [routes.offlinePay.path]: () => {
          paid = true;
          return Promise.resolve(trade("TRADE_SUCCESS"));
        },
      },
    );
    expect(await screen.findByRole("img", { name: "支付宝付款码" })).toBeTruthy();
    expect(screen.getByTestId("pay-amount").textContent).toBe("¥2,999");
    expect(screen.getByText("剩余支付时间").textContent).toMatch(/剩余支付时间 (28|29):\d\d/);
    expect(get.mock.calls.find(([e]) => e.path === routes.alipayPrecreate.path)?.[1]).toEqual({ orderNo: ORDER_NO });

    fireEvent.click(screen.getByRole("button", { name: "模拟支付（开发环境）" }));
    expect(await screen.findByText("支付成功")).toBeTruthy();
    expect(post.mock.calls[0]?.[1]).toEqual({ outTradeNo: "PAY20261123000001" });
    expect(screen.getByRole("link", { name: "查看我的订单" }).getAttribute("href")).toBe("/my-orders");
  });

  it("turns to 支付成功 by polling when the buyer paid with the app", async () => {
    let polls = 0;
    renderPay({
      [routes.orderDetail.path]: () => Promise.resolve(orderOf()),
      [routes.alipayPrecreate.path]: () =>
        Promise.resolve({
          outTradeNo: "PAY20261123000001",
          provider: "alipay",
          qrCode: "https://qr.alipay.com/x",
          amount: 299_900,
          subject: "订单",
        }),
      [routes.alipayQuery.path]: () => Promise.resolve(trade(++polls > 1 ? "TRADE_SUCCESS" : "WAIT_BUYER_PAY")),
    });
    expect(await screen.findByRole("img", { name: "支付宝付款码" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "模拟支付（开发环境）" })).toBeNull();
    expect(await screen.findByText("支付成功", {}, { timeout: 5000 })).toBeTruthy();
  });

  it("offers 支付宝 and 微信支付 when the shop takes both; choosing 微信支付 asks for a WeChat trade and shows its code", async () => {
    let precreates = 0;
    const answer = (provider: "alipay" | "wechat") => ({
      outTradeNo: provider === "wechat" ? "PAY20261123000002" : "PAY20261123000001",
      provider,
      qrCode: provider === "wechat" ? "weixin://wxpay/bizpayurl?pr=abc" : "https://qr.alipay.com/x",
      amount: 299_900,
      subject: "订单",
      methods: ["alipay", "wechat"],
    });
    const { get } = renderPay({
      [routes.orderDetail.path]: () => Promise.resolve(orderOf()),
      [routes.alipayPrecreate.path]: () => Promise.resolve(answer(++precreates > 1 ? "wechat" : "alipay")),
      [routes.alipayQuery.path]: () => Promise.resolve(trade("WAIT_BUYER_PAY")),
    });
    expect(await screen.findByRole("img", { name: "支付宝付款码" })).toBeTruthy();
    const choice = within(screen.getByRole("group", { name: "支付方式" }));
    expect((choice.getByRole("radio", { name: "支付宝" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(choice.getByRole("radio", { name: "微信支付" }));
    expect(await screen.findByRole("img", { name: "微信支付付款码" })).toBeTruthy();
    expect(screen.getByText("请使用微信扫一扫完成付款，支付后页面会自动更新")).toBeTruthy();
    expect(screen.getByText("剩余支付时间").textContent).toMatch(/剩余支付时间 \d\d:\d\d/);
    const asked = get.mock.calls.filter(([e]) => e.path === routes.alipayPrecreate.path).map(([, q]) => q);
    expect(asked).toEqual([{ orderNo: ORDER_NO }, { orderNo: ORDER_NO, method: "wechat" }]);
    // The new trade is the one polled.
    await waitFor(() =>
      expect(
        get.mock.calls.some(
          ([e, q]) =>
            e.path === routes.alipayQuery.path && (q as { out_trade_no: string }).out_trade_no === "PAY20261123000002",
        ),
      ).toBe(true),
    );
  });

  it("offers no choice when the shop takes one method", async () => {
    renderPay({
      [routes.orderDetail.path]: () => Promise.resolve(orderOf()),
      [routes.alipayPrecreate.path]: () =>
        Promise.resolve({
          outTradeNo: "PAY20261123000001",
          provider: "alipay",
          qrCode: "https://qr.alipay.com/x",
          amount: 299_900,
          subject: "订单",
          methods: ["alipay"],
        }),
      [routes.alipayQuery.path]: () => Promise.resolve(trade("WAIT_BUYER_PAY")),
    });
    expect(await screen.findByRole("img", { name: "支付宝付款码" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "支付方式" })).toBeNull();
  });

  it("says clearly when the gateway fails, and can try again", async () => {
    let fail = true;
    renderPay({
      [routes.orderDetail.path]: () => Promise.resolve(orderOf()),
      [routes.alipayPrecreate.path]: () =>
        fail
          ? Promise.reject(new ApiError("支付服务暂时不可用", ErrorCode.UPSTREAM, 200))
          : Promise.resolve({
              outTradeNo: "PAY20261123000001",
              provider: "alipay",
              qrCode: "https://qr.alipay.com/x",
              amount: 299_900,
              subject: "订单",
            }),
      [routes.alipayQuery.path]: () => Promise.resolve(trade("WAIT_BUYER_PAY")),
    });
    expect((await screen.findByRole("alert")).textContent).toContain("支付宝暂时无法创建支付，请稍后重试");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "重新获取支付码" }));
    expect(await screen.findByRole("img", { name: "支付宝付款码" })).toBeTruthy();
  });

  it("shows the state of an order that is no longer unpaid", async () => {
    renderPay({ [routes.orderDetail.path]: () => Promise.resolve(orderOf({ status: "cancelled" })) });
    expect(await screen.findByText("订单已取消")).toBeTruthy();
    expect(screen.queryByRole("img", { name: "支付宝付款码" })).toBeNull();
  });

  it("says why an expired order was cancelled", async () => {
    const history = [
      { status: "pending_payment" as const, at: "2026-11-23T04:00:00.000Z", note: "" },
      { status: "cancelled" as const, at: "2026-11-23T04:35:00.000Z", note: ORDER_EXPIRY_NOTE },
    ];
    renderPay({ [routes.orderDetail.path]: () => Promise.resolve(orderOf({ status: "cancelled", history })) });
    expect(await screen.findByText("订单已取消")).toBeTruthy();
    expect(screen.getByText("超时未支付，订单已自动取消")).toBeTruthy();
  });

  it("says 订单不存在 with a way to the orders for an unknown or another customer's order", async () => {
    renderPay({
      [routes.orderDetail.path]: () => Promise.reject(new ApiError("订单不存在", ErrorCode.NOT_FOUND, 200)),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("订单不存在");
    expect(alert.textContent).not.toContain("加载失败");
    expect(within(alert).getByRole("link", { name: "我的订单" }).getAttribute("href")).toBe("/my-orders");
    expect(screen.queryByRole("button", { name: "重试" })).toBeNull();
  });

  it("says 已支付 and offers no new code when the trade is already paid", async () => {
    renderPay({
      [routes.orderDetail.path]: () => Promise.resolve(orderOf()),
      [routes.alipayPrecreate.path]: () =>
        Promise.reject(new ApiError("订单已支付", ErrorCode.BUSINESS, 200, undefined, { alreadyPaid: true })),
    });
    expect(await screen.findByText("已支付")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "重新获取支付码" })).toBeNull();
  });

  it("counts down to the pay-before time", () => {
    const now = Date.parse("2026-11-23T04:00:00.000Z");
    expect(remaining("2026-11-23T04:30:00.000Z", now)).toBe("30:00");
    expect(remaining("2026-11-23T04:00:59.500Z", now)).toBe("00:59");
    expect(remaining("2026-11-23T04:00:00.000Z", now)).toBeNull();
    expect(remaining("not a date", now)).toBeNull();
  });
});

describe("/my-orders", () => {
  const page = (list: ReturnType<typeof orderOf>[], total = list.length, current = 1) => ({
    dataList: list,
    total,
    current,
    pageSize: 10,
  });

  function renderOrders(
    get: (query: unknown) => Promise<unknown>,
    post: Record<string, () => Promise<unknown>> = {},
    deposits: () => Promise<MyDeposit[]> = () => Promise.resolve([]),
  ) {
    const fake = fakeApi({ post });
    fake.get.mockImplementation((e, q) => (e.path === routes.myDeposits.path ? deposits() : get(q)));
    renderApp(
      <>
        <MyOrdersScreen />
        <Where />
      </>,
      { path: "/my-orders", api: fake.api, state: loggedIn },
    );
    return fake;
  }

  it("lists each order's lines, amount, state and time; pays an unpaid one and pages", async () => {
    const { get } = renderOrders((q) =>
      Promise.resolve(
        page(
          [
            orderOf(),
            orderOf({
              orderNo: "YJ20261122000009",
              status: "paid",
              paidAt: "2026-11-22T02:00:00.000Z",
              createdAt: "2026-11-22T01:59:00.000Z",
            }),
          ],
          23,
          (q as { current: number }).current,
        ),
      ),
    );
    const cards = await screen.findAllByTestId("order");
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText("待支付")).toBeTruthy();
    expect(first.getByText("2026-11-23 12:00")).toBeTruthy();
    expect(first.getByText("布艺沙发")).toBeTruthy();
    expect(first.getByText("¥2,999 × 1")).toBeTruthy();
    expect(first.getByRole("link", { name: "去支付" }).getAttribute("href")).toBe("/pay/YJ20261123000001");
    const second = within(cards[1]!);
    expect(second.getByText("已支付")).toBeTruthy();
    expect(second.queryByRole("button", { name: "取消订单" })).toBeNull();

    expect(screen.getByText("第 1 / 3 页")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "下一页" }));
    expect(where()).toBe("/my-orders?page=2");
    await waitFor(() =>
      expect(get.mock.calls.filter(([e]) => e.path === routes.myOrders.path).at(-1)?.[1]).toEqual({
        current: 2,
        pageSize: 10,
      }),
    );
  });

  it("cancels an unpaid order after confirmation", async () => {
    let status: "pending_payment" | "cancelled" = "pending_payment";
    const { post } = renderOrders(() => Promise.resolve(page([orderOf({ status })])), {
      [routes.cancelOrder.path]: () => {
        status = "cancelled";
        return Promise.resolve(orderOf({ status }));
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "取消订单" }));
    const dialog = within(screen.getByRole("dialog", { name: "取消订单" }));
    fireEvent.click(dialog.getByRole("button", { name: "再想想" }));
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "取消订单" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "取消订单" }));
    expect(await screen.findByText("已取消")).toBeTruthy();
    expect(post.mock.calls[0]?.[1]).toEqual({ orderNo: ORDER_NO });
    expect(screen.queryByRole("link", { name: "去支付" })).toBeNull();
  });

  it("申请退款 on a paid order: the dialog needs 退款原因, then the request shows 申请中; a refused one shows its note", async () => {
    let refunds: OrderRefund[] = [];
    const refund = (patch: Partial<OrderRefund>): OrderRefund => ({
      id: 7,
      status: "requested",
      amount: 299_900,
      reason: "尺寸不合适",
      note: "",
      createdAt: "2026-11-23T05:00:00.000Z",
      settledAt: null,
      ...patch,
    });
    const { post } = renderOrders(
      () => Promise.resolve(page([orderOf({ status: "paid", paidAt: "2026-11-23T04:05:00.000Z", refunds })])),
      {
        [routes.orderRefund.path]: () => {
          refunds = [refund({})];
          return Promise.resolve(refunds[0]);
        },
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: "申请退款" }));
    const dialog = within(screen.getByRole("dialog", { name: "申请退款" }));
    const reason = dialog.getByLabelText("退款原因");
    expect(document.activeElement).toBe(reason);
    fireEvent.click(dialog.getByRole("button", { name: "提交申请" }));
    expect(dialog.getByRole("alert").textContent).toBe("请填写退款原因");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: "尺寸不合适" } });
    fireEvent.click(dialog.getByRole("button", { name: "提交申请" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(post.mock.calls[0]?.[1]).toEqual({ orderNo: ORDER_NO, reason: "尺寸不合适" });
    expect(await screen.findByText("申请中")).toBeTruthy();
    // While it is open there is no second request.
    expect(screen.queryByRole("button", { name: "申请退款" })).toBeNull();
  });

  it("shows each refund state on its order: 已拒绝 with the note, 已退款", async () => {
    renderOrders(() =>
      Promise.resolve(
        page([
          orderOf({
            status: "paid",
            refunds: [
              {
                id: 1,
                status: "refused",
                amount: 299_900,
                reason: "不想要了",
                note: "已联系顾客",
                createdAt: "2026-11-23T05:00:00.000Z",
                settledAt: null,
              },
            ],
          }),
          orderOf({
            orderNo: "YJ20261122000009",
            status: "refunded",
            refunds: [
              {
                id: 2,
                status: "succeeded",
                amount: 299_900,
                reason: "不想要了",
                note: "",
                createdAt: "2026-11-22T05:00:00.000Z",
                settledAt: "2026-11-22T05:01:00.000Z",
              },
            ],
          }),
        ]),
      ),
    );
    const cards = await screen.findAllByTestId("order");
    expect(within(cards[0]!).getByText("已拒绝")).toBeTruthy();
    expect(within(cards[0]!).getByText(/已联系顾客/)).toBeTruthy();
    // Refused: the buyer may ask again.
    expect(within(cards[0]!).getByRole("button", { name: "申请退款" })).toBeTruthy();
    expect(within(cards[1]!).getAllByText("已退款").length).toBeGreaterThanOrEqual(1);
    expect(within(cards[1]!).queryByRole("button", { name: "申请退款" })).toBeNull();
  });

  it("lists the deposit paid with the login's phone and refunds it within the window", async () => {
    let refunded = false;
    const deposit = (): MyDeposit => ({
      outTradeNo: "P20261123000000abcdefabcdefabcd",
      amount: 9_900,
      paidAt: "2026-11-23T04:00:00.000Z",
      refundBefore: "2026-11-30T04:00:00.000Z",
      canRefund: !refunded,
      refunds: refunded
        ? [
            {
              id: 3,
              status: "processing",
              amount: 9_900,
              reason: "不参加了",
              note: "",
              createdAt: "2026-11-23T06:00:00.000Z",
              settledAt: null,
            },
          ]
        : [],
    });
    const { post } = renderOrders(
      () => Promise.resolve(page([])),
      {
        [routes.depositRefund.path]: () => {
          refunded = true;
          return Promise.resolve(deposit().refunds[0]);
        },
      },
      () => Promise.resolve([deposit()]),
    );
    const section = within(await screen.findByRole("region", { name: "活动定金" }));
    fireEvent.click(section.getByRole("button", { name: "申请退款" }));
    const dialog = within(screen.getByRole("dialog", { name: "申请退款" }));
    fireEvent.change(dialog.getByLabelText("退款原因"), { target: { value: "不参加了" } });
    fireEvent.click(dialog.getByRole("button", { name: "提交申请" }));
    expect(await screen.findByText("退款中")).toBeTruthy();
    expect(post.mock.calls[0]?.[1]).toEqual({ outTradeNo: "P20261123000000abcdefabcdefabcd", reason: "不参加了" });
  });

  it("leads to shopping when there are no orders", async () => {
    renderOrders(() => Promise.resolve(page([])));
    expect(await screen.findByText("还没有订单")).toBeTruthy();
    expect(screen.getByRole("link", { name: "去逛逛" }).getAttribute("href")).toBe("/productList");
  });
});
