// Two builds side by side (docs/decisions/0067): the build before a change (a copy of apps/server and
// apps/web with their dist, SIDE_BEFORE=<dir holding apps/>) and the working tree's build, each
// started uncached as bench/pages' "uncached" mode starts it (PAGE_CACHE_BYTES=0, the API cache at
// its default 5 s, read limit and load shedding off), both on one scratch PostgreSQL database, then
// every page loaded on one and the other in turn (compare.ts's method), server CPU per page from /proc.
//   SIDE_BEFORE=.tmp/before SIDE_ROUNDS=3 SIDE_SECONDS=6 SIDE_PAGES=/,/2-12,…
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { processCpuMs } from "../api/cpu.js";
import { adminUrl, createScratchDatabase } from "../api/postgres.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const BEFORE = resolve(ROOT, process.env.SIDE_BEFORE ?? ".tmp/before");
const ROUNDS = Number(process.env.SIDE_ROUNDS ?? 3);
const SECONDS = Number(process.env.SIDE_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.SIDE_CONNECTIONS ?? 10);

async function start(root: string, databaseUrl: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(root, "apps/server/dist/server.js")], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      TRUST_PROXY: "0",
      CODE_HASH_SECRET: randomBytes(32).toString("hex"),
      SMS_PROVIDER: "console",
      SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
      PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_MS: "0",
      RATE_LIMIT_READS_PER_MINUTE: "0",
      LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
      PAGE_CACHE_BYTES: "0",
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`${root}: server exited`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${root}: server did not start`);
}

async function load(url: string, seconds: number) {
  const result = await new Promise<autocannon.Result>((done, fail) =>
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        pipelining: 1,
        headers: { "accept-encoding": "gzip, deflate, br" },
      },
      (error, r) => (error ? fail(error) : done(r)),
    ),
  );
  return { ok: result["2xx"], other: result.non2xx + result.errors };
}

const scratch = await createScratchDatabase(adminUrl());
const servers: { name: string; url: string; child: ChildProcess }[] = [];
try {
  // One after the other: the first start migrates and seeds.
  servers.push({ name: "before", ...(await start(BEFORE, scratch.url)) });
  servers.push({ name: "after", ...(await start(ROOT, scratch.url)) });
  const first = servers[0] as (typeof servers)[0];
  type Item = { id: number; isPackage?: boolean };
  const data = async <T>(path: string) => ((await (await fetch(first.url + path)).json()) as { data: T }).data;
  const goods = (await data<{ dataList: Item[] }>("/api/goods/index?isShow=1&current=1&pageSize=50&status=1")).dataList;
  const guides = await data<Item[] | { dataList: Item[] }>("/api/article/query_list?type=1");
  const guideList = Array.isArray(guides) ? guides : guides.dataList;
  const packages = goods.filter((g) => g.isPackage);
  const pages = process.env.SIDE_PAGES?.split(",") ?? [
    "/",
    "/2-12?id=4",
    `/app/product-detail/${goods.find((g) => !g.isPackage)?.id}`,
    `/packageDetails/${packages[0]?.id ?? 151}`,
    `/article-detail/${guideList[0]?.id}`,
    "/case",
  ];
  // The same HTML from both, but for what differs by build or by moment (asset names, React Query's
  // timestamps) and what SIDE_IGNORE names (a regular expression, e.g. an attribute the change drops).
  const ignore = process.env.SIDE_IGNORE ? new RegExp(process.env.SIDE_IGNORE, "g") : null;
  const normal = (html: string) =>
    (ignore ? html.replace(ignore, "") : html)
      .replace(/\/assets\/[\w.-]+/g, "/assets/x")
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, "http://origin")
      .replace(/nonce="[\w-]+"/g, 'nonce=""')
      .replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0');
  for (const path of pages) {
    const [a, b] = await Promise.all(servers.map(async (s) => normal(await (await fetch(s.url + path)).text())));
    if (a === b) console.error(`${path}: same HTML (${a?.length} characters)`);
    else {
      let i = 0;
      while (a?.[i] === b?.[i]) i++;
      console.error(
        `${path}: HTML differs at ${i}:\n  before …${a?.slice(i - 80, i + 120)}\n  after  …${b?.slice(i - 80, i + 120)}`,
      );
    }
  }
  const rows: Record<string, string | number>[] = [];
  for (const path of process.env.SIDE_CHECK_ONLY ? [] : pages) {
    const samples: Record<string, number[]> = {};
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 ? [...servers].reverse() : servers) {
        await load(s.url + path, 1);
        const before = processCpuMs(s.child.pid) ?? 0;
        const r = await load(s.url + path, SECONDS);
        const cpu = (processCpuMs(s.child.pid) ?? 0) - before;
        if (r.other) console.error(`${s.name} ${path}: ${r.other} non-2xx or errors`);
        samples[s.name] = [...(samples[s.name] ?? []), cpu / Math.max(1, r.ok)];
        loads.push(loadavg()[0] ?? 0);
      }
    }
    const row: Record<string, string | number> = { path };
    for (const [name, values] of Object.entries(samples)) {
      const sorted = [...values].sort((a, b) => a - b);
      row[`${name} ms`] = Number((sorted[Math.floor(sorted.length / 2)] as number).toFixed(2));
      row[`${name} runs`] = values.map((v) => v.toFixed(1)).join(" ");
    }
    row.change = `${((Number(row["after ms"]) / Number(row["before ms"]) - 1) * 100).toFixed(0)} %`;
    row.load = `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
    rows.push(row);
    console.error(JSON.stringify(row));
  }
  console.table(rows);
} finally {
  for (const s of servers) s.child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  await scratch.drop();
}
