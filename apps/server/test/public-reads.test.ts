// The public reads a server render answers in-process (docs/decisions/0083): the same bytes as the
// route for every read a page makes, a refused query or a handler's error left to the route, and a
// render's calls to them never passing through the routes.
import type { WebServerEntry } from "@yj/web/render-seam";
import { expect, it } from "vitest";
import { pageRenderer } from "../src/ssr/plugin.js";
import { describeEachBackend } from "./helper.js";
import { htmlResult } from "./support/page-parts.js";

const city = encodeURIComponent("杭州市");
const province = encodeURIComponent("浙江省");
/** What the home, category, product, package, guide and case pages read (bench/render/attribute.ts). */
const READS = [
  "/api/site/settings",
  "/api/website_configs?type=1",
  "/api/goodsCategories/list",
  `/api/banners?city=${city}&province=${province}`,
  "/api/goods/index?category2=6&pageSize=4",
  "/api/goods/index?isShow=1&category2=4&current=1&pageSize=12&status=1",
  "/api/goods/index?category2=4&pageSize=4&sort=sales",
  `/api/goods/index?name=${encodeURIComponent("沙发")}&current=2&pageSize=5`,
  "/api/goods/index?category3=101&current=1&pageSize=5&status=1",
  "/api/goods/mail/show?id=1",
  "/api/article/query_list?type=2&pageSize=3",
  "/api/article/query_list?type=1&current=1&pageSize=6&tagIds=1,2",
  "/api/article/case_filters",
  "/api/regions?code=330000",
];

describeEachBackend("public reads answered in-process", (ctx) => {
  const routeBytes = async (url: string) => {
    const res = await ctx.app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(res.statusCode, url).toBe(200);
    return res.rawPayload;
  };
  const readBytes = async (url: string) => {
    const answer = await ctx.app.publicReads.answer(url);
    expect(answer, url).toBeDefined();
    return Buffer.from(answer as string | Buffer);
  };

  it("answers each read a page makes with the route's own bytes", async () => {
    for (const url of READS) expect((await readBytes(url)).toString(), url).toBe((await routeBytes(url)).toString());
    // A package and a guide, as the package and guide pages name them.
    const list = JSON.parse((await readBytes("/api/article/query_list?type=1&pageSize=1")).toString());
    const guide = `/api/article/query_detail?id=${list.data.dataList[0].id}`;
    expect((await readBytes(guide)).toString()).toBe((await routeBytes(guide)).toString());
  });

  it("leaves a refused query, a missing product and any other call to the route", async () => {
    expect(await ctx.app.publicReads.answer("/api/goods/index?pageSize=abc")).toBeUndefined();
    const refused = await ctx.app.inject({ url: "/api/goods/index?pageSize=abc" });
    expect(refused.json()).toMatchObject({ code: 0, errorCode: 1001 });
    await expect(ctx.app.publicReads.answer("/api/goods/mail/show?id=987654")).rejects.toThrow();
    expect(ctx.app.publicReads.answer("/api/cart/list")).toBeUndefined();
    expect(ctx.app.publicReads.answer("/api/admin/goods")).toBeUndefined();
  });

  it("lets a render's public reads skip the routes, and sends the rest through them", async () => {
    const seen: unknown[] = [];
    const web: WebServerEntry = {
      async render({ transport }) {
        for (const url of ["/api/site/settings", "/api/goods/index?pageSize=abc", "/api/goods/mail/show?id=987654"]) {
          const answer = await transport({ method: "GET", url });
          seen.push({ url, status: answer.status, body: await answer.json() });
        }
        return htmlResult(200, "<p>ok</p>");
      },
    };
    // The app as the renderer sees it, counting the calls that go through the routes.
    const routed: string[] = [];
    const app = Object.create(ctx.app, {
      inject: {
        value: (options: { url: string }) => {
          routed.push(options.url);
          return ctx.app.inject(options);
        },
      },
    });
    const render = pageRenderer(app, web, {
      assets: { scripts: [], css: "" },
      origin: "https://shop.example.cn",
      publicReads: ctx.app.publicReads,
    });
    const fake = await ctx.app.inject({ url: "/api/site/settings" });
    const request = { url: "/case", method: "GET", headers: {}, ip: "203.0.113.9", log: ctx.app.log };
    const sent: unknown[] = [];
    // A reply that records what is sent; every other method chains (and it is no thenable).
    const reply: Record<string, unknown> = new Proxy(
      {},
      {
        get: (_target, name) => {
          if (name === "then") return undefined;
          if (name === "send")
            return (body: unknown) => {
              sent.push(body);
              return reply;
            };
          return () => reply;
        },
      },
    );
    await render(request as never, reply as never);
    expect(sent).toHaveLength(1);
    // The settings came from the public reads; the refused query and the missing product from their routes.
    expect(routed).toEqual(["/api/goods/index?pageSize=abc", "/api/goods/mail/show?id=987654"]);
    expect(seen[0]).toMatchObject({ status: 200, body: JSON.parse(fake.body) });
    expect(seen[1]).toMatchObject({ body: { code: 0, errorCode: 1001 } });
    expect(seen[2]).toMatchObject({ body: { code: 0, errorCode: 1004 } });
  });
});
