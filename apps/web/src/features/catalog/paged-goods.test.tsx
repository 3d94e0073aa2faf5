// A goods list opened past its last page (/2-14?current=3 of 21 goods, issue #27) says so and links
// to page 1, instead of "暂无商品" under "共 21 件商品".
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { PagedGoods } from "./components/paged-goods";

const settled = {
  isPending: false,
  isError: false,
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: () => Promise.resolve(),
  refetch: () => Promise.resolve(),
};

const empty = <p>暂无商品，看看其他分类吧</p>;

describe("PagedGoods past the last page", () => {
  it("names the page and the page count, and links to page 1", () => {
    renderApp(
      <PagedGoods
        query={settled}
        loaded={{ items: [], total: 21 }}
        empty={empty}
        firstPage={{ current: 3, pageSize: 12, firstPageHref: "/2-14?sort=sales" }}
      />,
    );
    expect(screen.getByText("没有第 3 页，共 2 页")).toBeTruthy();
    expect(screen.getByRole("link", { name: "回到第 1 页" }).getAttribute("href")).toBe("/2-14?sort=sales");
    expect(screen.queryByText(/暂无商品/)).toBeNull();
  });

  it("still says 暂无商品 when the list is empty at page 1", () => {
    renderApp(
      <PagedGoods
        query={settled}
        loaded={{ items: [], total: 0 }}
        empty={empty}
        firstPage={{ current: 1, pageSize: 12, firstPageHref: "/2-14" }}
      />,
    );
    expect(screen.getByText(/暂无商品/)).toBeTruthy();
  });
});
