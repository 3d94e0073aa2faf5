// Guides and cases as a visitor meets them, in Chromium against the built server with the demo data (48 guides,
// 26 cases): filters change the lists, 加载更多 appends, a logged-in customer favourites a guide and a case and
// finds both on /my-mark; and, with JavaScript off, the article and case URLs arrive as complete HTML (P7).
import type { ArticleListItem, Envelope } from "@yj/contract";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { logInInBrowser } from "./support/customer";
import { freshPhone } from "./support/server";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
const { open } = shop;
beforeEach(async () => {
  await shop.browser.clearCookies();
});

type ArticlePage = { dataList: ArticleListItem[]; total: number };

async function api<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${shop.server.url}${path}`)).json()) as Envelope<T>;
  if (body.code !== 1) throw new Error(`${path}: ${body.message}`);
  return body.data as T;
}

const cards = (page: Page, list: "攻略列表" | "案例列表") =>
  page.getByRole("list", { name: list }).getByRole("article");

const logIn = (page: Page, phone: string) => logInInBrowser(page, shop.server, phone);

describe("guides and cases in the browser", () => {
  it("filters the guides by stage and appends the next page", async () => {
    const { page, errors } = await open("/decorate-strategy");
    expect(await page.title()).toBe("悦家整装 - 装修攻略");
    await expect.poll(() => cards(page, "攻略列表").count()).toBe(12);
    expect(await page.getByText("已显示 12 / 48 篇攻略").count()).toBe(1);
    await page.getByRole("button", { name: "加载更多" }).click();
    await expect.poll(() => cards(page, "攻略列表").count()).toBe(24);
    await page.getByText("已显示 24 / 48 篇攻略").waitFor();

    const tags = await api<{ id: number; name: string }[]>("/api/article/query_all_tag");
    const tag = tags[2]!;
    const expected = await api<ArticlePage>(`/api/article/query_list?type=1&tagId=${tag.id}&pageSize=100`);
    await page.getByRole("navigation", { name: "阶段" }).getByRole("link", { name: tag.name }).click();
    await page.waitForURL(`${shop.server.url}/decorate-strategy?tagId=${tag.id}`);
    await expect.poll(() => cards(page, "攻略列表").count()).toBe(Math.min(12, expected.total));
    // The tag badges: the spans outside the title (the title's spans keep its numbers whole).
    const shownTags = await cards(page, "攻略列表").locator("span:not(h2 span)").allInnerTexts();
    expect(new Set(shownTags)).toEqual(new Set([tag.name]));
    expect(await cards(page, "攻略列表").first().getByRole("heading").innerText()).toBe(expected.dataList[0]!.title);
    await screenshot(page, "content-guides-filtered-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("filters the cases by layout, area and budget, and appends the next page", async () => {
    const { page, errors } = await open("/case");
    await expect.poll(() => cards(page, "案例列表").count()).toBe(12);
    await page.getByRole("button", { name: "加载更多" }).click();
    await expect.poll(() => cards(page, "案例列表").count()).toBe(24);
    await page.getByRole("button", { name: "加载更多" }).click();
    await expect.poll(() => cards(page, "案例列表").count()).toBe(26);
    await page.getByText("已经到底了").waitFor();

    await page.getByRole("navigation", { name: "户型" }).getByRole("link", { name: "两居" }).click();
    await page.waitForURL(`${shop.server.url}/case?rooms=2`);
    const twoRooms = await api<ArticlePage>("/api/article/query_list?type=2&rooms=2&pageSize=100");
    expect(twoRooms.total).toBeGreaterThan(0);
    await expect.poll(() => cards(page, "案例列表").count()).toBe(twoRooms.total);
    for (const facts of await page.getByRole("list", { name: "案例信息" }).allInnerTexts()) {
      expect(facts).toMatch(/^两室/);
    }

    // Each filter link carries the filters already chosen, so each click waits for the last one's
    // navigation: a click on a link rendered before it would drop the earlier choice.
    await page.getByRole("navigation", { name: "户型" }).getByRole("link", { name: "全部" }).click();
    await page.waitForURL(`${shop.server.url}/case`);
    await page.getByRole("navigation", { name: "面积" }).getByRole("link", { name: "120–150㎡" }).click();
    await page.waitForURL(`${shop.server.url}/case?area=120-150`);
    await page.getByRole("navigation", { name: "预算" }).getByRole("link", { name: "25–35万" }).click();
    await page.waitForURL(`${shop.server.url}/case?area=120-150&budget=25-35`);
    const banded = await api<ArticlePage>(
      "/api/article/query_list?type=2&areaMin=120&areaMax=150&budgetMin=25000000&budgetMax=35000000&pageSize=100",
    );
    expect(banded.total).toBeGreaterThan(0);
    await expect.poll(() => cards(page, "案例列表").count()).toBe(banded.total);
    expect(await cards(page, "案例列表").getByRole("heading").allInnerTexts()).toEqual(
      banded.dataList.map((a) => a.title),
    );
    await screenshot(page, "content-cases-filtered-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a customer favourites a guide and a case and finds both on /my-mark", async () => {
    const [guide] = (await api<ArticlePage>("/api/article/query_list?type=1&pageSize=1")).dataList;
    const [kase] = (await api<ArticlePage>("/api/article/query_list?type=2&pageSize=1")).dataList;
    const { page, errors } = await open(`/article-detail/${guide!.id}`);
    // A visitor is sent to login and back.
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await logIn(page, freshPhone());
    await page.waitForURL(`${shop.server.url}/article-detail/${guide!.id}`);
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.getByText("收藏成功").waitFor();
    await page.getByRole("button", { name: "已收藏" }).waitFor();

    await page.goto(`${shop.server.url}/article-detail/${kase!.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.getByText("收藏成功").waitFor();
    await page.getByRole("button", { name: "已收藏" }).waitFor();
    await screenshot(page, "content-case-favourited-1440");

    await page.locator("header").getByRole("link", { name: "我的收藏" }).click();
    await page.waitForURL(`${shop.server.url}/my-mark`);
    await page.getByRole("tab", { name: /攻略/ }).click();
    await page.getByRole("tabpanel").getByText(guide!.title).waitFor();
    await page.getByRole("tab", { name: /案例/ }).click();
    const caseLink = page.getByRole("tabpanel").getByRole("link", { name: new RegExp(kase!.title.slice(0, 8)) });
    await caseLink.waitFor();
    await screenshot(page, "content-my-mark-cases-1440");
    await caseLink.click();
    await page.waitForURL(`${shop.server.url}/article-detail/${kase!.id}`);
    await page.getByRole("heading", { level: 1, name: kase!.title }).waitFor();
    expect(errors.filter((e) => !e.includes("net::ERR_ABORTED"))).toEqual([]);
    await page.close();
  });

  it("shows the lists and details without horizontal scroll at 375 px", async () => {
    const [guide] = (await api<ArticlePage>("/api/article/query_list?type=1&pageSize=1")).dataList;
    const [kase] = (await api<ArticlePage>("/api/article/query_list?type=2&pageSize=1")).dataList;
    for (const path of ["/decorate-strategy", "/case", `/article-detail/${guide!.id}`, `/article-detail/${kase!.id}`]) {
      const { page, errors } = await open(path, 375, 812);
      await page.locator("h1").waitFor();
      await expectNoHorizontalScroll(page, path);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });
});

