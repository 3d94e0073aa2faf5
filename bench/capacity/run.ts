// Capacity of one instance (docs/capacity.md): the built server on a scratch PostgreSQL database,
// loaded with autocannon from this process: the public read mix (with and without the server's
// response cache), the server-rendered product page, and lead writes. For each run: requests per
// second, latency, errors, and what the database did per request (pg_stat_database).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { adminUrl, createScratchDatabase, redact } from "../api/postgres.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 15);
const WARMUP_SECONDS = 3;

interface Scenario {
  name: string;
  connections: number;
  requests: autocannon.Request[];
}

interface DbCounters {
  xact: number;
  fetched: number;
  inserted: number;
  updated: number;
}

async function startServer(databaseUrl: string, cacheSeconds: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, "apps/server/dist/server.js")], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
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
      API_CACHE_SECONDS: String(cacheSeconds),
      // The visitors here are one machine: per-address limits would measure the limiter.
      RATE_LIMIT_READS_PER_MINUTE: "0",
      RATE_LIMIT_WRITES_PER_MINUTE: "0",
      SHUTDOWN_DRAIN_MS: "0",
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

async function dbCounters(databaseUrl: string): Promise<DbCounters> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select xact_commit + xact_rollback as xact, tup_fetched as fetched, tup_inserted as inserted, tup_updated as updated from pg_stat_database where datname = current_database()",
    );
    const row = rows[0] as Record<string, string>;
    return {
      xact: Number(row.xact),
      fetched: Number(row.fetched),
      inserted: Number(row.inserted),
      updated: Number(row.updated),
    };
  } finally {
    await client.end();
  }
}

async function analyze(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("analyze");
  } finally {
    await client.end();
  }
}

/**
 * The machine's ceiling at this moment: bare node:http answering a fixed 1 KB JSON body, in its own
 * process. Shared machines vary by the minute; the other figures read against this one.
 */
async function reference(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const code = `const body = JSON.stringify({ code: 1, message: "ok", data: "x".repeat(1000) });
require("node:http").createServer((q, r) => { r.writeHead(200, { "content-type": "application/json" }); r.end(body); }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("reference server did not start");
}

function load(url: string, scenario: Scenario, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: scenario.connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        requests: scenario.requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function measure(url: string, databaseUrl: string | null, scenario: Scenario) {
  await load(url, scenario, WARMUP_SECONDS);
  if (!databaseUrl) {
    const result = await load(url, scenario, SECONDS);
    const line = {
      scenario: scenario.name,
      connections: scenario.connections,
      requestsPerSecond: Math.round(result.requests.total / result.duration),
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
    console.log(JSON.stringify(line));
    return line;
  }
  // A production table has planner statistics; a scratch one gets them only when autovacuum runs.
  await analyze(databaseUrl);
  // pg_stat_database is updated when a backend reports (about every second): let it settle.
  await new Promise((r) => setTimeout(r, 1500));
  const before = await dbCounters(databaseUrl);
  const result = await load(url, scenario, SECONDS);
  await new Promise((r) => setTimeout(r, 1500));
  const after = await dbCounters(databaseUrl);
  const requests = result.requests.total;
  const per = (key: keyof DbCounters) => ((after[key] - before[key]) / requests).toFixed(2);
  const line = {
    scenario: scenario.name,
    connections: scenario.connections,
    requestsPerSecond: Math.round(requests / result.duration),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    dbTransactionsPerRequest: per("xact"),
    dbRowsReadPerRequest: per("fetched"),
    dbRowsWrittenPerRequest: ((after.inserted - before.inserted + after.updated - before.updated) / requests).toFixed(
      2,
    ),
    dbTransactionsPerSecond: Math.round((after.xact - before.xact) / result.duration),
  };
  console.log(JSON.stringify(line));
  return line;
}

/** The goods a visitor browses: list pages of three categories, details, and the shared reads of every page. */
async function readMix(url: string): Promise<autocannon.Request[]> {
  const list = (await (await fetch(`${url}/api/goods/index?isShow=1&current=1&pageSize=12&status=1`)).json()) as {
    data: { dataList: { id: number }[] };
  };
  const ids = list.data.dataList.map((g) => g.id).slice(0, 6);
  return [
    { path: "/api/goods/index?isShow=1&category2=4&current=1&pageSize=12&status=1" },
    { path: "/api/goods/index?isShow=1&category2=5&current=2&pageSize=12&status=1" },
    ...ids.map((id) => ({ path: `/api/goods/mail/show?id=${id}` })),
    { path: "/api/goodsCategories/list" },
    { path: "/api/site/settings" },
    { path: "/api/banners" },
  ];
}

let leadCounter = 0;
function leadRequest(): autocannon.Request {
  return {
    method: "POST",
    path: "/api/customers/appointment",
    headers: { "content-type": "application/json" },
    setupRequest: (request) => {
      leadCounter += 1;
      const phone = `13${String(leadCounter).padStart(9, "0")}`;
      const visitor = `10.${(leadCounter >> 16) & 255}.${(leadCounter >> 8) & 255}.${leadCounter & 255}`;
      return {
        ...request,
        headers: { ...request.headers, "x-forwarded-for": visitor },
        body: JSON.stringify({ phone, originDetail: "容量测试", consent: true }),
      };
    },
  };
}

const admin = adminUrl();
console.error(`PostgreSQL: ${redact(admin)}; ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up`);
const results = [];
const bare = await reference();
results.push(
  await measure(bare.url, null, {
    name: "reference: bare node:http, fixed 1 KB",
    connections: 50,
    requests: [{ path: "/" }],
  }),
);
bare.child.kill();
for (const cacheSeconds of [5, 0]) {
  const scratch = await createScratchDatabase(admin);
  const server = await startServer(scratch.url, cacheSeconds);
  try {
    const mix = await readMix(server.url);
    const suffix = cacheSeconds ? "cache 5 s" : "no cache";
    results.push(
      await measure(server.url, scratch.url, { name: `read mix, ${suffix}`, connections: 50, requests: mix }),
    );
    if (cacheSeconds) {
      const firstId = /id=(\d+)/.exec(mix[2]?.path ?? "")?.[1];
      results.push(
        await measure(server.url, scratch.url, {
          name: "product page HTML (SSR)",
          connections: 20,
          requests: [{ path: `/app/product-detail/${firstId}` }],
        }),
      );
      results.push(
        await measure(server.url, scratch.url, { name: "lead write", connections: 10, requests: [leadRequest()] }),
      );
    }
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
    await scratch.drop();
  }
}
console.table(results);
