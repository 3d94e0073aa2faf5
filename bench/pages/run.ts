// bench/pages (issue #22, docs/quality.md P9): what a server-rendered page costs against the cached
// goods API, on the built production server, on PostgreSQL and on PGlite, in one run.
//   cached    the server's normal caches: the goods API (the baseline), six anonymous pages and one
//             logged-in page; pages/s as a share of the API's, 0 non-2xx
//   uncached  PAGE_CACHE_BYTES=0 (the API cache as deployed): server CPU per rendered page
//   cold      API_CACHE_SECONDS=0 as well: every render reads the database too (information)
//   mix       PostgreSQL only: 200 connections, one client address each, 9 API reads and 3 pages
// Every server and every autocannon run is its own process (bench/api/load.ts). See bench/README.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { backendsDelta, postgresBackendsCpuMs, processCpuMs } from "../api/cpu.js";
import { adminUrl, createScratchDatabase, redact, unreachableReason } from "../api/postgres.js";
import { killAllNow, spawnChild, stopAll, stopChild, waitForMessage } from "../api/processes.js";
import { isLoadMessage, isPhaseMessage, type LoadJob, type LoadSummary } from "../api/protocol.js";
import {
  type MixRow,
  type PageOutcome,
  type PageSample,
  renderMix,
  renderPages,
  summariseMix,
  summarisePages,
} from "./report.js";
import { type Database, type Mode, ROOT, requireBuild, type Shop, startShop } from "./shop.js";
import { GOODS_INDEX_PATH, PAGE_NAMES, type PageName, preflight, prepare, type Visit } from "./visits.js";

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} 必须是正数，收到 "${raw}"`);
  return value;
}

function databases(): ("postgres" | "pglite")[] {
  const raw = process.env.BENCH_DB ?? "both";
  if (raw === "both") return ["postgres", "pglite"];
  if (raw === "postgres" || raw === "pglite") return [raw];
  throw new Error(`BENCH_DB 只能是 postgres、pglite 或 both，收到 "${raw}"`);
}

/** BENCH_PAGES=home,product … (the API baseline always runs: every ratio needs it). */
function pages(): Set<PageName> {
  const raw = process.env.BENCH_PAGES;
  if (!raw) return new Set(PAGE_NAMES);
  const picked = raw.split(",").map((p) => p.trim());
  const unknown = picked.filter((p) => !PAGE_NAMES.includes(p as PageName));
  if (unknown.length) throw new Error(`BENCH_PAGES：未知页面 ${unknown.join(", ")}；可选 ${PAGE_NAMES.join(", ")}`);
  return new Set<PageName>(["api", ...(picked as PageName[])]);
}

const duration = positive("BENCH_DURATION", 10);
const config = {
  databases: databases(),
  pages: [...pages()],
  runs: Math.round(positive("BENCH_RUNS", 3)),
  connections: Math.round(positive("BENCH_CONNECTIONS", 10)),
  warmupSeconds: positive("BENCH_WARMUP_SECONDS", 1),
  cachedSeconds: duration,
  // CPU per page needs fewer pages than a stable pages/s: a third of the window keeps the run short.
  uncachedSeconds: positive("BENCH_UNCACHED_DURATION", Math.max(3, duration / 3)),
  mixSeconds: positive("BENCH_MIX_SECONDS", 20),
  mixConnections: Math.round(positive("BENCH_MIX_CONNECTIONS", 200)),
};
/** As a browser asks: the server compresses answers over 1 KB (brotli 4), and that is part of a page's cost. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

// ---------------------------------------------------------------------------------------------
// Cleanup: every child stopped, the scratch database dropped and the PGlite directory removed.

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopAll();
    for (const task of cleanups.reverse()) {
      try {
        await task();
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping every child, dropping the scratch database…`);
    const force = setTimeout(() => {
      killAllNow();
      process.exit(130);
    }, 15_000);
    void cleanup().finally(() => {
      clearTimeout(force);
      process.exit(130);
    });
  });
}
process.on("exit", killAllNow);

// ---------------------------------------------------------------------------------------------

interface Window {
  warmup: LoadSummary;
  measured: LoadSummary;
  serverCpuMs: number | null;
  databaseCpuMs: number | null;
}

