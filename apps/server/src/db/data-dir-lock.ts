// PGlite is single-process: a second server on the same DATA_DIR would corrupt it. The first
// process holds a lock file with its pid; a second one is refused with a clear message, and a
// lock left by a process that died is taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DataDirInUseError extends Error {}

export function acquireDataDirLock(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(
          `The data directory ${dir} is in use by another running server (pid ${owner}). ` +
            "Stop that server first, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).",
        );
      }
      unlinkSync(file); // stale lock from a process that is gone
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dir}.`);
}
