// Starts the built server (apps/server/dist/server.js) as a real process on a free port, with its own
// data directory, and captures its JSON log lines (the console SMS provider logs codes there).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { scratchDir } from "./scratch";

export const ROOT = new URL("../..", import.meta.url).pathname;
export const SERVER_ENTRY = join(ROOT, "apps/server/dist/server.js");

/**
 * Node's flags for the built server and command under test. `--liftoff-only`: V8 runs PGlite's
 * WebAssembly on its baseline compiler and never spends a core recompiling it optimised, which a
 * process that lives for one suite never earns back: a server's start on the seeded copy took
 * 2.1–2.6 s of CPU instead of 2.7–3.4 s, 7.5–7.8 instead of 9.0–9.2 s after 400 answers, and
 * `admin create` 1.0–1.2 instead of 1.8–2.0 s (docs/decisions/0099). WebAssembly means the same on
 * either compiler; production keeps V8's default.
 */
export const NODE_FLAGS_UNDER_TEST: readonly string[] = ["--liftoff-only"];

/**
 * With REDIS_URL set (CI), this run's rate-limit counters live under their own keys: never the
 * production ones, nor an earlier run's (its sends would count against this one's).
 */
export const RUN_REDIS_PREFIX = `yj:e2e:${randomBytes(4).toString("hex")}:`;

/** A mainland mobile number no earlier run has used (its send limits start fresh). */
export function freshPhone(): string {
  const digits = randomBytes(9).reduce((text, byte) => text + (byte % 10), "");
  return `1${3 + ((randomBytes(1)[0] as number) % 7)}${digits}`;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  logs: string[];
  /** Parsed JSON log lines. */
  logLines(): Record<string, unknown>[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  cleanup(): void;
}

export interface StartOptions {
  dataDir?: string;
  /** A port of its own (a restarted instance takes its old place behind the load balancer). */
  port?: number;
  /** Another copy of the built server (the production install test), run from its own folder. */
  entry?: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Resolve when the process exits instead of waiting for /healthz (for refusal tests). */
  expectExit?: boolean;
  /** A new data directory made from nothing (a first start), not a copy of the run's template. */
  fresh?: boolean;
  /** How long to wait for /healthz; 100 s by default, within the suites' 120 s hook timeout. */
  readyWithinMs?: number;
}

/**
 * A new data directory for a server: a copy of the run's migrated and seeded template
 * (support/data-template.ts) unless `fresh`, or when the run has none.
 */
export function newDataDir(fresh = false): string {
  const dir = scratchDir("yj-e2e-");
  const template = fresh ? undefined : inject("dataTemplate");
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * The suites log in many times from one address: the SMS human check and the per-network budget
 * (docs/decisions/0046) are off unless a suite turns them on (accounts.e2e.ts does).
 */
export const HUMAN_CHECK_OFF: Readonly<Record<string, string>> = {
  SMS_CHECK_AFTER_NETWORK_SENDS: "10000000",
  SMS_CHECK_AFTER_BUDGET_PERCENT: "100",
  SMS_NETWORK_DAILY_BUDGET: "10000000",
};

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const entry = options.entry ?? SERVER_ENTRY;
  if (!existsSync(entry)) throw new Error(`${entry} missing: run npm run build`);
  const port = options.port ?? (await freePort());
  // A server on PostgreSQL (DATABASE_URL) does not open its data directory: nothing to copy.
  const dataDir = options.dataDir ?? newDataDir(options.fresh || Boolean(options.env?.DATABASE_URL));
  const logs: string[] = [];
  const child = spawn(process.execPath, [...NODE_FLAGS_UNDER_TEST, entry], {
    cwd: options.cwd ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      REDIS_PREFIX: RUN_REDIS_PREFIX,
      ...HUMAN_CHECK_OFF,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = "";
    stream?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      logs.push(...lines);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    logs,
    logLines: () =>
      logs.flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
    cleanup() {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (options.expectExit) {
    await exited;
    return server;
  }
  // A first start migrates and seeds the embedded database: seconds on a quiet machine, near a
  // minute when other suites load it. Within the suites' 120 s hook timeout.
  const deadline = Date.now() + (options.readyWithinMs ?? 100_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs.join("\n")}`);
    try {
      const res = await fetch(`${server.url}/healthz`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop("SIGKILL");
  throw new Error(`server did not become ready:\n${logs.join("\n")}`);
}
