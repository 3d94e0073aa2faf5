// @vitest-environment node
import { describe, expect, it } from "vitest";
import { flattenPages, hasMore, mergePage, nextPageParam, type PageLike } from "./list-rules";

const items = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i }));
const page = (
  current: number,
  dataList: { id: number }[],
  total?: number,
  pageSize = 12,
): PageLike<{ id: number }> => ({
  current,
  pageSize,
  dataList,
  total,
});

describe("mergePage (docs/product.md §4: current 1 replaces, later pages append)", () => {
  it("replaces the list with page 1", () => {
    expect(mergePage(items(1, 12), items(100, 3), 1)).toEqual(items(100, 3));
  });
  it("treats a page number below 1 as a restart", () => {
    expect(mergePage(items(1, 5), items(50, 2), 0)).toEqual(items(50, 2));
  });
  it("appends later pages in order", () => {
    expect(mergePage(items(1, 12), items(13, 12), 2)).toEqual(items(1, 24));
  });
  it("does not repeat an item the list already shows", () => {
    expect(mergePage(items(1, 3), [{ id: 3 }, { id: 4 }], 2)).toEqual(items(1, 4));
  });
  it("does not mutate its input", () => {
    const list = items(1, 2);
    mergePage(list, items(3, 2), 2);
    expect(list).toEqual(items(1, 2));
  });
});

describe("flattenPages", () => {
  it("merges every loaded page", () => {
    expect(flattenPages([page(1, items(1, 12)), page(2, items(13, 12)), page(3, items(25, 4))])).toEqual(items(1, 28));
  });
  it("is empty without pages", () => {
    expect(flattenPages([])).toEqual([]);
  });
  it("restarts at a page 1 that follows other pages", () => {
    expect(flattenPages([page(1, items(1, 12)), page(1, items(50, 2))])).toEqual(items(50, 2));
  });
});

describe("hasMore (docs/product.md §4: more only while the last page was full)", () => {
  it("is true for a full page", () => {
    expect(hasMore(12, 12)).toBe(true);
  });
  it("is true for a page longer than pageSize", () => {
    expect(hasMore(13, 12)).toBe(true);
  });
  it("is false for a short page", () => {
    expect(hasMore(11, 12)).toBe(false);
  });
  it("is false for an empty page", () => {
    expect(hasMore(0, 12)).toBe(false);
  });
  it("defaults to the product rules' page size of 12", () => {
    expect(hasMore(12)).toBe(true);
    expect(hasMore(11)).toBe(false);
  });
  it("stops at a full last page that reaches the total", () => {
    expect(hasMore(12, 12, 24, 24)).toBe(false);
    expect(hasMore(12, 12, 24, 25)).toBe(true);
  });
  it("never reports more for a short page, whatever the total says", () => {
    expect(hasMore(5, 12, 5, 100)).toBe(false);
  });
});

describe("nextPageParam", () => {
  it("asks for the next page after a full one", () => {
    const first = page(1, items(1, 12), 30);
    expect(nextPageParam(first, [first])).toBe(2);
  });
  it("stops after a short page", () => {
    const pages = [page(1, items(1, 12), 30), page(2, items(13, 12), 30), page(3, items(25, 6), 30)];
    expect(nextPageParam(pages[2]!, pages)).toBeUndefined();
  });
  it("stops after a full page that completes the total", () => {
    const pages = [page(1, items(1, 12), 24), page(2, items(13, 12), 24)];
    expect(nextPageParam(pages[1]!, pages)).toBeUndefined();
  });
  it("counts the pages before a list that starts later (a URL's current) as behind it", () => {
    const second = page(2, items(13, 12), 24);
    expect(nextPageParam(second, [second])).toBeUndefined();
    const third = page(3, items(25, 12), 60);
    expect(nextPageParam(third, [third])).toBe(4);
  });
  it("follows the page's own pageSize", () => {
    const first = page(1, items(1, 4), undefined, 4);
    expect(nextPageParam(first, [first])).toBe(2);
  });
});
