// P6: Lighthouse (mobile preset) on the built production server — home, a category, a product, a
// guide and a case (the first of each the API lists) — median of 5 runs per page for the
// performance score, LCP, TBT and CLS. Bars: score ≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "../../e2e/support/chromium-flags.js";
import { freePort } from "../../scripts/lib/free-port.mjs";

const root = new URL("../..", import.meta.url).pathname;
const RUNS = Number(process.env.LH_RUNS ?? 5);
const ALL_PAGES = [
  { name: "home", path: "/" },
  { name: "category", path: "/2-12?id=4" },
  { name: "product", path: "/app/product-detail/1" },
];
/** LH_PAGES=article,case measures only those pages. */
const only = process.env.LH_PAGES?.split(",").map((name) => name.trim());

/** P6 judges article pages too: the newest guide (type 1) or case (type 2), as the API lists it on this run's data. */
async function articlePage(url: string, type: 1 | 2, name: string): Promise<{ name: string; path: string }> {
  const res = await fetch(`${url}/api/article/query_list?type=${type}&current=1&pageSize=1`);
  const body = (await res.json()) as { code: number; data: { dataList: { id: number }[] } | null };
  const id = body.data?.dataList[0]?.id;
  if (body.code !== 1 || id === undefined) throw new Error(`no ${name} to measure: ${JSON.stringify(body)}`);
  return { name, path: `/article-detail/${id}` };
}

async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "yj-lh-"));
  const child = spawn(process.execPath, [join(root, "apps/server/dist/server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // Production build and settings, as a visitor would meet them; throwaway secrets for this run.
      NODE_ENV: "production",
      // Chromium connects directly, no proxy in front.
      TRUST_PROXY: "0",
      // Where the pages say they live (canonical links, Open Graph; required in production, ADR 0029).
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // Five runs of every page from one address: not what the per-IP request limits are for.
      RATE_LIMIT_READS_PER_MINUTE: "0",
      // A page load on a busy bench machine is not overload (ADR 0048).
      LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
      CODE_HASH_SECRET: randomBytes(32).toString("hex"),
      SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
      PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
      // Production loads no demo data unless told to (ADR 0016).
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, dataDir };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("server did not start");
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const server = await startServer();
ALL_PAGES.push(await articlePage(server.url, 1, "article"), await articlePage(server.url, 2, "case"));
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.name)) : ALL_PAGES;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: CHROMIUM_FLAGS,
});
try {
  console.log(`Lighthouse mobile preset, ${RUNS} runs per page, median reported\n`);
  console.log(
    "page".padEnd(10),
    "score".padStart(6),
    "LCP s".padStart(7),
    "TBT ms".padStart(7),
    "CLS".padStart(6),
    "  verdict",
  );
  for (const page of PAGES) {
    // A page this build does not serve has no performance to measure: said, not scored 0.
    const status = (await fetch(`${server.url}${page.path}`)).status;
    if (status !== 200) {
      console.log(page.name.padEnd(10), `  SKIPPED: ${page.path} answers ${status} on this build`);
      continue;
    }
    const runs: { score: number; lcp: number; tbt: number; cls: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A run Lighthouse itself could not record (NO_NAVSTART and the like) says nothing about the
      // page: it is run again, up to twice, rather than counted as a score of 0.
      let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"] | undefined;
      for (let attempt = 1; attempt <= 3; attempt++) {
        const result = await lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        lhr = result?.lhr;
        if (!lhr) throw new Error("lighthouse returned no result");
        if (!lhr.runtimeError) break;
        console.log(`  ${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (attempt ${attempt})`);
      }
      if (!lhr) throw new Error("lighthouse returned no result");
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: (lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN) / 1000,
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      });
    }
    const m = {
      score: median(runs.map((r) => r.score)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
    };
    const pass = m.score >= 95 && m.lcp <= 2.5 && m.tbt <= 200 && m.cls <= 0.1;
    console.log(
      page.name.padEnd(10),
      String(m.score).padStart(6),
      m.lcp.toFixed(2).padStart(7),
      m.tbt.toFixed(0).padStart(7),
      m.cls.toFixed(3).padStart(6),
      `  ${pass ? "PASS" : "MISS"}  (runs: ${runs.map((r) => r.score).join(", ")})`,
    );
  }
} finally {
  chrome.kill();
  server.child.kill();
  rmSync(server.dataDir, { recursive: true, force: true });
}
