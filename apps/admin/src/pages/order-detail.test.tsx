// An order's page: what the customer bought and where it goes, and the one next step its state allows
// (发货 with carrier and tracking number, 完成订单, 取消订单), each answered by the order as it now is.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type AdminAfterSale, type AdminOrderDetail, type AdminRefund, adminRoutes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { answer, api } from "../test/fake-api";
import { expectShown, renderPage } from "../test/render-page";
import { OrderDetailPage } from "./order-detail";

const ORDER_NO = "202605011200000001";
const order: AdminOrderDetail = {
  orderNo: ORDER_NO,
  status: "paid",
  totalAmount: 259800,
  customerMobile: "13800000000",
  lines: [
    {
      goodsId: 12,
      skuId: 31,
      isMeal: null,
      name: "北欧布艺沙发",
      spec: "灰色",
      cover: "/media/sofa-1.jpg",
      unit: "件",
      price: 129900,
      quantity: 2,
      amount: 259800,
      madeToOrder: false,
    },
  ],
  address: {
    name: "王女士",
    phone: "13900000000",
    province: "浙江省",
    city: "杭州市",
    district: "西湖区",
    town: "",
    detail: "文三路 1 号",
  },
  remark: "",
  createdAt: "2026-05-01T04:00:00.000Z",
  payBefore: "2026-05-01T04:30:00.000Z",
  paidAt: "2026-05-01T04:05:00.000Z",
  shippedAt: null,
  completedAt: null,
  cancelledAt: null,
  carrier: null,
  trackingNo: null,
  madeToOrderConfirmedAt: null,
  payments: [],
  history: [{ status: "paid", actor: "顾客", note: "", at: "2026-05-01T04:05:00.000Z" }],
  afterSales: [],
};

const returnRequest: AdminAfterSale = {
  id: 7,
  kind: "return",
  reason: "质量问题：沙发腿断裂",
  photos: [],
  status: "requested",
  decisionNote: "",
  createdAt: "2026-05-03T04:00:00.000Z",
  decidedAt: null,
  orderNo: ORDER_NO,
  orderStatus: "shipped",
  orderTotal: 259800,
  refundableAmount: 259800,
  consignee: "王女士",
  phone: "139****0000",
  decidedBy: null,
  refundStatus: null,
};

/** Opens 发货, fills in 顺丰速运 and the tracking number and presses 确认发货. */
async function ship(trackingNo: string) {
  fireEvent.click(await screen.findByRole("button", { name: "发 货" }));
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(within(dialog).getByLabelText("物流公司"), { target: { value: "顺丰速运" } });
  fireEvent.change(within(dialog).getByLabelText("运单号"), { target: { value: trackingNo } });
  fireEvent.click(within(dialog).getByRole("button", { name: "确认发货" }));
}

const refund: AdminRefund = {
  id: 9,
  outRefundNo: "R20260501120000aaaaaaaaaaaaaaaa",
  outTradeNo: "P20260501120000bbbbbbbbbbbbbbbb",
  provider: "wechat",
  origin: "customer",
  status: "requested",
  amount: 259800,
  refundable: 259800,
  reason: "尺寸不合适",
  note: "",
  decidedBy: null,
  decidedAt: null,
  createdAt: "2026-05-01T05:00:00.000Z",
  settledAt: null,
  history: [
    { fromStatus: null, toStatus: "requested", source: "customer", note: "尺寸不合适", at: "2026-05-01T05:00:00.000Z" },
  ],
};

function open(status: AdminOrderDetail["status"] = "paid", refunds: AdminRefund[] = []) {
  answer(adminRoutes.adminOrderDetail, { ...order, status });
  answer(adminRoutes.adminOrderRefunds, refunds);
  renderPage(<OrderDetailPage />, { url: `/orders/${ORDER_NO}`, path: "/orders/:orderNo" });
}

