// /my-mark's guide and case tabs: each favourite links to its detail page, and the open tab is the URL's ?tab=,
// so Back from a detail page returns to it.
import { fireEvent, screen, within } from "@testing-library/react";
import { type ArticleListItem, type FavoritesData, routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { Where, where } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import MyMarkScreen from "./screens/my-mark-screen";

const article = (id: number, type: 1 | 2, title: string): ArticleListItem => ({
  id,
  type,
  title,
  summary: "",
  cover: `/media/article-${id}-cover.svg`,
  tagId: null,
  tagName: type === 1 ? "设计规划" : null,
  author: "",
  views: 0,
  publishedAt: "2026-10-01T00:00:00.000Z",
  style: type === 2 ? "北欧" : null,
  layout: type === 2 ? "两室两厅" : null,
  areaM2: type === 2 ? 89 : null,
  budget: type === 2 ? 21_000_000 : null,
  city: type === 2 ? "杭州市" : null,
  designer: null,
});

const favorites: FavoritesData = {
  goods: [],
  article: [article(2, 1, "小户型如何显大")],
  example: [article(3, 2, "杭州·西湖 89㎡ 北欧两居")],
};

function renderMyMark(path: string) {
  return renderApp(
    <>
      <MyMarkScreen />
      <Where />
    </>,
    {
      path,
      state: { loggedIn: true, phoneNum: "13800000000" },
      prime: (set) => set(routes.favorites, undefined, favorites),
    },
  );
}

describe("/my-mark guides and cases", () => {
  it("opens the tab the URL names and links each case to its detail page", () => {
    renderMyMark("/my-mark?tab=example");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("案例1");
    const link = within(screen.getByRole("tabpanel")).getByRole("link", { name: /杭州·西湖 89㎡ 北欧两居/ });
    expect(link.getAttribute("href")).toBe("/article-detail/3");
    expect(link.textContent).toContain("北欧 · 两室两厅 · 89㎡ · 杭州市");
  });

  it("puts the chosen tab in the URL, and the default tab leaves it out", () => {
    renderMyMark("/my-mark");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("商品0");
    fireEvent.click(screen.getByRole("tab", { name: /攻略/ }));
    expect(where()).toBe("/my-mark?tab=article");
    const link = within(screen.getByRole("tabpanel")).getByRole("link", { name: /小户型如何显大/ });
    expect(link.getAttribute("href")).toBe("/article-detail/2");
    fireEvent.click(screen.getByRole("tab", { name: /商品/ }));
    expect(where()).toBe("/my-mark");
  });

  it("shows the default tab for an unknown ?tab=", () => {
    renderMyMark("/my-mark?tab=nope");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("商品0");
  });
});
