// /metrics (ADR 0032): Prometheus text with requests by route pattern (never raw URLs), errors by
// status code, the PostgreSQL pool, the lead outbox backlog and delivery rounds; served to private
// addresses, or to whoever holds METRICS_TOKEN, and to nobody else.
import { spawnSync } from "node:child_process";
import type { FastifyInstance, InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { isPrivateAddress } from "../src/http/metrics.js";
import { Metrics } from "../src/lib/metrics.js";
import { PageCache } from "../src/ssr/page-cache.js";
import { allowAll, describeEachBackend, testEnv } from "./helper.js";

/** Prometheus's own checker of the text format and naming rules; CI installs it (.ci/run). */
const PROMTOOL_INSTALLED = spawnSync("promtool", ["--version"]).status === 0;

/** The value of one sample line, e.g. sample(text, 'db_pool_connections{state="total"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(app: FastifyInstance, extra: Partial<InjectOptions> = {}) {
  const res = await app.inject({ method: "GET", url: "/metrics", ...extra });
  return { status: res.statusCode, text: res.body, type: String(res.headers["content-type"]) };
}

describe("page cache metrics", () => {
  it("count hits and misses and show the bytes and pages kept, in a form promtool accepts", async () => {
    const metrics = new Metrics();
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 60_000 });
    metrics.watch({ pageCache: () => cache.stats() });
    const turn = cache.lookup("/case");
    if (!("render" in turn)) throw new Error("expected a miss");
    turn.render.offer({ status: 200, html: "<p>案例</p>".repeat(200), csp: "", setsCookies: false });
    cache.lookup("/case");
    cache.lookup("/case");
    let text = await metrics.registry.metrics();
    expect(sample(text, 'page_cache_lookups_total{outcome="hit"}')).toBe(2);
    expect(sample(text, 'page_cache_lookups_total{outcome="miss"}')).toBe(1);
    expect(sample(text, "page_cache_entries")).toBe(1);
    expect(sample(text, "page_cache_bytes")).toBe(cache.stats().bytes);
    // A counter never goes down, across scrapes and invalidations.
    cache.deletePrefix("goods:");
    cache.lookup("/case");
    text = await metrics.registry.metrics();
    expect(sample(text, 'page_cache_lookups_total{outcome="miss"}')).toBe(2);
    expect(sample(text, 'page_cache_lookups_total{outcome="hit"}')).toBe(2);
    expect(sample(text, "page_cache_bytes")).toBe(0);
    if (PROMTOOL_INSTALLED) {
      const check = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
      expect(check.stdout + check.stderr).toBe("");
    }
  });
});

describe("isPrivateAddress", () => {
  it("knows loopback, private networks and IPv4-mapped forms; public and junk are not", () => {
    for (const ip of [
      "127.0.0.1",
      "10.9.8.7",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.5",
      "::1",
      "fd00::1",
      "::ffff:10.0.0.1",
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ["8.8.8.8", "172.32.0.1", "203.0.113.1", "2001:db8::1", "::ffff:8.8.8.8", "", "not-an-ip"])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
});

// Delivery rounds are driven by hand below.
describeEachBackend("/metrics", { app: { accounts: { limiter: allowAll }, leads: { runDelivery: false } } }, (ctx) => {
  /** Another app on the suite's database, as the suite's own but with these env overrides. */
  const otherApp = (env: Record<string, string>) =>
    buildApp({
      env: testEnv(env),
      database: ctx.database,
      serveWeb: false,
      accounts: { limiter: allowAll },
      leads: { runDelivery: false },
    });

  let app: FastifyInstance;
  beforeAll(() => {
    app = ctx.app;
  });

  it("times requests by route pattern and method, and counts errors by status code", async () => {
    await app.inject("/media/first-key-that-does-not-exist");
    await app.inject("/media/second-key-that-does-not-exist");
    await app.inject("/api/goodsCategories/list");
    await app.inject("/no/such/path/at/all");
    const { status, text, type } = await scrape(app);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/media/:key",status_code="404"}'),
    ).toBe(2);
    expect(sample(text, 'http_request_errors_total{route="/media/:key",status_code="404"}')).toBe(2);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/goodsCategories/list",status_code="200"}',
      ),
    ).toBe(1);
    expect(sample(text, 'http_request_errors_total{route="unmatched",status_code="404"}')).toBe(1);
    // Raw URLs never become labels (their number is unbounded).
    expect(text).not.toContain("first-key");
    expect(text).not.toContain("/no/such/path");
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });

  it.skipIf(!PROMTOOL_INSTALLED)("passes `promtool check metrics` with no problem reported", async () => {
    await app.inject("/api/goodsCategories/list");
    await app.inject("/no/such/path/at/all");
    const { text } = await scrape(app);
    const check = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(check.stdout + check.stderr).toBe("");
    expect(check.status).toBe(0);
  });

  it("shows the lead outbox backlog and counts delivery rounds", async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const lead = await app.inject({
      method: "POST",
      url: "/api/customers/appointment",
      payload: { phone, originDetail: "指标测试", consent: true },
    });
    expect(lead.json()).toMatchObject({ code: 1 });
    const before = (await scrape(app)).text;
    expect(sample(before, 'lead_outbox_backlog{state="pending"}')).toBe(1);
    expect(sample(before, 'lead_outbox_backlog{state="due"}')).toBe(1);

    // Another instance on the same database delivers it: the backlog empties, the round is counted.
    const sent: string[] = [];
    const deliverer = await buildApp({
      env: testEnv(),
      database: ctx.database,
      serveWeb: false,
      accounts: { limiter: allowAll },
      leads: { notifier: { name: "test", send: async (n) => void sent.push(n.title) }, delivery: { pollMs: 50 } },
    });
    try {
      await deliverer.ready();
      let text = "";
      for (let i = 0; i < 100; i++) {
        text = (await scrape(deliverer)).text;
        // The round is counted when it ends, a moment after its delivery is committed.
        const delivered = sample(text, 'lead_outbox_backlog{state="pending"}') === 0;
        if (delivered && sample(text, 'job_runs_total{job="lead_delivery",outcome="ok"}') !== undefined) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(sent).toHaveLength(1);
      expect(sample(text, 'lead_outbox_backlog{state="pending"}')).toBe(0);
      expect(sample(text, 'job_runs_total{job="lead_delivery",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    } finally {
      await deliverer.close();
    }
  });

  it("answers loopback and private addresses, refuses public ones, also behind a load balancer", async () => {
    expect((await scrape(app, { remoteAddress: "127.0.0.1" })).status).toBe(200);
    expect((await scrape(app, { remoteAddress: "10.1.2.3" })).status).toBe(200);
    const refused = await scrape(app, { remoteAddress: "203.0.113.9" });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain("http_request");

    const behindBalancer = await otherApp({ TRUST_PROXY: "1" });
    try {
      // The balancer's own address is private; the visitor it names is not.
      const viaBalancer = (xff: string) =>
        scrape(behindBalancer, { remoteAddress: "10.0.0.2", headers: { "x-forwarded-for": xff } });
      expect((await viaBalancer("198.51.100.7")).status).toBe(403);
      expect((await viaBalancer("192.168.1.20")).status).toBe(200);
    } finally {
      await behindBalancer.close();
    }
  });

  it("with METRICS_TOKEN, needs the bearer token from every address; METRICS=false removes it", async () => {
    const token = "a-metrics-token-0123456789";
    const guarded = await otherApp({ METRICS_TOKEN: token });
    const off = await otherApp({ METRICS: "false" });
    try {
      expect((await scrape(guarded)).status).toBe(401);
      expect((await scrape(guarded, { headers: { authorization: "Bearer wrong-token-0123456789ab" } })).status).toBe(
        401,
      );
      const ok = await scrape(guarded, {
        remoteAddress: "203.0.113.9",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain("http_request_duration_seconds");
      expect((await scrape(off)).status).toBe(404);
    } finally {
      await guarded.close();
      await off.close();
    }
  });

  if (ctx.backend === "postgres") {
    it("shows the PostgreSQL pool: total, idle and waiting connections", async () => {
      await app.inject("/api/goodsCategories/list");
      const { text } = await scrape(app);
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    });
  }
});
