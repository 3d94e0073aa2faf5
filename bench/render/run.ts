// Server CPU per uncached page render (issue #22 item 2, docs/decisions/0059): the built server on a
// scratch PostgreSQL database (RENDER_DB=pglite: a fresh PGlite directory), one page at a time under
// autocannon (10 connections), the server's CPU read from /proc before and after each window.
// RENDER_PROFILE=<dir> starts one server per page with --cpu-prof, so each profile holds one page,
// and prints its top frames (self and inclusive) inside the measured window.
//   RENDER_PAGES=home,category  RENDER_SECONDS=10  RENDER_API_CACHE=0,5  RENDER_ENCODING=br
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { processCpuMs } from "../api/cpu.js";
import { adminUrl, createScratchDatabase, type ScratchDatabase } from "../api/postgres.js";
import { topFrames } from "./profile.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const SECONDS = Number(process.env.RENDER_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.RENDER_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.RENDER_CONNECTIONS ?? 10);
const PROFILE_DIR = process.env.RENDER_PROFILE;
const ENCODING = process.env.RENDER_ENCODING;
const SERVER = process.env.RENDER_SERVER ?? join(ROOT, "apps/server/dist/server.js");
const CACHES = (process.env.RENDER_API_CACHE ?? "0").split(",").map(Number);
const WANTED = (process.env.RENDER_PAGES ?? "home,category,product,package,article,case").split(",");

interface Server {
  url: string;
  child: ChildProcess;
  spawnedAt: number;
}

async function startServer(databaseUrl: string | undefined, apiCache: number, profile?: string): Promise<Server> {
  const port = await freePort();
  const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), "yj-render-"));
  const args = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`, "--cpu-prof-interval=250"] : [];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...args, SERVER], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
      REDIS_URL: "",
      TRUST_PROXY: "0",
      CODE_HASH_SECRET: randomBytes(24).toString("hex"),
      SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
      PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_MS: "0",
      // A page waits for the pool rather than answering 503: this measures CPU per page, not overload.
      DATABASE_POOL_WAIT_MS: "20000",
      RATE_LIMIT_READS_PER_MINUTE: "0",
      API_CACHE_SECONDS: String(apiCache),
      // Load shedding off: a shared machine's load would refuse pages and skew the count.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
      LOAD_SHED_EVENT_LOOP_UTILIZATION: "0",
    },
  });
  if (dataDir) child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child, spawnedAt };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function stop(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  await exited;
}

async function json<T>(url: string): Promise<T> {
  return ((await (await fetch(url)).json()) as { data: T }).data;
}

/** The pages, with ids from the demo shop. */
async function pagePaths(url: string): Promise<Record<string, string>> {
  const goods = await json<{ dataList: { id: number }[] }>(
    `${url}/api/goods/index?isShow=1&current=1&pageSize=12&status=1`,
  );
  const guides = await json<{ id: number }[] | { dataList: { id: number }[] }>(`${url}/api/article/query_list?type=1`);
  const guideList = Array.isArray(guides) ? guides : guides.dataList;
  return {
    home: "/",
    category: "/2-12",
    product: `/app/product-detail/${goods.dataList[0]?.id}`,
    package: `/packageDetails/${process.env.RENDER_PACKAGE_ID ?? 151}`,
    article: `/article-detail/${guideList[0]?.id}`,
    case: "/case",
  };
}

async function load(url: string, seconds: number) {
  const headers: Record<string, string> = ENCODING ? { "accept-encoding": ENCODING } : {};
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1, headers }, (error, r) =>
      error ? reject(error) : resolve(r),
    ),
  );
  return { ok: result["2xx"], other: result.non2xx + result.errors, bytes: result.throughput.total };
}

async function measure(server: Server, path: string) {
  const check = await fetch(server.url + path, { headers: ENCODING ? { "accept-encoding": ENCODING } : {} });
  const bytes = (await check.arrayBuffer()).byteLength;
  if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
  await load(server.url + path, WARMUP_SECONDS);
  const before = processCpuMs(server.child.pid);
  const from = performance.now();
  const result = await load(server.url + path, SECONDS);
  const to = performance.now();
  const after = processCpuMs(server.child.pid);
  const cpu = (after ?? 0) - (before ?? 0);
  return {
    path,
    status: check.status,
    htmlBytes: bytes,
    pagesPerSecond: Math.round(result.ok / SECONDS),
    non2xx: result.other,
    cpuMsPerPage: Number((cpu / Math.max(1, result.ok)).toFixed(2)),
    load1m: loadavg()[0]?.toFixed(1),
    window: { from: from - server.spawnedAt, to: to - server.spawnedAt },
  };
}

const usePg = process.env.RENDER_DB !== "pglite";
let scratch: ScratchDatabase | undefined;
const rows: object[] = [];
try {
  for (const apiCache of CACHES) {
    scratch = usePg ? await createScratchDatabase(adminUrl()) : undefined;
    if (PROFILE_DIR) {
      for (const name of WANTED) {
        const dir = join(PROFILE_DIR, `${name}-cache${apiCache}`);
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        const server = await startServer(scratch?.url, apiCache, dir);
        const paths = await pagePaths(server.url);
        const row = await measure(server, paths[name] as string);
        await stop(server);
        const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
        rows.push({ page: name, apiCache, ...row, window: undefined });
        if (file) {
          const profile = JSON.parse(readFileSync(join(dir, file), "utf8"));
          console.log(`\n## ${name} ${paths[name]} API_CACHE_SECONDS=${apiCache}: ${row.cpuMsPerPage} ms/page`);
          console.log(topFrames(profile, row.window, Number(process.env.RENDER_TOP ?? 25)));
        }
      }
    } else {
      const server = await startServer(scratch?.url, apiCache);
      try {
        const paths = await pagePaths(server.url);
        for (const name of WANTED) {
          const row = await measure(server, paths[name] as string);
          rows.push({ page: name, apiCache, ...row, window: undefined });
          console.error(JSON.stringify(rows.at(-1)));
        }
      } finally {
        await stop(server);
      }
    }
    await scratch?.drop();
    scratch = undefined;
  }
  console.table(rows);
  console.log(JSON.stringify(rows));
} finally {
  await scratch?.drop();
}
