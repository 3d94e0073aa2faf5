// bench/pages profile (issue #22 item 2): the built server under `node --cpu-prof`, one page loaded
// uncached for BENCH_PROFILE_SECONDS, then stopped with SIGTERM so it exits normally and Node.js
// writes the profile (into bench/results/). Prints the top frames by self and by inclusive time,
// and self time by package, over the load window only, per page served.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processCpuMs } from "../api/cpu.js";
import { adminUrl, createScratchDatabase, redact, unreachableReason } from "../api/postgres.js";
import { killAllNow, spawnChild, stopAll, stopChild, waitForMessage } from "../api/processes.js";
import { isLoadMessage, isPhaseMessage, type LoadJob } from "../api/protocol.js";
import { attribute, type CpuProfile, renderTop } from "./cpu-profile.js";
import { type Database, ROOT, requireBuild, startShop } from "./shop.js";
import { PAGE_NAMES, type PageName, preflight, prepare } from "./visits.js";

const TOP = 25;
const page = (process.env.BENCH_PROFILE_PAGE ?? "home") as PageName;
if (!PAGE_NAMES.includes(page)) throw new Error(`BENCH_PROFILE_PAGE：未知页面 ${page}；可选 ${PAGE_NAMES.join(", ")}`);
const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const kind = process.env.BENCH_DB === "pglite" ? "pglite" : "postgres";
const cleanups: (() => Promise<void> | void)[] = [];
process.on("exit", killAllNow);

async function main(): Promise<void> {
  requireBuild();
  let database: Database;
  if (kind === "postgres") {
    const admin = adminUrl();
    const unreachable = await unreachableReason(admin);
    if (unreachable) throw new Error(`PostgreSQL ${redact(admin)} 无法连接：${unreachable}（或用 BENCH_DB=pglite）`);
    const scratch = await createScratchDatabase(admin);
    cleanups.push(() => scratch.drop());
    database = { kind, url: scratch.url, name: scratch.name };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), "yj-bench-profile-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    database = { kind, dataDir };
  }
  const visit = (await prepare(kind, database)).find((v) => v.name === page);
  if (!visit) throw new Error(`no ${page} page`);
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const name = `pages-profile-${page}-${new Date().toISOString().replaceAll(":", "-")}.cpuprofile`;
  const shop = await startShop({
    name: `${kind} profile`,
    database,
    mode: "uncached",
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}`, "--cpu-prof-interval=250"],
  });
  await preflight(shop.url, visit);
  const job: LoadJob = {
    url: `${shop.url}${visit.path}`,
    connections: 10,
    warmupSeconds: 2,
    durationSeconds: seconds,
    headers: { "accept-encoding": "gzip, deflate, br", ...(visit.cookie ? { cookie: visit.cookie } : {}) },
  };
  const load = spawnChild(
    "load",
    process.execPath,
    ["--import", "tsx", join(ROOT, "bench/api/load.ts"), JSON.stringify(job)],
    {
      cwd: ROOT,
      ipc: true,
    },
  );
  // The profile's clock is the monotonic one process.hrtime reads: the window is cut out of it.
  let fromUs = 0;
  let cpuBefore: number | null = null;
  load.proc.on("message", (m: unknown) => {
    if (!isPhaseMessage(m)) return;
    fromUs = Number(process.hrtime.bigint() / 1000n);
    cpuBefore = processCpuMs(shop.child.proc.pid);
  });
  const message = await waitForMessage(load, isLoadMessage, "autocannon result", (seconds + 70) * 1000);
  const toUs = Number(process.hrtime.bigint() / 1000n);
  const cpuAfter = processCpuMs(shop.child.proc.pid);
  await stopChild(load);
  if (message.type === "error") throw new Error(`autocannon failed: ${message.message}`);
  // SIGTERM: the server drains and exits with process.exit(0), and Node.js writes the profile then.
  await stopChild(shop.child, 20_000);
  const file = readdirSync(dir).find((f) => f === name);
  if (!file) throw new Error(`the server wrote no profile (${name}); exit ${await shop.child.exited}`);
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
  const pages = message.measured.requests;
  const a = attribute(profile, fromUs, toUs);
  const processMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  console.log(
    `\n${kind} uncached ${visit.name} ${visit.path}: ${pages} pages in ${message.measured.durationSeconds} s ` +
      `(${message.measured.requestsPerSecond.toFixed(0)} pages/s, non-2xx ${message.measured.non2xx})`,
  );
  console.log(
    `main thread busy ${(a.busyMs / pages).toFixed(2)} ms/answer in the profile${a.windowed ? "" : " (load window not found: the whole run)"}; ` +
      `process CPU ${processMs === null ? "-" : (processMs / pages).toFixed(2)} ms/answer from /proc.\n` +
      "The profile samples the main thread's wall time: on a loaded machine that includes waiting for a core, " +
      "and /proc also counts the other threads (GC helpers, zlib, the database driver). Read the shares (% of busy).",
  );
  console.log(`\n${renderTop(`Top ${TOP} by self time`, a.selfByFrame, a.busyMs, pages, TOP)}`);
  console.log(`\n${renderTop(`Top ${TOP} by inclusive time`, a.inclusiveByFrame, a.busyMs, pages, TOP)}`);
  console.log(`\n${renderTop("Self time by package", a.selfByPackage, a.busyMs, pages, 15)}`);
  console.log(`\nprofile: ${join(dir, file)} (open it in Chrome DevTools → Performance)`);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench/pages profile failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  for (const task of cleanups.reverse()) await Promise.resolve(task()).catch(() => {});
}
