// The embedded database's single-process guard (ADR 0017): a lock made atomically, naming host,
// boot, pid namespace and pid; taken over only when its holder is proven gone, by exactly one taker.
import * as fs from "node:fs";
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  acquireDataDirLock,
  DataDirInUseError,
  HEARTBEAT_MS,
  LOCK_FILE,
  type LockHolder,
  STALE_AFTER_MS,
  thisProcess,
} from "../src/db/data-dir-lock.js";

// Reading the lock can run a second taker in between (see "the race" below).
const interleave = vi.hoisted(() => ({ onRead: undefined as undefined | ((path: string) => void) }));
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  const readFileSync = ((...args: Parameters<typeof actual.readFileSync>) => {
    const text = actual.readFileSync(...args);
    const hook = interleave.onRead;
    if (hook && typeof args[0] === "string") hook(args[0]);
    return text;
  }) as typeof actual.readFileSync;
  return { ...actual, default: { ...actual, readFileSync }, readFileSync };
});

const DEAD_PID = 2_147_483_646;

let dir: string;
const lockFile = () => join(dir, LOCK_FILE);
const holderOf = () => {
  try {
    return JSON.parse(readFileSync(lockFile(), "utf8")) as LockHolder;
  } catch {
    return readFileSync(lockFile(), "utf8");
  }
};
const writeLock = (holder: Partial<LockHolder>, ageMs = 0) => {
  writeFileSync(lockFile(), JSON.stringify({ ...thisProcess(), token: "someone-else", ...holder }));
  const at = new Date(Date.now() - ageMs);
  utimesSync(lockFile(), at, at);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "yj-lock-"));
});
afterEach(() => {
  interleave.onRead = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe("data-dir lock", () => {
  it("records host, boot, pid namespace and pid, and releases", () => {
    const release = acquireDataDirLock(dir);
    const holder = holderOf() as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, host: thisProcess().host });
    if (process.platform === "linux") {
      expect(holder.bootId).toMatch(/^[0-9a-f-]{36}$/);
      expect(holder.pidNamespace).toMatch(/^pid:\[\d+\]$/);
    }
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
    acquireDataDirLock(dir)();
  });

  it("refuses a directory held by a live process, and leaves its lock alone", () => {
    writeLock({ pid: process.ppid });
    const before = readFileSync(lockFile(), "utf8");
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another running server/);
    expect(readFileSync(lockFile(), "utf8")).toBe(before);
  });

  it("refuses a second open in this same process", () => {
    const release = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    } finally {
      release();
    }
  });

  it("takes over the lock of a process that has ended, on this host and boot", () => {
    writeLock({ pid: DEAD_PID });
    const release = acquireDataDirLock(dir);
    expect((holderOf() as LockHolder).pid).toBe(process.pid);
    release();
  });

  it("never takes over a lock naming our own pid while it shows signs of life", () => {
    // Two containers on one volume both run as pid 1: our pid in the lock may be someone else.
    writeLock({ pid: process.pid });
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another running server/);
    writeLock({ pid: process.pid, pidNamespace: "pid:[4026531836]", host: "container-a" });
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another running server/);
    expect((holderOf() as LockHolder).host).toBe("container-a");
  });

  it("takes over a lock from another container or host only once it has been silent long enough", () => {
    writeLock({ pid: 1, host: "container-b", pidNamespace: "pid:[1]" }, STALE_AFTER_MS - 5_000);
    expect(() => acquireDataDirLock(dir)).toThrow(/last sign of life 55 s ago/);
    writeLock({ pid: 1, host: "container-b", pidNamespace: "pid:[1]" }, STALE_AFTER_MS + 5_000);
    const release = acquireDataDirLock(dir);
    expect((holderOf() as LockHolder).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock from an earlier boot of this host", () => {
    writeLock({ pid: process.ppid, bootId: "00000000-0000-0000-0000-000000000000" });
    if (thisProcess().bootId === null) return; // no boot id to compare outside Linux
    acquireDataDirLock(dir)();
  });

  it("judges a lock it cannot read by its age, and an old bare pid by its silence", () => {
    writeFileSync(lockFile(), "not a lock");
    expect(() => acquireDataDirLock(dir)).toThrow(/being written/);
    const old = new Date(Date.now() - 10_000);
    utimesSync(lockFile(), old, old);
    acquireDataDirLock(dir)();

    writeFileSync(lockFile(), String(DEAD_PID)); // written by a server before ADR 0017
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    const silent = new Date(Date.now() - STALE_AFTER_MS - 1_000);
    utimesSync(lockFile(), silent, silent);
    acquireDataDirLock(dir)();
  });

  it("the holder keeps its lock fresh, and notices when it has been taken over", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const lost: Error[] = [];
      const release = acquireDataDirLock(dir, { onLost: (error) => lost.push(error) });
      const old = new Date(Date.now() - STALE_AFTER_MS);
      utimesSync(lockFile(), old, old);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(Date.now() - fs.statSync(lockFile()).mtimeMs).toBeLessThan(5_000);
      expect(lost).toEqual([]);
      // Replaced, as a taker would after a long silence (a process paused for minutes).
      rmSync(lockFile());
      writeLock({ pid: DEAD_PID, token: "new-holder" });
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(lost.map((e) => e.name)).toEqual(["DataDirLockLostError"]);
      release();
      expect((holderOf() as LockHolder).token).toBe("new-holder");
    } finally {
      vi.useRealTimers();
    }
  });

  it("the race: of two takers of one stale lock, exactly one wins", () => {
    writeLock({ pid: DEAD_PID });
    const outcomes: string[] = [];
    const release: (() => void)[] = [];
    const take = (who: string) => {
      try {
        release.push(acquireDataDirLock(dir));
        outcomes.push(`${who} holds`);
      } catch (error) {
        if (!(error instanceof DataDirInUseError)) throw error;
        outcomes.push(`${who} refused`);
      }
    };
    // A has read the stale lock; before it acts on it, B reads it and acts.
    interleave.onRead = (path) => {
      if (path !== lockFile()) return;
      interleave.onRead = undefined;
      take("B");
    };
    take("A");
    expect(outcomes.sort()).toEqual(["A refused", "B holds"]);
    expect(release).toHaveLength(1);
    release[0]?.();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
