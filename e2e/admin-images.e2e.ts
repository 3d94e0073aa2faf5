// Picture upload in Chromium against the built server (docs/decisions/0037): a 运营 made by
// `npm run admin -- create --role operations` opens a goods row in the editor, is told in Chinese
// that a text file named .png is no picture, uploads a real one (drawn by the browser itself) as the
// cover, saves, and the storefront's product page shows the new picture at once, served as WebP, and
// as AVIF at the width its box needs, preloaded from the head (docs/decisions/0060).
import { describe, expect, it } from "vitest";
import { drawnJpeg, screenshot } from "./support/browser";
import { changeOneTimePassword, logIn, saveGoods, staffInBrowser } from "./support/staff";

const GOODS_ID = 1;

const staff = staffInBrowser([{ username: "pic_ops", role: "operations", name: "图片运营" }]);

describe("picture upload in the browser", () => {
  let uploaded = "";

  it("a 运营 uploads a new cover for a goods row in the editor and saves it", async () => {
    const { page, errors } = await staff.open("/admin");
    await page.waitForURL(/\/admin\/login/);
    await logIn(page, "pic_ops", staff.oneTimePassword("pic_ops"));
    await changeOneTimePassword(page, staff.oneTimePassword("pic_ops"), "Pics2026pass");

    await page.goto(`${staff.server.url}/admin/goods/${GOODS_ID}`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: `编辑商品 #${GOODS_ID}` }).waitFor();
    const cover = page.locator('[data-goods-image="0"]');
    const before = await cover.locator("img").getAttribute("src");
    expect(before).toMatch(/^\/media\/goods-\d+-1\.svg$/);

    // A text file named .png: refused by its content, in Chinese, and the cover stays.
    await cover.locator('input[type="file"]').setInputFiles({
      name: "不是图片.png",
      mimeType: "image/png",
      buffer: Buffer.from("这只是一个文本文件\n".repeat(50)),
    });
    await cover.getByRole("alert").filter({ hasText: "不支持的图片格式" }).waitFor();
    expect(await cover.locator("img").getAttribute("src")).toBe(before);
    await cover.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-image-refused-1440");

    const jpeg = await drawnJpeg(page, "新图片");
    await cover
      .locator('input[type="file"]')
      .setInputFiles({ name: "客厅实拍.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await expect
      .poll(() => cover.locator("img").getAttribute("src"), { timeout: 20_000 })
      .toMatch(/^\/media\/goods-[0-9a-f]{24}-avif-800\.webp$/);
    uploaded = (await cover.locator("img").getAttribute("src")) ?? "";
    expect(await cover.getByRole("alert").count()).toBe(0);
    await page.getByText("商品图片").scrollIntoViewIfNeeded();
    await screenshot(page, "admin-goods-images-1440");

    // The old cover is kept as the last picture, given by its address.
    await page.getByRole("button", { name: "添加图片" }).click();
    const last = page.locator("[data-goods-image]").last();
    await last.getByRole("button", { name: "填写地址" }).click();
    await last.getByLabel("图片地址").fill(before ?? "");

    await saveGoods(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the storefront's product page shows the new picture at once, served as WebP", async () => {
    expect(uploaded).not.toBe("");
    const { page, errors } = await staff.open(`/app/product-detail/${GOODS_ID}`);
    const main = page.locator(`img[src="${uploaded}"]`).first();
    await main.waitFor();
    // Drawn from the 800 px file (the srcset's density makes its natural width the box's 480 px).
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-800\.avif$/);
    const res = await fetch(`${staff.server.url}${uploaded}`);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    await screenshot(page, "storefront-product-uploaded-image-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("offers AVIF at the width the box needs: 400 px on a 375 px phone, 800 on a desktop, preloaded from the head", async () => {
    expect(uploaded).not.toBe("");
    const base = uploaded.replace(/-800\.webp$/, "");
    const html = await (await fetch(`${staff.server.url}/app/product-detail/${GOODS_ID}`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? "";
    expect(preload).toContain(`imagesrcset="${base}-400.avif 400w, ${base}-800.avif 800w"`);
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain('fetchpriority="high"');
    expect(preload).toMatch(/imagesizes="[^"]*480px/);
    for (const [width, picked] of [
      [375, 400],
      [1440, 800],
    ] as const) {
      const { page, errors } = await staff.open(`/app/product-detail/${GOODS_ID}`, width, width < 500 ? 812 : 900);
      const main = page.locator(`picture:has(source[type="image/avif"]) img[src="${uploaded}"]`).first();
      await main.waitFor();
      expect(await main.getAttribute("fetchpriority")).toBe("high");
      await expect
        .poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(new RegExp(`${base}-${picked}\\.avif$`));
      const res = await fetch(`${staff.server.url}${base}-${picked}.avif`);
      expect(res.headers.get("content-type")).toBe("image/avif");
      // What the head preloaded is what the picture took: fetched once, nothing else of this upload.
      const fetched = await page.evaluate(
        (prefix) =>
          performance
            .getEntriesByType("resource")
            .filter((e) => e.name.includes(prefix))
            .map((e) => e.name),
        base,
      );
      expect(fetched.filter((name) => name.includes(`${base}-${picked}.avif`))).toHaveLength(1);
      expect(fetched.filter((name) => name.endsWith(".webp"))).toEqual([]);
      if (width === 375) await screenshot(page, "storefront-product-uploaded-image-375");
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
