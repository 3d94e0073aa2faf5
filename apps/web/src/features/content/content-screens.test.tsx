// The guide and case lists and the article detail: filters as links that change the list's query, pages
// appended by 加载更多, the empty and loading states, the body rendered as text, a case's facts and gallery,
// 收藏 behind the login gate, the booking dialog, and the detail loader's 404 and head meta.
import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  type ArticleDetail,
  type ArticleListItem,
  type CaseFiltersData,
  FavoriteKind,
  Messages,
  type Route,
  routes,
} from "@yj/contract";
import { isRouteErrorResponse } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type ApiClient, ApiError } from "../../lib/api-client";
import { useLeadDialog } from "../../lib/lead-dialogs";
import { Where, where } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { caseHref, caseListFilter, parseCaseSelection } from "./api/article-queries";
import ArticleScreen, { loader as articleLoader } from "./screens/article-screen";
import CasesScreen from "./screens/cases-screen";
import GuidesScreen from "./screens/guides-screen";

const TAGS = [
  { id: 1, name: "收房验房" },
  { id: 2, name: "设计预算" },
];

function item(id: number, over: Partial<ArticleListItem> = {}): ArticleListItem {
  return {
    id,
    type: 1,
    title: `攻略 ${id}`,
    summary: `摘要 ${id}`,
    cover: `/media/article-${id}-cover.svg`,
    tagId: 1,
    tagName: "收房验房",
    author: "王工",
    views: 100,
    publishedAt: "2026-10-01T02:00:00.000Z",
    style: null,
    layout: null,
    areaM2: null,
    budget: null,
    city: null,
    designer: null,
    ...over,
  };
}

function caseItem(id: number, over: Partial<ArticleListItem> = {}): ArticleListItem {
  return item(id, {
    type: 2,
    title: `杭州·滨江 128㎡ 现代简约三居 全包 32万 ${id}`,
    tagId: null,
    tagName: null,
    author: "设计师 林晓雯",
    style: "现代简约",
    layout: "三室两厅",
    areaM2: 128,
    budget: 32_000_000,
    city: "杭州市",
    designer: "林晓雯",
    ...over,
  });
}

type Query = Record<string, unknown> | undefined;

/** An API answering the article endpoints; `pages` decides each list page from its query. */
function contentApi(pages: (q: Record<string, unknown>) => ArticleListItem[], total: number, extra = {}) {
  const answers: Record<string, (q: Query) => unknown> = {
    [routes.articleTags.path]: () => TAGS,
    [routes.caseFilters.path]: (): CaseFiltersData => ({
      styles: [
        { value: "现代简约", count: 5 },
        { value: "北欧", count: 3 },
      ],
      cities: [
        { value: "杭州市", count: 7 },
        { value: "上海市", count: 2 },
      ],
    }),
    [routes.articleList.path]: (q) => ({
      dataList: pages(q ?? {}),
      total,
      current: Number(q?.current),
      pageSize: Number(q?.pageSize),
    }),
    ...extra,
  };
  const get = vi.fn((route: Route, query?: Query) => {
    const answer = answers[route.path];
    return answer ? Promise.resolve(answer(query)) : Promise.reject(new Error(`unexpected GET ${route.path}`));
  });
  return { api: { get, post: vi.fn() } as unknown as ApiClient, get };
}

const listCalls = (get: ReturnType<typeof vi.fn>) =>
  get.mock.calls.filter(([route]) => (route as Route).path === routes.articleList.path).map(([, q]) => q);

