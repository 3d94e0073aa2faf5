// Overload (issue #21 item 9, docs/decisions/0048): the built server on a scratch PostgreSQL
// database, with its production settings (rate limits and load shedding on), under more visitors
// than two cores serve: OVERLOAD_CONNECTIONS connections (200), each playing visitors of its own
// address (X-Forwarded-For, TRUST_PROXY=1: one hop, as behind HAProxy), each sending in turn 9 API
// reads and 3 server-rendered pages, for OVERLOAD_SECONDS (30). The answer is what the visitors
// got: every status counted (2xx, 429, 503, 500 …), client time-outs (OVERLOAD_TIMEOUT_SECONDS, 10),
// and the latency of all answers (p50, p99). The bar: no 500 at all, and a p99 that stays bounded
// because the excess is refused early (503 with Retry-After) instead of queued.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, openSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { adminUrl, createScratchDatabase, redact } from "../api/postgres.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.OVERLOAD_CONNECTIONS ?? 200);
const TIMEOUT_SECONDS = Number(process.env.OVERLOAD_TIMEOUT_SECONDS ?? 10);

interface Server {
  url: string;
  child: ChildProcess;
}

/** The server as deployed: production mode, default limits and shedding; OVERLOAD_ENV adds settings (A=1,B=2). */
async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const extra = Object.fromEntries(
    (process.env.OVERLOAD_ENV ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=") as [string, string]),
  );
  const child = spawn(process.execPath, [join(ROOT, "apps/server/dist/server.js")], {
    cwd: ROOT,
    // OVERLOAD_SERVER_LOG=<file> keeps the server's log lines (warnings and errors) there.
    stdio: [
      "ignore",
      process.env.OVERLOAD_SERVER_LOG ? openSync(process.env.OVERLOAD_SERVER_LOG, "w") : "ignore",
      "inherit",
    ],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      TRUST_PROXY: "1",
      CODE_HASH_SECRET: randomBytes(24).toString("hex"),
      SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_MS: "0",
      ...extra,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

/** 9 API reads and 3 pages: what a few visitors' browsers ask, the pages rendered on the server. */
async function mix(url: string): Promise<autocannon.Request[]> {
  const list = (await (await fetch(`${url}/api/goods/index?isShow=1&current=1&pageSize=12&status=1`)).json()) as {
    data: { dataList: { id: number }[] };
  };
  const ids = list.data.dataList.map((g) => g.id).slice(0, 4);
  if (ids.length < 4) throw new Error("the demo shop has fewer than 4 goods");
  const paths = [
    "/api/goods/index?isShow=1&category2=4&current=1&pageSize=12&status=1",
    "/api/goods/index?isShow=1&category2=5&current=2&pageSize=12&status=1",
    ...ids.slice(0, 3).map((id) => `/api/goods/mail/show?id=${id}`),
    "/api/goodsCategories/list",
    "/api/site/settings",
    "/api/banners",
    "/api/article/query_list?type=1",
    "/",
    "/2-12",
    `/app/product-detail/${ids[3]}`,
  ];
  let visitors = 0;
  // Each connection plays one visitor at a time, of its own address; a new round of the mix is a new visitor.
  return paths.map((path, index) => ({
    path,
    setupRequest: (request: autocannon.Request, context?: Record<string, unknown>) => {
      if (index === 0 || context?.visitor === undefined) {
        visitors += 1;
        if (context) context.visitor = `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
      }
      const visitor = String(context?.visitor ?? `10.200.${(visitors >> 8) & 255}.${visitors & 255}`);
      return { ...request, headers: { ...request.headers, "x-forwarded-for": visitor } };
    },
  }));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function run(url: string, requests: autocannon.Request[]) {
  const statuses = new Map<number, number>();
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1, timeout: TIMEOUT_SECONDS, requests },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  const count = (test: (status: number) => boolean) =>
    [...statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
  return {
    connections: CONNECTIONS,
    seconds: SECONDS,
    answered: times.length,
    "2xx": count((s) => s >= 200 && s < 300),
    "3xx": count((s) => s >= 300 && s < 400),
    "429": count((s) => s === 429),
    "503": count((s) => s === 503),
    "500": count((s) => s === 500),
    otherStatuses: Object.fromEntries([...statuses].filter(([s]) => s >= 400 && s !== 429 && s !== 503 && s !== 500)),
    clientTimeouts: result.timeouts,
    otherErrors: result.errors - result.timeouts,
    share503: times.length ? `${((100 * count((s) => s === 503)) / times.length).toFixed(1)} %` : "-",
    p50ms: Math.round(percentile(times, 50)),
    p99ms: Math.round(percentile(times, 99)),
    maxMs: Math.round(times.at(-1) ?? 0),
    loadAverage1m: loadavg()[0]?.toFixed(1),
  };
}

const admin = adminUrl();
console.error(
  `PostgreSQL: ${redact(admin)}; ${CONNECTIONS} connections, ${SECONDS} s, client time-out ${TIMEOUT_SECONDS} s`,
);
const scratch = await createScratchDatabase(admin);
let server: Server | undefined;
try {
  server = await startServer(scratch.url);
  const requests = await mix(server.url);
  const summary = await run(server.url, requests);
  console.table([summary]);
  console.log(JSON.stringify(summary));
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `overload-${new Date().toISOString().replaceAll(":", "-")}.json`), JSON.stringify(summary));
} finally {
  if (server) {
    server.child.kill("SIGTERM");
    await new Promise((r) => server?.child.once("exit", r));
  }
  await scratch.drop();
}
