// docs/product.md §2: later screens open at their top (or where the visitor left a kept-alive one),
// but the first screen, the server's HTML, stays where the visitor scrolled it before hydration.

import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollTo } from "../test/render-app";
import { KeepAliveOutlet } from "./keep-alive-outlet";

afterEach(() => {
  vi.restoreAllMocks();
  scrollTo(0);
});

function appAt(path: string) {
  return createMemoryRouter(
    [
      {
        path: "/",
        element: <KeepAliveOutlet />,
        children: [
          { index: true, element: <p>首页</p> },
          { path: "2-12", element: <p>分类</p>, handle: { keepAlive: true } },
          { path: "article-detail/:id", element: <p>文章</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
}

describe("KeepAliveOutlet scroll", () => {
  it("leaves the first screen where the visitor scrolled it before hydration", () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    scrollTo(640);
    render(<RouterProvider router={appAt("/")} />);
    expect(scroll).not.toHaveBeenCalled();
  });

  it("opens a later screen at its top, and a kept-alive first screen where the visitor left it", async () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    scrollTo(640);
    const router = appAt("/2-12?id=4");
    render(<RouterProvider router={router} />);
    await act(() => router.navigate("/article-detail/1"));
    expect(scroll).toHaveBeenLastCalledWith(0, 0);
    await act(() => router.navigate(-1));
    expect(scroll).toHaveBeenLastCalledWith(0, 640);
  });
});