describe("/decorate-strategy", () => {
  it("lists guides with cover, title, summary, tag and date, and appends the next page", async () => {
    const page = (n: number) => Array.from({ length: 12 }, (_, i) => item((n - 1) * 12 + i + 1));
    const { api, get } = contentApi((q) => (Number(q.current) <= 2 ? page(Number(q.current)) : []), 20);
    renderApp(<GuidesScreen />, { path: "/decorate-strategy", api });
    expect(screen.getByLabelText("加载中").getAttribute("aria-busy")).toBe("true");

    const list = await screen.findByRole("list", { name: "攻略列表" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(12);
    const first = within(list).getAllByRole("article")[0]!;
    expect(within(first).getByRole("heading", { name: "攻略 1" })).toBeTruthy();
    expect(within(first).getByText("摘要 1")).toBeTruthy();
    expect(within(first).getByText("收房验房")).toBeTruthy();
    expect(within(first).getByText("2026-10-01")).toBeTruthy();
    expect(within(first).getByRole("img").getAttribute("src")).toBe("/media/article-1-cover.svg");
    expect(within(first).getByRole("link").getAttribute("href")).toBe("/article-detail/1");
    expect(listCalls(get)[0]).toEqual({ type: "1", current: 1, pageSize: 12 });

    fireEvent.click(screen.getByRole("button", { name: "加载更多" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(24));
    expect(screen.getByRole("heading", { name: "攻略 13" })).toBeTruthy();
    expect(listCalls(get)[1]).toEqual({ type: "1", current: 2, pageSize: 12 });
    // 24 ≥ 20: the list is complete.
    expect(screen.getByText("已经到底了")).toBeTruthy();
  });

  it("offers the stage tags as filters and asks for the chosen tag's guides", async () => {
    const { api, get } = contentApi(() => [item(3, { tagId: 2, tagName: "设计预算" })], 1);
    renderApp(<GuidesScreen />, { path: "/decorate-strategy?tagId=2", api });
    await screen.findByRole("list", { name: "攻略列表" });
    const stages = screen.getByRole("navigation", { name: "阶段" });
    const links = within(stages).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["全部", "/decorate-strategy"],
      ["收房验房", "/decorate-strategy?tagId=1"],
      ["设计预算", "/decorate-strategy?tagId=2"],
    ]);
    expect(within(stages).getByRole("link", { name: "设计预算" }).getAttribute("aria-current")).toBe("true");
    expect(listCalls(get)[0]).toEqual({ type: "1", tagId: 2, current: 1, pageSize: 12 });
    expect(screen.getByText("已经到底了")).toBeTruthy();
  });

  it("says when a stage has no guides and offers to clear the filter", async () => {
    const { api } = contentApi(() => [], 0);
    renderApp(<GuidesScreen />, { path: "/decorate-strategy?tagId=1", api });
    expect(await screen.findByText("收房验房阶段暂无攻略")).toBeTruthy();
    expect(screen.getByRole("link", { name: "清除筛选" }).getAttribute("href")).toBe("/decorate-strategy");
  });
});

describe("/case", () => {
  it("reads the filters from the URL and asks for them; bands become min and max", () => {
    const s = parseCaseSelection(new URLSearchParams("style=北欧&city=杭州市&rooms=3&area=90-120&budget=25-35&junk=1"));
    expect(s).toEqual({ style: "北欧", city: "杭州市", rooms: 3, area: "90-120", budget: "25-35" });
    expect(caseListFilter(s)).toEqual({
      type: "2",
      style: "北欧",
      city: "杭州市",
      rooms: 3,
      areaMin: 90,
      areaMax: 120,
      budgetMin: 25_000_000,
      budgetMax: 35_000_000,
    });
    // Unknown values are dropped; open bands have one bound.
    expect(parseCaseSelection(new URLSearchParams("rooms=9&area=7-8&budget=x"))).toEqual({});
    expect(caseListFilter(parseCaseSelection(new URLSearchParams("area=150-&budget=0-15")))).toEqual({
      type: "2",
      areaMin: 150,
      budgetMax: 15_000_000,
    });
    expect(caseHref(s, "rooms", undefined)).toBe(
      "/case?style=%E5%8C%97%E6%AC%A7&area=90-120&budget=25-35&city=%E6%9D%AD%E5%B7%9E%E5%B8%82",
    );
    expect(caseHref({}, "area", "0-60")).toBe("/case?area=0-60");
  });

  it("shows cases with photo and facts, filters from the data and the contract, and asks for the chosen ones", async () => {
    const { api, get } = contentApi(() => [caseItem(7)], 1);
    renderApp(<CasesScreen />, { path: "/case?style=现代简约&area=120-150", api });
    const list = await screen.findByRole("list", { name: "案例列表" });
    const card = within(list).getByRole("article");
    expect(within(card).getByRole("img").getAttribute("src")).toBe("/media/article-7-cover.svg");
    expect(within(card).getByRole("list", { name: "案例信息" }).textContent).toBe("三室两厅128㎡现代简约杭州市");
    expect(within(card).getByText("32万元")).toBeTruthy();
    expect(within(card).getByText("设计师 林晓雯")).toBeTruthy();
    // The title never breaks inside a figure: "128㎡" and "32万" each stay on one line.
    const held = [...card.querySelectorAll("h2 span")].filter((s) => (s as HTMLElement).style.whiteSpace === "nowrap");
    expect(held.map((s) => s.textContent)).toEqual(["128㎡", "32万"]);
    expect(listCalls(get)[0]).toEqual({
      type: "2",
      style: "现代简约",
      areaMin: 120,
      areaMax: 150,
      current: 1,
      pageSize: 12,
    });

    const style = screen.getByRole("navigation", { name: "风格" });
    await within(style).findByRole("link", { name: "北欧" });
    expect(within(style).getByRole("link", { name: "现代简约" }).getAttribute("aria-current")).toBe("true");
    expect(within(style).getByRole("link", { name: "北欧" }).getAttribute("href")).toBe(
      `/case?style=${encodeURIComponent("北欧")}&area=120-150`,
    );
    expect(within(style).getByRole("link", { name: "全部" }).getAttribute("href")).toBe("/case?area=120-150");
    const layout = screen.getByRole("navigation", { name: "户型" });
    expect(
      within(layout)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["全部", "一居", "两居", "三居", "四居", "五居及以上"]);
    expect(
      within(screen.getByRole("navigation", { name: "面积" }))
        .getByRole("link", { name: "120–150㎡" })
        .getAttribute("aria-current"),
    ).toBe("true");
    expect(within(screen.getByRole("navigation", { name: "预算" })).getAllByRole("link")).toHaveLength(6);
    expect(within(screen.getByRole("navigation", { name: "城市" })).getByRole("link", { name: "上海市" })).toBeTruthy();
  });

  it("never promises photographs: the pictures may be a shop's drawings (ADR 0057)", async () => {
    const { api } = contentApi(() => [caseItem(7)], 1);
    renderApp(<CasesScreen />, { path: "/case", api });
    await screen.findByRole("list", { name: "案例列表" });
    expect(document.body.textContent).toContain("一目了然");
    expect(document.body.textContent).not.toMatch(/实景|实拍|照片/);
  });

  it("changes the list when a filter is clicked", async () => {
    const { api, get } = contentApi((q) => (q.rooms === 2 ? [caseItem(9, { layout: "两室一厅" })] : [caseItem(1)]), 1);
    renderApp(
      <>
        <CasesScreen />
        <Where />
      </>,
      { path: "/case", api },
    );
    await screen.findByText(/三室两厅/);
    fireEvent.click(within(screen.getByRole("navigation", { name: "户型" })).getByRole("link", { name: "两居" }));
    expect(where()).toBe("/case?rooms=2");
    expect(await screen.findByText("两室一厅")).toBeTruthy();
    expect(listCalls(get).at(-1)).toEqual({ type: "2", rooms: 2, current: 1, pageSize: 12 });
  });

  it("says when nothing matches and offers to clear the filters", async () => {
    const { api } = contentApi(() => [], 0);
    renderApp(<CasesScreen />, { path: "/case?budget=50-", api });
    expect(await screen.findByText("没有符合条件的案例，换个条件试试")).toBeTruthy();
    expect(screen.getByRole("link", { name: "清除筛选" }).getAttribute("href")).toBe("/case");
  });
});

function detail(over: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    ...item(5),
    title: "收房验房的十个要点",
    summary: "收房时最容易忽略的细节。",
    content: [
      { kind: "paragraph", text: "第一段 <b>不是标签</b> <script>alert(1)</script>" },
      { kind: "heading", text: "空鼓与裂缝" },
      { kind: "image", src: "/media/article-5-1.svg", caption: "检查墙面" },
    ],
    related: [item(6, { title: "相关的攻略" })],
    ...over,
  };
}

const caseDetail = () =>
  detail({
    ...caseItem(8),
    content: [
      { kind: "paragraph", text: "这套房子位于杭州市滨江区。" },
      { kind: "image", src: "/media/article-8-1.svg", caption: "客厅 · 现代简约" },
      { kind: "image", src: "/media/article-8-2.svg", caption: "开放式厨房与岛台" },
    ],
    related: [caseItem(9, { title: "另一个案例" })],
  });

function renderDetail(article: ArticleDetail, options: { loggedIn?: boolean; api?: ApiClient } = {}) {
  return renderApp(
    <>
      <ArticleScreen />
      <Where />
      <DialogProbe />
    </>,
    {
      path: `/article-detail/${article.id}`,
      routePath: "/article-detail/:id",
      api: options.api,
      state: { loggedIn: options.loggedIn ?? false },
      prime: (set) => {
        set(routes.articleDetail, { id: article.id }, article);
        if (options.loggedIn) set(routes.favorites, undefined, { goods: [], article: [], example: [] });
      },
    },
  );
}

function DialogProbe() {
  const dialog = useLeadDialog();
  return <output data-testid="dialog">{dialog ? `${dialog.kind}:${dialog.origin}` : ""}</output>;
}

describe("/article-detail/:id", () => {
  it("shows a guide's title, tag, date, cover and body as text, never as markup, and related guides", () => {
    const { container } = renderDetail(detail());
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("收房验房的十个要点");
    const article = screen.getByRole("article", { name: "收房验房的十个要点" });
    expect(within(article).getByText("收房验房")).toBeTruthy();
    expect(within(article).getByText("2026-10-01")).toBeTruthy();
    expect(within(article).getByRole("heading", { level: 2, name: "空鼓与裂缝" })).toBeTruthy();
    expect(within(article).getByText(/第一段 <b>不是标签<\/b>/)).toBeTruthy();
    expect(container.querySelector("b, script")).toBeNull();
    expect(within(article).getByRole("img", { name: "检查墙面" }).getAttribute("src")).toBe("/media/article-5-1.svg");
    expect(within(article).getByText("检查墙面").tagName).toBe("FIGCAPTION");
    const related = screen.getByRole("list", { name: "相关攻略" });
    expect(within(related).getByRole("link").getAttribute("href")).toBe("/article-detail/6");
    expect(screen.getByRole("navigation", { name: "面包屑" }).textContent).toContain("装修攻略");
  });

  it("shows a case's facts and a gallery of its cover and photos", () => {
    renderDetail(caseDetail());
    const facts = screen.getByRole("complementary", { name: "案例信息" });
    const pairs = within(facts)
      .getAllByRole("term")
      .map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    expect(pairs).toEqual([
      "户型=三室两厅",
      "面积=128㎡",
      "风格=现代简约",
      "造价=32万元",
      "设计师=林晓雯",
      "城市=杭州市",
    ]);
    const thumbs = screen.getByRole("list", { name: "案例图片" });
    expect(within(thumbs).getAllByRole("button")).toHaveLength(3);
    fireEvent.click(within(thumbs).getByRole("button", { name: /开放式厨房与岛台/ }));
    expect(screen.getByRole("img", { name: "开放式厨房与岛台" }).getAttribute("src")).toBe("/media/article-8-2.svg");
    expect(screen.getByText("3 / 3")).toBeTruthy();
    // The photos are in the gallery, not repeated in the text.
    expect(screen.getByText("这套房子位于杭州市滨江区。")).toBeTruthy();
    expect(screen.getByRole("list", { name: "相关案例" })).toBeTruthy();
  });

  it("sends a visitor who taps 收藏 to login and back", () => {
    renderDetail(detail());
    fireEvent.click(screen.getByRole("button", { name: /收藏/ }));
    expect(where()).toBe(`/login?redirect=${encodeURIComponent("/article-detail/5")}`);
  });

  it("favourites the article as type 2 for a customer and says 收藏成功", async () => {
    const favoritesCalls: unknown[] = [];
    let marked = false;
    const get = vi.fn((route: Route, query?: unknown) => {
      if (route.path === routes.addFavorite.path) {
        favoritesCalls.push(query);
        marked = true;
        return Promise.resolve(null);
      }
      if (route.path === routes.favorites.path) {
        return Promise.resolve({ goods: [], article: marked ? [item(5)] : [], example: [] });
      }
      return Promise.reject(new Error(`unexpected GET ${route.path}`));
    });
    renderDetail(detail(), { loggedIn: true, api: { get, post: vi.fn() } as unknown as ApiClient });
    fireEvent.click(screen.getByRole("button", { name: /收藏/ }));
    expect(await screen.findByText(Messages.favoriteAdded)).toBeTruthy();
    expect(favoritesCalls).toEqual([{ id: 5, type: FavoriteKind.ARTICLE }]);
    expect(await screen.findByRole("button", { name: /已收藏/ })).toBeTruthy();
  });

  it("opens the booking dialog from the call to action", () => {
    renderDetail(caseDetail());
    fireEvent.click(
      within(screen.getByRole("complementary", { name: "案例信息" })).getByRole("button", { name: "免费预约设计师" }),
    );
    expect(screen.getByTestId("dialog").textContent).toBe("booking:案例详情");
  });
});

describe("the article detail loader", () => {
  // A query in the address (a share link's tracking) stays out of the canonical URL; URLs are paths on
  // the site (the server renders on an internal origin; the head knows the public one).
  const args = (id: string) =>
    ({ params: { id }, request: new Request(`https://shop.example/article-detail/${id}?from=share`) }) as never;

  it("answers 404 for a malformed id and for one the API does not know", async () => {
    const get = vi.fn(() => Promise.reject(new ApiError("文章不存在或已删除", 1004)));
    const ctx = { queryClient: new QueryClient(), api: { get, post: vi.fn() } as unknown as ApiClient };
    for (const id of ["abc", "0", "99999"]) {
      const thrown = await articleLoader(args(id), ctx).then(
        () => null,
        (e: unknown) => e,
      );
      const status = isRouteErrorResponse(thrown)
        ? thrown.status
        : (thrown as { init?: { status?: number } })?.init?.status;
      expect(status, id).toBe(404);
    }
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("returns the title, description, canonical path, cover as ogImage and an Article JSON-LD, as site paths", async () => {
    const article = caseDetail();
    const get = vi.fn(() => Promise.resolve(article));
    const ctx = { queryClient: new QueryClient(), api: { get, post: vi.fn() } as unknown as ApiClient };
    const meta = await articleLoader(args("8"), ctx);
    expect(meta.title).toBe(article.title);
    expect(meta.description).toBe(article.summary);
    expect(meta.ogImage).toBe("/media/article-8-cover.svg");
    expect(meta.canonical).toBe("/article-detail/8");
    expect(meta.jsonLd).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        image: ["/media/article-8-cover.svg", "/media/article-8-1.svg", "/media/article-8-2.svg"],
        datePublished: article.publishedAt,
        author: { "@type": "Person", name: "林晓雯" },
        description: article.summary,
        mainEntityOfPage: "/article-detail/8",
      },
    ]);
  });
});