describe("content HTML without JavaScript (P7)", () => {
  const html = async (path: string) => {
    const res = await fetch(`${shop.server.url}${path}`);
    return { status: res.status, text: await res.text() };
  };
  const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

  it("serves a guide with its title, heading, body text, tag, date and links", async () => {
    const [item] = (await api<ArticlePage>("/api/article/query_list?type=1&pageSize=1")).dataList;
    const guide = await api<{ content: { kind: string; text?: string }[]; related: ArticleListItem[] }>(
      `/api/article/query_detail?id=${item!.id}`,
    );
    const { status, text } = await html(`/article-detail/${item!.id}`);
    expect(status).toBe(200);
    expect(text).toContain(`<title>悦家整装 - ${escaped(item!.title)}</title>`);
    expect(text).toMatch(new RegExp(`<h1[^>]*>${escaped(item!.title).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</h1>`));
    for (const block of guide.content.filter((b) => b.kind === "paragraph"))
      expect(text).toContain(escaped(block.text!));
    expect(text).toContain(item!.tagName!);
    expect(text).toContain(item!.publishedAt.slice(0, 10));
    expect(text).toContain(`href="/article-detail/${guide.related[0]!.id}"`);
    expect(text).toContain('href="/decorate-strategy"');
  });

  it("serves a case with its facts and photos", async () => {
    const [item] = (await api<ArticlePage>("/api/article/query_list?type=2&pageSize=1")).dataList;
    const { status, text } = await html(`/article-detail/${item!.id}`);
    expect(status).toBe(200);
    expect(text).toContain(`<title>悦家整装 - ${escaped(item!.title)}</title>`);
    expect(text).toContain(`${escaped(item!.title)}</h1>`);
    for (const fact of [item!.layout!, `${item!.areaM2}㎡`, item!.style!, item!.designer!, item!.city!]) {
      expect(text, fact).toContain(`<dd>${fact}</dd>`);
    }
    expect(text).toContain(`<dd>${item!.budget! / 1_000_000}万元</dd>`);
    expect(text).toContain(`src="${item!.cover}"`);
  });

  it("serves the guide and case lists with cards that link to the details, and 404 for an unknown id", async () => {
    const guides = await html("/decorate-strategy");
    const [guide] = (await api<ArticlePage>("/api/article/query_list?type=1&pageSize=1")).dataList;
    expect(guides.text).toContain("<title>悦家整装 - 装修攻略</title>");
    expect(guides.text).toContain(`href="/article-detail/${guide!.id}"`);
    const cases = await html("/case?rooms=3");
    const [threeRooms] = (await api<ArticlePage>("/api/article/query_list?type=2&rooms=3&pageSize=1")).dataList;
    expect(cases.text).toContain("<title>悦家整装 - 装修案例：三居</title>");
    expect(cases.text).toContain(`href="/article-detail/${threeRooms!.id}"`);
    const missing = await html("/article-detail/99999");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("文章不存在或已删除");
  });
});
