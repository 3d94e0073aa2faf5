// A bug that escapes every handler (an unhandled rejection, an uncaught exception) is written to
// the log as one masked JSON line before the process ends, not printed raw on stderr.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { templatePlace } from "./helper.js";
import { copyPgliteTemplate } from "./support/database-templates.js";
import { startServerProcess } from "./support/server-process.js";

const CRASH_ON_SIGNAL = fileURLToPath(new URL("./support/crash-on-signal.mjs", import.meta.url));

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the server from source, waits until it is ready, makes it crash and collects what it wrote. */
async function crash(kind: "rejection" | "exception"): Promise<Outcome> {
  // On a copy of the run's migrated database when it has one: a start without the migrations.
  const place = templatePlace();
  const copy = place ? await copyPgliteTemplate(place, "migrated") : undefined;
  const dataDir = copy?.dataDir ?? "memory://";
  try {
    const server = startServerProcess({ CRASH: kind, DATA_DIR: dataDir, DATABASE_URL: "", PORT: "0" }, [
      CRASH_ON_SIGNAL,
    ]);
    // "close", not "exit": the last lines it wrote may still be on their way when it exits.
    const exited = new Promise<number | null>((resolve) => server.child.once("close", resolve));
    await server.ready;
    server.child.kill("SIGUSR2");
    const code = await exited;
    return { code, stdout: server.stdout(), stderr: server.stderr() };
  } finally {
    copy?.remove();
  }
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
    }, 240_000);
  }
});
