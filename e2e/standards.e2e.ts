// Web standards a browser or a crawler checks (issue #21, Standards): the login pages run under the
// Content-Security-Policy without a violation (no eval probe), a page that needs a session answers a
// visitor with a redirect to login from the server, not a 200 that redirects in the browser, and the
// panorama page carries the Permissions-Policy and still works under it. And the full Chromium that
// bench/lighthouse measures with loads none of its address bar's WebUI beside the page (ADR 0100).
import { chromium, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  CHROMIUM_FLAGS,
  disableFeatures,
  LIGHTHOUSE_CHROMIUM,
  LIGHTHOUSE_DISABLED_FEATURES,
} from "./support/chromium-flags";
import { shopInBrowser } from "./support/shop";
import { logIn } from "./support/staff";

const shop = shopInBrowser();

/** Every Content-Security-Policy violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Opens `path` in a fresh tab, watching violations and console errors from before the first script. */
async function openWatched(path: string) {
  const page = await shop.browser.newPage();
  const violations = await watchViolations(page);
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  await page.goto(`${shop.server.url}${path}`, { waitUntil: "networkidle" });
  return { page, violations, consoleErrors };
}

describe("Content-Security-Policy on the login pages", () => {
  it("/login parses its form with no CSP violation", async () => {
    const { page, violations, consoleErrors } = await openWatched("/login");
    await page.getByLabel("手机号").fill("1380000");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.getByRole("alert").first().waitFor();
    expect(await violations()).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|unsafe-eval/i.test(e))).toEqual([]);
    await page.close();
  });

  it("/admin/login answers a wrong password with no CSP violation", async () => {
    const { page, violations, consoleErrors } = await openWatched("/admin/login");
    await logIn(page, "nobody", "wrong-password-123");
    await page.getByText(/用户名或密码错误/).waitFor();
    expect(await violations()).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|unsafe-eval/i.test(e))).toEqual([]);
    await page.close();
  });
});

describe("pages that need a session", () => {
  it("answer a visitor with a 302 to /login?redirect=<path> (robots.txt keeps crawlers off /login)", async () => {
    for (const path of ["/submitOrder", "/my-orders", "/shoppingCart", "/my-mark"]) {
      const res = await fetch(`${shop.server.url}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("a visitor who opens /submitOrder in the browser lands on the login page", async () => {
    const { page } = await openWatched("/submitOrder");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login?redirect=%2FsubmitOrder");
    await page.close();
  });
});

describe("the API's own paths", () => {
  it("/api itself answers the JSON envelope with the API's headers, never a storefront page (ADR 0089)", async () => {
    for (const path of ["/api", "/api/", "/api/no/such/endpoint"]) {
      const res = await fetch(`${shop.server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect(res.headers.get("content-security-policy"), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(await res.json(), path).toMatchObject({ code: 0, message: "接口不存在" });
    }
    // A page whose path only starts like the API is a page.
    const page = await fetch(`${shop.server.url}/apis`);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("permissions-policy")).toContain("camera=()");
  });
});

describe("Permissions-Policy", () => {
  it("the panorama page refuses camera, microphone, geolocation and motion sensors, and still runs clean", async () => {
    const res = await fetch(`${shop.server.url}/iframe`);
    const policy = res.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "gyroscope=()", "accelerometer=()"]) {
      expect(policy).toContain(feature);
    }
    const { page, violations, consoleErrors } = await openWatched("/iframe");
    await page.getByRole("button", { name: "获取同款报价" }).or(page.getByText("获取同款报价")).first().waitFor();
    expect(await violations()).toEqual([]);
    // Chromium reports a policy it cannot read (an unknown feature name) as a console error.
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("bench/lighthouse's browser", () => {
  // chrome-launcher's own defaults come first on the command line and disable features of their own,
  // Translate among them; the bench adds its features to that switch (docs/decisions/0104).
  const launcherDefault = "--disable-features=Translate,RenderDocument";

  it("keeps the launcher's disabled features in the one switch it adds (ADR 0104)", () => {
    expect(disableFeatures(["--no-first-run", launcherDefault], LIGHTHOUSE_DISABLED_FEATURES)).toBe(
      `--disable-features=Translate,RenderDocument,${LIGHTHOUSE_DISABLED_FEATURES.join(",")}`,
    );
    expect(disableFeatures([], ["A", "B"])).toBe("--disable-features=A,B");
    expect(disableFeatures(["--disable-features=A", "--disable-features=B,A"], ["C"])).toBe("--disable-features=A,B,C");
  });

  it("loads no address-bar popup of its own beside the page it measures (ADR 0100)", async () => {
    // The full Chromium, as bench/lighthouse launches it; the suites' headless shell has no address bar.
    const browser = await chromium.launch({
      executablePath: LIGHTHOUSE_CHROMIUM,
      args: [...CHROMIUM_FLAGS, launcherDefault, disableFeatures([launcherDefault], LIGHTHOUSE_DISABLED_FEATURES)],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${shop.server.url}/2-12?id=4`);
      // Without the flag the popup's target is there by the time a page has loaded and settled.
      await page.waitForTimeout(1_500);
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send("Target.getTargets");
      expect(targetInfos.map((t) => `${t.type} ${t.url}`).filter((t) => t.includes("omnibox"))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
