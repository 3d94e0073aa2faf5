// `npm test`: everything, in parallel where the steps are independent (ADR 0043). Lint, types, the
// unit and API tests and the production build start at once; the browser and process tests start
// as soon as the build is done. Each step's output is held back and printed whole when it ends, so
// parallel steps never interleave; a failing step's output is printed last, and the rest stopped.
import "./lib/require-node.mjs";
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

/** `after`: the steps that must have passed first (the browser tests run against the build). */
const steps = [
  { name: "lint", cmd: "npm", args: ["run", "lint"] },
  { name: "types", cmd: "npm", args: ["run", "typecheck"] },
  { name: "unit and API tests", cmd: "npm", args: ["run", "test:unit"] },
  { name: "build", cmd: "npm", args: ["run", "build"] },
  { name: "browser and process tests", cmd: "npm", args: ["run", "test:e2e"], after: ["build"] },
];

/** Every step's whole output is also kept here, a stopped step's too (its output is not printed). */
const LOG_DIR = "node_modules/.cache/npm-test";
mkdirSync(LOG_DIR, { recursive: true });
const logFile = (step) => `${LOG_DIR}/${step.name.replaceAll(" ", "-")}.log`;

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const clock = () => `[${seconds(started).padStart(8)}]`;

/** @type {Map<string, { status: "running" | "passed" | "failed" | "stopped", took?: string, child?: import("node:child_process").ChildProcess }>} */
const state = new Map();
let failed = false;

function run(step) {
  const t0 = Date.now();
  const output = [];
  console.log(`${clock()} ${step.name} started: ${step.cmd} ${step.args.join(" ")}`);
  // Its own process group, so stopping a step stops everything it started (servers, browsers).
  const child = spawn(step.cmd, step.args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  state.set(step.name, { status: "running", child });
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const entry = state.get(step.name);
      const took = seconds(t0);
      const text = Buffer.concat(output).toString("utf8").trimEnd();
      writeFileSync(logFile(step), `${text}\n`);
      if (entry.status === "stopped") {
        console.log(`${clock()} ${step.name} stopped after ${took} (its output so far: ${logFile(step)})`);
        return resolve(false);
      }
      const ok = code === 0;
      state.set(step.name, { status: ok ? "passed" : "failed", took });
      console.log(`\n== ${step.name} ${ok ? "ok" : `FAILED (${signal ?? `exit ${code}`})`} in ${took}`);
      if (text) console.log(text);
      console.log(`== end of ${step.name}\n`);
      if (!ok) stopOthers(step.name);
      resolve(ok);
    });
  });
}

function stopOthers(failedStep) {
  if (failed) return;
  failed = true;
  for (const [name, entry] of state) {
    if (name === failedStep || entry.status !== "running") continue;
    entry.status = "stopped";
    try {
      process.kill(-entry.child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

// Ctrl-C stops every step's process group, not only the steps' first processes.
process.on("SIGINT", () => {
  stopOthers("");
  process.exit(130);
});

const finished = new Map();
function start(step) {
  if (!finished.has(step.name)) {
    finished.set(
      step.name,
      (async () => {
        const before = await Promise.all((step.after ?? []).map((name) => start(steps.find((s) => s.name === name))));
        if (before.some((ok) => !ok) || failed) {
          state.set(step.name, { status: "stopped" });
          return false;
        }
        return run(step);
      })(),
    );
  }
  return finished.get(step.name);
}

await Promise.all(steps.map(start));

console.log("== steps");
for (const step of steps) {
  const entry = state.get(step.name);
  console.log(`   ${step.name.padEnd(28)} ${(entry?.status ?? "not run").padEnd(8)} ${entry?.took ?? ""}`);
}
if (failed) {
  const failing = steps.filter((s) => state.get(s.name)?.status === "failed").map((s) => s.name);
  console.error(`== failed: ${failing.join(", ")} (its output is above) after ${seconds(started)}`);
  process.exit(1);
}
console.log(`== all steps passed in ${seconds(started)}`);
