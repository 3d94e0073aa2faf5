// docs/decisions/0067: the storefront's cheap link draws what React Router's <Link> draws (less its
// data-discover mark) and navigates as it does on a plain click.
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, NavLink, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppLink, AppNavLink } from "./app-link";

function mount(ui: React.ReactNode, at = "/start") {
  const router = createMemoryRouter(
    [
      { path: "/start", element: ui },
      { path: "/nested/:id", element: ui },
      { path: "*", element: ui },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("AppLink", () => {
  it("draws the same anchor as <Link>, without data-discover", () => {
    mount(
      <>
        <Link to="/2-12?id=4#top" className="chip" aria-current="page" rel="nofollow">
          分类
        </Link>
        <AppLink to="/2-12?id=4#top" className="chip" aria-current="page" rel="nofollow">
          分类
        </AppLink>
      </>,
    );
    const [viaLink, viaAppLink] = screen.getAllByRole("link", { name: "分类" }) as [HTMLElement, HTMLElement];
    viaLink.removeAttribute("data-discover");
    expect(viaAppLink.outerHTML).toBe(viaLink.outerHTML);
    expect(viaAppLink.getAttribute("href")).toBe("/2-12?id=4#top");
  });

  it("navigates on a plain click, pushing a history entry", () => {
    const onClick = vi.fn();
    const router = mount(
      <AppLink to="/case?page=2" onClick={onClick}>
        案例
      </AppLink>,
    );
    const clicked = fireEvent.click(screen.getByRole("link", { name: "案例" }), { button: 0 });
    expect(clicked).toBe(false); // default prevented: the router navigates, not the browser
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe("/case");
    expect(router.state.location.search).toBe("?page=2");
    expect(router.state.historyAction).toBe("PUSH");
  });

  it("replaces the entry when the link leads where the visitor already is, as <Link> does", () => {
    const router = mount(<AppLink to="/start">这里</AppLink>);
    fireEvent.click(screen.getByRole("link", { name: "这里" }), { button: 0 });
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("leaves modified clicks, other targets and handled clicks to the browser", () => {
    const router = mount(
      <>
        <AppLink to="/a">普通</AppLink>
        <AppLink to="/b" target="_blank">
          新窗口
        </AppLink>
        <AppLink to="/c" onClick={(e) => e.preventDefault()}>
          已处理
        </AppLink>
      </>,
    );
    // Whether the link left the click to the browser, read after React's handler; then the test's
    // document does not follow it.
    const leftToBrowser: boolean[] = [];
    const record = (e: Event) => {
      leftToBrowser.push(!e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener("click", record);
    try {
      const plain = screen.getByRole("link", { name: "普通" });
      for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"])
        fireEvent.click(plain, { button: 0, [modifier]: true });
      fireEvent.click(plain, { button: 1 });
      fireEvent.click(screen.getByRole("link", { name: "新窗口" }), { button: 0 });
      fireEvent.click(screen.getByRole("link", { name: "已处理" }), { button: 0 });
    } finally {
      document.removeEventListener("click", record);
    }
    expect(leftToBrowser).toEqual([true, true, true, true, true, true, false]);
    expect(router.state.location.pathname).toBe("/start");
  });

  it.each(["../7", "//evil.example/x", "/\\evil.example"])(
    "hands %s to <Link>: not a path of this site as written",
    (to) => {
      const router = mount(
        <>
          <Link to={to}>原生</Link>
          <AppLink to={to}>自制</AppLink>
        </>,
        "/nested/3",
      );
      const viaLink = screen.getByRole("link", { name: "原生" });
      const viaAppLink = screen.getByRole("link", { name: "自制" });
      expect(viaAppLink.getAttribute("href")).toBe(viaLink.getAttribute("href"));
      expect(viaAppLink.getAttribute("data-discover")).toBe(viaLink.getAttribute("data-discover"));
      if (to === "../7") {
        fireEvent.click(viaAppLink, { button: 0 });
        expect(router.state.location.pathname).toBe(new URL(viaLink.getAttribute("href") ?? "", "http://x").pathname);
      }
    },
  );

  it.each([
    ["/", "/", false],
    ["/", "/", true],
    ["/case", "/", true],
    ["/case", "/case", false],
    ["/case/7", "/case", false],
    ["/case/7", "/case", true],
    ["/cases", "/case", false],
    ["/CASE", "/case", false],
    ["/shoppingCart", "/login?redirect=%2Fmy-orders", false],
  ])("at %s, a nav link to %s (end %s) is current exactly when <NavLink>'s is", (at, to, end) => {
    mount(
      <>
        <NavLink to={to} end={end}>
          原生
        </NavLink>
        <AppNavLink to={to} end={end}>
          自制
        </AppNavLink>
        <NavLink to={to} end={end} className={({ isActive }) => (isActive ? "on" : "off")}>
          原生函数
        </NavLink>
        <AppNavLink to={to} end={end} className={({ isActive }) => (isActive ? "on" : "off")}>
          自制函数
        </AppNavLink>
      </>,
      at,
    );
    for (const [native, ours] of [
      ["原生", "自制"],
      ["原生函数", "自制函数"],
    ] as const) {
      const viaNavLink = screen.getByRole("link", { name: native });
      const viaAppNavLink = screen.getByRole("link", { name: ours });
      expect(viaAppNavLink.getAttribute("aria-current")).toBe(viaNavLink.getAttribute("aria-current"));
      expect(viaAppNavLink.getAttribute("class")).toBe(viaNavLink.getAttribute("class"));
      expect(viaAppNavLink.getAttribute("href")).toBe(viaNavLink.getAttribute("href"));
    }
  });

  it("marks the nav link current after a navigation to it", () => {
    mount(<AppNavLink to="/nested/2">第二</AppNavLink>, "/nested/1");
    const link = screen.getByRole("link", { name: "第二" });
    expect(link.getAttribute("aria-current")).toBeNull();
    fireEvent.click(link, { button: 0 });
    expect(screen.getByRole("link", { name: "第二" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "第二" }).className).toBe("active");
  });
});
