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
      assets: { scripts: [], css: "", preloads: [] },
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
      assets: { scripts: [], css: "", preloads: [] },
      onError: () => {},
    });
    if (result.kind !== "html") throw new Error("expected a page");
    const chunks: Buffer[] = [];
    const body = result.body as unknown as NodeJS.ReadableStream;
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
    return { html: Buffer.concat(chunks).toString("utf8"), urls };
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
