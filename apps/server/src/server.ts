// Owns the process: environment, logger, database, start-up work, listen, graceful shutdown.
import { buildApp } from "./app.js";
import { loadEnv } from "./config/env.js";
import { migrateDatabase, openDatabase } from "./db/client.js";
import { DemoDataRefusedError, loadDemoData } from "./db/seed/load-demo.js";
import { createLogger } from "./lib/logger.js";
import { firstAdminHint } from "./modules/staff/admin-command.js";

const startedAt = performance.now();
const env = (() => {
  try {
    return loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();
const logger = createLogger(env.LOG_LEVEL);

// A bug that escaped every handler is written through the logger (masked, one JSON line, pino's
// stdout is synchronous), then the process ends: its state is unknown, and a supervisor restarts it.
function die(message: string, error: unknown): never {
  logger.fatal({ err: error instanceof Error ? error : new Error(String(error)) }, message);
  process.exit(1);
}
process.on("unhandledRejection", (reason) => die("unhandled rejection", reason));
process.on("uncaughtException", (error) => die("uncaught exception", error));

async function main() {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    timeouts: { connectMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    poolWait: { maxWaiting: env.DATABASE_POOL_MAX_WAITING, timeoutMs: env.DATABASE_POOL_WAIT_MS },
    log: logger,
  });
  await database.withStartupLock(async (db) => {
    await migrateDatabase(database, db);
    if (env.SEED_DEMO) {
      try {
        if (await loadDemoData(db, { reset: false })) logger.info("demo data loaded");
      } catch (error) {
        // The shop's own data is there: it is served as it is.
        if (!(error instanceof DemoDataRefusedError)) throw error;
        logger.warn(error.message);
      }
    }
  });
  const shutdownState = { draining: false };
  const app = await buildApp({ env, database, logger, shutdown: shutdownState });
  await app.listen({ port: env.PORT, host: env.HOST });
  logger.info({ database: database.kind, readyMs: Math.round(performance.now() - startedAt) }, "storefront ready");
  const hint = await firstAdminHint(database.db, {
    embedded: database.kind === "pglite",
    adminUrl: `${env.ADMIN_BASE_URL}/admin`,
  });
  if (hint) logger.info(hint);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Draining (ADR 0033): /readyz answers 503 first, so the load balancer's health check sends new
    // requests elsewhere; then the server stops listening, in-flight requests finish, pools close.
    shutdownState.draining = true;
    logger.info({ signal, drainMs: env.SHUTDOWN_DRAIN_MS }, "shutting down: draining");
    // A stuck request does not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), env.SHUTDOWN_DRAIN_MS + 10_000);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: Error) => {
  logger.fatal({ err: { message: error.message, name: error.name } }, "failed to start");
  console.error(`\n无法启动 / Cannot start: ${error.message}\n`);
  process.exit(1);
});
