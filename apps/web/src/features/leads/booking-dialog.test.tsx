// The free-designer booking: the number's check, the consent (R14), the payload and both tips.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ErrorCode, Messages, routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import BookingDialog from "./booking-dialog";

const phone = () => screen.getByLabelText("手机号");
const consent = () => screen.getByRole("checkbox", { name: /我已阅读并同意/ });
const book = () => fireEvent.click(screen.getByRole("button", { name: "立即预约" }));

function open(answer: () => Promise<unknown>) {
  const fake = fakeApi({ post: { [routes.appointment.path]: answer } });
  renderApp(<BookingDialog origin="侧边栏" onClose={() => {}} />, {
    path: "/app/product-detail/7",
    api: fake.api,
    state: { province: "浙江省", cityName: "杭州市" },
  });
  return fake;
}

describe("booking dialog", () => {
  it("refuses a wrong number with '请输入正确的手机号' and sends nothing", () => {
    const { post } = open(() => Promise.resolve(null));
    fireEvent.change(phone(), { target: { value: "1280000000" } });
    fireEvent.click(consent());
    book();
    expect(screen.getByRole("alert").textContent).toBe(Messages.invalidPhone);
    expect(phone().getAttribute("aria-invalid")).toBe("true");
    expect(post).not.toHaveBeenCalled();
  });

  it("has the consent unticked, linked to /privacy, and sends nothing until it is ticked", () => {
    const { post } = open(() => Promise.resolve(null));
    expect((consent() as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole("link", { name: "《隐私政策》" }).getAttribute("href")).toBe("/privacy");
    fireEvent.change(phone(), { target: { value: "13800000000" } });
    book();
    expect(screen.getByRole("alert").textContent).toBe(Messages.consentRequired);
    expect(post).not.toHaveBeenCalled();
  });

  it("books with phone, where from and consent, then says '预约成功' / '稍后会有客服联系您'", async () => {
    document.title = "某商品 - 悦家整装";
    const { post } = open(() => Promise.resolve(null));
    fireEvent.change(phone(), { target: { value: "13800000000" } });
    fireEvent.click(consent());
    book();
    expect(await screen.findByText(Messages.bookingSuccess)).toBeTruthy();
    expect(screen.getByText(Messages.bookingSuccessDetail)).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    const body = post.mock.calls[0]?.[1] as Record<string, unknown>;
    expect(body.phone).toBe("13800000000");
    expect(body.consent).toBe(true);
    // ADR 0052: the page by its Chinese name (not its path) and the visitor's chosen city.
    expect(body.originDetail).toBe("商品详情 · 侧边栏");
    expect(body).toMatchObject({ province: "浙江省", city: "杭州市" });
    expect(String(body.originDetail).length).toBeLessThanOrEqual(100);
  });

  it("shows '预约失败' / '稍后请重试' when the call fails, and lets the visitor try again", async () => {
    open(() => Promise.reject(new Error("Failed to fetch")));
    fireEvent.change(phone(), { target: { value: "13800000000" } });
    fireEvent.click(consent());
    book();
    expect(await screen.findByText(Messages.bookingFailure)).toBeTruthy();
    expect(screen.getByText(Messages.bookingFailureDetail)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "重新预约" }));
    expect(((await screen.findByLabelText("手机号")) as HTMLInputElement).value).toBe("13800000000");
  });

  it("passes on the server's reason for a refusal such as too many bookings", async () => {
    const refused = "提交过于频繁，请稍后再试";
    open(() => Promise.reject(new ApiError(refused, ErrorCode.RATE_LIMITED, 429)));
    fireEvent.change(phone(), { target: { value: "13800000000" } });
    fireEvent.click(consent());
    book();
    expect(await screen.findByText(Messages.bookingFailure)).toBeTruthy();
    expect(screen.getByText(refused)).toBeTruthy();
  });

  it("disables the button while the booking is on its way", async () => {
    let resolve: (v: unknown) => void = () => {};
    open(() => new Promise((r) => (resolve = r)));
    fireEvent.change(phone(), { target: { value: "13800000000" } });
    fireEvent.click(consent());
    book();
    const busy = (await screen.findByRole("button", { name: "提交中…" })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    resolve(null);
    await waitFor(() => expect(screen.getByText(Messages.bookingSuccess)).toBeTruthy());
  });
});
