// `npm run seed`: resets the demo data (catalogue and content) to its initial state.
import { loadEnv } from "./config/env.js";
import { migrateDatabase, openDatabase } from "./db/client.js";
import { loadDemoData } from "./db/seed/load-demo.js";

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.withStartupLock(async (db) => {
    await migrateDatabase(database, db);
    await loadDemoData(db, { reset: true });
  });
  console.log(`Demo data reset (${database.kind}${env.DATABASE_URL ? "" : ` in ${env.DATA_DIR}`}).`);
} finally {
  await database.close();
}
