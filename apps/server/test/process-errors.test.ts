// A bug that escapes every handler (an unhandled rejection, an uncaught exception) is written to
// the log as one masked JSON line before the process ends, not printed raw on stderr.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SERVER = fileURLToPath(new URL("../src/server.ts", import.meta.url));
const CRASH_ON_SIGNAL = fileURLToPath(new URL("./support/crash-on-signal.mjs", import.meta.url));

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the server from source, waits until it is ready, makes it crash and collects what it wrote. */
function crash(kind: "rejection" | "exception"): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--import", CRASH_ON_SIGNAL, SERVER], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        CRASH: kind,
        DATA_DIR: "memory://",
        DATABASE_URL: "",
        SEED_DEMO: "false",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let signalled = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no crash within the time limit:\n${stdout}\n${stderr}`));
    }, 90_000);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (!signalled && stdout.includes("storefront ready")) {
        signalled = true;
        child.kill("SIGUSR2");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function fatalLines(stdout: string) {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string; stack?: string } })
    .filter((line) => line.level === 60);
}

describe("process errors", () => {
  for (const kind of ["rejection", "exception"] as const) {
    it(`an unhandled ${kind} is logged masked through the logger, then the process exits 1`, async () => {
      const { code, stdout, stderr } = await crash(kind);
      expect(code).toBe(1);
      const [fatal, ...more] = fatalLines(stdout);
      expect(more).toEqual([]);
      expect(fatal?.msg).toBe(kind === "rejection" ? "unhandled rejection" : "uncaught exception");
      expect(fatal?.err?.message).toBe("lost the order of 138****5678");
      expect(fatal?.err?.stack).toMatch(/crash-on-signal/);
      expect(stdout + stderr).not.toContain("13812345678");
    }, 120_000);
  }
});
