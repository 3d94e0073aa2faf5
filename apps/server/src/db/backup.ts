// Backups of the embedded database (ADR 0033): PGlite's own dump of its data directory, a gzipped
// tar, taken and restored while no server uses the directory (its lock, ADR 0017, proves that).
// PostgreSQL is backed up with pg_dump / pg_restore instead (README).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { acquireDataDirLock, LOCK_FILE } from "./data-dir-lock.js";

/** Writes a dump of `dataDir` to `file`; refuses (DataDirInUseError) while a server holds the directory. */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(resolve(dataDir, "PG_VERSION")))
    throw new Error(`${resolve(dataDir)} holds no embedded database: nothing to back up.`);
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    try {
      const dump = await client.dumpDataDir("gzip");
      const bytes = Buffer.from(await dump.arrayBuffer());
      mkdirSync(dirname(resolve(file)), { recursive: true });
      // Written beside, then renamed: a backup file is whole or absent.
      const partial = `${file}.partial`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      return { bytes: bytes.length };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces `dataDir` by the database in `file`. The directory it replaces is kept beside it
 * (answered as `previous`), never deleted; refuses while a server holds the directory.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<{ previous: string | null }> {
  const target = resolve(dataDir);
  const dump = new Blob([readFileSync(file)]);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const staging = `${target}.restoring-${stamp}`;
  const hadData = existsSync(target) && readdirSync(target).length > 0;
  const release = hadData ? acquireDataDirLock(target) : () => {};
  try {
    const client = await PGlite.create(staging, { loadDataDir: dump, extensions: { pg_trgm } });
    // A dump that does not open as a database fails here, before anything is replaced.
    await client.query("select 1");
    await client.close();
    // The dump was taken under the backup's lock; that holder is gone, its lock file must go too.
    rmSync(resolve(staging, LOCK_FILE), { force: true });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    release();
    throw error;
  }
  release();
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${stamp}`;
    renameSync(target, previous);
  }
  renameSync(staging, target);
  return { previous };
}
