// The back-office browser suites' start-up in one place: the shop in a browser (shop.ts) whose data
// directory first gets its staff members the way a shop owner makes them (`npm run admin -- create`),
// and the steps every back-office suite takes (log in, replace the one-time password, pick an option).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { NODE_FLAGS_UNDER_TEST, ROOT } from "./server";
import { type ShopInBrowser, shopInBrowser } from "./shop";

export interface StaffMember {
  username: string;
  /** The command's default (the administrator) when left out. */
  role?: string;
  name?: string;
}

export interface StaffInBrowser extends ShopInBrowser {
  /** The one-time password the command printed for the member. */
  oneTimePassword(username: string): string;
}

/** `npm run admin -- create` on the data directory: answers the one-time password it prints. */
function createStaff(dataDir: string, { username, role, name }: StaffMember): string {
  const args = ["create", username, ...(role ? ["--role", role] : []), ...(name ? ["--name", name] : [])];
  const command = spawnSync(
    process.execPath,
    [...NODE_FLAGS_UNDER_TEST, join(ROOT, "apps/server/dist/admin-cli.js"), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" },
      encoding: "utf8",
    },
  );
  expect(command.status, command.stderr).toBe(0);
  const password = command.stdout.match(/one-time password: (\S+)/)?.[1] ?? "";
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  return password;
}

/**
 * Registers the file's beforeAll/afterAll (call it at the top of the file): members, server, Chromium.
 * `env`: the server's extra settings (filled in by an earlier beforeAll, e.g. a fake gateway's address).
 */
export function staffInBrowser(members: StaffMember[], { env }: { env?: Record<string, string> } = {}): StaffInBrowser {
  const passwords = new Map<string, string>();
  const shop = shopInBrowser({
    env,
    // As a member who asked for less motion: antd's dropdowns and dialogs open and close at once, so
    // no step waits on an animation's frames, which a loaded machine gives late (admin-projects'
    // select and refund dialog timed out in full runs, docs/decisions/0091).
    reducedMotion: true,
    prepare: (dataDir) => {
      for (const member of members) passwords.set(member.username, createStaff(dataDir, member));
    },
  });
  return Object.assign(shop, {
    oneTimePassword(username: string) {
      const password = passwords.get(username);
      if (!password) throw new Error(`no staff member ${username} (they are made in beforeAll)`);
      return password;
    },
  });
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel("用户名").fill(username);
  await page.getByLabel("密码").fill(password);
  // antd may put a space between the button's two characters.
  await page
    .getByRole("button", { name: "登 录" })
    .or(page.getByRole("button", { name: "登录" }))
    .click();
}

/** On the page a first login leads to: replaces the one-time password and waits for 首页. */
export async function changeOneTimePassword(page: Page, current: string, next: string) {
  await page.waitForURL(/\/admin\/password$/);
  await page.getByLabel("当前密码").fill(current);
  await page.getByLabel("新密码", { exact: true }).fill(next);
  await page.getByLabel("确认新密码").fill(next);
  await page.getByRole("button", { name: "保存新密码" }).click();
  await page.getByRole("heading", { name: "首页" }).waitFor();
}

/** Picks `option` in the antd select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

/** 保存 in the goods editor, confirmed in its dialog, and the editor says it saved. */
export async function saveGoods(page: Page) {
  await page.getByRole("button", { name: /^保\s?存$/ }).click();
  const confirm = page.getByRole("dialog", { name: "确认保存商品？" });
  await confirm.waitFor();
  await confirm.getByRole("button", { name: /^保\s?存$/ }).click();
  await page.getByText("商品已保存").waitFor();
}
