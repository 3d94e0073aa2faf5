// The back office in Chromium against the built server: the first administrator made by the
// `npm run admin -- create` command, a 销售 account created on the staff page, the 销售's first
// login with the one-time password changed, the booking a visitor just made found in the lead list,
// its number revealed and the lead moved to 已联系 with a note; the audit page shows all of it.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./support/browser";
import { freshPhone } from "./support/server";
import { choose, logIn, changeOneTimePassword as replaceOneTimePassword, staffInBrowser } from "./support/staff";

const NEW_PASSWORD = { boss: "Boss2026pass", sales: "Sales2026pass" };

const staff = staffInBrowser([{ username: "boss" }]);

/** The first login leads to the password page, which says why before the password is replaced. */
async function changeOneTimePassword(page: Page, current: string, next: string) {
  await page.waitForURL(/\/admin\/password$/);
  await page.getByText("您正在使用一次性密码").waitFor();
  await replaceOneTimePassword(page, current, next);
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "退出登录" }).click();
  await page.waitForURL(/\/admin\/login$/);
}

describe("the back office in the browser", () => {
  const phone = freshPhone();
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  let salesPassword = "";

  it("serves /admin as its own noindex page that storefront pages never load", async () => {
    const res = await fetch(`${staff.server.url}/admin/leads`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toMatch(/src="\/admin\/assets\/[^"]+\.js"/);
    const home = await (await fetch(`${staff.server.url}/`)).text();
    expect(home).not.toContain("/admin/assets/");
  });

  it("a visitor books a designer on the storefront", async () => {
    const { page, errors } = await staff.open("/");
    await page.getByRole("button", { name: "免费设计" }).click();
    const dialog = page.getByRole("dialog", { name: "免费预约设计师" });
    await dialog.getByLabel("手机号").fill(phone);
    await dialog.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
    await dialog.getByRole("button", { name: "立即预约" }).click();
    await dialog.getByText("预约成功").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the administrator logs in with the command's one-time password, changes it and creates a 销售", async () => {
    const { page, errors } = await staff.open("/admin");
    await page.waitForURL(/\/admin\/login/);
    await page.getByRole("heading", { name: "悦家整装 · 管理后台" }).waitFor();
    // This browser's system asks for less motion (staffInBrowser): antd's transitions are off.
    expect(
      await page.getByRole("button", { name: /^登\s?录$/ }).evaluate((b) => getComputedStyle(b).transitionDuration),
    ).toBe("0s");
    await screenshot(page, "admin-login-1440");
    await logIn(page, "boss", "wrong-password-1");
    await page.getByText("用户名或密码错误").waitFor();
    await logIn(page, "boss", staff.oneTimePassword("boss"));
    await changeOneTimePassword(page, staff.oneTimePassword("boss"), NEW_PASSWORD.boss);

    await page.getByRole("link", { name: "员工" }).click();
    await page.getByRole("button", { name: "新建员工" }).click();
    const dialog = page.getByRole("dialog", { name: "新建员工" });
    await dialog.getByLabel("用户名").fill("li_sales");
    await dialog.getByLabel("姓名").fill("李销售");
    await choose(page, "角色", "销售/客服");
    await dialog.getByRole("button", { name: /创\s*建/ }).click();
    const shown = page.getByTestId("one-time-password");
    await shown.waitFor();
    salesPassword = (await shown.innerText()).trim();
    expect(salesPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    await page.getByRole("button", { name: "我已记下" }).click();
    await page.getByRole("dialog", { name: "一次性密码" }).waitFor({ state: "hidden" });
    const row = page.getByRole("row", { name: /li_sales/ });
    await row.getByText("待改初始密码").waitFor();
    expect(await row.innerText()).toContain("李销售");
    await screenshot(page, "admin-staff-1440");
    await logOut(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the 销售 changes the one-time password, finds the booking, reveals the number and moves it to 已联系", async () => {
    const { page, errors } = await staff.open("/admin/leads");
    await page.waitForURL(/\/admin\/login\?next=/);
    await logIn(page, "li_sales", salesPassword);
    await changeOneTimePassword(page, salesPassword, NEW_PASSWORD.sales);

    await page.getByRole("link", { name: "线索" }).click();
    await choose(page, "类型", "免费预约设计师");
    await page.getByRole("button", { name: /筛\s*选/ }).click();
    const row = page.getByRole("row", { name: new RegExp(masked.replace("****", "\\*\\*\\*\\*")) });
    await row.waitFor();
    expect(await row.innerText()).toContain("新线索");
    expect(await page.content()).not.toContain(phone);
    await screenshot(page, "admin-leads-1440");

    await row.getByRole("link", { name: "查看" }).click();
    await page.getByRole("heading", { name: /线索 #\d+/ }).waitFor();
    await page.getByRole("button", { name: "显示完整号码" }).click();
    await page.getByRole("link", { name: phone }).waitFor();
    await choose(page, "改为状态", "已联系");
    await page.getByLabel("跟进备注").fill("已电话联系，约周六上门量房");
    await page.getByRole("button", { name: "保存跟进" }).click();
    await page.getByText("已电话联系，约周六上门量房").waitFor();
    await page.getByText("改为「已联系」").waitFor();
    await page.locator("button:not([disabled])", { hasText: "保存跟进" }).waitFor();
    await screenshot(page, "admin-lead-detail-1440");

    // A 销售 cannot open staff management (the menu does not offer it; the address is refused).
    expect(await page.getByRole("link", { name: "员工" }).count()).toBe(0);
    await page.goto(`${staff.server.url}/admin/staff`, { waitUntil: "networkidle" });
    await page.getByText("没有权限").waitFor();
    await logOut(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the audit page shows the administrator what the 销售 did", async () => {
    const { page, errors } = await staff.open("/admin/login");
    await logIn(page, "boss", NEW_PASSWORD.boss);
    await page.getByRole("heading", { name: "首页" }).waitFor();
    // The dashboard counts today's booking; it waits no longer (已联系), so it is not in the waiting list.
    await page.getByText("今日线索").waitFor();
    await page.getByText("合计 1").first().waitFor();
    await screenshot(page, "admin-dashboard-1440");
    await page.getByRole("link", { name: "审计记录" }).click();
    await page.getByRole("heading", { name: "审计记录" }).waitFor();
    const reveal = page.getByRole("row", { name: /查看完整手机号/ });
    await reveal.first().waitFor();
    expect(await reveal.first().innerText()).toContain("李销售");
    const update = page.getByRole("row", { name: /跟进线索/ }).first();
    expect(await update.innerText()).toMatch(/"state":"new"[\s\S]*"state":"contacted"/);
    expect(await update.innerText()).toContain("已电话联系，约周六上门量房");
    expect(await page.getByRole("row", { name: /创建员工/ }).count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, "admin-audit-1440");
    expect(errors).toEqual([]);
    await page.close();
  });
});
