// The server started from source as a process of its own, for the tests about what a process does
// (a crash, a kill -9): its environment is the test's plus `env`, and it is ready when it logs so.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("../../src/server.ts", import.meta.url));
// A bound, not a target: from source (tsx compiles the server as it loads) beside the browser suites on two
// busy cores, a start that takes 5 s alone took over 90 s in CI.
const START_TIMEOUT_MS = 180_000;

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves once the server logs that it is ready; rejects if it exits or takes too long first. */
  ready: Promise<void>;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
}

/** `imports`: modules loaded before the server (node --import), for example a crash trigger. */
export function startServerProcess(env: Record<string, string>, imports: string[] = []): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", ...imports.flatMap((m) => ["--import", m]), SERVER], {
    env: { ...process.env, NODE_ENV: "test", SEED_DEMO: "false", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start:\n${stdout}\n${stderr}`));
    }, START_TIMEOUT_MS);
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (stdout.includes("storefront ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${stdout}\n${stderr}`));
    });
  });
  // A rejection after the server was ready (it exited later, as the tests make it) is no failure.
  ready.catch(() => {});
  return { child, ready, stdout: () => stdout, stderr: () => stderr };
}
