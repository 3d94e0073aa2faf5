// CPU time of processes from /proc (Linux): the server's own cost per request, which stays meaningful
// when the load generator, not the server, is the bottleneck. Elsewhere these return null.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
    const value = Number(out.stdout?.trim());
    ticksPerSecond = Number.isFinite(value) && value > 0 ? value : 100;
  }
  return ticksPerSecond;
}

/** User + system CPU of a process, all its threads, in ms; null when it cannot be read. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after "(comm)": state is field 3, utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    return ((utime + stime) * 1000) / clockTicks();
  } catch {
    return null;
  }
}

/**
 * CPU of the PostgreSQL backends serving one database (their command line names it), by pid.
 * Approximate: a backend that exits between two samples takes its CPU with it.
 */
export function postgresBackendsCpuMs(database: string): Map<number, number> | null {
  const result = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!cmdline.startsWith("postgres: ") || !cmdline.includes(` ${database} `)) continue;
      const ms = processCpuMs(Number(entry));
      if (ms !== null) result.set(Number(entry), ms);
    } catch {
      // the process went away meanwhile
    }
  }
  return result;
}

/** CPU spent between two samples of postgresBackendsCpuMs (backends born in between count from 0). */
export function backendsDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
