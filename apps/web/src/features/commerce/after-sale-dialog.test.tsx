// 申请售后 (docs/decisions/0064): /my-orders offers it on a shipped or completed order with no open
// request and shows each request's state with the staff's note; the dialog checks its fields, offers
// a repair only its reasons, uploads photos (at most 6) and sends the request, showing the server's
// refusal as it is.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type AfterSale, type Order, routes } from "@yj/contract";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { orderOf } from "../../test/commerce-fixtures";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { AfterSaleDialog } from "./after-sale-dialog";
import MyOrdersScreen from "./screens/my-orders-screen";

const loggedIn = { loggedIn: true, phoneNum: "13800000000" };
const shipped = (patch: Partial<Order> = {}) =>
  orderOf({ status: "shipped", paidAt: "2026-11-20T02:00:00.000Z", shippedAt: "2026-11-21T02:00:00.000Z", ...patch });
const request = (patch: Partial<AfterSale>): AfterSale => ({
  id: 1,
  kind: "return",
  reason: "质量问题：表面有裂纹",
  photos: [],
  status: "requested",
  decisionNote: "",
  createdAt: "2026-11-22T02:00:00.000Z",
  decidedAt: null,
  ...patch,
});

function renderDialog(order: Order, post: Record<string, () => Promise<unknown>> = {}) {
  const fake = fakeApi({ post });
  const upload = vi.fn(async (file: Blob) => {
    const n = upload.mock.calls.length;
    if ((file as File).name === "bad.png")
      throw new ApiError("不支持的图片格式，请上传 JPEG、PNG、WebP、GIF 或 AVIF 图片");
    return { url: `/media/aftersale-${"a".repeat(23)}${n}-avif-1200.webp`, thumbnail: `/t${n}.webp` };
  });
  const onFiled = vi.fn();
  const onClose = vi.fn();
  renderApp(<AfterSaleDialog order={order} onClose={onClose} onFiled={onFiled} upload={upload} />, {
    path: "/my-orders",
    api: fake.api,
    state: loggedIn,
  });
  return { ...fake, upload, onFiled, onClose };
}

const png = (name = "p.png") => new File([new Uint8Array([1, 2, 3])], name, { type: "image/png" });

describe("申请售后", () => {
  it("checks the reason, uploads photos, and files the return", async () => {
    const filed = shipped({ afterSales: [request({})] });
    const { post, upload, onFiled } = renderDialog(shipped(), {
      [routes.afterSaleCreate.path]: () => Promise.resolve(filed),
    });
    const dialog = within(await screen.findByRole("dialog", { name: "申请售后" }));
    fireEvent.click(dialog.getByRole("button", { name: "提交申请" }));
    expect(dialog.getAllByRole("alert").map((a) => a.textContent)).toEqual(["请选择售后原因", "请填写问题描述"]);
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(dialog.getByLabelText("售后原因"), { target: { value: "quality" } });
    fireEvent.change(dialog.getByLabelText("问题描述"), { target: { value: "  表面有裂纹 " } });
    fireEvent.change(dialog.getByLabelText(/照片/), { target: { files: [png(), png("bad.png")] } });
    expect(await dialog.findByRole("img", { name: "照片 1" })).toBeTruthy();
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "照片上传失败：不支持的图片格式，请上传 JPEG、PNG、WebP、GIF 或 AVIF 图片",
    );
    expect(upload).toHaveBeenCalledTimes(2);

    fireEvent.click(dialog.getByRole("button", { name: "提交申请" }));
    await waitFor(() => expect(onFiled).toHaveBeenCalledWith(filed));
    expect(post.mock.calls[0]?.[0]).toBe(routes.afterSaleCreate);
    expect(post.mock.calls[0]?.[1]).toEqual({
      orderNo: "YJ20261123000001",
      kind: "return",
      reasonKind: "quality",
      reason: "表面有裂纹",
      photos: [`/media/aftersale-${"a".repeat(23)}1-avif-1200.webp`],
    });
  });

  it("offers a repair only its reasons, says made-to-order goods have no no-reason return, shows a refusal", async () => {
    const order = shipped({
      lines: [{ ...orderOf().lines[0]!, name: "定制整体橱柜", madeToOrder: true }],
    });
    renderDialog(order, {
      [routes.afterSaleCreate.path]: () =>
        Promise.reject(new ApiError("定制商品不支持七天无理由退货，请选择其他退货原因")),
    });
    const dialog = within(await screen.findByRole("dialog", { name: "申请售后" }));
    expect(dialog.getByText("本订单含定制商品，不支持七天无理由退货。")).toBeTruthy();
    const reasons = () =>
      within(dialog.getByLabelText("售后原因"))
        .getAllByRole("option")
        .map((o) => o.textContent);
    expect(reasons()).toEqual(["请选择", "七天无理由", "质量问题", "发错货", "其他"]);
    fireEvent.change(dialog.getByLabelText("售后原因"), { target: { value: "no_reason" } });
    fireEvent.change(dialog.getByLabelText("问题描述"), { target: { value: "不喜欢" } });
    fireEvent.click(dialog.getByRole("button", { name: "提交申请" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "提交失败：定制商品不支持七天无理由退货，请选择其他退货原因",
    );

    fireEvent.click(dialog.getByRole("radio", { name: "维修" }));
    expect(reasons()).toEqual(["请选择", "质量问题", "其他"]);
    expect((dialog.getByLabelText("售后原因") as HTMLSelectElement).value).toBe("");
  });

  it("/my-orders: 申请售后 on a shipped order without an open request; each request's state and note", async () => {
    const fake = fakeApi({});
    fake.get.mockImplementation(() =>
      Promise.resolve({
        dataList: [
          shipped({ orderNo: "YJ20261123000002" }),
          shipped({
            orderNo: "YJ20261123000003",
            status: "completed",
            afterSales: [
              request({ id: 3, status: "requested" }),
              request({ id: 2, kind: "repair", status: "refused", decisionNote: "请先按说明书调节合页" }),
            ],
          }),
          orderOf({ orderNo: "YJ20261123000004", status: "paid" }),
        ],
        total: 3,
        current: 1,
        pageSize: 10,
      }),
    );
    renderApp(<MyOrdersScreen />, { path: "/my-orders", api: fake.api, state: loggedIn });
    const cards = await screen.findAllByTestId("order");
    expect(within(cards[0]!).getByRole("button", { name: "申请售后" })).toBeTruthy();
    const second = within(cards[1]!);
    expect(second.queryByRole("button", { name: "申请售后" })).toBeNull();
    expect(second.getAllByTestId("after-sale").map((r) => r.textContent)).toEqual([
      "退货申请中质量问题：表面有裂纹",
      "维修已拒绝质量问题：表面有裂纹客服说明：请先按说明书调节合页",
    ]);
    expect(within(cards[2]!).queryByRole("button", { name: "申请售后" })).toBeNull();

    fireEvent.click(within(cards[0]!).getByRole("button", { name: "申请售后" }));
    const dialog = within(await screen.findByRole("dialog", { name: "申请售后" }));
    expect(dialog.getByText("订单号 YJ20261123000002")).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "取消" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
