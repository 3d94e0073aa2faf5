// Where a page's CPU goes, in one process, one page at a time (no concurrency, no sockets): the whole
// page through app.inject; the render alone, its API answers replayed from memory; and the API calls
// alone, through inject. Run with tsx from bench/: the app from apps/server/src, the web build from
// apps/web/dist. ATTR_DB=<postgres url of a seeded database> (else a fresh PGlite in memory).
import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { TransportRequest, WebServerEntry } from "@yj/web/render-seam";
import { buildApp } from "../../apps/server/src/app.js";
import { loadEnv } from "../../apps/server/src/config/env.js";
import { migrateDatabase, openDatabase } from "../../apps/server/src/db/client.js";
import { loadDemoData } from "../../apps/server/src/db/seed/load-demo.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const N = Number(process.env.ATTR_N ?? 200);
const PAGES = (
  process.env.ATTR_PAGES ?? "/,/2-12,/app/product-detail/1,/packageDetails/151,/article-detail/73,/case"
).split(",");

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
  API_CACHE_SECONDS: process.env.API_CACHE_SECONDS ?? "0",
  REDIS_URL: "",
  ...(process.env.ATTR_DB ? { DATABASE_URL: process.env.ATTR_DB } : { DATA_DIR: "memory://" }),
});
const env = loadEnv();
const database = await openDatabase({ databaseUrl: process.env.ATTR_DB, dataDir: "memory://" });
if (!process.env.ATTR_DB) {
  await database.withStartupLock(async (db) => {
    await migrateDatabase(database, db);
    await loadDemoData(db, { reset: false });
  });
}
const app = await buildApp({ env, database, serveAdmin: false });
await app.ready();
// ATTR_WEB: another build's apps/web/dist (e.g. a copy of the build before a change), for the render alone.
const WEB_DIST = process.env.ATTR_WEB ?? `${ROOT}apps/web/dist`;
const web: WebServerEntry = await import(pathToFileURL(`${WEB_DIST}/server/entry-server.js`).href);
const cssFile = readdirSync(`${WEB_DIST}/client/assets`).find((f) => f.startsWith("style-") && f.endsWith(".css"));
const css = cssFile ? readFileSync(`${WEB_DIST}/client/assets/${cssFile}`, "utf8") : "";

function cpuMs(work: () => Promise<unknown>) {
  return async (n: number) => {
    for (let i = 0; i < 20; i++) await work();
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / n;
  };
}

/** The page's bytes: a build's parts (docs/decisions/0083), or an older build's stream read to its end. */
async function drain(result: { parts: { head: Uint8Array; stylesheet: Uint8Array; rest: Uint8Array } } | object) {
  if ("parts" in result) return result.parts.head.length + result.parts.stylesheet.length + result.parts.rest.length;
  let bytes = 0;
  for await (const chunk of (result as { body: AsyncIterable<Uint8Array> }).body) bytes += chunk.byteLength;
  return bytes;
}

const rows = [];
for (const path of PAGES) {
  // The API calls the page makes, recorded with their answers.
  const calls: { request: TransportRequest; status: number; body: string }[] = [];
  const whole = await app.inject({ url: path });
  if (whole.statusCode !== 200) throw new Error(`${path}: ${whole.statusCode}`);
  const assets = { scripts: ["/assets/entry.js"], css };
  const record = await web.render({
    request: new Request(`http://storefront.local${path}`),
    origin: "http://127.0.0.1:3000",
    nonce: "n",
    styleNonce: "s",
    assets,
    onError: () => {},
    transport: async (request) => {
      const res = await app.inject({ method: request.method, url: request.url });
      calls.push({ request, status: res.statusCode, body: res.body });
      return { status: res.statusCode, retryAfter: null, json: async () => res.json() };
    },
  });
  if (record.kind === "html") await drain(record);
  const byUrl = new Map(calls.map((c) => [c.request.url, c]));

  const page = cpuMs(() => app.inject({ url: path }).then((r) => r.body));
  const renderOnly = cpuMs(async () => {
    const result = await web.render({
      request: new Request(`http://storefront.local${path}`),
      origin: "http://127.0.0.1:3000",
      nonce: "n",
      styleNonce: "s",
      assets,
      onError: () => {},
      transport: async (request) => {
        const call = byUrl.get(request.url)!;
        return { status: call.status, retryAfter: null, json: async () => JSON.parse(call.body) };
      },
    });
    if (result.kind === "html") await drain(result);
  });
  const apiOnly = cpuMs(() =>
    Promise.all(calls.map((c) => app.inject({ method: c.request.method, url: c.request.url }).then((r) => r.json()))),
  );
  const phase = process.env.ATTR_PHASE;
  if (phase) {
    // Only one phase, for a CPU profile of it (node --cpu-prof --import tsx).
    const from = process.hrtime.bigint() / 1000n;
    const ms = await { page, render: renderOnly, api: apiOnly }[phase as "page"](N);
    console.error(path, phase, ms.toFixed(2), "window µs", from, process.hrtime.bigint() / 1000n);
    continue;
  }
  rows.push({
    path,
    calls: calls.length,
    pageMs: (await page(N)).toFixed(2),
    renderWithReplayedApiMs: (await renderOnly(N)).toFixed(2),
    apiCallsViaInjectMs: (await apiOnly(N)).toFixed(2),
    apiUrls: calls.map((c) => c.request.url.replace(/^\/api\//, "")).join(" "),
  });
  console.error(JSON.stringify(rows.at(-1)));
}
console.table(rows.map(({ apiUrls, ...r }) => r));
await app.close();
await database.close();
