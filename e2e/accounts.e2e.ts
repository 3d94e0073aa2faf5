// Accounts as a customer meets them, in Debian's Chromium against the built server: SMS login with the
// code from the server's log (console SMS provider), favourites on the product page and /my-mark,
// logout with its confirmation; a visitor's 收藏 leading through login back to the product; and the
// SMS human check (docs/decisions/0046) shown and completed from the keyboard.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, screenshot, watchPage } from "./support/browser";
import { logInInBrowser } from "./support/customer";
import { masked, smsCodeFor } from "./support/http";
import { freshPhone, type RunningServer, startServer } from "./support/server";
import { shopInBrowser } from "./support/shop";

const shop = shopInBrowser();
// Each test is a new visitor: no session cookies left from the one before.
beforeEach(async () => {
  await shop.browser.clearCookies();
});

const PRODUCT = "/app/product-detail/1";

/** A fresh tab on `path`, as a visitor who never logged in on this browser (no phoneNum stored). */
async function open(path: string, width = 1440, height = 900): Promise<{ page: Page; errors: string[] }> {
  const opened = await shop.open(path, width, height);
  await opened.page.evaluate(() => localStorage.clear());
  return opened;
}

/** Logs in on the current /login page, watching the send button count down. */
const logIn = (page: Page, phone: string) => logInInBrowser(page, shop.server, phone, { countdown: true });

describe("accounts in the browser", () => {
  it("checks the number before sending anything", async () => {
    const { page, errors } = await open("/login");
    expect(await page.title()).toBe("悦家整装 - 登录 / 注册");
    const sends: string[] = [];
    page.on("request", (r) => r.url().includes("/api/customers/getVerificationCode") && sends.push(r.url()));
    await page.getByLabel("手机号").fill("12345678901");
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByRole("alert").filter({ hasText: "请输入正确的手机号" }).waitFor();
    expect(sends).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a visitor's 收藏 leads to login and back to the product", async () => {
    const { page, errors } = await open(PRODUCT);
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.waitForURL(`${shop.server.url}/login?redirect=${encodeURIComponent(PRODUCT)}`);
    const phone = freshPhone();
    await logIn(page, phone);
    await page.waitForURL(`${shop.server.url}${PRODUCT}`);
    await page.locator("h1:visible").waitFor();
    // Logged in now: the header offers favourites and logout instead of login.
    await page.locator("header").getByRole("link", { name: "我的收藏" }).waitFor();
    expect(await page.locator("header").getByRole("link", { name: "登录 / 注册" }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("phoneNum"))).toBe(phone);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("logs in, favourites a product, finds and removes it on /my-mark, and logs out", async () => {
    const phone = freshPhone();
    const { page, errors } = await open("/login");
    await logIn(page, phone);
    await page.waitForURL(`${shop.server.url}/`);
    const header = page.locator("header");
    await header.getByText(masked(phone)).waitFor();

    // 收藏 on the product page.
    await page.goto(`${shop.server.url}${PRODUCT}`, { waitUntil: "networkidle" });
    const name = await page.locator("h1:visible").innerText();
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.getByText("收藏成功").waitFor();
    await page.getByRole("button", { name: "已收藏" }).waitFor();
    await screenshot(page, "accounts-product-favourited-1440");

    // It is on /my-mark, under the default tab 商品.
    await header.getByRole("link", { name: "我的收藏" }).click();
    await page.waitForURL(`${shop.server.url}/my-mark`);
    await expect.poll(() => page.title()).toBe("悦家整装 - 我的收藏");
    expect(await page.getByRole("tab", { selected: true }).innerText()).toContain("商品");
    const panel = page.getByRole("tabpanel");
    await panel.getByText(name).waitFor();
    await screenshot(page, "accounts-my-mark-1440");

    // 取消收藏 empties the list.
    await panel.getByRole("button", { name: `取消收藏：${name}` }).click();
    await page.getByText("已取消收藏").waitFor();
    await panel.getByText("还没有收藏的商品").waitFor();
    expect(await panel.getByText(name).count()).toBe(0);

    // 退出: confirmation, then logged out; /my-mark needs a session, so home.
    await header.getByRole("button", { name: "退出" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.innerText()).toContain("是否退出当前用户？");
    await dialog.getByRole("button", { name: "退出" }).click();
    await page.getByText("退出成功!").waitFor();
    await page.waitForURL(`${shop.server.url}/`);
    await header.getByRole("link", { name: "登录", exact: true }).waitFor();
    expect(await header.getByText(masked(phone)).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("phoneNum"))).toBeNull();

    // The session is over on the server too: a fresh load is a visitor's, and /my-mark asks to log in.
    await page.goto(`${shop.server.url}/my-mark`, { waitUntil: "networkidle" });
    await page.waitForURL(/\/login\?redirect=%2Fmy-mark$/);
    // (Images of the home page still loading when we left it are aborted: not a failure.)
    expect(errors.filter((e) => !e.includes("net::ERR_ABORTED"))).toEqual([]);
    await page.close();
  });

  it("shows /login and /my-mark without horizontal scroll at 375 px", async () => {
    for (const path of ["/login", "/my-mark"]) {
      const { page, errors } = await open(path, 375, 812);
      await page.getByRole("heading", { name: "登录 / 注册" }).waitFor();
      await expectNoHorizontalScroll(page, path);
      await screenshot(page, `accounts-${path.slice(1)}-375`);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });
});

describe("the SMS human check in the browser", () => {
  // A server of its own that asks every send for the check (ALTCHA's default work size).
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { SMS_CHECK_AFTER_NETWORK_SENDS: "0" } });
  });
  afterAll(async () => {
    await server?.stop();
    server?.cleanup();
  });

  it("is shown when sending needs it, completed with the keyboard alone, and the code is sent", async () => {
    const page = await shop.browser.newPage();
    const { errors } = watchPage(page);
    await page.goto(`${server.url}/login`, { waitUntil: "networkidle" });
    const phone = freshPhone();
    const sends: string[] = [];
    page.on("request", (r) => r.url().includes("/api/customers/getVerificationCode") && sends.push(r.url()));

    // Keyboard only: type the number, Tab past the code field to 获取验证码, Enter.
    await page.getByLabel("手机号").focus();
    await page.keyboard.type(phone);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("获取验证码");
    await page.keyboard.press("Enter");

    const check = page.getByRole("group", { name: "请先完成人机验证" });
    await check.waitFor();
    const start = check.getByRole("button", { name: "开始验证" });
    // Focus moved to the check: Enter starts it, '正在验证…' while the browser works.
    expect(await start.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, "accounts-human-check-1440");
    const began = Date.now();
    await page.keyboard.press("Enter");
    await page.getByText("验证码发送成功").waitFor();
    const solvedMs = Date.now() - began;
    await check.waitFor({ state: "detached" });

    expect(sends).toHaveLength(2);
    expect(new URL(sends[0] as string).searchParams.has("altcha")).toBe(false);
    expect(new URL(sends[1] as string).searchParams.get("altcha")).toMatch(/^[A-Za-z0-9+/=]+$/);
    await page.getByLabel("验证码").fill(await smsCodeFor(server, phone));
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.getByText("登陆成功").waitFor();
    console.info(`human check solved and code sent in ${solvedMs} ms`);
    // Chromium logs every 4xx answer; the 428 that asked for the check is the one expected.
    expect(errors.filter((e) => !e.includes("status of 428"))).toEqual([]);
    expect(errors).toHaveLength(1);
    await page.close();
  });
});
