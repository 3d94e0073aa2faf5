// The page cache (docs/decisions/0058) on two built instances sharing PostgreSQL and Redis: an
// anonymous visitor's second request for a page is answered from the cache, under a policy of hashes
// rather than nonces; a visitor with a session is never answered from it and gets their own page; a
// back-office price change reaches the cached page on both instances at once, as Chromium shows it.
// Each instance is called directly, so which one answers is never the balancer's choice.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { formatCents } from "@yj/contract";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPage } from "./support/browser";
import { type Cluster, clusterUnavailable, logIn, startCluster } from "./support/cluster";
import { call, type Session, visitorAddress } from "./support/http";
import { freshPhone, ROOT } from "./support/server";

const unavailable =
  clusterUnavailable() ??
  (process.env.REDIS_URL
    ? null
    : "page-cache suite SKIPPED: REDIS_URL unset (the instances hear of writes over Redis)");
if (unavailable) console.warn(`\n!! ${unavailable}\n`);

/** Far longer than any check waits: a page seen fresh was dropped, not expired. */
const CACHE_SECONDS = 600;
const GOODS_ID = 3;
const PRODUCT_PAGE = `/app/product-detail/${GOODS_ID}`;

interface BootClient {
  loggedIn: boolean;
  cartNum: number;
}

/** The client state the server rendered into a page (the boot script's JSON). */
function bootOf(html: string): BootClient {
  const json = /<script id="__YJ_BOOT__"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`no boot state in ${html.slice(0, 200)}`);
  return (JSON.parse(json) as { client: BootClient }).client;
}

async function page(base: string, path: string, cookie?: string) {
  const res = await fetch(`${base}${path}`, {
    headers: { "x-forwarded-for": visitorAddress(), ...(cookie ? { cookie } : {}) },
  });
  return {
    status: res.status,
    cache: res.headers.get("x-page-cache"),
    csp: res.headers.get("content-security-policy") ?? "",
    cacheControl: res.headers.get("cache-control"),
    html: await res.text(),
  };
}

async function pageCacheHits(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith('page_cache_lookups_total{outcome="hit"}'));
  return Number(line?.split(" ").at(-1) ?? Number.NaN);
}

