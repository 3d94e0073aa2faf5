// The browser's session: where login leads back to, the session ending on errorCode 1201, and the
// favourite button's login gate.
import { useQuery } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ErrorCode, type FavoritesData, Messages, PHONE_STORAGE_KEY, routes } from "@yj/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client";
import { useApi } from "../lib/api-context";
import { apiQuery } from "../lib/queries";
import { fakeApi, Where, where } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { FavoriteButton } from "./favorite-button";
import { loginPath, safeRedirect } from "./redirect";
import { useLoginRequiredHandler } from "./require-login";

beforeEach(() => localStorage.clear());

describe("redirect after login", () => {
  it("keeps same-site paths with their query", () => {
    for (const path of ["/app/product-detail/1", "/search?name=%E6%B2%99%E5%8F%91&current=2", "/my-mark#goods"]) {
      expect(safeRedirect(path)).toBe(path);
    }
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
