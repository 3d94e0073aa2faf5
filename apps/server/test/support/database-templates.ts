// Every server test file used to make its databases from nothing: on PGlite that is initdb (about
// 10 s on a loaded 2-core machine, most of a file's set-up), then the migrations and the demo shop.
// Instead, the run builds a template per backend and kind (migrated, or migrated and seeded) before
// the first file starts, and every database is a copy (ADR 0043): a PGlite database in memory loaded
// from the template's dump (ADR 0098; the directory itself is copied for tests about data
// directories), a PostgreSQL database created `template` the template. The templates live as long as
// the run (vitest-global-setup.ts builds them, and removes them all at the end).
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { migrateDatabase, openDatabase } from "../../src/db/client.js";
import { loadDemoData } from "../../src/db/seed/load-demo.js";

/** Where a run keeps its templates: a directory, and a prefix for its PostgreSQL templates' names. */
export interface TemplatePlace {
  dir: string;
  postgresPrefix: string;
}

export type TemplateKind = "migrated" | "seeded";

/** Builds every template the run can need (the PostgreSQL ones only with `adminUrl`). */
export async function buildTemplates(place: TemplatePlace, adminUrl: string | undefined): Promise<void> {
  // One after the other: side by side they only share the same two cores, and a failure is clearer.
  for (const kind of ["migrated", "seeded"] as const) {
    await pgliteTemplateDump(place, kind);
    if (adminUrl) await postgresTemplate(place, adminUrl, kind);
  }
}

/** Fills an opened, empty database. */
async function fill(databaseUrl: string | undefined, dataDir: string, kind: TemplateKind): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
  try {
    await database.withStartupLock(async (db) => {
      await migrateDatabase(database, db);
      if (kind === "seeded") await loadDemoData(db, { reset: false });
    });
  } finally {
    await database.close();
  }
}

const BUILD_TIMEOUT_MS = 300_000;

/**
 * Runs `build` once for the whole run, whoever asks first (the global setup, or a worker when a test
 * file runs under a config without it): the others wait for its "ready" mark (mkdir is atomic, so
 * exactly one builds). Answers what the builder wrote in the mark.
 */
async function once(dir: string, name: string, build: () => Promise<string>): Promise<string> {
  const ready = join(dir, `${name}.ready`);
  if (existsSync(ready)) return readFileSync(ready, "utf8");
  let builder = false;
  try {
    mkdirSync(join(dir, `${name}.building`));
    builder = true;
  } catch {
    // another worker builds it
  }
  if (builder) {
    try {
      const result = await build();
      writeFileSync(`${ready}.tmp`, result);
      renameSync(`${ready}.tmp`, ready);
      return result;
    } catch (error) {
      writeFileSync(join(dir, `${name}.failed`), String(error));
      throw error;
    }
  }
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (existsSync(ready)) return readFileSync(ready, "utf8");
    if (existsSync(join(dir, `${name}.failed`))) throw new Error(`the ${name} template failed in another worker`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the ${name} template was not ready within ${BUILD_TIMEOUT_MS} ms`);
}

/** A fresh PGlite data directory copied from the run's template; removed by the answered function. */
export async function copyPgliteTemplate(
  place: { dir: string },
  kind: TemplateKind,
): Promise<{ dataDir: string; remove(): void }> {
  const template = await once(place.dir, `pglite-${kind}`, async () => {
    const building = join(place.dir, `pglite-${kind}.tmp`);
    await fill(undefined, building, kind);
    const done = join(place.dir, `pglite-${kind}`);
    renameSync(building, done);
    return done;
  });
  const dataDir = join(place.dir, `db-${randomBytes(6).toString("hex")}`);
  cpSync(template, dataDir, { recursive: true });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * The run's PGlite template of this kind as an uncompressed dump (`dumpDataDir`), made once: a test's
 * database starts in memory from it, which costs less CPU than copying the directory and running
 * on files (every relation file a statement touches is opened through Emscripten's file system).
 */
export async function pgliteTemplateDump(place: { dir: string }, kind: TemplateKind): Promise<Blob> {
  const file = await once(place.dir, `pglite-${kind}-dump`, async () => {
    const copy = await copyPgliteTemplate(place, kind);
    try {
      const client = await PGlite.create(copy.dataDir, { extensions: { pg_trgm } });
      const dump = await client.dumpDataDir("none");
      await client.close();
      const done = join(place.dir, `pglite-${kind}.tar`);
      writeFileSync(done, Buffer.from(await dump.arrayBuffer()));
      return done;
    } finally {
      copy.remove();
    }
  });
  // Read once per worker: a Blob cannot change, and the seeded dump is 44 MB (workers share modules, ADR 0081).
  let dump = dumps.get(file);
  if (!dump) {
    dump = new Blob([readFileSync(file)]);
    dumps.set(file, dump);
  }
  return dump;
}

const dumps = new Map<string, Blob>();

/** The name of the run's PostgreSQL template of this kind, built on first use. */
export function postgresTemplate(place: TemplatePlace, adminUrl: string, kind: TemplateKind): Promise<string> {
  return once(place.dir, `postgres-${kind}`, async () => {
    const name = `${place.postgresPrefix}${kind}`;
    const admin = adminClient(adminUrl);
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Closed before anyone copies it: PostgreSQL copies only a template nobody is connected to.
    await fill(url.toString(), "unused", kind);
    return name;
  });
}

/**
 * A connection for creating and dropping databases. A connection the server ends between queries
 * emits an error; with a listener, that fails the next query instead of the whole run.
 */
export function adminClient(adminUrl: string): pg.Client {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on("error", () => {});
  return client;
}
