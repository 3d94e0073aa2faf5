// Layout rules of docs/product.md §2/§4/§9: fixed compact header past 192 px (at once away from home),
// back-to-top past 920 px, the progress bar's simulated curve, the footer's settings.

import { act, render, screen, waitFor } from "@testing-library/react";
import { PROGRESS_DURATION_MS, routes } from "@yj/contract";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp, scrollTo } from "../../test/render-app";
import { BottomBar } from "./bottom-bar";
import { Footer } from "./footer";
import { Header } from "./header";
import { ProgressBar, simulatedPercent } from "./progress-bar";
import { SidePanel } from "./side-panel";

afterEach(() => scrollTo(0));

const headerState = () => document.querySelector("header")?.getAttribute("data-compact");

describe("header", () => {
  it("on home stays in flow until the page scrolls past 192 px, then turns fixed and compact", () => {
    renderApp(<Header home overall={false} />);
    expect(headerState()).toBe("false");
    act(() => scrollTo(192));
    expect(headerState()).toBe("false");
    act(() => scrollTo(193));
    expect(headerState()).toBe("true");
    act(() => scrollTo(10));
    expect(headerState()).toBe("false");
  });

  it("is fixed and compact at once away from home", () => {
    renderApp(<Header home={false} overall={false} />, { path: "/2-12?id=4" });
    expect(headerState()).toBe("true");
  });

  it("shows login and register links to a visitor and the cart count", () => {
    renderApp(<Header home overall={false} />, { state: { cartNum: 3 } });
    expect(screen.getByRole("link", { name: "登录" }).getAttribute("href")).toBe("/login?redirect=%2F");
    expect(screen.getByRole("link", { name: "注册" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "购物车 3 件" }).getAttribute("href")).toBe("/shoppingCart");
    expect(screen.getByTestId("cart-count").textContent).toBe("3");
  });

  it("keeps the cart with its count and the orders in reach in the compact header", () => {
    renderApp(<Header home={false} overall={false} />, {
      state: { loggedIn: true, phoneNum: "13800000000", cartNum: 2 },
    });
    // The top bar's link (hidden by CSS when compact) and the compact bar's.
    expect(screen.getAllByRole("link", { name: "购物车 2 件" })).toHaveLength(2);
    for (const link of screen.getAllByRole("link", { name: "我的订单" })) {
      expect(link.getAttribute("href")).toBe("/my-orders");
    }
  });

  it("offers 我的装修 only to a customer who has a renovation project", async () => {
    const summary = { id: 7, address: "文三路 1 号" };
    renderApp(<Header home={false} overall={false} />, {
      state: { loggedIn: true, phoneNum: "13800000000" },
      prime: (set) => set(routes.myProjects, {}, [summary]),
    });
    for (const link of await screen.findAllByRole("link", { name: "我的装修" })) {
      expect(link.getAttribute("href")).toBe("/my-project");
    }
  });

  it("leaves 我的装修 out for a customer without a project", () => {
    renderApp(<Header home={false} overall={false} />, {
      state: { loggedIn: true, phoneNum: "13800000000" },
      prime: (set) => set(routes.myProjects, {}, []),
    });
    expect(screen.getAllByRole("link", { name: "我的订单" }).length).toBeGreaterThan(0);
    expect(screen.queryByRole("link", { name: "我的装修" })).toBeNull();
  });

  it("shows the favourites link instead of login when logged in", () => {
    renderApp(<Header home overall={false} />, { state: { loggedIn: true, phoneNum: "13800000000" } });
    expect(screen.queryByRole("link", { name: "登录" })).toBeNull();
    expect(screen.getByRole("link", { name: "我的收藏" }).getAttribute("href")).toBe("/my-mark");
    expect(screen.getByText("138****0000")).toBeTruthy();
  });
});

