// P8: start-up of the built server on the embedded database (PGlite). (a) A first start on an empty
// data directory — migrate and load the demo shop — until /healthz answers: bar ≤ 30 s. (b) A restart
// on that directory until /healthz answers: bar ≤ 3 s. Each run uses a fresh directory; the medians
// of BENCH_RUNS runs (default 3) are judged.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/free-port.mjs";

const ROOT = new URL("../..", import.meta.url).pathname;
const SERVER_ENTRY = join(ROOT, "apps/server/dist/server.js");
const WEB_SERVER_ENTRY = join(ROOT, "apps/web/dist/server/entry-server.js");
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** A start that takes longer than this has failed, whatever the bar says. */
const GIVE_UP_MS = 180_000;
const POLL_MS = 20;

const BARS = { first: 30_000, restart: 3_000 } as const;

interface Start {
  /** From spawning the process to the first 200 from /healthz. */
  healthyMs: number;
  /** What the server itself logged as ready ("storefront ready" readyMs: since its process started). */
  readyMs: number | null;
  /** From spawning the process to its "storefront ready" line arriving here. */
  readyLineMs: number | null;
  /**
   * CPU time (user + system, all threads) the server used until it answered: what the start costs
   * whatever else the machine runs. On an idle machine the wall time comes close to it (the start is
   * mostly one thread); on a busy one the wall time is this stretched by the wait for a core.
   */
  cpuMs: number | null;
}

/** CPU time of a process so far, from /proc (Linux; null elsewhere). Clock ticks are 1/100 s. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The production server as deployed, on PGlite; throwaway secrets for this run. */
function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "REDIS_URL", "SEED_DEMO", "LOG_LEVEL", "API_CACHE_SECONDS"]) delete env[key];
  return {
    ...env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    TRUST_PROXY: "0",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    CODE_HASH_SECRET: randomBytes(32).toString("hex"),
    SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
    PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
    // Production loads no demo data unless told to (ADR 0016); the first start is migrate + seed.
    SEED_DEMO: "true",
    // Info, for the server's own "storefront ready" line with its readyMs.
    LOG_LEVEL: "info",
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function start(dataDir: string): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/healthz`;
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: serverEnv(dataDir, port),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let readyLineMs: number | null = null;
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (readyLineMs === null && output.includes('"storefront ready"')) readyLineMs = performance.now() - started;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  try {
    while (performance.now() - started < GIVE_UP_MS) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      try {
        if ((await fetch(url)).status === 200) {
          const healthyMs = performance.now() - started;
          const cpuMs = cpuMsOf(child.pid);
          const ready = output.split("\n").find((line) => line.includes('"storefront ready"'));
          const readyMs = ready ? ((JSON.parse(ready) as { readyMs?: number }).readyMs ?? null) : null;
          return { healthyMs, readyMs, readyLineMs, cpuMs };
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    throw new Error(`server did not answer /healthz within ${GIVE_UP_MS / 1000} s:\n${output}`);
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

if (!existsSync(SERVER_ENTRY) || !existsSync(WEB_SERVER_ENTRY)) {
  console.log("No build found: npm run build");
  const { status } = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}

console.log(`P8 start-up, built server on PGlite, ${RUNS} run(s), median judged; load ${loadavg()[0]!.toFixed(2)}\n`);
if (loadavg()[0]! > 2) {
  console.log(
    "The machine is busy (load above 2): the wall times are stretched; the CPU column is what a start costs.\n",
  );
}
const runs: { first: Start; restart: Start }[] = [];
const dirs: string[] = [];
const cleanup = () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});
try {
  for (let i = 1; i <= RUNS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), "yj-startup-"));
    dirs.push(dataDir);
    const first = await start(dataDir);
    const restart = await start(dataDir);
    runs.push({ first, restart });
    const ready = (s: Start) =>
      `${s.readyMs === null ? "" : ` (server ready ${seconds(s.readyMs)})`}${s.cpuMs === null ? "" : ` [CPU ${seconds(s.cpuMs)}]`}`;
    console.log(
      `run ${i}: first start ${seconds(first.healthyMs)}${ready(first)}, restart ${seconds(restart.healthyMs)}${ready(restart)}; load ${loadavg()[0]!.toFixed(2)}`,
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
} catch (error) {
  cleanup();
  console.error((error as Error).message);
  process.exit(1);
}
cleanup();

const rows = (["first", "restart"] as const).map((kind) => {
  const ms = median(runs.map((r) => r[kind].healthyMs));
  const ready = runs.map((r) => r[kind].readyMs).filter((v): v is number => v !== null);
  const cpu = runs.map((r) => r[kind].cpuMs).filter((v): v is number => v !== null);
  return {
    measurement:
      kind === "first" ? "first start (migrate + seed), to /healthz" : "restart on existing data, to /healthz",
    medianMs: Math.round(ms),
    serverReadyMs: ready.length ? Math.round(median(ready)) : null,
    cpuMs: cpu.length ? Math.round(median(cpu)) : null,
    runsMs: runs.map((r) => Math.round(r[kind].healthyMs)),
    barMs: BARS[kind],
    pass: ms <= BARS[kind],
  };
});

console.log(
  `\n${"measurement".padEnd(44)} | ${"median".padStart(8)} | ${"server ready".padStart(12)} | ${"CPU".padStart(8)} | ${"bar".padStart(8)} | verdict`,
);
console.log(`${"-".repeat(44)}-|-${"-".repeat(8)}-|-${"-".repeat(12)}-|-${"-".repeat(8)}-|-${"-".repeat(8)}-|--------`);
for (const row of rows) {
  console.log(
    `${row.measurement.padEnd(44)} | ${seconds(row.medianMs).padStart(8)} | ${(row.serverReadyMs === null ? "-" : seconds(row.serverReadyMs)).padStart(12)} | ${(row.cpuMs === null ? "-" : seconds(row.cpuMs)).padStart(8)} | ${`<= ${row.barMs / 1000} s`.padStart(8)} | ${row.pass ? "PASS" : "MISS"}`,
  );
}

const resultsDir = join(ROOT, "bench/results");
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `startup-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify({ runs: RUNS, loadavg: loadavg(), rows, raw: runs }, null, 2)}\n`);
console.log(`\nP8 ${rows.every((r) => r.pass) ? "PASS" : "MISS"}; details in ${file.slice(ROOT.length)}`);
