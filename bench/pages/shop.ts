// The built production server for bench/pages, on a scratch PostgreSQL database or a PGlite
// directory, in one of the modes the bench measures. A child of bench/api/processes.ts, so it is
// stopped at the end, on failure or on Ctrl-C.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { type Child, spawnChild, waitForHealth } from "../api/processes.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SERVER_ENTRY = join(ROOT, "apps/server/dist/server.js");
const WEB_BUILD = join(ROOT, "apps/web/dist");
/** First start migrates and seeds (P8 allows 30 s); a busy shared machine gets some slack. */
const START_TIMEOUT_MS = 180_000;

export type Database = { kind: "postgres"; url: string; name: string } | { kind: "pglite"; dataDir: string };

/**
 * cached: the server's normal settings (the API cache at its production default, 5 s; an HTML page
 * cache, where the build has one, at its default size).
 * uncached: PAGE_CACHE_BYTES=0, so every page is rendered; its API reads meet the API cache as in
 * production (the issue's own page figures were taken so: docs/decisions/0059).
 * cold: API_CACHE_SECONDS=0 as well, so every render also reads the database (information).
 * mix: as deployed behind one proxy (TRUST_PROXY=1), read limits and load shedding on (bench/overload).
 */
export type Mode = "cached" | "uncached" | "cold" | "mix";

export interface Shop {
  child: Child;
  url: string;
  /** Everything the server printed (JSON log lines), for the console SMS provider's codes. */
  output(): string;
}

export function requireBuild(): void {
  if (!existsSync(SERVER_ENTRY) || !existsSync(WEB_BUILD))
    throw new Error("bench/pages 需要先构建：npm run build（apps/server/dist 与 apps/web/dist 不存在）");
}

function modeEnv(mode: Mode): Record<string, string> {
  if (mode === "mix") return { TRUST_PROXY: "1" };
  return {
    // autocannon connects directly.
    TRUST_PROXY: "0",
    // One client sends every request here: the per-IP limits would measure themselves (ADR 0022).
    RATE_LIMIT_READS_PER_MINUTE: "0",
    // Cost and throughput are measured here, not what the server refuses past them (ADR 0048).
    LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
    ...(mode === "uncached" ? { PAGE_CACHE_BYTES: "0" } : {}),
    ...(mode === "cold" ? { API_CACHE_SECONDS: "0", PAGE_CACHE_BYTES: "0" } : {}),
  };
}

export interface StartOptions {
  name: string;
  database: Database;
  mode: Mode;
  /** "info" lets a customer log in with the code the console SMS provider logs. */
  logLevel?: "info" | "warn";
  /** Node.js flags before the entry (the profile's --cpu-prof). */
  nodeArgs?: string[];
}

export async function startShop(options: StartOptions): Promise<Shop> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Only what this bench sets reaches the server: not the caller's database, cache or limits.
  for (const key of Object.keys(env))
    if (/^(DATABASE_URL|DATA_DIR|REDIS_URL|API_CACHE_|PAGE_CACHE_|RATE_LIMIT_|LOAD_SHED_|TRUST_PROXY)/.test(key))
      delete env[key];
  const child = spawnChild(options.name, process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    echo: false,
    env: {
      ...env,
      // As deployed: production mode with throwaway secrets, the demo shop loaded on first start.
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      CODE_HASH_SECRET: randomBytes(32).toString("hex"),
      SMS_PROVIDER: "console",
      SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
      PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
      SEED_DEMO: "true",
      LOG_LEVEL: options.logLevel ?? "warn",
      SHUTDOWN_DRAIN_MS: "0",
      ...(options.database.kind === "postgres"
        ? { DATABASE_URL: options.database.url }
        : { DATABASE_URL: "", DATA_DIR: options.database.dataDir }),
      ...modeEnv(options.mode),
    },
  });
  const chunks: string[] = [];
  child.proc.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(child, `${url}/healthz`, START_TIMEOUT_MS);
  return { child, url, output: () => chunks.join("") };
}
