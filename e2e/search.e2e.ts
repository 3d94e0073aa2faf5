// Issue #27 items 3 and 4 in the browser: /search finds what the shop sells (瓷砖 lists its category's
// goods, "沙 发" the sofas), and a listing opened past its last page says so and links to page 1.
import { describe, expect, it } from "vitest";
import { describeFaults, seriousFaults } from "./support/axe";
import { expectNoHorizontalScroll, screenshot } from "./support/browser";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
const cards = "main a[href^='/app/product-detail/']:visible";

describe("search and paging in the browser", () => {
  for (const width of [1440, 375]) {
    it(`瓷砖 and "沙 发" find the tiles and the sofas at ${width} px`, async () => {
      const { page, errors } = await shop.open(`/search?name=${encodeURIComponent("瓷砖")}`, width);
      const tiles = await page.locator(cards).allInnerTexts();
      expect(tiles.join("\n")).toContain("木纹砖");
      expect(tiles.join("\n")).toContain("卫生间墙砖");
      expect(await page.locator("main").innerText()).toMatch(/共找到 ([5-9]|\d\d+) 件商品/);
      await expectNoHorizontalScroll(page, `search ${width}`);
      const faults = await seriousFaults(page);
      expect(faults, describeFaults(faults)).toEqual([]);
      await screenshot(page, `search-tiles-${width}`);

      await page.goto(`${shop.server.url}/search?name=${encodeURIComponent("沙 发")}`, { waitUntil: "networkidle" });
      expect((await page.locator(cards).allInnerTexts()).join("\n")).toContain("奶油风布艺沙发");
      await screenshot(page, `search-sofa-${width}`);

      // Cut into words by jieba in the built server: 奶油风 and 沙发 apart in the name.
      await page.goto(`${shop.server.url}/search?name=${encodeURIComponent("奶油风沙发")}`, {
        waitUntil: "networkidle",
      });
      expect(await page.locator(cards).first().innerText()).toContain("奶油风布艺沙发");
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("a category page past its last page says so and links to page 1", async () => {
    const { page, errors } = await shop.open("/2-12?id=4&current=99", 1440);
    const main = page.locator("main");
    await main.getByText(/没有第 99 页，共 \d+ 页/).waitFor();
    expect(await main.innerText()).not.toContain("暂无商品");
    const faults = await seriousFaults(page);
    expect(faults, describeFaults(faults)).toEqual([]);
    await screenshot(page, "category-past-last-page-1440");
    await main.getByRole("link", { name: "回到第 1 页" }).click();
    await page.waitForURL((url) => !url.search.includes("current"));
    await page.locator(cards).first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
