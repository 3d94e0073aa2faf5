// Where the suites keep the directories they copy and write most: each server's data directory (a
// 44 MB, 1,300-file copy of the run's template, which PGlite then writes and syncs) and each
// browser's profile. On tmpfs (/dev/shm) when the machine has it: there a copy of the template took
// 0.08 s of system CPU instead of 0.3–1.3 s on the ext4 disk, once for every server a run starts, and a
// sync is free (docs/decisions/0107). Elsewhere, the system's temporary directory.
import { accessSync, constants, mkdtempSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** statfs(2)'s f_type for tmpfs. */
const TMPFS_MAGIC = 0x01021994;

function scratchRoot(): string {
  const shm = "/dev/shm";
  try {
    if (statfsSync(shm).type === TMPFS_MAGIC) {
      accessSync(shm, constants.W_OK);
      return shm;
    }
  } catch {
    // no /dev/shm here, or not ours to write
  }
  return tmpdir();
}

const SCRATCH_ROOT = scratchRoot();

/** A new empty directory under the scratch root, its name starting with `prefix`. */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(SCRATCH_ROOT, prefix));
}