/** Warm-up then the measured window by a load child; server (and database) CPU sampled around the window. */
async function load(shop: Shop, job: LoadJob, label: string, databaseName?: string): Promise<Window> {
  const child = spawnChild(
    `load ${label}`,
    process.execPath,
    ["--import", "tsx", join(ROOT, "bench/api/load.ts"), JSON.stringify(job)],
    {
      cwd: ROOT,
      ipc: true,
    },
  );
  const pid = shop.child.proc.pid;
  let serverBefore: number | null = null;
  let databaseBefore: Map<number, number> | null = null;
  child.proc.on("message", (m: unknown) => {
    if (!isPhaseMessage(m)) return;
    serverBefore = processCpuMs(pid);
    databaseBefore = databaseName ? postgresBackendsCpuMs(databaseName) : null;
  });
  try {
    const timeoutMs = (job.warmupSeconds + job.durationSeconds + 60) * 1000;
    const message = await waitForMessage(child, isLoadMessage, "autocannon result", timeoutMs);
    const serverAfter = processCpuMs(pid);
    const databaseAfter = databaseName ? postgresBackendsCpuMs(databaseName) : null;
    if (message.type === "error") throw new Error(`autocannon failed: ${message.message}`);
    // NaN (no 2xx answer to time) crosses IPC as null.
    for (const summary of [message.warmup, message.measured])
      for (const key of Object.keys(summary.latencyMs) as (keyof LoadSummary["latencyMs"])[])
        summary.latencyMs[key] ??= Number.NaN;
    return {
      warmup: message.warmup,
      measured: message.measured,
      serverCpuMs: serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : null,
      databaseCpuMs: databaseName ? backendsDelta(databaseBefore, databaseAfter) : null,
    };
  } finally {
    await stopChild(child);
  }
}

const perPage = (ms: number | null, pages: number) => (ms === null || pages === 0 ? null : ms / pages);

async function measureMode(
  label: string,
  database: Database,
  mode: Exclude<Mode, "mix">,
  visits: Visit[],
): Promise<PageOutcome[]> {
  const shop = await startShop({ name: `${label} ${mode}`, database, mode });
  const databaseName = database.kind === "postgres" ? database.name : undefined;
  try {
    const outcomes: PageOutcome[] = [];
    for (const visit of visits)
      outcomes.push({ database: label, mode, visit, bytes: await preflight(shop.url, visit), samples: [] });
    const seconds = mode === "cached" ? config.cachedSeconds : config.uncachedSeconds;
    for (let run = 1; run <= config.runs; run++) {
      for (const outcome of outcomes) {
        const { visit } = outcome;
        const job: LoadJob = {
          url: `${shop.url}${visit.path}`,
          connections: config.connections,
          warmupSeconds: config.warmupSeconds,
          durationSeconds: seconds,
          headers: { ...BROWSER_HEADERS, ...(visit.cookie ? { cookie: visit.cookie } : {}) },
        };
        const w = await load(shop, job, `${label} ${mode} ${visit.name}`, databaseName);
        const sample: PageSample = {
          run,
          warmup: w.warmup,
          measured: w.measured,
          serverCpuMsPerPage: perPage(w.serverCpuMs, w.measured.requests),
          databaseCpuMsPerPage: perPage(w.databaseCpuMs, w.measured.requests),
          loadAverage: loadavg()[0] ?? Number.NaN,
        };
        outcome.samples.push(sample);
        console.log(
          `  ${label} ${mode} run ${run} ${visit.name.padEnd(9)} ${w.measured.requestsPerSecond.toFixed(0).padStart(6)} pages/s, ` +
            `p99 ${w.measured.latencyMs.p99.toFixed(1)} ms, non-2xx ${w.measured.non2xx} ${JSON.stringify(w.measured.statusCodes)}, errors ${w.measured.errors}, ` +
            `CPU ${sample.serverCpuMsPerPage?.toFixed(2) ?? "-"} ms/page, load ${sample.loadAverage.toFixed(1)}`,
        );
      }
    }
    return outcomes;
  } finally {
    await stopChild(shop.child);
  }
}

/** 9 API reads and 3 pages (bench/overload's mix), ids from this run's data. */
function mixPaths(visits: Visit[], product: string): string[] {
  const productId = Number(product.split("/").pop());
  return [
    GOODS_INDEX_PATH,
    "/api/goods/index?isShow=1&category2=5&current=2&pageSize=12&status=1",
    `/api/goods/mail/show?id=${productId}`,
    "/api/goods/index?isShow=1&current=1&pageSize=12&status=1",
    "/api/goodsCategories/list",
    "/api/site/settings",
    "/api/banners",
    "/api/article/query_list?type=1",
    "/api/article/query_list?type=2",
    "/",
    visits.find((v) => v.name === "category")?.path ?? "/2-12?id=4",
    product,
  ];
}

