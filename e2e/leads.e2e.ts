// Leads as a visitor sends them, in Chromium against the built server: a booking from the side panel
// (a wrong number first), an estimate to its result and back, the activity sign-up and its count, the
// franchise form and the bare panorama page. Each lead must land in the server with consent given.
// Issue #26 (docs/decisions/0077): the optional offers-call consent beside the privacy one, the
// activity rules from the settings, and the footer's filings with the business licence page.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousFaults } from "./support/axe";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { freshPhone } from "./support/server";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
const { open } = shop;

async function tickConsent(scope: ReturnType<Page["getByRole"]> | Page) {
  await scope.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
}

describe("leads in the browser", () => {
  it("books a free designer from the side panel: a wrong number is refused, a right one booked", async () => {
    const { page, errors } = await open("/");
    await page.getByRole("button", { name: "免费设计" }).click();
    const dialog = page.getByRole("dialog", { name: "免费预约设计师" });
    await dialog.getByLabel("手机号").fill("12345");
    await tickConsent(dialog);
    await dialog.getByRole("button", { name: "立即预约" }).click();
    await dialog.getByText("请输入正确的手机号").waitFor();
    await dialog.getByLabel("手机号").fill(freshPhone());
    await dialog.getByRole("button", { name: "立即预约" }).click();
    await dialog.getByText("预约成功").waitFor();
    expect(await dialog.innerText()).toContain("稍后会有客服联系您");
    await screenshot(page, "booking-done-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("runs an estimate to its result, and 重新计算 returns to the form with its values", async () => {
    const { page, errors } = await open("/", 375, 812);
    // On phones the bottom bar replaces the side panel (docs/decisions/0054): home's own button opens it.
    await page.getByRole("button", { name: "免费智能报价" }).click();
    const dialog = page.getByRole("dialog", { name: "在线智能报价" });
    await dialog.getByRole("button", { name: "开始计算" }).click();
    await dialog.getByText("请输入面积").waitFor();
    await dialog.getByLabel("房屋面积（㎡）").fill("96");
    await dialog.getByLabel("手机号").fill(freshPhone());
    await tickConsent(dialog);
    await screenshot(page, "estimate-form-375");
    await dialog.getByRole("button", { name: "开始计算" }).click();
    // docs/product.md §4: valid, so the result dialog opens.
    const result = page.getByRole("dialog", { name: "您的装修报价" });
    const total = result.getByTestId("estimate-total");
    await total.waitFor();
    expect(await total.innerText()).toMatch(/¥[\d,]+/);
    expect(await result.innerText()).toContain("量房");
    await screenshot(page, "estimate-result-375");
    await result.getByRole("button", { name: "重新计算" }).click();
    expect(await dialog.getByLabel("房屋面积（㎡）").inputValue()).toBe("96");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("signs up to the activity and sees the count rise", async () => {
    const { page, errors } = await open("/decorate-act");
    const count = page.getByTestId("activity-count");
    await count.waitFor();
    const before = Number((await count.innerText()).replace(/\D/g, ""));
    const form = page.getByRole("form", { name: "活动报名" });
    await form.getByLabel("姓名").fill("王女士");
    await form.getByLabel("手机号").fill(freshPhone());
    await tickConsent(form);
    // The offers-call consent is there, unticked, and not needed to sign up.
    const offers = form.getByRole("checkbox", { name: "同意接收优惠活动的电话回访（可选）" });
    expect(await offers.isChecked()).toBe(false);
    // The rules in full beside the sign-up, from the demo settings: ¥99, refundable for 7 days.
    const rules = page.getByTestId("activity-rules");
    expect(await rules.innerText()).toMatch(/活动定金 ¥99[\s\S]*抵扣合同款[\s\S]*7 天内[\s\S]*申请退款/);
    await rules.scrollIntoViewIfNeeded();
    await screenshot(page, "decorate-act-rules-1440");
    await form.getByRole("button", { name: "立即报名" }).click();
    await page.getByText("报名成功").waitFor();
    await expect.poll(async () => Number((await count.innerText()).replace(/\D/g, ""))).toBe(before + 1);
    await screenshot(page, "decorate-act-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sends the franchise form", async () => {
    const { page, errors } = await open("/merchants-join", 375, 812);
    const form = page.getByRole("form", { name: "加盟申请" });
    await form.getByLabel("姓名").fill("李先生");
    await form.getByLabel("手机号").fill(freshPhone());
    await form.getByLabel("省份").selectOption({ label: "浙江省" });
    await form.getByLabel("城市").selectOption({ label: "宁波市" });
    await tickConsent(form);
    await form.getByRole("button", { name: "提交申请" }).click();
    await page.getByText("提交成功").waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, "merchants-join-375");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens /iframe without header, side panel or footer, with the panorama and its lead card", async () => {
    const { page, errors } = await open("/iframe");
    expect(await page.locator("header").count()).toBe(0);
    expect(await page.locator("footer").count()).toBe(0);
    expect(await page.getByRole("complementary", { name: "快捷服务" }).count()).toBe(0);
    await page.getByRole("img", { name: "客厅 360° 全景" }).waitFor();
    await page.getByRole("form", { name: "获取同款报价" }).waitFor();
    await screenshot(page, "iframe-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the footer shows the ICP and public-security filings and opens the business licence page", async () => {
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      const { page, errors } = await open("/", width, height);
      const legal = page.getByTestId("footer-filings");
      await legal.scrollIntoViewIfNeeded();
      const icp = legal.getByRole("link", { name: /ICP备/ });
      expect(await icp.getAttribute("href")).toBe("https://beian.miit.gov.cn/");
      const police = legal.getByRole("link", { name: /公网安备/ });
      expect(await police.innerText()).toContain("浙公网安备 33010802000001号");
      expect(await police.getAttribute("href")).toBe("https://beian.mps.gov.cn/#/query/webSearch?code=33010802000001");
      expect(await police.locator("svg").count()).toBe(1);
      await screenshot(page, `footer-filings-${width}`);
      await legal.getByRole("link", { name: "营业执照" }).click();
      await page.waitForURL(/\/business-licence$/);
      await page.getByRole("heading", { level: 1, name: "营业执照" }).waitFor();
      const text = await page.locator("main, article").first().innerText();
      expect(text).toContain("杭州悦家装饰工程有限公司（演示数据）");
      expect(text).toContain("91330108MA2H4DEM0A");
      const picture = page.getByRole("img", { name: /营业执照$/ });
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectNoHorizontalScroll(page, "/business-licence");
      await expectNoSeriousFaults(page, `/business-licence at ${width}`);
      await screenshot(page, `business-licence-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
    // Rendered on the server like every page: the licence is in the HTML before any script runs.
    const html = await (await fetch(`${shop.server.url}/business-licence`)).text();
    expect(html).toContain("91330108MA2H4DEM0A");
  });

  it("keeps the lead pages within 375 px and shows the privacy policy", async () => {
    for (const path of ["/decorate-act", "/privacy", "/iframe"]) {
      const { page } = await open(path, 375, 812);
      await expectNoHorizontalScroll(page, path);
      if (path === "/decorate-act") {
        const rules = page.getByTestId("activity-rules");
        await rules.getByText(/活动定金/).waitFor();
        await rules.scrollIntoViewIfNeeded();
        await screenshot(page, "decorate-act-rules-375");
      }
      if (path === "/privacy") {
        expect(await page.locator("h1:visible").innerText()).toContain("隐私政策");
        await screenshot(page, "privacy-375");
      }
      await page.close();
    }
  });
});
