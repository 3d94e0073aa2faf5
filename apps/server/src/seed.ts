// `npm run seed`: resets the demo data (catalogue and content) to its initial state. A database
// holding data the demo did not write is refused, with the reason, and left as it was.
import { loadEnv } from "./config/env.js";
import { migrateDatabase, openDatabase } from "./db/client.js";
import { DemoDataRefusedError, loadDemoData } from "./db/seed/load-demo.js";

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.withStartupLock(async (db) => {
    await migrateDatabase(database, db);
    await loadDemoData(db, { reset: true });
  });
  console.log(`Demo data reset (${database.kind}${env.DATABASE_URL ? "" : ` in ${env.DATA_DIR}`}).`);
} catch (error) {
  if (!(error instanceof DemoDataRefusedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
