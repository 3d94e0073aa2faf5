// Once per run of the browser suites: a data directory the built server has migrated and seeded,
// made by one real first start and a graceful stop. A suite's server starts on a copy of it
// (startServer), which skips initdb in WebAssembly, the migrations and the demo seed: about 14 s of
// CPU per start on the 2-core machine, for some twenty starts per run (docs/decisions/0070).
// Suites that test the first start itself ask for a fresh directory (`fresh: true`).
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { scratchDir } from "./scratch";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The seeded data directory to copy; undefined: each server makes its own from nothing. */
    dataTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const dir = scratchDir("yj-e2e-template-");
  // No hook timeout applies here, and the first start is the slowest: as long as it takes, within reason.
  const server = await startServer({ dataDir: dir, fresh: true, readyWithinMs: 600_000 });
  // SIGTERM: the server closes PGlite (a checkpoint) and releases the directory's lock (ADR 0017).
  const code = await server.stop("SIGTERM");
  if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${server.logs.join("\n")}`);
  project.provide("dataTemplate", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