async function measureMix(
  database: Database & { kind: "postgres" },
  visits: Visit[],
  product: string,
): Promise<MixRow> {
  const shop = await startShop({ name: "postgres mix", database, mode: "mix" });
  try {
    const mix = mixPaths(visits, product);
    for (const path of mix) await preflight(shop.url, { name: "api", path, cachedBar: false, uncachedCpuBarMs: null });
    const w = await load(
      shop,
      {
        url: shop.url,
        connections: config.mixConnections,
        warmupSeconds: 2,
        durationSeconds: config.mixSeconds,
        headers: BROWSER_HEADERS,
        mix,
      },
      "mix",
    );
    return summariseMix(
      w.measured,
      perPage(w.serverCpuMs, w.measured.requests),
      config.mixConnections,
      loadavg()[0] ?? 0,
    );
  } finally {
    await stopChild(shop.child);
  }
}

async function benchDatabase(
  kind: "postgres" | "pglite",
): Promise<{ pages: PageOutcome[]; mix?: MixRow; skipped?: string }> {
  let database: Database;
  if (kind === "postgres") {
    const admin = adminUrl();
    const unreachable = await unreachableReason(admin);
    if (unreachable) return { pages: [], skipped: `PostgreSQL ${redact(admin)} 无法连接：${unreachable}` };
    const scratch = await createScratchDatabase(admin);
    cleanups.push(() => scratch.drop());
    database = { kind, url: scratch.url, name: scratch.name };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), "yj-bench-pages-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    database = { kind, dataDir };
  }
  console.log(`\n${kind}: first start (migrate, seed), log in a customer…`);
  const all = await prepare(kind, database);
  const visits = all.filter((v) => config.pages.includes(v.name));
  console.log(`  ${visits.map((v) => `${v.name} ${v.path}`).join(", ")}`);
  const pages = await measureMode(kind, database, "cached", visits);
  // Uncached, the bar is CPU per render: only the anonymous pages it judges, and the API for the ratio.
  const rendered = visits.filter((v) => v.name === "api" || v.uncachedCpuBarMs !== null);
  pages.push(...(await measureMode(kind, database, "uncached", rendered)));
  pages.push(...(await measureMode(kind, database, "cold", rendered)));
  if (database.kind !== "postgres") return { pages };
  const product = all.find((v) => v.name === "product")?.path as string;
  console.log(`  postgres mix: ${config.mixConnections} connections, ${config.mixSeconds} s…`);
  return { pages, mix: await measureMix(database, all, product) };
}

async function main(): Promise<void> {
  requireBuild();
  const startedAt = new Date();
  const loadAtStart = loadavg();
  console.log(
    `bench/pages — ${config.connections} connections, warm-up ${config.warmupSeconds} s, cached ${config.cachedSeconds} s, ` +
      `uncached ${config.uncachedSeconds} s, ${config.runs} run(s), ${config.databases.join(" + ")}; node ${process.version}, ` +
      `${cpus().length} cores, load average ${loadAtStart.map((l) => l.toFixed(2)).join(" ")}`,
  );
  const pages: PageOutcome[] = [];
  const skipped: string[] = [];
  let mix: MixRow | undefined;
  for (const kind of config.databases) {
    const result = await benchDatabase(kind);
    pages.push(...result.pages);
    if (result.skipped) skipped.push(result.skipped);
    mix ??= result.mix;
  }
  const rows = summarisePages(pages);
  console.log(`\n${renderPages(rows)}`);
  if (mix)
    console.log(`\nPostgreSQL, ${config.mixConnections}-connection mix (9 API reads, 3 pages):\n${renderMix(mix)}`);
  for (const reason of skipped) console.log(`SKIPPED: ${reason}`);
  const loadAtEnd = loadavg();
  console.log(
    `\nload average at start ${loadAtStart.map((l) => l.toFixed(2)).join(" ")}, at end ${loadAtEnd.map((l) => l.toFixed(2)).join(" ")}`,
  );
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pages-${startedAt.toISOString().replaceAll(":", "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt,
        config,
        machine: { node: process.version, cpus: cpus().length, loadAtStart, loadAtEnd },
        rows,
        mix,
        skipped,
        pages,
      },
      null,
      2,
    ),
  );
  console.log(`JSON: ${file}`);
}

try {
  await main();
  await cleanup();
} catch (error) {
  console.error(`\nbench/pages failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanup();
  process.exitCode = 1;
}
