// The customer's login as the storefront's form takes it, shared by the suites that log in in the
// browser (the API's way is customerCalls() in ./http).
import type { Page } from "playwright-core";
import { smsCodeFor } from "./http";
import type { RunningServer } from "./server";

/**
 * Fills the login form on the current /login page: number, 获取验证码, the code the server logged,
 * 登录. `countdown`: also see the send button count down (the accounts suite checks it).
 */
export async function logInInBrowser(page: Page, server: RunningServer, phone: string, { countdown = false } = {}) {
  await page.getByLabel("手机号").fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  if (countdown) await page.getByRole("button", { name: "60 秒后重新获取" }).waitFor();
  await page.getByText("验证码发送成功").waitFor();
  await page.getByLabel("验证码").fill(await smsCodeFor(server, phone));
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.getByText("登陆成功").waitFor();
}
