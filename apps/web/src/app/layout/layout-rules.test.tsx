// Layout rules of docs/product.md §2/§4/§9: fixed compact header past 192 px (at once away from home),
// back-to-top past 920 px, the progress bar's simulated curve, the footer's settings.

import { act, screen } from "@testing-library/react";
import { PROGRESS_DURATION_MS } from "@yj/contract";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp, scrollTo } from "../../test/render-app";
import { Footer } from "./footer";
import { Header } from "./header";
import { simulatedPercent } from "./progress-bar";
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
