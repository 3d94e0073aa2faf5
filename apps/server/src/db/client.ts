// The database is chosen at start (ADR 0002): DATABASE_URL → node-postgres pool, else PGlite in DATA_DIR.
import { PGlite, protocol } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { serverFile } from "../lib/paths.js";
import { poolClients, watchAnswers } from "./answer-watchdog.js";
import { BoundedPool, type PoolWait } from "./bounded-pool.js";
import { acquireDataDirLock } from "./data-dir-lock.js";
import * as schema from "./schema.js";
import { type RawRow, readWireRows } from "./wire-rows.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Values of a prepared statement's $1, $2 …, in order. */
export type StatementValues = readonly (string | number)[];

/** Runs one named statement with its values and answers its rows, each value as PostgreSQL's text bytes. */
export type PreparedStatement = (values: StatementValues) => Promise<RawRow[]>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * A named statement for the hottest reads (ADR 0010), written in SQL and kept prepared: on
   * PostgreSQL each pool connection parses and plans it once; on PGlite it is parsed once, where
   * the query builder's path parses and plans every query again (≈ 540 against 150 µs a goods page).
   * Values come back as bytes (ADR 0011): the goods page is JSON text on its way to the socket.
   */
  prepare(name: string, text: string): PreparedStatement;
  /** Runs migrations and other start-up work once, even when several instances start together. */
  withStartupLock<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query within `timeoutMs` (readiness). */
  ping(timeoutMs: number): Promise<void>;
  /** The PostgreSQL pool's connections (metrics); PGlite has one connection and none of this. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseTimeouts {
  /** Waiting for a connection, new or from the pool. */
  connectMs: number;
  /** A statement, and a transaction left idle; the answer is awaited a second longer. */
  statementMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, statementMs: 10_000 };

/** Where pool errors are reported (a pino logger fits). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

/** Rejects when `work` takes longer than `ms`. */
function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const drizzleOptions = { schema, casing: "snake_case" } as const;
// Any constant works; it only has to be the same for every instance.
const STARTUP_LOCK_KEY = 7_324_001;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  /**
   * How many requests may wait for a busy pool's next connection, and how long (docs/decisions/0048);
   * unset: any number, for as long as connecting may take (timeouts.connectMs).
   */
  poolWait?: PoolWait;
  log?: DatabaseLog;
  /** PGlite in memory only: starts from this dump (`dumpDataDir`), as the tests' databases do. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
    const poolWait = options.poolWait ?? { maxWaiting: Number.POSITIVE_INFINITY, timeoutMs: timeouts.connectMs };
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, timeouts, poolWait, options.log);
  }
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  if (loadDataDir && !inMemory) throw new Error("loadDataDir is for a database in memory");
  const release = inMemory ? () => {} : acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
    const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Db;
    // Statements live in the one connection: whoever prepares a name again (a second app on this
    // database, as tests build) uses the parsed one.
    const parsed = new Map<string, string>();
    return {
      db,
      kind: "pglite",
      prepare: (name, text) => pglitePrepared(client, parsed, name, text),
      withStartupLock: (work) => work(db),
      ping: (timeoutMs) => within(timeoutMs, client.query("select 1"), "the database").then(() => {}),
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

async function openPostgres(
  url: string,
  poolSize: number,
  timeouts: DatabaseTimeouts,
  poolWait: PoolWait,
  log: DatabaseLog | undefined,
): Promise<Database> {
  // A database that stops answering must not hang requests (ADR 0018): connecting, each statement
  // (ended by PostgreSQL) and each answer (a stalled network sends no error: answer-watchdog.ts,
  // ADR 0088) are bounded, and so is a transaction left idle, which would otherwise hold its locks.
  // Waiting for a busy pool's next connection is bounded in length and time, and answered 503, not
  // 500 (bounded-pool.ts).
  const pool = new BoundedPool(
    {
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.statementMs,
      keepAlive: true,
    },
    poolWait,
  );
  const watchdog = watchAnswers(pool, timeouts.statementMs + 1000);
  // A broken idle connection must not crash the process; the pool replaces it, and the log says so.
  pool.on("error", (error) => log?.warn({ err: error }, "database connection lost (the pool replaces it)"));
  // The pool only listens while a connection is idle. One lost while checked out between two
  // statements (a job's transaction, for instance) emits its error on the client itself: without a
  // listener that is an uncaught exception. Its next statement fails and the pool drops it on release.
  pool.on("connect", (client) => {
    client.on("error", (error) => log?.warn({ err: error }, "database connection lost while in use"));
  });
  const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    // node-postgres parses a named statement once per connection and binds it afterwards. It
    // decodes every value to a string; the text parser leaves it as PostgreSQL wrote it, and the
    // string is answered as it is: the serializer encodes it once, into the answer (ADR 0093).
    prepare: (name, text) => async (values) => {
      const { rows } = await pool.query<(string | null)[]>({
        name,
        text,
        values: [...values],
        rowMode: "array",
        types: textValues,
      });
      return rows;
    },
    // Its own connection, without the request timeouts: a migration may take long, and so may
    // waiting for another instance's.
    async withStartupLock(work) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await work(drizzlePg({ client, ...drizzleOptions }) as unknown as Db);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    ping: (timeoutMs) =>
      within(
        timeoutMs,
        pool.query({ text: "select 1", query_timeout: timeoutMs } as pg.QueryConfig),
        "the database",
      ).then(() => {}),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => {
      watchdog.stop();
      return endPool(pool, timeouts.connectMs);
    },
  };
}

/**
 * Ends the pool, and does not wait forever for it: a statement on a stalled network leaves its
 * connection waiting for an answer that never comes (until the watchdog's bound), and pg's end()
 * waits for that socket to close. After the grace period the remaining sockets are destroyed.
 */
