// /my-data (docs/decisions/0076): each kind of data with its rows; 注销账号 shows the refusals instead
// of the button while something keeps the account open; the closing dialog asks for the code and
// sends it; the saved address's correction opens with the address as it is.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type MyData, routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { fakeApi, Where, where } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import MyDataScreen from "./screens/my-data-screen";

const ADDRESS_COLUMNS = ["name", "phone", "province", "city", "district", "town", "detail", "updatedAt"];

function myData(closing: MyData["closing"]): MyData {
  return {
    maskedMobile: "138****0000",
    generatedAt: "2026-11-25T02:00:00.000Z",
    closing,
    sections: [
      {
        key: "addresses",
        title: "收货地址",
        columns: ADDRESS_COLUMNS.map((key) => ({ key, header: key })),
        rows: [
          {
            name: "张三",
            phone: "13800000000",
            province: "浙江省",
            city: "杭州市",
            district: "西湖区",
            town: "",
            detail: "文三路 1 号",
            updatedAt: "2026-11-25T02:00:00.000Z",
          },
        ],
      },
      {
        key: "orders",
        title: "订单",
        columns: [
          { key: "orderNo", header: "订单号" },
          { key: "createdAt", header: "下单时间" },
        ],
        rows: [{ orderNo: "O2026112500001", createdAt: "2026-11-25T02:00:00.000Z" }],
      },
      { key: "leads", title: "预约与报价申请", columns: [{ key: "phone", header: "手机号" }], rows: [] },
    ],
  };
}

function renderMyData(data: MyData, api = fakeApi({}).api) {
  return renderApp(
    <>
      <MyDataScreen />
      <Where />
    </>,
    {
      path: "/my-data",
      api,
      state: { loggedIn: true, phoneNum: "13800000000" },
      prime: (set) => set(routes.myData, undefined, data),
    },
  );
}

describe("/my-data", () => {
  it("shows each kind with its rows in China time, and an empty kind as 暂无", () => {
    renderMyData(myData({ allowed: true, reasons: [] }));
    const orders = screen.getByRole("region", { name: "订单明细" });
    expect(within(orders).getByText("O2026112500001")).toBeTruthy();
    expect(within(orders).getByText("2026-11-25 10:00")).toBeTruthy();
    expect(screen.getByRole("heading", { name: /预约与报价申请\s*0 条/ })).toBeTruthy();
    expect(screen.getByText("暂无")).toBeTruthy();
  });

  it("lists the refusals instead of the 注销账号 button while the account cannot close", () => {
    renderMyData(myData({ allowed: false, reasons: ["您有待支付的订单，请先支付或取消后再注销账号"] }));
    expect(screen.getByText("您有待支付的订单，请先支付或取消后再注销账号")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "注销账号" })).toBeNull();
  });

  it("closes the account with the code, then goes home", async () => {
    const { api, post } = fakeApi({
      post: { [routes.closeAccountCode.path]: async () => null, [routes.closeAccount.path]: async () => null },
    });
    renderMyData(myData({ allowed: true, reasons: [] }), api);
    fireEvent.click(screen.getByRole("button", { name: "注销账号" }));
    const dialog = screen.getByRole("dialog", { name: "注销账号" });
    fireEvent.click(within(dialog).getByRole("button", { name: "确认注销" }));
    expect(within(dialog).getByText("请输入验证码")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "获取验证码" }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(routes.closeAccountCode));
    fireEvent.change(within(dialog).getByLabelText("短信验证码（发送至账号手机）"), { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "确认注销" }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(routes.closeAccount, { code: "123456" }));
    await waitFor(() => expect(where()).toBe("/"));
  });

  it("opens the address correction with the saved address", () => {
    const { api } = fakeApi({ get: { [routes.regions.path]: async () => [] } });
    renderMyData(myData({ allowed: true, reasons: [] }), api);
    fireEvent.click(screen.getByRole("button", { name: "修改" }));
    expect((screen.getByLabelText("收货人") as HTMLInputElement).value).toBe("张三");
    expect((screen.getByLabelText("详细地址") as HTMLInputElement).value).toBe("文三路 1 号");
  });
});