describe("side panel", () => {
  it("shows back-to-top only after 920 px of scroll", () => {
    renderApp(<SidePanel overall={false} />);
    expect(screen.queryByTestId("back-to-top")).toBeNull();
    act(() => scrollTo(920));
    expect(screen.queryByTestId("back-to-top")).toBeNull();
    act(() => scrollTo(921));
    expect(screen.getByTestId("back-to-top")).toBeTruthy();
  });
});

describe("bottom bar (phones, docs/decisions/0054)", () => {
  it("links 首页, 分类, the cart with its count and 我的 through login for a visitor", () => {
    renderApp(<BottomBar />, { path: "/2-12?id=4", state: { cartNum: 3 } });
    const bar = screen.getByRole("navigation", { name: "底部导航" });
    expect(bar.querySelector("a[href='/']")?.textContent).toBe("首页");
    expect(screen.getByRole("link", { name: "分类" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "购物车 3 件" }).getAttribute("href")).toBe("/shoppingCart");
    expect(screen.getByRole("link", { name: "我的" }).getAttribute("href")).toBe("/login?redirect=%2Fmy-orders");
    expect(screen.getByRole("button", { name: "免费设计" })).toBeTruthy();
  });

  it("sends a logged-in customer's 我的 to the orders page", () => {
    renderApp(<BottomBar />, { state: { loggedIn: true, phoneNum: "13800000000" } });
    expect(screen.getByRole("link", { name: "我的" }).getAttribute("href")).toBe("/my-orders");
  });
});

describe("footer", () => {
  it("states coverage, hotline, address and the ICP link from site settings", () => {
    renderApp(<Footer />);
    expect(screen.getByText("服务覆盖全国 136 个城市")).toBeTruthy();
    expect(screen.getByRole("link", { name: "0571-8678-0130" }).getAttribute("href")).toBe("tel:057186780130");
    const icp = screen.getByRole("link", { name: "浙ICP备2023012345号-1" });
    expect(icp.getAttribute("href")).toBe("https://beian.miit.gov.cn/");
  });
});

describe("progress bar curve", () => {
  it("rises over 3000 ms and ends above 95 % without reaching 100 %", () => {
    expect(simulatedPercent(0)).toBe(0);
    expect(simulatedPercent(PROGRESS_DURATION_MS / 2)).toBeGreaterThan(50);
    expect(simulatedPercent(PROGRESS_DURATION_MS)).toBeGreaterThan(95);
    expect(simulatedPercent(PROGRESS_DURATION_MS * 10)).toBeLessThan(100);
  });
});

describe("progress bar (docs/product.md §4: a success or failure colour)", () => {
  /** Loaders that take a moment, as over a network: the bar sees the navigation load. */
  const slow = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 50));

  async function navigateTo(to: string, shown: string) {
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <>
              <ProgressBar />
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <p>首页</p> },
            { path: "ok", loader: () => slow(null), element: <p>正常页面</p> },
            {
              path: "broken",
              loader: () => slow(null).then(() => Promise.reject(new Error("接口请求异常"))),
              element: <p>不会出现</p>,
              errorElement: <p>加载失败</p>,
            },
          ],
        },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    act(() => {
      void router.navigate(to);
    });
    await screen.findByText(shown);
    return screen.findByRole("progressbar", { name: "页面加载进度" });
  }

  // The bar ends in an effect after the new screen's commit: the screen can be found a moment before
  // the bar has moved on from its loading state (on a loaded machine it was, once: 0 instead of 100).
  it("ends in the success colour when the screen's data loads", async () => {
    const bar = await navigateTo("/ok", "正常页面");
    await waitFor(() => {
      expect(bar.getAttribute("data-outcome")).toBe("success");
      expect(bar.getAttribute("aria-valuenow")).toBe("100");
    });
  });

  it("ends in the failure colour when the screen's data fails", async () => {
    const bar = await navigateTo("/broken", "加载失败");
    await waitFor(() => {
      expect(bar.getAttribute("data-outcome")).toBe("failure");
      expect(bar.className).toMatch(/failure/);
    });
  });
});
