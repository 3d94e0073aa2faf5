// The back office's catalogue in Chromium against the built server: a 运营 made by `npm run admin --
// create … --role operations` logs in, creates a goods row and finds it on the storefront's category
// page, then changes a city's banner and sees it on the home page for that city; the per-city price
// table and the other catalogue screens open with their data.
import { describe, expect, it } from "vitest";
import { screenshot, watchPage } from "./support/browser";
import { changeOneTimePassword, choose, logIn, staffInBrowser } from "./support/staff";

const NEW_PASSWORD = "Ops2026pass";
const GOODS_NAME = `云朵布艺沙发 ${Date.now().toString(36)}`;
const BANNER_TITLE = "杭州 整装焕新节 限时特惠";
const BANNER_HEADLINE = "整装焕新节 限时特惠";

const staff = staffInBrowser([{ username: "zhou_ops", name: "周运营", role: "operations" }]);

describe("the catalogue in the back office, seen on the storefront", () => {
  it("a 运营 creates a goods row and finds it first on the storefront's category page", async () => {
    const { page, errors } = await staff.open("/admin/goods");
    await page.waitForURL(/\/admin\/login/);
    await logIn(page, "zhou_ops", staff.oneTimePassword("zhou_ops"));
    await changeOneTimePassword(page, staff.oneTimePassword("zhou_ops"), NEW_PASSWORD);

    // The menu offers the catalogue (and the prices, `settings`), not leads or staff.
    for (const item of ["商品", "套餐", "分类", "轮播图", "门店", "城市价格"])
      await page.getByRole("link", { name: item, exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "员工" }).count()).toBe(0);

    await page.getByRole("link", { name: "商品", exact: true }).click();
    await page.getByRole("button", { name: "新建商品" }).click();
    await page.getByRole("heading", { name: "新建商品" }).waitFor();
    // Submitting the empty form names what is missing, in Chinese.
    await page.getByRole("button", { name: "创建商品" }).click();
    await page.getByText("请输入商品名称").waitFor();
    await page.getByText("请选择二级分类").waitFor();

    await page.getByLabel("商品名称").fill(GOODS_NAME);
    await page.getByLabel("副标题").fill("云朵般柔软 三人位");
    await choose(page, "分类", "成品家具");
    await page.getByLabel("品牌").fill("悦家自营");
    await page.getByLabel("价格（元）", { exact: true }).fill("3299");
    await page.getByLabel("市场价（元）").fill("4599.5");
    // The image field (components/image-field.tsx) also takes the address of a picture already stored.
    await page.getByRole("button", { name: "填写地址" }).click();
    await page.getByLabel("图片地址").fill("/media/goods-2-2.svg");
    await page.getByRole("button", { name: "添加参数" }).click();
    await page.getByLabel("参数名").fill("面料");
    await page.getByLabel("参数值").fill("科技布");
    await page.getByLabel("规格 1").fill("颜色:奶白 / 三人位");
    await page.getByLabel("规格价格 1").fill("3299");
    await page.getByLabel("库存 1").fill("20");
    await screenshot(page, "admin-goods-create-1440");
    await page.getByRole("button", { name: "创建商品" }).click();
    await page.getByRole("heading", { name: /编辑商品 #\d+/ }).waitFor();
    await page.getByText("商品已创建，前台已上架").waitFor();

    const shop = await staff.browser.newPage();
    await shop.setViewportSize({ width: 1440, height: 900 });
    const shopErrors = watchPage(shop).errors;
    await shop.goto(`${staff.server.url}/2-12?id=4`, { waitUntil: "networkidle" });
    const card = shop.getByRole("link", { name: new RegExp(GOODS_NAME) }).first();
    await card.waitFor();
    expect(await shop.locator("main").innerText()).toContain("¥3,299");
    await screenshot(shop, "admin-catalog-storefront-category-1440");
    expect(shopErrors).toEqual([]);
    await shop.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the 运营 changes 杭州市's first banner and the home page for 杭州市 shows it", async () => {
    // The browser context still holds the session of the goods test; log in only if it has gone.
    const { page, errors } = await staff.open("/admin/");
    const dashboard = page.getByRole("heading", { name: "首页" });
    await dashboard.or(page.getByLabel("用户名")).first().waitFor();
    if (!(await dashboard.isVisible())) {
      await logIn(page, "zhou_ops", NEW_PASSWORD);
      await dashboard.or(page.getByRole("alert")).first().waitFor();
      expect(await dashboard.isVisible(), await page.getByRole("alert").allInnerTexts().then(String)).toBe(true);
    }
    await page.getByRole("link", { name: "轮播图" }).click();
    await page.getByRole("heading", { name: "轮播图" }).waitFor();
    await page.getByLabel("省份/城市").fill("杭州市");
    await page.getByRole("button", { name: /筛\s*选/ }).click();
    const firstRow = page.getByRole("row", { name: /城市 · 杭州市/ }).first();
    await firstRow.waitFor();
    await screenshot(page, "admin-banners-1440");
    await firstRow.getByRole("button", { name: /^编辑/ }).click();
    const dialog = page.getByRole("dialog", { name: "编辑轮播图" });
    await dialog.getByLabel("标题", { exact: true }).fill(BANNER_TITLE);
    // The words shown over the picture (#27 item 7, docs/decisions/0055).
    await dialog.getByLabel("主标题").fill(BANNER_HEADLINE);
    await dialog.getByLabel("链接").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: /保\s*存/ }).click();
    await page.getByText("链接须是以 / 开头的站内地址或 http(s):// 地址").waitFor();
    await dialog.getByLabel("链接").fill("/decorate-act");
    await screenshot(page, "admin-banner-edit-1440");
    await dialog.getByRole("button", { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("row", { name: new RegExp(BANNER_TITLE) }).waitFor();

    // The home page of a visitor whose chosen city is 杭州市 (the city cookie the city picker sets).
    await staff.browser.addCookies([
      { name: "yj_city", value: encodeURIComponent("杭州市|浙江省"), url: staff.server.url },
    ]);
    const home = await staff.browser.newPage();
    await home.setViewportSize({ width: 1440, height: 900 });
    const homeErrors = watchPage(home).errors;
    await home.goto(`${staff.server.url}/`, { waitUntil: "networkidle" });
    await home.locator("[data-banner-headline]", { hasText: BANNER_HEADLINE }).first().waitFor();
    await screenshot(home, "admin-catalog-home-hangzhou-1440");
    expect(homeErrors).toEqual([]);
    await home.close();

    // The other catalogue screens open with their data.
    await page.getByRole("link", { name: "城市价格" }).click();
    await page
      .getByRole("row", { name: /杭州市/ })
      .first()
      .waitFor();
    await screenshot(page, "admin-city-prices-1440");
    await page.getByRole("button", { name: "编辑 杭州市 的价格" }).click();
    await page.getByRole("dialog", { name: "杭州市 的价格" }).getByLabel("设计（元/㎡）").waitFor();
    await screenshot(page, "admin-city-prices-edit-1440");
    await page.getByRole("button", { name: /取\s*消/ }).click();
    await page.getByRole("link", { name: "门店" }).click();
    // The page before it has a 城市 field too: fill this one's, once it is the page shown.
    await page.getByRole("heading", { name: "门店" }).waitFor();
    await page.getByLabel("城市").fill("杭州市");
    await page.getByRole("button", { name: /筛\s*选/ }).click();
    await page.getByRole("row", { name: /杭州/ }).first().waitFor();
    await screenshot(page, "admin-stores-1440");
    await page.getByRole("link", { name: "套餐" }).click();
    await page.getByRole("link", { name: "编辑内容" }).first().click();
    await page.getByRole("heading", { name: /套餐内容 · / }).waitFor();
    await screenshot(page, "admin-package-items-1440");
    await page.getByRole("link", { name: "分类", exact: true }).click();
    await page
      .getByRole("row", { name: /成品家具/ })
      .first()
      .waitFor();
    await screenshot(page, "admin-categories-1440");
    expect(errors).toEqual([]);
    await page.close();
  });
});
