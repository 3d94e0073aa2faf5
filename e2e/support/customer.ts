// The customer's login as the storefront's form takes it, shared by the suites that log in in the
// browser (the API's way is customerCalls() in ./http).
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { call, type Session, smsCodeFor } from "./http";
import { freshPhone, type RunningServer } from "./server";

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

/**
 * A new customer logged in through the API with one unpaid order of goods 1 (and `cartQuantity` of it in
 * the cart when above 0), for the suites that look at the cart, pay and order pages.
 */
export async function customerWithOrder(
  server: RunningServer,
  { name, cartQuantity = 0 }: { name: string; cartQuantity?: number },
): Promise<{ session: Session; orderNo: string }> {
  const phone = freshPhone();
  await call(server.url, `/api/customers/getVerificationCode?phone=${phone}&timestamp=${Date.now()}`);
  const login = await call<Session>(server.url, "/api/customers/register", {
    body: { mobile: phone, code: await smsCodeFor(server, phone) },
  });
  const session = login.body.data;
  if (cartQuantity > 0) {
    const cart = await call(server.url, "/api/carts/create", {
      body: { goodsId: 1, skuId: 1, quantity: cartQuantity },
      session,
    });
    expect(cart.body.code, cart.body.message).toBe(1);
  }
  const address = {
    name,
    phone,
    province: "浙江省",
    city: "杭州市",
    district: "西湖区",
    town: "",
    detail: "北山路 1 号",
  };
  const order = await call<{ orderNo: string }>(server.url, "/api/order/createOrder", {
    body: { goodsId: 1, skuId: 1, quantity: 1, address, remark: "" },
    session,
    headers: { "idempotency-key": crypto.randomUUID() },
  });
  expect(order.body.code, order.body.message).toBe(1);
  return { session, orderNo: order.body.data.orderNo };
}
