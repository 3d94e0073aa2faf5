// Capacity of one instance (docs/capacity.md): the built server on a scratch PostgreSQL database,
// loaded with autocannon from this process: the public read mix (with and without the server's
// response cache), the server-rendered product page, lead writes and orders placed by logged-in
// customers. For each run: requests per second, latency, errors, and what the database did per
// request (pg_stat_database). CAPACITY_SCENARIOS (comma-separated: reference, read, page, leads,
// orders, read-nocache) runs only those.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { adminUrl, createScratchDatabase, redact } from "../api/postgres.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const SCENARIOS = ["reference", "read", "page", "leads", "orders", "read-nocache"];
const selected = new Set(
  (process.env.CAPACITY_SCENARIOS ?? SCENARIOS.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const name of selected) {
  if (!SCENARIOS.includes(name)) throw new Error(`CAPACITY_SCENARIOS: unknown ${name}; known: ${SCENARIOS.join(", ")}`);
}
/** Customers of the orders run, as many as its connections. */
const ORDER_CUSTOMERS = 10;

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

interface Server {
  url: string;
  child: ChildProcess;
  /** The JSON log lines the server wrote to stdout so far. */
  logLines(): Record<string, unknown>[];
}

async function startServer(databaseUrl: string, cacheSeconds: number, logLevel = "warn"): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, "apps/server/dist/server.js")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
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
      LOG_LEVEL: logLevel,
      API_CACHE_SECONDS: String(cacheSeconds),
      // The visitors here are one machine: per-address limits would measure the limiter.
      RATE_LIMIT_READS_PER_MINUTE: "0",
      RATE_LIMIT_WRITES_PER_MINUTE: "0",
      // Its customers log in from one address: no SMS human check, no per-network budget (ADR 0046).
      SMS_CHECK_AFTER_NETWORK_SENDS: "10000000",
      SMS_CHECK_AFTER_BUDGET_PERCENT: "100",
      SMS_NETWORK_DAILY_BUDGET: "10000000",
      // Capacity is what it serves, not what it refuses past it (bench:overload, ADR 0048).
      LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
      SHUTDOWN_DRAIN_MS: "0",
    },
  });
  const lines: Record<string, unknown>[] = [];
  let partial = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  const url = `http://127.0.0.1:${port}`;
  const server = { url, child, logLines: () => lines };
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return server;
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

