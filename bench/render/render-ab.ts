// The render alone, two web builds in one process (docs/decisions/0067): each page's API answers are
// recorded once through the app (PGlite in memory, the demo shop), then the build before a change
// (AB_BEFORE, a copy's apps/web/dist) and the working tree's build render the page with those answers
// replayed from memory, in turn, AB_ROUNDS rounds of AB_N renders each; CPU time per render from
// process.cpuUsage. Side by side in one process, both builds meet the same load, the same JIT state
// of the shared packages (react-dom, react-router) and the same garbage collector.
//   cd bench && AB_BEFORE=../.tmp/before/apps/web/dist npx tsx render/render-ab.ts
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { TransportRequest, WebServerEntry } from "@yj/web/render-seam";
import { buildApp } from "../../apps/server/src/app.js";
import { loadEnv } from "../../apps/server/src/config/env.js";
import { migrateDatabase, openDatabase } from "../../apps/server/src/db/client.js";
import { loadDemoData } from "../../apps/server/src/db/seed/load-demo.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const N = Number(process.env.AB_N ?? 100);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 5);
const PAGES = (
  process.env.AB_PAGES ?? "/,/2-12?id=4,/app/product-detail/1,/packageDetails/151,/article-detail/73,/case"
).split(",");
const BUILDS = {
  before: resolve(process.env.AB_BEFORE ?? `${ROOT}.tmp/before/apps/web/dist`),
  after: resolve(process.env.AB_AFTER ?? `${ROOT}apps/web/dist`),
};

Object.assign(process.env, {
  NODE_ENV: "production",
  TRUST_PROXY: "0",
  CODE_HASH_SECRET: "0123456789abcdef0123456789abcdef0123456789abcdef",
  SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
  PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
  PUBLIC_ORIGIN: "http://127.0.0.1:3000",
  RATE_LIMIT_READS_PER_MINUTE: "0",
  LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
  LOAD_SHED_EVENT_LOOP_UTILIZATION: "0",
  API_CACHE_SECONDS: "5",
  REDIS_URL: "",
  DATA_DIR: "memory://",
});
const env = loadEnv();
const database = await openDatabase({ dataDir: "memory://" });
await database.withStartupLock(async (db) => {
  await migrateDatabase(database, db);
  await loadDemoData(db, { reset: false });
});
const app = await buildApp({ env, database, serveWeb: false });
await app.ready();

async function load(dist: string) {
  const web: WebServerEntry = await import(pathToFileURL(`${dist}/server/entry-server.js`).href);
  const cssFile = readdirSync(`${dist}/client/assets`).find((f) => f.startsWith("style-") && f.endsWith(".css"));
  const css = cssFile ? readFileSync(`${dist}/client/assets/${cssFile}`, "utf8") : "";
  return { web, assets: { scripts: ["/assets/entry.js"], css } };
}
const builds = { before: await load(BUILDS.before), after: await load(BUILDS.after) };

/** The page's bytes: a build's parts (docs/decisions/0083), or an older build's stream read to its end. */
async function drain(result: { parts: { head: Uint8Array; stylesheet: Uint8Array; rest: Uint8Array } } | object) {
  if ("parts" in result) return result.parts.head.length + result.parts.stylesheet.length + result.parts.rest.length;
  let bytes = 0;
  for await (const chunk of (result as { body: AsyncIterable<Uint8Array> }).body) bytes += chunk.byteLength;
  return bytes;
}

type Build = (typeof builds)["before"];
type Replay = Map<string, { status: number; body: string }>;

async function render(
  build: Build,
  path: string,
  transport: (r: TransportRequest) => Promise<{ status: number; body: string }>,
) {
  const result = await build.web.render({
    request: new Request(`http://storefront.local${path}`),
    origin: "http://127.0.0.1:3000",
    nonce: "",
    styleNonce: "",
    assets: build.assets,
    onError: (error) => console.error(error),
    transport: async (request) => {
      const { status, body } = await transport(request);
      return { status, retryAfter: null, json: async () => JSON.parse(body) };
    },
  });
  return result.kind === "html" ? drain(result) : 0;
}

const rows: Record<string, string | number>[] = [];
for (const path of PAGES) {
  const replay: Replay = new Map();
  await render(builds.after, path, async (request) => {
    const res = await app.inject({ method: request.method, url: request.url });
    replay.set(request.url, { status: res.statusCode, body: res.body });
    return { status: res.statusCode, body: res.body };
  });
  const replayed = async (request: TransportRequest) => replay.get(request.url) ?? { status: 404, body: "{}" };
  const samples: Record<string, number[]> = { before: [], after: [] };
  const bytes: Record<string, number> = {};
  for (const name of ["before", "after"] as const)
    for (let i = 0; i < 20; i++) bytes[name] = await render(builds[name], path, replayed);
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 ? (["after", "before"] as const) : (["before", "after"] as const)) {
      const start = process.cpuUsage();
      for (let i = 0; i < N; i++) await render(builds[name], path, replayed);
      const used = process.cpuUsage(start);
      samples[name]?.push((used.user + used.system) / 1000 / N);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const before = median(samples.before as number[]);
  const after = median(samples.after as number[]);
  rows.push({
    path,
    apiCalls: replay.size,
    "before ms": before.toFixed(2),
    "after ms": after.toFixed(2),
    change: `${((after / before - 1) * 100).toFixed(0)} %`,
    "before runs": (samples.before as number[]).map((v) => v.toFixed(1)).join(" "),
    "after runs": (samples.after as number[]).map((v) => v.toFixed(1)).join(" "),
    bytes: `${bytes.before} → ${bytes.after}`,
    load: loadavg()[0]?.toFixed(1) ?? "",
  });
  console.error(JSON.stringify(rows.at(-1)));
}
console.table(rows);
await app.close();
await database.close();
