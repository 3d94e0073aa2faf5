// The database is chosen at start (ADR 0002): DATABASE_URL → node-postgres pool, else PGlite in DATA_DIR.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { serverFile } from "../lib/paths.js";
import { acquireDataDirLock } from "./data-dir-lock.js";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs migrations and other start-up work once, even when several instances start together. */
  withStartupLock<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const drizzleOptions = { schema, casing: "snake_case" } as const;
// Any constant works; it only has to be the same for every instance.
const STARTUP_LOCK_KEY = 7_324_001;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const release = inMemory ? () => {} : acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(inMemory ? dataDir : dataDir, { extensions: { pg_trgm } });
    const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      withStartupLock: (work) => work(db),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async withStartupLock(work) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await work(drizzlePg({ client, ...drizzleOptions }) as unknown as Db);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function migrateDatabase(database: Database, db: Db): Promise<void> {
  const migrationsFolder = serverFile("drizzle");
  if (database.kind === "pglite") {
    await migratePglite(db as never, { migrationsFolder });
  } else {
    await migratePg(db as never, { migrationsFolder });
  }
}
