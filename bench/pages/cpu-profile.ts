// Reading a V8 .cpuprofile (node --cpu-prof): where the main thread's time went while the pages
// were loaded, by frame (function + file) and by package, self and inclusive.
import { basename } from "node:path";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds, on the monotonic clock (the one process.hrtime reads). */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The file of a frame: a package's name and file for node_modules, the basename for the rest. */
function fileOf(url: string): string {
  if (!url) return "(native)";
  const path = url.replace(/^file:\/\//, "");
  const at = path.lastIndexOf("/node_modules/");
  if (at >= 0) {
    const parts = path.slice(at + "/node_modules/".length).split("/");
    const pkg = parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
    return `${pkg}/${basename(path)}`;
  }
  return basename(path);
}

/** Where a frame's code comes from: a package, node itself, the server's bundle, the web's server build. */
function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const path = url.replace(/^file:\/\//, "");
  const at = path.lastIndexOf("/node_modules/");
  if (at >= 0) {
    const parts = path.slice(at + "/node_modules/".length).split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  if (path.startsWith("node:"))
    return `node:${path.slice(5).split("/")[0] === "internal" ? "internal" : path.slice(5)}`;
  if (path.includes("/apps/web/dist/")) return "apps/web/dist (the render)";
  if (path.includes("/apps/server/dist/")) return "apps/server/dist (the server)";
  return basename(path);
}

function frameKey(frame: CallFrame): string {
  const name = frame.functionName || `(anonymous):${frame.lineNumber + 1}`;
  return frame.functionName.startsWith("(") && !frame.url ? name : `${name} ${fileOf(frame.url)}`;
}

export interface Attribution {
  /** Sampled main-thread time in the window, idle excluded, ms. */
  busyMs: number;
  idleMs: number;
  /** Whether the window was found in the profile (else every sample counts). */
  windowed: boolean;
  selfByFrame: [string, number][];
  inclusiveByFrame: [string, number][];
  selfByPackage: [string, number][];
}

/** Samples between `fromUs` and `toUs` (monotonic µs); every sample when the window misses the profile. */
export function attribute(profile: CpuProfile, fromUs: number, toUs: number): Attribution {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) {
    t += d;
    times.push(t);
  }
  const windowed = times.some((x) => x >= fromUs && x <= toUs);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  profile.samples.forEach((id, i) => {
    const at = times[i] ?? 0;
    if (windowed && (at < fromUs || at > toUs)) return;
    // A sample stands for the time until the next one.
    const us = (times[i + 1] ?? at) - at;
    const node = byId.get(id);
    if (!node) return;
    if (node.callFrame.functionName === "(idle)") {
      idle += us;
      return;
    }
    busy += us;
    add(self, frameKey(node.callFrame), us);
    add(packages, packageOf(node.callFrame), us);
    // Inclusive: once per frame key on the stack, however deep the recursion.
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)?.callFrame;
      if (!frame || frame.functionName === "(root)") continue;
      const key = frameKey(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, us);
    }
  });
  const top = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, us / 1000] as [string, number]);
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    windowed,
    selfByFrame: top(self),
    inclusiveByFrame: top(inclusive),
    selfByPackage: top(packages),
  };
}

/** Rows of "sampled ms per answer | % of the busy samples | frame". */
export function renderTop(
  title: string,
  rows: [string, number][],
  busyMs: number,
  pages: number,
  limit: number,
): string {
  const lines = rows.slice(0, limit).map(([key, ms]) => {
    const perPage = pages ? (ms / pages).toFixed(3) : "-";
    return `${perPage.padStart(9)} | ${((100 * ms) / busyMs).toFixed(1).padStart(5)} % | ${key}`;
  });
  return [`${title}`, "ms/answer |  busy   | frame", ...lines].join("\n");
}
