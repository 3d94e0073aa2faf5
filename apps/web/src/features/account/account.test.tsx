// Accounts in the browser: the login form's checks and countdown, where login leads back to, the
// session ending on errorCode 1201, the favourite button and the logout confirmation.

import { useQuery } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ErrorCode, type FavoritesData, Messages, PHONE_STORAGE_KEY, type Route, routes } from "@yj/contract";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Header } from "../../app/layout/header";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { type ApiClient, ApiError } from "../../lib/api-client";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";
import { renderApp } from "../../test/render-app";
import { FavoriteButton } from "./components/favorite-button";
import { loginPath, safeRedirect } from "./redirect";
import { useLoginRequiredHandler } from "./require-login";
import LoginScreen, { RESEND_SECONDS, validateLogin } from "./screens/login-screen";

/** An API whose answers the test chooses per endpoint; unknown calls fail. */
function fakeApi(answers: {
  get?: Record<string, () => Promise<unknown>>;
  post?: Record<string, () => Promise<unknown>>;
}) {
  const get = vi.fn(
    (e: Route, _query?: unknown) => answers.get?.[e.path]?.() ?? Promise.reject(new Error(`unexpected GET ${e.path}`)),
  );
  const post = vi.fn(
    (e: Route, _body?: unknown) => answers.post?.[e.path]?.() ?? Promise.reject(new Error(`unexpected POST ${e.path}`)),
  );
  return { api: { get, post } as unknown as ApiClient, get, post };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}
const where = () => screen.getByTestId("where").textContent;

const phoneInput = () => screen.getByLabelText("手机号");
const codeInput = () => screen.getByLabelText("验证码");

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("redirect after login", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/app/product-detail/1")).toBe("/app/product-detail/1");
    expect(safeRedirect("/search?name=%E6%B2%99%E5%8F%91&current=2")).toBe("/search?name=%E6%B2%99%E5%8F%91&current=2");
    expect(safeRedirect("/my-mark#goods")).toBe("/my-mark#goods");
  });

  it("falls back to home for anything that could leave the site, or loop", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "my-mark",
      "https://evil.example/",
      "//evil.example/path",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      " /my-mark",
      "/login?redirect=/my-mark",
      `/${"a".repeat(3000)}`,
    ]) {
      expect(safeRedirect(bad), String(bad)).toBe("/");
    }
  });

  it("builds the login link for the current page", () => {
    expect(loginPath("/app/product-detail/1?sku=2")).toBe("/login?redirect=%2Fapp%2Fproduct-detail%2F1%3Fsku%3D2");
    expect(loginPath("/login?redirect=%2Fmy-mark")).toBe("/login?redirect=%2Fmy-mark");
  });
});

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

describe("errorCode 1201", () => {
  function NeedsSession() {
    useLoginRequiredHandler();
    const api = useApi();
    useQuery(apiQuery(api, routes.favorites));
    return null;
  }

  it("ends the session and leads to login, back to where the visitor was", async () => {
    localStorage.setItem(PHONE_STORAGE_KEY, "13800000003");
    const { api } = fakeApi({
      get: {
        [routes.favorites.path]: () =>
          Promise.reject(new ApiError(Messages.loginRequired, ErrorCode.LOGIN_REQUIRED, 200)),
      },
    });
    const { store } = renderApp(
      <>
        <NeedsSession />
        <Where />
      </>,
      { path: "/my-mark?tab=1", api, state: { loggedIn: true, phoneNum: "13800000003" } },
    );
    await waitFor(() => expect(where()).toBe("/login?redirect=%2Fmy-mark%3Ftab%3D1"));
    expect(store.getState()).toMatchObject({ loggedIn: false, phoneNum: null });
    expect(localStorage.getItem(PHONE_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText(Messages.loginRequired)).toBeTruthy();
  });
});

describe("favourite button", () => {
  const favorites = (goodsIds: number[]): FavoritesData => ({
    goods: goodsIds.map((id) => ({ id }) as FavoritesData["goods"][number]),
    article: [],
    example: [],
  });

  it("sends a visitor to login and back", () => {
    renderApp(
      <>
        <FavoriteButton id={5} type="1" />
        <Where />
      </>,
      { path: "/app/product-detail/5" },
    );
    fireEvent.click(screen.getByRole("button", { name: "收藏" }));
    expect(where()).toBe("/login?redirect=%2Fapp%2Fproduct-detail%2F5");
  });

  it("adds with '收藏成功', then shows 已收藏 from the refreshed list", async () => {
    let list = favorites([]);
    const { api, get } = fakeApi({
      get: {
        [routes.favorites.path]: () => Promise.resolve(list),
        [routes.addFavorite.path]: () => {
          list = favorites([5]);
          return Promise.resolve(null);
        },
      },
    });
    renderApp(<FavoriteButton id={5} type="1" />, { api, state: { loggedIn: true } });
    await waitFor(() => expect(get).toHaveBeenCalledWith(routes.favorites, undefined));
    fireEvent.click(screen.getByRole("button", { name: "收藏" }));
    expect(await screen.findByRole("button", { name: "已收藏" })).toBeTruthy();
    expect(get).toHaveBeenCalledWith(routes.addFavorite, { id: 5, type: "1" });
    expect(screen.getByText(Messages.favoriteAdded)).toBeTruthy();
  });
});

describe("confirm dialog", () => {
  it("is a labelled dialog that takes focus, confirms, and closes on Esc", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderApp(
      <ConfirmDialog
        open
        title="退出登录"
        message={Messages.logoutConfirm}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "退出登录" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(screen.getByText(Messages.logoutConfirm)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "确定" }));
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe("header user menu", () => {
  it("logs out after '是否退出当前用户？' and shows 登录 again", async () => {
    localStorage.setItem(PHONE_STORAGE_KEY, "13800000004");
    const { api, post } = fakeApi({
      get: {
        [routes.currentCustomer.path]: () => Promise.resolve({ mobile: "13800000004", maskedMobile: "138****0004" }),
      },
      post: { [routes.logout.path]: () => Promise.resolve(null) },
    });
    const { store } = renderApp(<Header home overall={false} />, {
      api,
      state: { loggedIn: true, phoneNum: "13800000004" },
    });
    expect(screen.getByText("138****0004")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "退出" }));
    expect(screen.getByRole("dialog").textContent).toContain(Messages.logoutConfirm);
    // Esc keeps the session.
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "退出" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "退出" }));
    expect(await screen.findByRole("link", { name: "登录" })).toBeTruthy();
    expect(post).toHaveBeenCalledWith(routes.logout);
    expect(store.getState()).toMatchObject({ loggedIn: false, phoneNum: null });
    expect(localStorage.getItem(PHONE_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText(Messages.logoutSuccess)).toBeTruthy();
  });
});
