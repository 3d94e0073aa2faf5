// The login screen: the number's checks, the code countdown, and where login leads back to.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { ErrorCode, Messages, PHONE_STORAGE_KEY, routes } from "@yj/contract";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { fakeApi, Where, where } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import LoginScreen, { RESEND_SECONDS, validateLogin } from "./screens/login-screen";

const phoneInput = () => screen.getByLabelText("手机号");
const codeInput = () => screen.getByLabelText("验证码");

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("login form", () => {
  it("checks the number with the contract's rules", () => {
    expect(validateLogin("13800000000")).toEqual({});
    expect(validateLogin("12800000000").mobile).toBe(Messages.invalidPhone);
    expect(validateLogin("1380000000").mobile).toBe(Messages.invalidPhone);
    expect(validateLogin("13800000000", "12345").code).toBeTruthy();
    expect(validateLogin("13800000000", "123456")).toEqual({});
  });

  it("refuses an invalid number with '请输入正确的手机号' and sends nothing", () => {
    const { api, get, post } = fakeApi({});
    renderApp(<LoginScreen />, { path: "/login", api });
    fireEvent.change(phoneInput(), { target: { value: "1380000" } });
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(screen.getByRole("alert").textContent).toBe(Messages.invalidPhone);
    expect(phoneInput().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(codeInput(), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "登录" }));
    expect(screen.getByRole("alert").textContent).toBe(Messages.invalidPhone);
    expect(get).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it("keeps only digits, at most 11 and 6", () => {
    renderApp(<LoginScreen />, { path: "/login" });
    expect(phoneInput().getAttribute("maxlength")).toBe("11");
    expect(codeInput().getAttribute("maxlength")).toBe("6");
    expect(phoneInput().getAttribute("inputmode")).toBe("numeric");
    fireEvent.change(phoneInput(), { target: { value: "138 0000 00001" } });
    expect((phoneInput() as HTMLInputElement).value).toBe("13800000000");
  });

  it("counts 60 seconds down after a code was sent, then offers a new one", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const { api, get } = fakeApi({ get: { [routes.sendCode.path]: () => Promise.resolve(null) } });
    renderApp(<LoginScreen />, { path: "/login", api });
    fireEvent.change(phoneInput(), { target: { value: "13800000000" } });
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
    const waiting = await screen.findByRole("button", { name: `${RESEND_SECONDS} 秒后重新获取` });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.[1]).toMatchObject({ phone: "13800000000" });
    expect(await screen.findByText(Messages.codeSent)).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "59 秒后重新获取" })).toBeTruthy();
    act(() => vi.advanceTimersByTime((RESEND_SECONDS - 1) * 1000));
    const again = screen.getByRole("button", { name: "获取验证码" }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it("shows the server's message when sending is refused (e.g. rate limited)", async () => {
    const refused = "发送过于频繁，请 45 秒后再试";
    const { api } = fakeApi({
      get: { [routes.sendCode.path]: () => Promise.reject(new ApiError(refused, ErrorCode.RATE_LIMITED, 429)) },
    });
    renderApp(<LoginScreen />, { path: "/login", api });
    fireEvent.change(phoneInput(), { target: { value: "13800000001" } });
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(screen.getByRole("button", { name: "获取验证码" })).toBeTruthy();
  });

  it("counts down a short Retry-After on the button, and leaves long ones to the message", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    let wait = 45;
    const { api } = fakeApi({
      get: {
        [routes.sendCode.path]: () =>
          Promise.reject(new ApiError(`请 ${wait} 秒后再试`, ErrorCode.RATE_LIMITED, 429, wait)),
      },
    });
    renderApp(<LoginScreen />, { path: "/login", api });
    fireEvent.change(phoneInput(), { target: { value: "13800000001" } });
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
    const waiting = await screen.findByRole("button", { name: "45 秒后重新获取" });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(45_000));

    wait = 3600;
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByText("请 3600 秒后再试")).toBeTruthy();
    expect((screen.getByRole("button", { name: "获取验证码" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the human check when the server asks for it, with focus on it, solves it and sends again", async () => {
    const secret = "test-only-altcha-key-0123456789abcdef";
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: 300,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    let calls = 0;
    const { api, get } = fakeApi({
      get: {
        [routes.sendCode.path]: () =>
          ++calls === 1
            ? Promise.reject(
                new ApiError(Messages.humanCheckRequired, ErrorCode.CHALLENGE_REQUIRED, 428, undefined, { challenge }),
              )
            : Promise.resolve(null),
      },
    });
    renderApp(<LoginScreen />, { path: "/login", api });
    fireEvent.change(phoneInput(), { target: { value: "13800000003" } });
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));

    const group = await screen.findByRole("group", { name: Messages.humanCheckRequired });
    const start = screen.getByRole("button", { name: "开始验证" });
    expect(group.contains(start)).toBe(true);
    // Keyboard users land on it: focus moves to the check's button, a native button (Enter, Space).
    expect(document.activeElement).toBe(start);
    expect(start.tagName).toBe("BUTTON");
    fireEvent.click(start);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2), { timeout: 5000 });

    // Sent: the resend countdown starts (the toast may be another test's, shown once).
    expect(await screen.findByRole("button", { name: /秒后重新获取$/ })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
    const query = get.mock.calls[1]?.[1] as { phone: string; altcha: string };
    expect(query.phone).toBe("13800000003");
    const payload = JSON.parse(atob(query.altcha));
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution.counter).toBe(300);
    // What the server checks: the answer is right for the signed challenge.
    expect((await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: secret })).verified).toBe(true);
    await waitFor(() => expect(screen.queryByRole("group", { name: Messages.humanCheckRequired })).toBeNull());
  });

  it("logs in, remembers phoneNum and goes back to the redirect path", async () => {
    const { api, post } = fakeApi({
      post: {
        [routes.register.path]: () => Promise.resolve({ token: "t", mobile: "13800000002", csrf: "c" }),
      },
    });
    const { store } = renderApp(
      <>
        <LoginScreen />
        <Where />
      </>,
      { path: "/login?redirect=%2Fapp%2Fproduct-detail%2F7", api },
    );
    fireEvent.change(phoneInput(), { target: { value: "13800000002" } });
    fireEvent.change(codeInput(), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "登录" }));
    await waitFor(() => expect(where()).toBe("/app/product-detail/7"));
    expect(post.mock.calls[0]?.[1]).toEqual({ mobile: "13800000002", code: "123456" });
    expect(store.getState()).toMatchObject({ loggedIn: true, phoneNum: "13800000002" });
    expect(localStorage.getItem(PHONE_STORAGE_KEY)).toBe("13800000002");
    expect(await screen.findByText(Messages.loginSuccess)).toBeTruthy();
  });

  it("sends a logged-in visitor on at once, never off-site", async () => {
    renderApp(
      <>
        <LoginScreen />
        <Where />
      </>,
      { path: "/login?redirect=%2F%2Fevil.example", state: { loggedIn: true } },
    );
    await waitFor(() => expect(where()).toBe("/"));
  });
});