describe.skipIf(unavailable)("the page cache on two instances", () => {
  let cluster: Cluster;
  let browser: BrowserContext;
  let closeBrowser: () => Promise<void>;
  const urls = () => cluster.instances.map((i) => i.server.url);

  beforeAll(async () => {
    cluster = await startCluster({ instances: 2, env: { API_CACHE_SECONDS: String(CACHE_SECONDS) } });
    ({ context: browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await cluster?.stop();
  });

  it("answers an anonymous visitor's second request from the cache, with hashes instead of nonces", async () => {
    const [a] = urls() as [string];
    const path = "/case";
    const hitsBefore = await pageCacheHits(a);
    const first = await page(a, path);
    const second = await page(a, path);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.cache).toBe("hit");
    expect(second.html).toBe(first.html);
    expect(await pageCacheHits(a)).toBeGreaterThan(hitsBefore);
    // One page for many visitors: no nonce in it or its policy, each inline script and style by hash.
    expect(second.csp).not.toContain("'nonce-");
    expect(second.csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(second.csp).toMatch(/style-src 'self' 'sha256-/);
    expect(second.html).not.toMatch(/nonce="[^"]/);
    expect(second.cacheControl).toBe("no-cache");
    expect(bootOf(second.html)).toMatchObject({ loggedIn: false, cartNum: 0 });
    // The city is part of the key: another city's visitor is rendered for that city.
    const beijing = `yj_city=${encodeURIComponent("北京市|北京市")}`;
    const elsewhere = await page(a, path, beijing);
    expect(elsewhere.cache).toBe("miss");
    expect(elsewhere.html).toContain("北京市");
    expect((await page(a, path, beijing)).cache).toBe("hit");
  });

  it("never answers a visitor with a session from the cache, and gives each their own page", async () => {
    const [a] = urls() as [string];
    const customers: { session: Session; cookie: string }[] = [];
    for (const quantity of [2, 5]) {
      const session = await logIn(cluster, freshPhone(), visitorAddress());
      const added = await call(a, "/api/carts/create", { body: { goodsId: 1, skuId: 1, quantity }, session });
      expect(added.body.code, added.body.message).toBe(1);
      customers.push({ session, cookie: `token=${session.token}; csrf=${session.csrf}` });
    }
    // The page is kept for anonymous visitors first.
    await page(a, PRODUCT_PAGE);
    expect((await page(a, PRODUCT_PAGE)).cache).toBe("hit");
    const hitsBefore = await pageCacheHits(a);
    const [first, second] = await Promise.all(customers.map((c) => page(a, PRODUCT_PAGE, c.cookie)));
    for (const [answer, cartNum] of [
      [first, 2],
      [second, 5],
    ] as const) {
      expect(answer?.status).toBe(200);
      expect(answer?.cache).toBeNull();
      expect(answer?.cacheControl).toBe("no-store");
      expect(answer?.csp).toContain("'nonce-");
      // Their own page: logged in, their own cart (its units).
      expect(bootOf(answer?.html ?? "")).toMatchObject({ loggedIn: true, cartNum });
    }
    expect(first?.html).not.toBe(second?.html);
    expect(await pageCacheHits(a)).toBe(hitsBefore);
    // And an anonymous visitor after them still gets the neutral page.
    expect(bootOf((await page(a, PRODUCT_PAGE)).html)).toMatchObject({ loggedIn: false, cartNum: 0 });
  });

  /** An operations member made by `npm run admin -- create`, logged in on the first instance. */
  async function staffSession(base: string): Promise<{ cookie: string; csrf: string }> {
    const username = `ops_${Date.now().toString(36)}`;
    const made = await promisify(execFile)(
      process.execPath,
      [join(ROOT, "apps/server/dist/admin-cli.js"), "create", username, "--role", "operations"],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: cluster.database.url, NODE_ENV: "test" }, encoding: "utf8" },
    );
    const oneTime = made.stdout.match(/one-time password: (\S+)/)?.[1] as string;
    const post = (path: string, body: unknown, session?: { cookie: string; csrf: string }) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": visitorAddress(),
          ...(session ? { cookie: session.cookie, "x-csrf-token": session.csrf } : {}),
        },
        body: JSON.stringify(body),
      });
    const login = await post("/api/admin/session/login", { username, password: oneTime });
    const loginBody = (await login.json()) as { code: number; message: string; data: { csrf: string } };
    expect(loginBody.code, loginBody.message).toBe(1);
    const token = login.headers.getSetCookie().find((c) => c.startsWith("yj_staff="));
    const session = { cookie: (token as string).split(";")[0] as string, csrf: loginBody.data.csrf };
    const changed = await post(
      "/api/admin/session/password",
      { currentPassword: oneTime, newPassword: "Working9day" },
      session,
    );
    expect(((await changed.json()) as { code: number }).code).toBe(1);
    return session;
  }

  /** The product page in Chromium, anonymously: the price it shows and whether the cache answered. */
  async function shownPrice(tab: Page, base: string): Promise<{ price: string; cache: string | undefined }> {
    const response = await tab.goto(`${base}${PRODUCT_PAGE}`, { waitUntil: "domcontentloaded" });
    const price = (await tab.locator('[class^="_priceBox_"]').first().textContent()) ?? "";
    return { price, cache: response?.headers()["x-page-cache"] };
  }

  it("a back-office price change reaches the cached product page on both instances at once (Chromium)", async () => {
    const [a, b] = urls() as [string, string];
    const staff = await staffSession(a);
    const admin = async <T>(path: string, body?: unknown) => {
      const res = await fetch(`${a}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          cookie: staff.cookie,
          "x-csrf-token": staff.csrf,
          "x-forwarded-for": visitorAddress(),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; message: string; data: T };
    };
    type Detail = {
      id: number;
      price: number;
      originalPrice: number;
      skus: { id: number; spec: string; price: number; stock: number }[];
    } & Record<string, unknown>;
    const detail = (await admin<Detail>(`/api/admin/goods/detail?id=${GOODS_ID}`)).data;
    const tab = await browser.newPage();
    const { errors } = watchPage(tab);
    await browser.clearCookies();
    // Both instances keep the page: the second look is a hit, still the old price.
    for (const base of [a, b]) {
      await shownPrice(tab, base);
      const seen = await shownPrice(tab, base);
      expect(seen.cache, base).toBe("hit");
      expect(seen.price, base).toContain(formatCents(detail.skus[0]?.price ?? detail.price));
    }

    // Every SKU and the goods row get a new price, so whichever SKU the page shows first changed.
    const yuan = (cents: number) => (cents / 100).toFixed(2);
    const bump = (cents: number) => cents + 12_345;
    const saved = await admin("/api/admin/goods/save", {
      id: detail.id,
      name: detail.name,
      subtitle: detail.subtitle,
      category2: detail.category2,
      brand: detail.brand,
      price: yuan(bump(detail.price)),
      originalPrice: yuan(Math.max(detail.originalPrice, bump(detail.price))),
      unit: detail.unit,
      params: detail.params,
      description: detail.description,
      shown: detail.shown,
      skus: detail.skus.map((s) => ({ id: s.id, spec: s.spec, price: yuan(bump(s.price)), stock: s.stock })),
    });
    expect(saved.code, saved.message).toBe(1);
    const newPrice = formatCents(bump(detail.skus[0]?.price ?? detail.price));

    // The instance that saved shows it on the very next load.
    const onA = await shownPrice(tab, a);
    expect(onA.price).toContain(newPrice);
    expect(onA.cache).toBe("miss");
    // The other hears of it over Redis within moments: far inside the page's 600 s life.
    await expect.poll(async () => (await shownPrice(tab, b)).price, { timeout: 5_000 }).toContain(newPrice);
    expect((await shownPrice(tab, b)).cache).toBe("hit");
    expect(errors).toEqual([]);
    await tab.close();
  });

  it("a logged-in visitor in Chromium never receives the cached page another visitor was given", async () => {
    const [a] = urls() as [string];
    const session = await logIn(cluster, freshPhone(), visitorAddress());
    const added = await call(a, "/api/carts/create", { body: { goodsId: 1, skuId: 1, quantity: 3 }, session });
    expect(added.body.code, added.body.message).toBe(1);
    const tab = await browser.newPage();
    const { errors } = watchPage(tab);
    await browser.clearCookies();
    // An anonymous visitor's look keeps the page.
    await tab.goto(`${a}/case`);
    const anonymous = await tab.goto(`${a}/case`);
    expect(anonymous?.headers()["x-page-cache"]).toBe("hit");
    await expect.poll(() => tab.getByRole("link", { name: "登录" }).first().isVisible()).toBe(true);

    await browser.addCookies([
      { name: "token", value: session.token, url: a },
      { name: "csrf", value: session.csrf, url: a },
    ]);
    const loggedIn = await tab.goto(`${a}/case`);
    expect(loggedIn?.headers()["x-page-cache"]).toBeUndefined();
    const boot = await tab.evaluate(() => document.getElementById("__YJ_BOOT__")?.textContent ?? "");
    expect((JSON.parse(boot) as { client: BootClient }).client).toMatchObject({ loggedIn: true, cartNum: 3 });
    await expect.poll(() => tab.getByRole("link", { name: "我的订单" }).first().isVisible()).toBe(true);
    expect(await tab.getByRole("link", { name: "登录" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await tab.close();
    await browser.clearCookies();
  });
});
