// `npm run admin -- …` (see modules/staff/admin-command.ts): opens the configured database, brings
// its schema up to date and runs the command. With the embedded database (PGlite) the server must
// be stopped first: one process at a time owns DATA_DIR (ADR 0017), and the refusal says so.
import { loadEnv } from "./config/env.js";
import { type Database, migrateDatabase, openDatabase } from "./db/client.js";
import { runAdminCommand } from "./modules/staff/admin-command.js";

let database: Database | undefined;
try {
  const env = loadEnv();
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const opened = database;
  const result = await opened.withStartupLock(async (db) => {
    await migrateDatabase(opened, db);
    return runAdminCommand(db, process.argv.slice(2));
  });
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  if (!result.ok) process.exitCode = 1;
} catch (error) {
  // A refusal (data directory in use, database unreachable, bad configuration) is a sentence, not a stack.
  console.error(`无法执行 / Cannot run: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
