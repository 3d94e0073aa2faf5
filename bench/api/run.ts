// bench/api: throughput and latency of the goods list, side by side in one run (quality bars P1–P4).
//   A  bare node:http serving a fixed 12-goods envelope          (the baseline)
//   A2 the same, JSON.stringify on every request                  (informational)
//   B  the same answer from memory through Fastify + zod schemas  (P1)
//   B2 the same, serialized on every request                      (informational)
//   C  the built server on PGlite, uncached                       (P3)
//   D0 bare node:http + node-postgres, D's statement              (informational: P2's ceiling here)
//   D  the built server on PostgreSQL, uncached                   (P2)
//   E  the built server on PostgreSQL, API cache 5 s              (P2)
// Every target and every autocannon run is its own process. See bench/README.md.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { newestMtime } from "../../scripts/lib/newest-mtime.mjs";
import { backendsDelta, postgresBackendsCpuMs, processCpuMs } from "./cpu.js";
import { GOODS_INDEX_PATH, goodsIndexBody } from "./fixture.js";
import { adminUrl, createScratchDatabase, redact, type ScratchDatabase, unreachableReason } from "./postgres.js";
import { type Child, killAllNow, spawnChild, stopAll, stopChild, waitForHealth, waitForMessage } from "./processes.js";
import { isListeningMessage, isLoadMessage, isPhaseMessage, type LoadJob } from "./protocol.js";
import {
  type CpuUse,
  type RunSample,
  renderTable,
  summarise,
  TARGETS,
  type TargetId,
  type TargetOutcome,
  type TargetSpec,
} from "./report.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BENCH_DIR = join(ROOT, "bench");
const SERVER_ENTRY = join(ROOT, "apps/server/dist/server.js");
const CONNECTIONS = 50;
/** First start migrates and seeds (P8 allows 30 s); a busy shared machine gets some slack. */
const SERVER_START_TIMEOUT_MS = 180_000;

