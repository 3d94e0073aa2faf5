// The headers that say what a page may do and who may frame it (issue #21, Standards;
// docs/decisions/0050): a Permissions-Policy on every page refusing the browser features the shop
// never uses, and `frame-ancestors 'self'` everywhere except /iframe, the embeddable panorama page,
// which adds the origins named in the site settings. Invalid origins are refused when saved. The
// API's JSON carries the headers a JSON answer needs, and nothing may frame it (docs/decisions/0089).
import type { AdminSettings } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY, withFrameAncestors } from "../src/http/content-security-policy.js";
import { uniqueIp } from "./accounts-fixtures.js";
import { DEPLOYED_SHOP, staffDesk } from "./admin-fixtures.js";
import { describeEachBackend } from "./helper.js";

/** The directive's values in a Content-Security-Policy header. */
const directive = (csp: unknown, name: string) =>
  String(csp)
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("withFrameAncestors", () => {
  it("extends frame-ancestors only, and leaves the header alone without origins", () => {
    const csp = "default-src 'self'; frame-ancestors 'self'; form-action 'self'";
    expect(withFrameAncestors(csp, ["https://a.example.com", "http://b.example.com:8080"])).toBe(
      "default-src 'self'; frame-ancestors 'self' https://a.example.com http://b.example.com:8080; form-action 'self'",
    );
    expect(withFrameAncestors(csp, [])).toBe(csp);
  });
});

