// PGlite is single-process: a second server on the same DATA_DIR would corrupt it (ADR 0017). The
// server holds DATA_DIR/server.lock, made atomically (a fully written file linked into place), naming
// its host, boot, pid namespace and pid, and kept fresh by a heartbeat. A lock is taken over only
// when its holder is proven gone; the takeover is atomic too: one taker per stale lock.
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  fstatSync,
  futimesSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

export const LOCK_FILE = "server.lock";
/** The holder touches its lock this often… */
export const HEARTBEAT_MS = 10_000;
/** …so a lock untouched this long has no living holder, wherever it runs. */
export const STALE_AFTER_MS = 60_000;
/** A lock that cannot be read may be one being written; judged only after this. */
const UNREADABLE_GRACE_MS = 5_000;

/** Who holds a lock. A pid means something only in its own pid namespace, on its own boot, on its host. */
export interface LockHolder {
  pid: number;
  host: string | null;
  bootId: string | null;
  pidNamespace: string | null;
  /** Tells two locks of one process apart. */
  token: string | null;
  since?: string;
}

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/** Another process took the directory over while this one held it (it had stopped touching its lock). */
export class DataDirLockLostError extends Error {
  override name = "DataDirLockLostError";
}

function readOrNull(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

/** This process as a lock names it (Linux: boot id and pid namespace; elsewhere null, on both sides). */
export function thisProcess(): Omit<LockHolder, "token"> {
  return {
    pid: process.pid,
    host: hostname(),
    bootId: readOrNull(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8")),
    pidNamespace: readOrNull(() => readlinkSync("/proc/self/ns/pid")),
  };
}

/** Tokens of the locks this process holds. */
const heldHere = new Set<string>();

function parseHolder(text: string): LockHolder | null {
  // Servers before ADR 0017 wrote their pid alone: no host, so judged by its heartbeat only.
  if (/^\d+$/.test(text)) return { pid: Number(text), host: null, bootId: null, pidNamespace: null, token: null };
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid)) return null;
    const text_ = (v: unknown) => (typeof v === "string" ? v : null);
    return {
      pid: value.pid as number,
      host: text_(value.host),
      bootId: text_(value.bootId),
      pidNamespace: text_(value.pidNamespace),
      token: text_(value.token),
      since: text_(value.since) ?? undefined,
    };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type Verdict = { stale: true } | { stale: false; why: string };

/** Whether the holder of a lock is proven gone. */
function judge(holder: LockHolder | null, ageMs: number, me: Omit<LockHolder, "token">): Verdict {
  const silentFor = `${Math.round(ageMs / 1000)} s`;
  if (!holder) {
    return ageMs > UNREADABLE_GRACE_MS ? { stale: true } : { stale: false, why: "its lock is being written" };
  }
  const who = `pid ${holder.pid}${holder.host ? ` on ${holder.host}` : ""}`;
  if (holder.token && heldHere.has(holder.token)) return { stale: false, why: "this process has it open already" };
  const sameView = holder.host === me.host && holder.bootId === me.bootId && holder.pidNamespace === me.pidNamespace;
  // Our own pid proves nothing: in another container (pid namespace) it is someone else's.
  if (sameView && holder.pid !== me.pid) {
    return isAlive(holder.pid) ? { stale: false, why: who } : { stale: true };
  }
  if (holder.host === me.host && holder.bootId && me.bootId && holder.bootId !== me.bootId) return { stale: true };
  if (ageMs > STALE_AFTER_MS) return { stale: true };
  return {
    stale: false,
    why: `${who}, last sign of life ${silentFor} ago; if no server uses the directory, it can be taken over after ${STALE_AFTER_MS / 1000} s without one`,
  };
}

interface SeenLock {
  text: string;
  ageMs: number;
}

function look(file: string): SeenLock | null {
  try {
    const ageMs = Date.now() - statSync(file).mtimeMs;
    return { text: readFileSync(file, "utf8").trim(), ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Replaces the stale lock `staleText` by ours. Only one taker may replace a given stale lock: the one
 * that creates its claim file. Under the claim the lock is read again, so a lock already replaced
 * is left alone, and it is replaced by rename, so it never goes missing in between.
 */
function takeOver(file: string, draft: string, staleText: string): boolean {
  const claim = `${file}.takeover-${createHash("sha256").update(staleText).digest("hex").slice(0, 16)}`;
  let claimFd: number;
  try {
    claimFd = openSync(claim, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    throw new DataDirInUseError(
      `Another server is taking over the data directory's lock right now (${claim}); if none is starting, delete that file.`,
    );
  }
  try {
    if (look(file)?.text !== staleText) return false;
    renameSync(draft, file);
    return true;
  } finally {
    closeSync(claimFd);
    unlinkSync(claim);
  }
}

export interface LockOptions {
  /** Called when another process took the lock over while we held it; by default it throws (the process ends). */
  onLost?: (error: DataDirLockLostError) => void;
}

export function acquireDataDirLock(dataDir: string, { onLost }: LockOptions = {}): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  const me = thisProcess();
  const holder: LockHolder = { ...me, token: randomBytes(16).toString("hex"), since: new Date().toISOString() };
  // Written in full under a name of its own, then linked (or renamed) into place: nobody reads half a lock.
  const draft = join(dir, `${LOCK_FILE}.${holder.token}`);
  const fd = openSync(draft, "wx");
  let held = false;
  try {
    writeSync(fd, JSON.stringify(holder));
    for (let attempt = 0; attempt < 3 && !held; attempt++) {
      try {
        linkSync(draft, file);
        held = true;
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const seen = look(file);
      if (!seen) continue; // released meanwhile
      const verdict = judge(parseHolder(seen.text), seen.ageMs, me);
      if (!verdict.stale) {
        throw new DataDirInUseError(
          `The data directory ${dir} is in use by another running server (${verdict.why}). ` +
            "Stop that server first, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).",
        );
      }
      held = takeOver(file, draft, seen.text);
    }
    if (!held) throw new DataDirInUseError(`Could not lock the data directory ${dir}.`);
  } finally {
    try {
      unlinkSync(draft); // after a link; gone already after a rename
    } catch {
      // nothing to remove
    }
    if (!held) closeSync(fd);
  }
  return hold(file, fd, holder.token as string, onLost);
}

/** Keeps the lock fresh while held; notices when it is no longer ours. */
function hold(file: string, fd: number, token: string, onLost: LockOptions["onLost"]): () => void {
  heldHere.add(token);
  const ours = () => {
    try {
      const path = statSync(file);
      const own = fstatSync(fd);
      return path.ino === own.ino && path.dev === own.dev;
    } catch {
      return false;
    }
  };
  const heartbeat = setInterval(() => {
    if (ours()) {
      const now = new Date();
      futimesSync(fd, now, now);
      return;
    }
    clearInterval(heartbeat);
    const error = new DataDirLockLostError(`The data directory lock ${file} was taken over by another process.`);
    if (onLost) onLost(error);
    else throw error;
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldHere.delete(token);
    try {
      if (ours()) unlinkSync(file);
    } finally {
      closeSync(fd);
    }
  };
}
