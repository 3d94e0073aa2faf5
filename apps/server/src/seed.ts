// `npm run seed [-- --force]`: resets the demo data (catalogue and content) to its initial state. A
// database holding data the demo did not write, or a shop in use, is refused with the reason and
// left as it was (db/seed/seed-command.ts).
import { loadEnv } from "./config/env.js";
import { migrateDatabase, openDatabase } from "./db/client.js";
import { runSeedCommand } from "./db/seed/seed-command.js";

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const result = await database.withStartupLock(async (db) => {
    await migrateDatabase(database, db);
    return runSeedCommand(db, process.argv.slice(2));
  });
  if (result.ok) {
    console.log(`${result.lines.join("\n")} (${database.kind}${env.DATABASE_URL ? "" : ` in ${env.DATA_DIR}`}).`);
  } else {
    console.error(result.lines.join("\n"));
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