describeEachBackend("security headers", { app: DEPLOYED_SHOP }, (ctx) => {
  const desk = staffDesk<AdminSettings>(ctx, "operations", "郑运营");

  const headersOf = async (url: string) => (await ctx.app.inject({ url, remoteAddress: uniqueIp() })).headers;

  /** Saves the settings as they are, but for the embedding origins. */
  async function saveOrigins(embedOrigins: unknown) {
    const current = (await desk.as({ url: "/api/admin/settings/detail" })).data;
    const { cities: _cities, defaultCity: _city, activityDeposit, ...fields } = current;
    return desk.as({
      method: "POST",
      url: "/api/admin/settings/save",
      payload: { ...fields, activityDeposit: String(activityDeposit / 100), embedOrigins },
    });
  }

  it("every page refuses camera, microphone, geolocation and the motion sensors (Permissions-Policy)", async () => {
    for (const url of ["/iframe", "/", "/no/such/page", "/healthz"]) {
      const policy = String((await headersOf(url))["permissions-policy"]);
      expect(policy, url).toBe(PERMISSIONS_POLICY);
      for (const feature of ["camera=()", "microphone=()", "geolocation=()", "gyroscope=()", "accelerometer=()"]) {
        expect(policy, url).toContain(feature);
      }
    }
  });

  it("every answer outside /api carries the page's security headers: pages, 404s, files", async () => {
    // helmet 8's defaults (without its CSP and COEP), set once per answer (docs/decisions/0061).
    const expected = {
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "no-referrer",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "SAMEORIGIN",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
      "permissions-policy": PERMISSIONS_POLICY,
    };
    for (const url of ["/", "/no/such/page", "/robots.txt", "/apis"]) {
      const { headers } = await ctx.app.inject({ url, remoteAddress: uniqueIp() });
      expect(headers, url).toMatchObject(expected);
      expect(directive(headers["content-security-policy"], "default-src"), url).toEqual(["'self'"]);
    }
  });

  it("every API answer allows nothing to load, run or frame it, and carries no page-only header", async () => {
    // A JSON answer opened in a tab is shown, never run: the headers that govern a document's
    // features, opener and referrer do not apply to it (docs/decisions/0089).
    const requests = [
      { url: "/api/goods/index?current=1&pageSize=12" },
      { url: "/api/goods/index?pageSize=x" },
      { url: "/api/no/such/endpoint" },
      { url: "/api" },
      // A write without a session: refused by the session hook (1201).
      { method: "POST" as const, url: "/api/carts/create", payload: {} },
    ];
    for (const request of requests) {
      const { headers, statusCode } = await ctx.app.inject({ ...request, remoteAddress: uniqueIp() });
      expect(headers["content-type"], request.url).toContain("application/json");
      expect(headers, `${request.url} ${statusCode}`).toMatchObject({
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "cross-origin-resource-policy": "same-origin",
        "strict-transport-security": "max-age=31536000; includeSubDomains",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
      });
      for (const pageOnly of [
        "permissions-policy",
        "cross-origin-opener-policy",
        "origin-agent-cluster",
        "referrer-policy",
        "x-dns-prefetch-control",
        "x-download-options",
        "x-permitted-cross-domain-policies",
        "x-xss-protection",
      ]) {
        expect(headers, request.url).not.toHaveProperty(pageOnly);
      }
    }
  });

  it("by default /iframe, like every page, may be framed by this site only", async () => {
    const headers = await headersOf("/iframe");
    expect(directive(headers["content-security-policy"], "frame-ancestors")).toEqual(["'self'"]);
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("the origins saved in the settings may frame /iframe; every other page keeps 'self', the API 'none'", async () => {
    // Normalised (scheme and host in lower case, no trailing slash) and each kept once.
    const saved = await saveOrigins([
      "https://partner.example.com",
      "HTTP://Shop.Example.net:8080/",
      "https://partner.example.com/",
    ]);
    expect(saved).toMatchObject({ code: 1 });
    expect(saved.data.embedOrigins).toEqual(["https://partner.example.com", "http://shop.example.net:8080"]);
    expect(await desk.lastAudit("settings.update", 1)).toMatchObject({
      after: { embedOrigins: ["https://partner.example.com", "http://shop.example.net:8080"] },
    });

    for (const url of ["/iframe", "/iframe?from=partner", "/iframe/"]) {
      const headers = await headersOf(url);
      expect(directive(headers["content-security-policy"], "frame-ancestors"), url).toEqual([
        "'self'",
        "https://partner.example.com",
        "http://shop.example.net:8080",
      ]);
      // X-Frame-Options can only say SAMEORIGIN: it would contradict the list.
      expect(headers["x-frame-options"], url).toBeUndefined();
    }
    for (const url of ["/", "/login", "/iframe-not", "/admin/login"]) {
      const headers = await headersOf(url);
      expect(directive(headers["content-security-policy"], "frame-ancestors"), url).toEqual(["'self'"]);
      expect(headers["x-frame-options"], url).toBe("SAMEORIGIN");
    }
    // The API may be framed by no one, whatever the settings say.
    const api = await headersOf("/api/site/settings");
    expect(directive(api["content-security-policy"], "frame-ancestors")).toEqual(["'none'"]);
    expect(api["x-frame-options"]).toBe("DENY");
    // The list is the back office's: the storefront's public settings do not show it.
    expect(JSON.stringify((await desk.storefront("/api/site/settings")).data)).not.toContain("partner.example.com");

    // Emptied again: 'self' only.
    expect(await saveOrigins([])).toMatchObject({ code: 1, data: { embedOrigins: [] } });
    expect(directive((await headersOf("/iframe"))["content-security-policy"], "frame-ancestors")).toEqual(["'self'"]);
  });

  it("refuses anything but a site's origin, with a Chinese message, and saves nothing", async () => {
    await saveOrigins(["https://partner.example.com"]);
    for (const bad of [
      "partner.example.com",
      "https://partner.example.com/panorama",
      "https://partner.example.com?x=1",
      "https://*.example.com",
      "*",
      "'self'",
      "javascript:alert(1)",
      "ftp://files.example.com",
      "https://user:pw@partner.example.com",
      "https://a.example.com; script-src *",
      "https://a.example.com https://b.example.com",
      "data:text/html,x",
    ]) {
      const answer = await saveOrigins([bad]);
      expect(answer.code, bad).toBe(0);
      expect(answer.message, bad).toContain("不是有效的网站地址");
    }
    const tooMany = await saveOrigins(Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`));
    expect(tooMany).toMatchObject({ code: 0 });
    expect(tooMany.message).toContain("最多 20 个");
    expect(await saveOrigins("https://partner.example.com")).toMatchObject({ code: 0 });
    expect(directive((await headersOf("/iframe"))["content-security-policy"], "frame-ancestors")).toEqual([
      "'self'",
      "https://partner.example.com",
    ]);
  });
});