async function measure(
  url: string,
  databaseUrl: string | null,
  scenario: Scenario,
  afterWarmup: () => Promise<void> = async () => {},
) {
  await load(url, scenario, WARMUP_SECONDS);
  await afterWarmup();
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
    requests,
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

interface Customer {
  phone: string;
  token: string;
  csrf: string;
}

async function stopServer(server: Server) {
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
}

/**
 * Customers logged in as a visitor does, with a code sent by SMS. The console provider logs the code
 * at info, and the measured server logs at warn so that request logging weighs nothing: a second
 * instance on the same database (sessions live there, as the multi-instance suites rely on) sends
 * and checks the codes, then stops.
 */
async function logInCustomers(databaseUrl: string, count: number): Promise<Customer[]> {
  const server = await startServer(databaseUrl, 0, "info");
  try {
    const customers: Customer[] = [];
    for (let i = 0; i < count; i++) {
      const phone = `139${String(i + 1).padStart(8, "0")}`;
      const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
      const sent = (await (await fetch(`${server.url}/api/customers/getVerificationCode?phone=${phone}`)).json()) as {
        code: number;
        message: string;
      };
      if (sent.code !== 1) throw new Error(`no code sent: ${sent.message}`);
      let code: unknown;
      for (let attempt = 0; attempt < 100 && typeof code !== "string"; attempt++) {
        code = server
          .logLines()
          .filter((l) => l.phone === masked && typeof l.smsCode === "string")
          .at(-1)?.smsCode;
        if (typeof code !== "string") await new Promise((r) => setTimeout(r, 50));
      }
      if (typeof code !== "string") throw new Error(`no code was logged for ${masked}`);
      const login = (await (
        await fetch(`${server.url}/api/customers/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ mobile: phone, code }),
        })
      ).json()) as { code: number; message: string; data: { token: string; csrf: string } };
      if (login.code !== 1) throw new Error(`login refused: ${login.message}`);
      customers.push({ phone, token: login.data.token, csrf: login.data.csrf });
    }
    return customers;
  } finally {
    await stopServer(server);
  }
}

/**
 * Buy now: one unit of one SKU, a fresh Idempotency-Key each time. The customers take turns, one
 * request each: autocannon clears a connection's context between its requests, so a customer cannot
 * be pinned to a connection, and now and then two orders in flight are one customer's.
 */
function orderRequest(customers: Customer[], goodsId: number, skuId: number): autocannon.Request {
  let next = 0;
  return {
    method: "POST",
    path: "/api/order/createOrder",
    setupRequest: (request) => {
      const customer = customers[next++ % customers.length] as Customer;
      return {
        ...request,
        headers: {
          "content-type": "application/json",
          cookie: `token=${customer.token}; csrf=${customer.csrf}`,
          "x-csrf-token": customer.csrf,
          "idempotency-key": randomUUID(),
        },
        body: JSON.stringify({
          goodsId,
          skuId,
          quantity: 1,
          address: {
            name: "容量测试",
            phone: customer.phone,
            province: "浙江省",
            city: "杭州市",
            district: "西湖区",
            town: "",
            detail: "文三路 1 号",
          },
        }),
      };
    },
  };
}

async function sql<T>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The orders run, and afterwards the check that every order took exactly its units from stock. */
async function ordersScenario(server: Server, databaseUrl: string, goodsId: number) {
  const [sku] = await sql<{ id: number }>(
    databaseUrl,
    "select id from goods_skus where goods_id = $1 order by id limit 1",
    [goodsId],
  );
  if (!sku) throw new Error(`goods ${goodsId} has no SKU`);
  // Enough for every order of the run, so that none is refused as 库存不足.
  await sql(databaseUrl, "update goods_skus set stock = 1000000 where id = $1", [sku.id]);
  const customers = await logInCustomers(databaseUrl, ORDER_CUSTOMERS);
  const state = async () => {
    const [row] = await sql<{ orders: string; units: string; stock: number }>(
      databaseUrl,
      `select (select count(*) from orders) as orders,
              (select coalesce(sum(quantity), 0) from order_lines where sku_id = $1) as units,
              (select stock from goods_skus where id = $1) as stock`,
      [sku.id],
    );
    return { orders: Number(row?.orders), units: Number(row?.units), stock: Number(row?.stock) };
  };
  let before = await state();
  const line = await measure(
    server.url,
    databaseUrl,
    {
      name: "order (createOrder, buy now)",
      connections: ORDER_CUSTOMERS,
      requests: [orderRequest(customers, goodsId, sku.id)],
    },
    async () => {
      before = await state();
    },
  );
  const after = await state();
  const ordersMade = after.orders - before.orders;
  const unitsOrdered = after.units - before.units;
  const stockTaken = before.stock - after.stock;
  const check = { ordersMade, unitsOrdered, stockTaken, stockMatches: stockTaken === unitsOrdered };
  console.log(JSON.stringify({ scenario: "order check (measured window)", ...check }));
  if (ordersMade === 0 || stockTaken !== unitsOrdered) throw new Error(`orders check failed: ${JSON.stringify(check)}`);
  return { ...line, ordersMade };
}

const admin = adminUrl();
console.error(`PostgreSQL: ${redact(admin)}; ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up`);
const results = [];
if (selected.has("reference")) {
  const bare = await reference();
  results.push(
    await measure(bare.url, null, {
      name: "reference: bare node:http, fixed 1 KB",
      connections: 50,
      requests: [{ path: "/" }],
    }),
  );
  bare.child.kill();
}
for (const cacheSeconds of [5, 0]) {
  const wanted = cacheSeconds ? ["read", "page", "leads", "orders"] : ["read-nocache"];
  if (!wanted.some((name) => selected.has(name))) continue;
  const scratch = await createScratchDatabase(admin);
  const server = await startServer(scratch.url, cacheSeconds);
  try {
    const mix = await readMix(server.url);
    const firstId = Number(/id=(\d+)/.exec(mix[2]?.path ?? "")?.[1]);
    if (selected.has(cacheSeconds ? "read" : "read-nocache")) {
      const suffix = cacheSeconds ? "cache 5 s" : "no cache";
      results.push(
        await measure(server.url, scratch.url, { name: `read mix, ${suffix}`, connections: 50, requests: mix }),
      );
    }
    if (selected.has("page") && cacheSeconds) {
      results.push(
        await measure(server.url, scratch.url, {
          name: "product page HTML (SSR)",
          connections: 20,
          requests: [{ path: `/app/product-detail/${firstId}` }],
        }),
      );
    }
    if (selected.has("leads") && cacheSeconds) {
      results.push(
        await measure(server.url, scratch.url, { name: "lead write", connections: 10, requests: [leadRequest()] }),
      );
    }
    if (selected.has("orders") && cacheSeconds) {
      results.push(await ordersScenario(server, scratch.url, firstId));
    }
  } finally {
    await stopServer(server);
    await scratch.drop();
  }
}
console.table(results);
