// /submitOrder: the contact prefilled from getCustomerInfoForShopping, the 4-level address with the
// contract's messages, createOrders for the cart selection and createOrder for buy-now, and one
// Idempotency-Key per attempt, reused on retry.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Address, IDEMPOTENCY_HEADER, Messages, routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { orderOf, sampleCart } from "../../test/commerce-fixtures";
import { fakeApi, Where, where } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import SubmitOrderScreen from "./screens/submit-order-screen";

const MOBILE = "13800000000";
const saved: Address = orderOf().address;

const REGIONS: Record<string, Record<string, string>> = {
  "86": { "110000": "北京市", "330000": "浙江省" },
  "110000": { "110100": "市辖区" },
  "110100": { "110101": "东城区" },
  "330000": { "330100": "杭州市" },
  "330100": { "330106": "西湖区" },
  "330106": { "330106002": "北山街道", "330106004": "西溪街道" },
};

function regionAnswers(code: string) {
  const children = REGIONS[code];
  return children ? Promise.resolve(children) : Promise.reject(new ApiError("该地区没有下级区划", 1404, 404));
}

function renderSubmit(
  path: string,
  {
    address = null as Address | null,
    post = {} as Record<string, () => Promise<unknown>>,
    goods = {} as Record<string, unknown>,
  } = {},
) {
  const fake = fakeApi({ post });
  // Regions answer by code, the rest by path.
  fake.get.mockImplementation((e, query) => {
    const q = query as Record<string, string> | undefined;
    if (e.path === routes.regions.path) return regionAnswers(q?.code ?? "86");
    if (e.path === routes.customerInfo.path) return Promise.resolve({ mobile: q?.mobile, address });
    if (e.path === routes.cart.path) return Promise.resolve(sampleCart);
    if (e.path === routes.goodsDetail.path || e.path === routes.packageDetail.path) {
      return Promise.resolve({
        id: q?.id,
        name: "布艺沙发",
        cover: "/c.jpg",
        skus: [{ id: 201, spec: "三人位", price: 399_900, stock: 3 }],
        ...goods,
      });
    }
    return Promise.reject(new Error(`unexpected GET ${e.path}`));
  });
  const view = renderApp(
    <>
      <SubmitOrderScreen />
      <Where />
    </>,
    { path, api: fake.api, state: { loggedIn: true, phoneNum: MOBILE } },
  );
  return { ...fake, ...view };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const choose = async (label: string, option: string) => {
  await waitFor(() => expect(within(field(label)).queryByRole("option", { name: option })).not.toBeNull());
  fireEvent.change(field(label), {
    target: { value: within(field(label)).getByRole("option", { name: option }).getAttribute("value") },
  });
};

describe("/submitOrder", () => {
  it("prefills the remembered address and submits the cart selection with an Idempotency-Key", async () => {
    const { post } = renderSubmit("/submitOrder", {
      address: saved,
      post: { [routes.createOrders.path]: () => Promise.resolve(orderOf()) },
    });
    await screen.findByRole("form", { name: "提交订单" });
    expect(field("收货人").value).toBe("张三");
    expect(field("详细地址").value).toBe("文三路 1 号");
    await waitFor(() => expect(field("乡镇街道").value).toBe("330106002"));
    expect(field("区县").value).toBe("330106");
    // The summary lists the selected, available lines and the server's total.
    const summary = within(screen.getByRole("complementary", { name: "订单摘要" }));
    expect(summary.getByText("布艺沙发")).toBeTruthy();
    expect(summary.queryByText("实木餐桌")).toBeNull();
    expect(summary.getByTestId("order-total").textContent).toBe("¥62,899");

    fireEvent.change(field("订单备注（选填）"), { target: { value: "周末送货" } });
    fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
    await waitFor(() => expect(where()).toBe("/pay/YJ20261123000001"));
    const [route, body, options] = post.mock.calls[0] as unknown as [
      unknown,
      unknown,
      { headers: Record<string, string> },
    ];
    expect(route).toBe(routes.createOrders);
    expect(body).toEqual({ cartIds: [1, 3], address: saved, remark: "周末送货" });
    expect(options?.headers?.[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("starts from the login mobile, checks the address with the contract's messages, and picks 4 levels", async () => {
    const { post } = renderSubmit("/submitOrder", {
      post: { [routes.createOrders.path]: () => Promise.resolve(orderOf()) },
    });
    await screen.findByRole("form", { name: "提交订单" });
    expect(field("手机号").value).toBe(MOBILE);
    expect(screen.queryByLabelText("乡镇街道")).toBeNull();
    fireEvent.change(field("手机号"), { target: { value: "1380" } });
    fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      "请输入收货人",
      Messages.invalidPhone,
      "请选择省",
      "请选择市",
      "请选择区县",
      "请输入详细地址",
    ]);
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(field("收货人"), { target: { value: "李四" } });
    fireEvent.change(field("手机号"), { target: { value: "13900000000" } });
    await choose("省", "浙江省");
    await choose("市", "杭州市");
    await choose("区县", "西湖区");
    await choose("乡镇街道", "西溪街道");
    fireEvent.change(field("详细地址"), { target: { value: "文二路 2 号" } });
    fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      address: {
        name: "李四",
        phone: "13900000000",
        province: "浙江省",
        city: "杭州市",
        district: "西湖区",
        town: "西溪街道",
        regionCode: "330106004",
        detail: "文二路 2 号",
      },
    });
  });

  it("shows a municipality's city as the municipality and leaves out a missing town level", async () => {
    renderSubmit("/submitOrder");
    await screen.findByRole("form", { name: "提交订单" });
    await choose("省", "北京市");
    await choose("市", "北京市");
    await choose("区县", "东城区");
    await waitFor(() => expect(field("区县").value).toBe("110101"));
    expect(screen.queryByLabelText("乡镇街道")).toBeNull();
  });

  it("reuses the Idempotency-Key when the same order is retried, and takes a new one for a changed order", async () => {
    let calls = 0;
    const { post } = renderSubmit("/submitOrder", {
      address: saved,
      post: {
        [routes.createOrders.path]: () => {
          calls++;
          return calls < 3 ? Promise.reject(new ApiError("请求超时，请检查网络后重试")) : Promise.resolve(orderOf());
        },
      },
    });
    await screen.findByRole("form", { name: "提交订单" });
    fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
    expect((await screen.findByText(/提交失败/)).textContent).toBe("提交失败：请求超时，请检查网络后重试");
    fireEvent.click(screen.getByRole("button", { name: "重新提交" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    const key = (i: number) => post.mock.calls[i]?.[2]?.headers?.[IDEMPOTENCY_HEADER];
    expect(key(1)).toBe(key(0));

    await screen.findByRole("button", { name: "重新提交" });
    fireEvent.change(field("订单备注（选填）"), { target: { value: "改个备注" } });
    fireEvent.click(screen.getByRole("button", { name: "重新提交" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    expect(key(2)).not.toBe(key(0));
    await waitFor(() => expect(where()).toBe("/pay/YJ20261123000001"));
  });

  it("buys one item now with createOrder", async () => {
    const { post } = renderSubmit("/submitOrder?goodsId=50&skuId=201&quantity=2&isMeal=50", {
      address: saved,
      post: { [routes.createOrder.path]: () => Promise.resolve(orderOf()) },
    });
    await screen.findByRole("form", { name: "提交订单" });
    expect(screen.getByText("¥3,999 × 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toBe(routes.createOrder);
    expect(post.mock.calls[0]?.[1]).toEqual({
      goodsId: 50,
      skuId: 201,
      quantity: 2,
      isMeal: 50,
      address: saved,
      remark: "",
    });
  });

  it("says so when nothing is selected", async () => {
    renderSubmit("/submitOrder?goodsId=50&skuId=999&quantity=1");
    expect(await screen.findByText("该规格已不存在，请重新选择")).toBeTruthy();
  });
});

describe("/submitOrder with made-to-order goods (docs/decisions/0064)", () => {
  it("requires 我已知晓定制商品不支持七天无理由退货 before submitting, and sends the confirmation", async () => {
    const { post } = renderSubmit("/submitOrder?goodsId=60&skuId=201&quantity=1", {
      address: saved,
      post: { [routes.createOrder.path]: () => Promise.resolve(orderOf()) },
      goods: { name: "定制整体橱柜", madeToOrder: true },
    });
    await screen.findByRole("form", { name: "提交订单" });
    const box = (await screen.findByRole("checkbox", {
      name: "我已知晓定制商品不支持七天无理由退货",
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.required).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
    expect((await screen.findByRole("alert")).textContent).toBe("订单含定制商品，请先勾选确认");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(box);
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(box);
    fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toEqual({
      goodsId: 60,
      skuId: 201,
      quantity: 1,
      address: saved,
      remark: "",
      madeToOrderConfirmed: true,
    });
  });

  it("shows no checkbox and sends no confirmation for ready-made goods", async () => {
    const { post } = renderSubmit("/submitOrder", {
      address: saved,
      post: { [routes.createOrders.path]: () => Promise.resolve(orderOf()) },
    });
    await screen.findByRole("form", { name: "提交订单" });
    expect(screen.queryByRole("checkbox", { name: /定制商品/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).not.toHaveProperty("madeToOrderConfirmed");
  });
});
