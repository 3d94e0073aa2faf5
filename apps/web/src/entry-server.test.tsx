// @vitest-environment node
// The web app's server entry gives up when the server aborts the request: a loader waiting on an API
// call that never answers must not keep the render (and its memory) alive.
import { routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { render } from "./entry-server";
import { settingsFixture } from "./test/render-app";

describe("server entry", () => {
  it("rejects promptly once the request is aborted while a loader waits on the API", async () => {
    const controller = new AbortController();
    let calls = 0;
    const rendering = render({
      request: new Request("http://storefront.local/app/product-detail/1", { signal: controller.signal }),
      origin: "https://shop.example.cn",
      transport: () => {
        calls++;
        return new Promise(() => {}); // the API never answers
      },
      nonce: "n",
      styleNonce: "s",
      assets: { scripts: [], css: "" },
      onError: () => {},
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBeGreaterThan(0);
    const started = Date.now();
    controller.abort(new Error("render timed out"));
    await expect(rendering).rejects.toThrow("render timed out");
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("server-rendered cart count", () => {
  const settings = { ...settingsFixture, headOfficeAddress: "杭州" };
  const cart = { singleDada: [], mealData: [], cartNum: 3, realPrice: 0 };

  async function renderWith(cookie: string | null, sessionValid: boolean) {
    const urls: string[] = [];
    const answer = (data: unknown, code = 1) => ({
      status: 200,
      json: async () => ({
        code,
        message: code === 1 ? "成功" : "请重新登陆",
        errorCode: code === 1 ? undefined : 1201,
        data,
      }),
    });
    const result = await render({
      request: new Request("http://storefront.local/privacy", { headers: cookie ? { cookie } : {} }),
      origin: "https://shop.example.cn",
      transport: async ({ url }) => {
        urls.push(url);
        if (url.startsWith(routes.siteSettings.path)) return answer(settings);
        if (url.startsWith(routes.cart.path)) return sessionValid ? answer(cart) : answer(null, 0);
        if (url.startsWith(routes.currentCustomer.path)) {
          return sessionValid ? answer({ mobile: "13800000000", maskedMobile: "138****0000" }) : answer(null, 0);
        }
        return answer([]);
      },
      nonce: "n",
      styleNonce: "s",
      assets: { scripts: [], css: "" },
      onError: () => {},
    });
    if (result.kind !== "html") throw new Error("expected a page");
    const { head, stylesheet, rest } = result.parts;
    return { html: Buffer.concat([head, stylesheet, rest]).toString("utf8"), urls };
  }

  it("puts a logged-in customer's cart count in the header and the boot state", async () => {
    const { html, urls } = await renderWith("token=abc; csrf=x", true);
    expect(urls).toContain(routes.cart.path);
    expect(html).toContain('data-testid="cart-count">3<');
    expect(html).toContain('"cartNum":3');
  });

  it("asks for no cart without a session, and shows 0 when the token is refused", async () => {
    const visitor = await renderWith(null, true);
    expect(visitor.urls).not.toContain(routes.cart.path);
    expect(visitor.html).toContain('"cartNum":0');
    const refused = await renderWith("token=stale", false);
    expect(refused.html).toContain('"cartNum":0');
    expect(refused.html).toContain('"loggedIn":false');
  });
});

describe("server render of login-only pages", () => {
  const answer = (data: unknown, code = 1) => ({
    status: 200,
    retryAfter: null,
    json: async () => ({
      code,
      message: code === 1 ? "成功" : "请重新登陆",
      errorCode: code === 1 ? undefined : 1201,
      data,
    }),
  });

  function renderPage(path: string, { cookie, sessionValid }: { cookie?: string; sessionValid: boolean }) {
    const urls: string[] = [];
    const errors: unknown[] = [];
    const result = render({
      request: new Request(`http://storefront.local${path}`, { headers: cookie ? { cookie } : {} }),
      origin: "https://shop.example.cn",
      transport: async ({ url }) => {
        urls.push(url);
        if (url.startsWith(routes.siteSettings.path)) return answer(settingsFixture);
        if (url.startsWith(routes.currentCustomer.path)) {
          return sessionValid ? answer({ mobile: "13800000000", maskedMobile: "138****0000" }) : answer(null, 0);
        }
        if (url.startsWith(routes.cart.path)) {
          return sessionValid ? answer({ singleDada: [], mealData: [], cartNum: 0, realPrice: 0 }) : answer(null, 0);
        }
        if (url.startsWith(routes.myOrders.path)) return answer({ dataList: [], total: 0, current: 1, pageSize: 10 });
        return answer([]);
      },
      nonce: "n",
      styleNonce: "s",
      assets: { scripts: [], css: "" },
      onError: (error) => errors.push(error),
    });
    return { result, urls, errors };
  }

  const LOGIN_ONLY = [
    "/submitOrder",
    "/shoppingCart",
    "/my-orders",
    "/my-mark",
    "/pay/YJ2026",
    "/my-project",
    "/my-project/1",
    "/my-project/1/pay/2",
  ];

  it("answers a visitor with a 302 to /login?redirect=<path>, the path the browser would use", async () => {
    for (const path of LOGIN_ONLY) {
      expect(await renderPage(path, { sessionValid: false }).result, path).toEqual({
        kind: "redirect",
        status: 302,
        location: `/login?redirect=${encodeURIComponent(path)}`,
      });
    }
    const withSearch = await renderPage("/submitOrder?goodsId=3&number=2", { sessionValid: false }).result;
    expect(withSearch).toMatchObject({
      location: `/login?redirect=${encodeURIComponent("/submitOrder?goodsId=3&number=2")}`,
    });
  });

  it("sends a token the API refuses to login too, asking the API once", async () => {
    const { result, urls } = renderPage("/my-orders", { cookie: "token=stale", sessionValid: false });
    expect(await result).toMatchObject({ kind: "redirect", status: 302, location: "/login?redirect=%2Fmy-orders" });
    expect(urls.filter((u) => u.startsWith(routes.currentCustomer.path))).toHaveLength(1);
  });

  it("renders the page for a logged-in customer, and public pages for anyone", async () => {
    const customer = renderPage("/my-orders", { cookie: "token=abc; csrf=x", sessionValid: true });
    expect(await customer.result).toMatchObject({ kind: "html", status: 200 });
    expect(customer.errors).toEqual([]);
    expect(await renderPage("/privacy", { sessionValid: false }).result).toMatchObject({ kind: "html", status: 200 });
  });
});