describe("order detail", () => {
  it("shows the order's money, lines and address", async () => {
    open();
    expect(await screen.findByText(`订单 ${ORDER_NO}`, { exact: false })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(adminRoutes.adminOrderDetail, { orderNo: ORDER_NO });
    expect(screen.getAllByText("¥2,598.00").length).toBeGreaterThan(0);
    expectShown("¥1,299.00", "2 件", "浙江省 杭州市 西湖区 文三路 1 号", "暂无支付记录");
  });

  it("names each payment's method in Chinese (微信支付, 支付宝), never the provider's code", async () => {
    const payment = (provider: string, outTradeNo: string) => ({
      outTradeNo,
      provider,
      tradeNo: `T${outTradeNo}`,
      status: "paid" as const,
      amount: 259800,
      createdAt: "2026-05-01T04:01:00.000Z",
      paidAt: "2026-05-01T04:05:00.000Z",
    });
    answer(adminRoutes.adminOrderDetail, {
      ...order,
      payments: [payment("wechat", "P1"), payment("alipay", "P2")],
    });
    answer(adminRoutes.adminOrderRefunds, []);
    renderPage(<OrderDetailPage />, { url: `/orders/${ORDER_NO}`, path: "/orders/:orderNo" });
    expect(await screen.findByText("微信支付")).toBeTruthy();
    expectShown("支付宝");
    expect(screen.queryByText("wechat")).toBeNull();
  });

  it("ships a paid order with carrier and tracking number, then shows the shipped order", async () => {
    open();
    answer(adminRoutes.adminOrderShip, {
      ...order,
      status: "shipped",
      carrier: "顺丰速运",
      trackingNo: "SF1234567890",
    });
    await ship("SF1234567890");
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminOrderShip, {
        orderNo: ORDER_NO,
        carrier: "顺丰速运",
        trackingNo: "SF1234567890",
      }),
    );
    expect(await screen.findByText("已标记发货")).toBeTruthy();
    expect(await screen.findByText("顺丰速运 SF1234567890")).toBeTruthy();
    expect(screen.getByRole("button", { name: "完成订单" })).toBeTruthy();
  });

  it("refuses a tracking number the rule does not allow, and sends nothing", async () => {
    open();
    await ship("SF 12");
    expect(await screen.findByText("运单号为 4–40 位字母、数字或短横线")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's message when shipping is refused", async () => {
    open();
    answer(adminRoutes.adminOrderShip, () => {
      throw new Error("订单状态已变化，请刷新");
    });
    await ship("SF1234567890");
    expect(await screen.findByText("订单状态已变化，请刷新")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("cancels an unpaid order after a confirmation", async () => {
    open("pending_payment");
    answer(adminRoutes.adminOrderCancel, { ...order, status: "cancelled" });
    expect(screen.queryByRole("button", { name: "发 货" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "取消订单" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("确认取消订单？").length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "确 定" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(adminRoutes.adminOrderCancel, { orderNo: ORDER_NO }));
    expect(await screen.findByText("订单已取消，库存已退回")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "取消订单" })).toBeNull());
  });

  it("lists the refund requests with their history, approves one in part with a note, and refuses one with a reason", async () => {
    open("paid", [refund]);
    expect(await screen.findByText("暂无支付记录")).toBeTruthy();
    expect(await screen.findByText("申请中", {}, { timeout: 5000 })).toBeTruthy();
    expectShown("退款原因：尺寸不合适");
    answer(adminRoutes.adminRefundApprove, { ...refund, status: "processing", amount: 100000 });
    fireEvent.click(screen.getByRole("button", { name: "同意退款" }));
    const dialog = await screen.findByRole("dialog");
    const amount = within(dialog).getByLabelText(/退款金额/);
    expect((amount as HTMLInputElement).value).toBe("2598.00");
    fireEvent.change(amount, { target: { value: "1000" } });
    fireEvent.change(within(dialog).getByLabelText("备注"), { target: { value: "部分退款" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "同意退款" }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminRefundApprove, {
        refundId: 9,
        amount: 100000,
        note: "部分退款",
      }),
    );
    expect(await screen.findByText("已同意退款")).toBeTruthy();

    answer(adminRoutes.adminRefundRefuse, { ...refund, status: "refused", note: "已生产" });
    fireEvent.click(await screen.findByRole("button", { name: "拒 绝" }, { timeout: 5000 }));
    // The approval's dialog may still be closing: the refusal's is the one with 拒绝原因.
    const reasonField = (await screen.findAllByLabelText("拒绝原因", {}, { timeout: 5000 })).at(-1) as HTMLElement;
    const refuse = reasonField.closest<HTMLElement>(".ant-modal") ?? document.body;
    fireEvent.click(within(refuse).getByRole("button", { name: "拒 绝" }));
    expect(await within(refuse).findByText("请填写拒绝原因")).toBeTruthy();
    fireEvent.change(reasonField, { target: { value: "已生产" } });
    fireEvent.click(within(refuse).getByRole("button", { name: "拒 绝" }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminRefundRefuse, { refundId: 9, note: "已生产" }),
    );
  });

  it("offers 重试退款 for a failed refund, under the same number", async () => {
    open("paid", [{ ...refund, status: "failed" }]);
    expect(await screen.findByText("退款失败", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "同意退款" })).toBeNull();
    answer(adminRoutes.adminRefundRetry, { ...refund, status: "processing" });
    fireEvent.click(screen.getByRole("button", { name: "重试退款" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/R20260501120000aaaaaaaaaaaaaaaa/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "重 试" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(adminRoutes.adminRefundRetry, { refundId: 9 }));
  });

  it("approves a return's after-sales request with a partial refund, then shows it approved", async () => {
    answer(adminRoutes.adminOrderDetail, { ...order, status: "shipped", afterSales: [returnRequest] });
    renderPage(<OrderDetailPage />, { url: `/orders/${ORDER_NO}`, path: "/orders/:orderNo" });
    expect(await screen.findByText("质量问题：沙发腿断裂")).toBeTruthy();
    answer(adminRoutes.adminAfterSaleDecide, { ...returnRequest, status: "approved", decidedBy: "客服小王" });
    fireEvent.click(screen.getByRole("button", { name: "同 意" }));
    const dialog = await screen.findByRole("dialog");
    const amount = within(dialog).getByLabelText("退款金额（元，最多 ¥2,598.00）") as HTMLInputElement;
    expect(amount.value).toBe("2598.00");
    fireEvent.change(amount, { target: { value: "1000" } });
    answer(adminRoutes.adminOrderDetail, {
      ...order,
      status: "shipped",
      afterSales: [{ ...returnRequest, status: "approved", decidedBy: "客服小王" }],
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "确认同意" }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminAfterSaleDecide, {
        id: 7,
        decision: "approve",
        note: "",
        refundAmount: "1000",
      }),
    );
    expect(await screen.findByText("已同意售后申请")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "标记完成" })).toBeTruthy();
  });

  it("refuses a request only with a reason the customer will read", async () => {
    answer(adminRoutes.adminOrderDetail, { ...order, status: "shipped", afterSales: [returnRequest] });
    renderPage(<OrderDetailPage />, { url: `/orders/${ORDER_NO}`, path: "/orders/:orderNo" });
    fireEvent.click(await screen.findByRole("button", { name: "拒 绝" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "确认拒绝" }));
    expect(await within(dialog).findByText("拒绝时请填写原因，顾客会看到")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });
});
