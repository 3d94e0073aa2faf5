// Content and settings in Chromium against the built server (docs/decisions/0035): a 运营 made by
// `npm run admin -- create --role operations` edits a guide's title and one of its blocks, and the
// storefront's /article-detail/<id> shows both; opens the case and page editors; changes the hotline
// in 设置, and the storefront's footer shows the new number at once; names a partner site allowed to
// frame the panorama page, and /iframe's Content-Security-Policy lets it (an invalid one is refused);
// saves the public-security filing and the licence in their own card, refused first with a wrong
// credit code, and the footer shows the new filing (docs/decisions/0077).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousFaults } from "./support/axe";
import { screenshot } from "./support/browser";
import { changeOneTimePassword, logIn, staffInBrowser } from "./support/staff";

const staff = staffInBrowser([{ username: "content_ops", role: "operations", name: "郑运营" }]);

const saveButton = (page: Page) => page.getByRole("button", { name: /^保\s?存$/ });
/** 设置's save button; its name may still start with the leaving loading icon's label ("loading"). */
const saveSettings = (page: Page) => page.getByRole("button", { name: /(^|\s)保存设置$/ });

describe("content and settings in the browser", () => {
  let page: Page;
  let errors: string[];

  it("the 运营 logs in and changes the one-time password", async () => {
    ({ page, errors } = await staff.open("/admin/content"));
    await page.waitForURL(/\/admin\/login/);
    await logIn(page, "content_ops", staff.oneTimePassword("content_ops"));
    await changeOneTimePassword(page, staff.oneTimePassword("content_ops"), "Content2026pass");
  });

  it("edits a guide's title and a block; the storefront's article page shows both", async () => {
    await page.getByRole("link", { name: "内容", exact: true }).click();
    await page.getByRole("heading", { name: "内容" }).waitFor();
    await page.getByLabel("类型").click();
    await page.locator('.ant-select-item-option[title="攻略"]').click();
    await page
      .getByRole("button", { name: "筛 选" })
      .or(page.getByRole("button", { name: "筛选" }))
      .click();
    await page.waitForURL(/type=1/);
    // The table keeps the unfiltered rows while the guides load, and its spinner may not have come
    // yet: a run clicked the first row's 编辑 on a case. Wait until the rows are guides only.
    const typeTags = page.locator(".ant-table-row td:nth-child(2) .ant-tag");
    await expect
      .poll(() => typeTags.allTextContents())
      .toSatisfy((tags: string[]) => tags.length > 0 && tags.every((tag) => tag === "攻略"));
    await screenshot(page, "admin-content-list-1440");

    await page.getByRole("link", { name: "编辑" }).first().click();
    await page.waitForURL(/\/admin\/content\/articles\/\d+$/);
    const id = Number(page.url().split("/").at(-1));
    await page.getByRole("heading", { name: new RegExp(`编辑攻略 #${id}`) }).waitFor();
    await page.getByLabel("标题", { exact: true }).fill("浏览器改的攻略标题：吊顶怎么选");
    const paragraph = page.getByTestId("block-2").getByLabel("段落");
    await paragraph.fill("浏览器改的段落：石膏板吊顶要留检修口。");
    await screenshot(page, "admin-guide-editor-1440");
    await saveButton(page).click();
    await page.getByText("文章已保存，前台已更新").waitFor();

    const shop = await staff.open(`/article-detail/${id}`);
    await shop.page.getByRole("heading", { name: "浏览器改的攻略标题：吊顶怎么选" }).waitFor();
    await shop.page.getByText("浏览器改的段落：石膏板吊顶要留检修口。").waitFor();
    await screenshot(shop.page, "storefront-article-after-admin-edit-1440");
    expect(shop.errors).toEqual([]);
    await shop.page.close();
  });

  it("opens a new case with its facts and a brand page's blocks", async () => {
    await page.goto(`${staff.server.url}/admin/content/articles/new?type=2`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: /新建案例/ }).waitFor();
    await page.getByText("案例信息").waitFor();
    await screenshot(page, "admin-case-editor-1440");
    await page.getByRole("link", { name: "内容", exact: true }).click();
    await page.getByRole("tab", { name: "品牌与服务页面" }).click();
    await page.getByRole("link", { name: "编辑" }).first().click();
    await page.getByRole("heading", { name: /编辑页面：/ }).waitFor();
    await page.getByRole("button", { name: "添加步骤" }).waitFor();
    await screenshot(page, "admin-site-page-editor-1440");
    await page.goto(`${staff.server.url}/admin/content/pages/stream`, { waitUntil: "networkidle" });
    const steps = page.locator('[data-testid^="block-"]').filter({ has: page.getByText("步骤", { exact: true }) });
    await steps.first().scrollIntoViewIfNeeded();
    expect(await steps.first().getByLabel("标题").count()).toBeGreaterThan(1);
    await screenshot(page, "admin-site-page-steps-1440");
  });

  it("changes the hotline in 设置 and the storefront footer shows it at once", async () => {
    await page.getByRole("link", { name: "设置", exact: true }).click();
    await page.getByRole("heading", { name: "站点设置" }).waitFor();
    await page.getByLabel("服务热线").fill("400-606-8888");
    await screenshot(page, "admin-settings-1440");
    await saveSettings(page).click();
    await page.getByText("站点设置已保存，前台已更新").waitFor();
    expect(errors).toEqual([]);

    const shop = await staff.open("/");
    await shop.page.locator("footer").getByText("400-606-8888").waitFor();
    expect(shop.errors).toEqual([]);
    await shop.page.close();
  });

  it("names a site allowed to frame /iframe in 设置; the page's frame-ancestors adds it, other pages do not", async () => {
    const frameAncestors = async (path: string) =>
      (await fetch(`${staff.server.url}${path}`)).headers
        .get("content-security-policy")
        ?.split("; ")
        .find((d) => d.startsWith("frame-ancestors "));
    expect(await frameAncestors("/iframe")).toBe("frame-ancestors 'self'");
    const field = page.getByLabel(/允许嵌入全景页/);
    await field.fill("partner.example.com/vr");
    await saveSettings(page).click();
    await page
      .getByText(/不是有效的网站地址/)
      .first()
      .waitFor();
    await field.fill("https://partner.example.com");
    await saveSettings(page).click();
    // (The hotline's toast may still be showing: the header itself says when the save is in.)
    await expect.poll(() => frameAncestors("/iframe")).toBe("frame-ancestors 'self' https://partner.example.com");
    expect(await frameAncestors("/")).toBe("frame-ancestors 'self'");
    expect(errors).toEqual([]);
  });

  it("saves the filings and licence in their own card: a wrong credit code is refused, the footer shows the filing", async () => {
    const card = page.getByTestId("filings-card");
    await card.scrollIntoViewIfNeeded();
    await card.getByLabel("统一社会信用代码").fill("91330108MA2H4DEM0B");
    await card.getByRole("button", { name: /保存备案与执照$/ }).click();
    await card.getByText("统一社会信用代码校验位不正确，请核对").waitFor();
    await screenshot(page, "admin-settings-filings-1440");
    await card.getByLabel("统一社会信用代码").fill("91330108MA2H4DEM0A");
    await card.getByLabel("公安备案号").fill("浙公网安备 33010602000123号");
    await card.getByRole("button", { name: /保存备案与执照$/ }).click();
    await page.getByText("备案与营业执照已保存，前台已更新").waitFor();
    const retention = page.getByTestId("retention-card");
    await retention.scrollIntoViewIfNeeded();
    expect(await retention.getByLabel("未成交线索保留期限（月）").inputValue()).toBe("24");
    await expectNoSeriousFaults(page, "设置's filings card", '[data-testid="filings-card"]');
    await expectNoSeriousFaults(page, "设置's retention card", '[data-testid="retention-card"]');
    await screenshot(page, "admin-settings-retention-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-settings-filings-375");
    await retention.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-settings-retention-375");
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(errors).toEqual([]);

    const shop = await staff.open("/");
    const police = shop.page.getByTestId("footer-filings").getByRole("link", { name: /公网安备/ });
    await police.waitFor();
    expect(await police.innerText()).toContain("浙公网安备 33010602000123号");
    expect(await police.getAttribute("href")).toContain("code=33010602000123");
    expect(shop.errors).toEqual([]);
    await shop.page.close();
  });
});
