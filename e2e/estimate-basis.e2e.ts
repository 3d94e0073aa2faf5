// Issue #27 items 1 and 2 (docs/decisions/0052) in Chromium against the built server: the estimate's
// per-㎡ basis is the 硬装全包 /heartPage shows for the visitor's city and its itemised lines add up to
// the total (at 1440 and 375 px, screenshots looked at), and a booking carries the chosen city and the
// page's Chinese name.
import { describe, expect, it } from "vitest";
import { describeFaults, seriousFaults } from "./support/axe";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { freshPhone } from "./support/server";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
const yuan = (text: string) => Number(text.replace(/[^\d.]/g, ""));

async function chooseHangzhou() {
  await shop.browser.addCookies([
    { name: "yj_city", value: encodeURIComponent("杭州市|浙江省"), url: shop.server.url },
  ]);
}

describe("one price per city, leads with their city", () => {
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    it(`the estimate for 杭州 120 ㎡ 4室3厅3卫 含软装 uses /heartPage's 硬装全包 and its lines add up (${width} px)`, async () => {
      await chooseHangzhou();
      const heart = await shop.open("/heartPage", width, height);
      const pageFull = await heart.page.getByTestId("hard-price-full").innerText();
      await heart.page.close();

      const { page, errors } = await shop.open("/", width, height);
      // A phone has no side panel (docs/decisions/0054): its way to the estimate is home's button.
      await page.getByRole("button", { name: width < 768 ? "免费智能报价" : "价格计算" }).click();
      const dialog = page.getByRole("dialog", { name: "在线智能报价" });
      await dialog.getByLabel("房屋面积（㎡）").fill("120");
      await dialog.getByLabel("室", { exact: true }).selectOption("4");
      await dialog.getByLabel("厅", { exact: true }).selectOption("3");
      await dialog.getByLabel("卫", { exact: true }).selectOption("3");
      await dialog.getByLabel("含软装").check();
      await dialog.getByLabel("手机号").fill(freshPhone());
      await dialog.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
      await dialog.getByRole("button", { name: "开始计算" }).click();

      const result = page.getByRole("dialog", { name: "您的装修报价" });
      // The result opens at its top: the total is on screen, not scrolled past to the last button.
      const totalBox = await result.getByTestId("estimate-total").boundingBox();
      expect(totalBox && totalBox.y >= 0 && totalBox.y + totalBox.height <= height).toBe(true);
      const total = yuan(await result.getByTestId("estimate-total").innerText());
      expect(await result.getByTestId("estimate-basis").innerText()).toContain(`硬装全包单价 ${pageFull}/㎡`);
      const rows = result.getByTestId("estimate-lines").locator("tbody tr");
      const lines = await rows.evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll("th, td"), (cell) => (cell as HTMLElement).innerText)),
      );
      expect(lines[0]?.[0]).toBe("硬装");
      expect(lines[0]?.[1]).toBe(`${pageFull}/㎡ × 120㎡`);
      expect(lines.map((l) => l[0])).toEqual(expect.arrayContaining(["卧室", "客厅", "卫生间", "软装"]));
      // Redo the sum as a shopper would: each line's rate × quantity, then the lines together.
      let sum = 0;
      for (const [, how = "", amount = ""] of lines) {
        const [, rate = "", quantity = ""] = how.match(/¥([\d,.]+)\/\S+ × ([\d.]+)/) ?? [];
        expect(Math.round(yuan(rate) * Number(quantity) * 100)).toBe(Math.round(yuan(amount) * 100));
        sum += Math.round(yuan(amount) * 100);
      }
      expect(sum).toBe(Math.round(total * 100));
      await expectNoHorizontalScroll(page);
      // The new table keeps the result dialog axe-clean (no serious or critical fault).
      expect(describeFaults(await seriousFaults(page))).toBe("");
      await screenshot(page, `estimate-lines-${width}`);
      await screenshot(result, `estimate-lines-dialog-${width}`);
      // The top of the result: totals and the first lines.
      await result.getByTestId("estimate-total").scrollIntoViewIfNeeded();
      await screenshot(page, `estimate-lines-top-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("a booking from the side panel sends the chosen city and the page's Chinese name", async () => {
    await chooseHangzhou();
    const { page, errors } = await shop.open("/heartPage");
    const sent = page.waitForRequest((r) => r.url().includes("/api/customers/appointment"));
    await page.getByRole("button", { name: "免费设计" }).click();
    const dialog = page.getByRole("dialog", { name: "免费预约设计师" });
    await dialog.getByLabel("手机号").fill(freshPhone());
    await dialog.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
    await dialog.getByRole("button", { name: "立即预约" }).click();
    const body = (await sent).postDataJSON() as Record<string, string>;
    expect(body).toMatchObject({ province: "浙江省", city: "杭州市", originDetail: "标准化硬装 · 侧边栏" });
    await dialog.getByText("预约成功").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