function positiveNumber(name: string, fallback: number, integer: boolean): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? "integer" : "number"}, got "${raw}"`);
  }
  return value;
}

/** BENCH_TARGETS=A,B,C … limits the run (A, the baseline, always runs). */
function selectedTargets(): Set<TargetId> {
  const raw = process.env.BENCH_TARGETS;
  const all = TARGETS.map((t) => t.id);
  if (!raw) return new Set(all);
  const picked = raw.split(",").map((t) => t.trim().toUpperCase());
  const unknown = picked.filter((t) => !all.includes(t as TargetId));
  if (unknown.length) throw new Error(`BENCH_TARGETS: unknown target(s) ${unknown.join(", ")}; use ${all.join(", ")}`);
  // D0 reads the database D seeds, and answers D's filter categories.
  if (picked.includes("D0")) picked.push("D");
  return new Set<TargetId>(["A", ...(picked as TargetId[])]);
}

const config = {
  targets: [...selectedTargets()].sort(),
  durationSeconds: positiveNumber("BENCH_SECONDS", 10, false),
  runs: positiveNumber("BENCH_RUNS", 1, true),
  warmupSeconds: positiveNumber("BENCH_WARMUP_SECONDS", 3, false),
  connections: CONNECTIONS,
  path: GOODS_INDEX_PATH,
};

// ---------------------------------------------------------------------------------------------
// Cleanup: every child stopped and the scratch database dropped, whatever happens.

const cleanups: (() => Promise<void> | void)[] = [];
/** Set on Ctrl-C: main stops before starting anything else. */
let interrupted = false;

function checkInterrupted(): void {
  if (interrupted) throw new Error("interrupted");
}
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
    interrupted = true;
    console.error(`\n${signal}: stopping every child and dropping the scratch database…`);
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
// The server build (C, D, E run the real bundle).

function ensureServerBuild(): void {
  const sources = Math.max(...["apps/server/src", "packages/contract/src"].map((p) => newestMtime(join(ROOT, p))));
  const built = existsSync(SERVER_ENTRY) ? statSync(SERVER_ENTRY).mtimeMs : 0;
  if (built && built >= sources) return;
  console.log(built ? "Server sources changed since the last build: rebuilding apps/server…" : "Building apps/server…");
  const result = spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0 || !existsSync(SERVER_ENTRY)) {
    throw new Error(
      `npm run build -w apps/server failed (exit ${result.status ?? result.signal}); see the output above`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Targets.

interface Started {
  child: Child;
  url: string;
  startupMs: number;
}

/** A, B and D0: TypeScript children that listen on port 0 and report the port over IPC. */
async function startScript(
  spec: TargetSpec,
  script: string,
  argument?: string,
  env: Record<string, string> = {},
): Promise<Started> {
  const startedAt = performance.now();
  const args = ["--import", "tsx", join(BENCH_DIR, "api", script), ...(argument ? [argument] : [])];
  const child = spawnChild(spec.id, process.execPath, args, {
    cwd: ROOT,
    ipc: true,
    env: { ...process.env, ...env },
  });
  const { port } = await waitForMessage(child, isListeningMessage, "listening message", 60_000);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(child, `${base}/healthz`, 30_000);
  return { child, url: `${base}${config.path}`, startupMs: performance.now() - startedAt };
}

function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    "DATABASE_URL",
    "DATA_DIR",
    "PORT",
    "HOST",
    "API_CACHE_SECONDS",
    "LOG_LEVEL",
    "SEED_DEMO",
    "REDIS_URL",
  ]) {
    delete env[key];
  }
  return {
    ...env,
    // As deployed: production mode (the production checks need a secret, an explicit console SMS and
    // TRUST_PROXY: autocannon connects directly).
    NODE_ENV: "production",
    TRUST_PROXY: "0",
    // Where the pages say they live (canonical links, sitemap; required in production, ADR 0029).
    PUBLIC_ORIGIN: "http://127.0.0.1",
    // One client sends everything here: the per-IP request limits would measure themselves (ADR 0022).
    RATE_LIMIT_READS_PER_MINUTE: "0",
    RATE_LIMIT_WRITES_PER_MINUTE: "0",
    // Throughput is measured here, not what the server refuses past it (bench:overload, ADR 0048).
    LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
    CODE_HASH_SECRET: randomBytes(32).toString("hex"),
    SMS_PROVIDER: "console",
    SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
    PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    ...overrides,
  };
}

/** C, D, E: `node apps/server/dist/server.js` on a port picked here. */
async function startServer(spec: TargetSpec, overrides: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawnChild(spec.id, process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: serverEnv({ ...overrides, PORT: String(port) }),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(child, `${base}/healthz`, SERVER_START_TIMEOUT_MS);
  return { child, url: `${base}${config.path}`, startupMs: performance.now() - startedAt };
}

interface Preflight {
  bytes: number;
  body: Buffer;
  items: number;
  total: number;
}

/** One request before any load: the answer must be a 200 success envelope with goods in it. */
async function preflight(url: string): Promise<Preflight> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`pre-flight GET answered HTTP ${response.status}: ${body.toString().slice(0, 300)}`);
  const envelope = JSON.parse(body.toString()) as {
    code?: unknown;
    data?: { dataList?: unknown; total?: unknown } | null;
  };
  const list = envelope.data?.dataList;
  if (envelope.code !== 1 || !Array.isArray(list)) {
    throw new Error(`pre-flight GET is not a success envelope: ${body.toString().slice(0, 300)}`);
  }
  if (list.length === 0) throw new Error("pre-flight GET returned no goods (is the demo data loaded?)");
  return { bytes: body.length, body, items: list.length, total: Number(envelope.data?.total) };
}

/** The filter categories of a goods page answer, as JSON text ("[]" without one). */
function filterCategoriesJson(body: Buffer | undefined): string {
  if (!body) return "[]";
  const envelope = JSON.parse(body.toString()) as { data?: { goodsCategoryDOS?: unknown } };
  return JSON.stringify(envelope.data?.goodsCategoryDOS ?? []);
}

function cpuUse(cpuMs: number | null, seconds: number, requests: number): CpuUse | null {
  if (cpuMs === null || seconds <= 0) return null;
  return { cpuMs, percent: cpuMs / (10 * seconds), perRequestUs: requests ? (1000 * cpuMs) / requests : Number.NaN };
}

/** Warm-up then the measured window, by a load child; CPU of the server (and its database) sampled around the window. */
async function measure(id: TargetId, target: Started, run: number, database?: string): Promise<RunSample> {
  const job: LoadJob = {
    url: target.url,
    connections: config.connections,
    warmupSeconds: config.warmupSeconds,
    durationSeconds: config.durationSeconds,
  };
  const child = spawnChild(
    `load ${id}`,
    process.execPath,
    ["--import", "tsx", join(BENCH_DIR, "api", "load.ts"), JSON.stringify(job)],
    {
      cwd: ROOT,
      ipc: true,
    },
  );
  const serverPid = target.child.proc.pid;
  let serverBefore: number | null = null;
  let databaseBefore: Map<number, number> | null = null;
  child.proc.on("message", (m: unknown) => {
    if (!isPhaseMessage(m)) return;
    serverBefore = processCpuMs(serverPid);
    databaseBefore = database ? postgresBackendsCpuMs(database) : null;
  });
  try {
    const timeoutMs = (config.warmupSeconds + config.durationSeconds + 60) * 1000;
    const message = await waitForMessage(child, isLoadMessage, "autocannon result", timeoutMs);
    const serverAfter = processCpuMs(serverPid);
    const databaseAfter = database ? postgresBackendsCpuMs(database) : null;
    if (message.type === "error") throw new Error(`autocannon failed: ${message.message}`);
    const { warmup, measured } = message;
    const serverMs = serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : null;
    return {
      run,
      warmup,
      measured,
      serverCpu: cpuUse(serverMs, measured.durationSeconds, measured.requests),
      databaseCpu: database
        ? cpuUse(backendsDelta(databaseBefore, databaseAfter), measured.durationSeconds, measured.requests)
        : null,
      loadAverage: loadavg()[0] ?? Number.NaN,
    };
  } finally {
    await stopChild(child);
  }
}

// ---------------------------------------------------------------------------------------------

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fmtMs(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const cpuList = cpus();
  console.log(
    `bench/api — ${CONNECTIONS} connections, warm-up ${config.warmupSeconds} s, measured ${config.durationSeconds} s, ` +
      `${config.runs} run(s); node ${process.version}, ${cpuList.length} × ${cpuList[0]?.model ?? "cpu"}, ` +
      `load average ${loadAtStart.map((l) => l.toFixed(2)).join(" ")}`,
  );
  console.log(`GET ${config.path}\n`);

  const selected = new Set(config.targets);
  const outcomes = new Map<TargetId, TargetOutcome>(TARGETS.map((spec) => [spec.id, { spec, samples: [] }]));
  const outcome = (id: TargetId) => outcomes.get(id) as TargetOutcome;
  const spec = (id: TargetId) => outcome(id).spec;
  const started = new Map<TargetId, Started>();
  for (const id of outcomes.keys()) if (!selected.has(id)) outcome(id).skipped = "not in BENCH_TARGETS";

  if (selected.has("C") || selected.has("D") || selected.has("E")) ensureServerBuild();

  // PostgreSQL: one scratch database for D0, D and E.
  const admin = adminUrl();
  const wantsPostgres = selected.has("D") || selected.has("D0") || selected.has("E");
  const unreachable = wantsPostgres ? await unreachableReason(admin) : null;
  let scratch: ScratchDatabase | undefined;
  if (wantsPostgres && unreachable) {
    const why = `PostgreSQL unreachable at ${redact(admin)} (${unreachable}); set BENCH_DATABASE_URL or TEST_DATABASE_URL`;
    console.log(`D0, D, E skipped: ${why}\n`);
    for (const id of ["D0", "D", "E"] as const) if (selected.has(id)) outcome(id).skipped = why;
  } else if (wantsPostgres) {
    scratch = await createScratchDatabase(admin);
    const db = scratch;
    cleanups.push(() => db.drop());
    console.log(`PostgreSQL: scratch database ${scratch.name} on ${redact(admin)} (dropped at the end)\n`);
  }

  const dataDir = mkdtempSync(join(tmpdir(), "yj-bench-pglite-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  const starters: [TargetId, () => Promise<Started>][] = (
    [
      ["A", () => startScript(spec("A"), "target-bare.ts")],
      ["A2", () => startScript(spec("A2"), "target-bare.ts", "stringify")],
      ["B", () => startScript(spec("B"), "target-fastify.ts")],
      ["B2", () => startScript(spec("B2"), "target-fastify.ts", "per-request")],
    ] as [TargetId, () => Promise<Started>][]
  ).filter(([id]) => selected.has(id));
  if (selected.has("C")) {
    starters.push(["C", () => startServer(spec("C"), { DATA_DIR: dataDir, API_CACHE_SECONDS: "0" })]);
  }
  if (scratch) {
    const url = scratch.url;
    if (selected.has("D")) {
      starters.push(["D", () => startServer(spec("D"), { DATABASE_URL: url, API_CACHE_SECONDS: "0" })]);
    }
    if (selected.has("D0")) {
      starters.push([
        "D0",
        () =>
          startScript(spec("D0"), "target-bare-postgres.ts", filterCategoriesJson(answers.get("D")), {
            DATABASE_URL: url,
          }),
      ]);
    }
    if (selected.has("E")) {
      starters.push(["E", () => startServer(spec("E"), { DATABASE_URL: url, API_CACHE_SECONDS: "5" })]);
    }
  }

  // Start one at a time (the first PostgreSQL start migrates and seeds), then check each answer.
  const answers = new Map<TargetId, Buffer>();
  const startOf = new Map(starters);
  for (const [id, start] of starters) {
    checkInterrupted();
    try {
      const s = await start();
      const check = await preflight(s.url);
      started.set(id, s);
      answers.set(id, check.body);
      Object.assign(outcome(id), { url: s.url, startupMs: s.startupMs, responseBytes: check.bytes });
      console.log(
        `${id} ready in ${fmtMs(s.startupMs)} — ${s.url} — ${check.bytes} bytes, ${check.items} of ${check.total} goods`,
      );
      if ((id === "A2" || id === "B" || id === "B2") && !check.body.equals(goodsIndexBody)) {
        throw new Error(
          `${id}'s serialised answer differs from A's bytes: the fixture no longer matches the contract schema`,
        );
      }
      if (id === "D0" && !check.body.equals(answers.get("D") ?? Buffer.alloc(0))) {
        throw new Error("D0's answer differs from D's bytes: it no longer does the server's work");
      }
    } catch (error) {
      checkInterrupted();
      outcome(id).failed = `did not start or answer: ${message(error)}`;
      console.error(`${id} FAILED: ${message(error)}`);
      if (id !== "C" && id !== "D0" && id !== "D" && id !== "E") throw error;
    }
  }

  /** The target stopped and started again, answering the same bytes as its first start. */
  const restart = async (id: TargetId, previous: Started): Promise<Started> => {
    await stopChild(previous.child);
    const start = startOf.get(id);
    if (!start) throw new Error(`no way to start ${id}`);
    const s = await start();
    started.set(id, s);
    const check = await preflight(s.url);
    if (!check.body.equals(answers.get(id) ?? Buffer.alloc(0))) {
      throw new Error(`${id} answers other bytes after a restart`);
    }
    return s;
  };

  // The measured runs: every target in turn, so each run compares like with like. Each run after
  // the first measures new processes: two starts of one build differ by up to 10 % here (the JIT
  // settles differently), so a median over runs is also a median over starts (ADR 0090).
  for (let run = 1; run <= config.runs; run++) {
    console.log(`\nrun ${run}/${config.runs}`);
    for (const [id, current] of started) {
      const o = outcome(id);
      if (o.failed) continue;
      checkInterrupted();
      try {
        const s = run === 1 ? current : await restart(id, current);
        const onPostgres = id === "D0" || id === "D" || id === "E";
        const sample = await measure(id, s, run, onPostgres ? scratch?.name : undefined);
        if (s.child.proc.exitCode !== null || s.child.proc.signalCode !== null) {
          throw new Error(`the server exited during the run.\n${s.child.tail()}`);
        }
        o.samples.push(sample);
        const { measured, warmup, serverCpu, databaseCpu } = sample;
        const cpu = serverCpu
          ? `  server CPU ${serverCpu.percent.toFixed(0)} % = ${serverCpu.perRequestUs.toFixed(0)} us/req` +
            (databaseCpu
              ? `, db ${databaseCpu.percent.toFixed(0)} % = ${databaseCpu.perRequestUs.toFixed(0)} us/req`
              : "")
          : "";
        console.log(
          `  ${id}  ${measured.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${measured.latencyMs.p50.toFixed(2)} ms  ` +
            `p99 ${measured.latencyMs.p99.toFixed(2)} ms  errors ${measured.errors}  non-2xx ${measured.non2xx}${cpu}` +
            `  (warm-up ${warmup.requestsPerSecond.toFixed(0)} req/s, load ${sample.loadAverage.toFixed(1)})`,
        );
      } catch (error) {
        checkInterrupted();
        o.failed = `run ${run}: ${message(error)}`;
        console.error(`  ${id} FAILED: ${message(error)}`);
        if (id === "A") throw error;
      }
    }
  }

  const summaries = summarise([...outcomes.values()]);
  console.log(`\n${renderTable(summaries)}`);
  console.log(
    `\nreq/s, p50 and p99 are medians over ${config.runs} run(s); errors and non-2xx are totals; ` +
      `% of A is the median of each run's ratio. Latency is per response (fractional ms).`,
  );

  const finishedAt = new Date();
  const resultsDir = join(BENCH_DIR, "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `api-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  const report = {
    bench: "api",
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    machine: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg(),
    },
    config: { ...config, postgres: wantsPostgres && !unreachable ? redact(admin) : null },
    summary: summaries,
    targets: [...outcomes.values()].map(({ spec: s, ...rest }) => ({ id: s.id, label: s.label, bar: s.bar, ...rest })),
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nresults: ${relative(ROOT, file)}`);

  const failed = summaries.filter((s) => s.failed);
  if (failed.length) {
    console.error(`\nbenchmark failed for ${failed.map((s) => s.id).join(", ")} (see above)`);
    return 1;
  }
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (!interrupted) console.error(`\nbench/api failed: ${message(error)}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(interrupted ? 130 : exitCode);
