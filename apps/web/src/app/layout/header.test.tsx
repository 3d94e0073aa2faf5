// The header's user menu: the masked number, and logout after a confirmation.
import { fireEvent, screen, within } from "@testing-library/react";
import { Messages, PHONE_STORAGE_KEY, routes } from "@yj/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { Header } from "./header";

beforeEach(() => localStorage.clear());

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