async function endPool(pool: pg.Pool, graceMs: number): Promise<void> {
  const ended = pool.end().then(() => true);
  if (await endedWithin(ended, graceMs)) return;
  for (const client of poolClients(pool)) client.connection?.stream?.destroy();
  // A connection still checked out by a caller that never gives it back is left behind: closing
  // must finish, and the process is ending anyway.
  await endedWithin(ended, graceMs);
}

async function endedWithin(ended: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** node-postgres type parsers that keep every value as PostgreSQL's text. */
const textValues = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

const { serialize } = protocol;

/**
 * PGlite has no named statements in its query API, so this speaks the extended protocol to it:
 * Parse once, then Bind/Execute/Sync per call, reading the answer's bytes (wire-rows.ts). It
 * takes PGlite's own locks in the order its query() does, so it never runs inside another
 * caller's open transaction. A read changes no file, so nothing is synced to disk.
 */
function pglitePrepared(client: PGlite, parsed: Map<string, string>, name: string, text: string): PreparedStatement {
  const known = parsed.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement ${name} was prepared with other text`);
  const run = async (message: Uint8Array) => {
    const chunks: Buffer[] = [];
    await client.execProtocolRawStream(message, {
      syncToFs: false,
      // A view of the WASM memory, valid only during the call: copied.
      onRawData: (bytes) => {
        chunks.push(Buffer.from(bytes));
      },
    });
    return readWireRows(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  };
  return (values) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        if (!parsed.has(name)) {
          await run(Buffer.concat([serialize.parse({ name, text, types: [] }), serialize.sync()]));
          parsed.set(name, text);
        }
        return run(
          Buffer.concat([
            serialize.bind({ statement: name, values: values.map(String) }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
      }),
    );
}

export async function migrateDatabase(database: Database, db: Db): Promise<void> {
  const migrationsFolder = serverFile("drizzle");
  if (database.kind === "pglite") {
    await migratePglite(db as never, { migrationsFolder });
  } else {
    await migratePg(db as never, { migrationsFolder });
  }
}
