// Top frames of a V8 .cpuprofile inside a time window: self time, inclusive time (a function counted
// once per sample however often it recurs on the stack) and self time by package or file.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** "react-dom-server", "fastify", "apps/web/dist/server/…" or "(node:internal)". */
function packageOf(url: string): string {
  if (!url) return "(native/vm)";
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const apps = url.indexOf("/apps/");
  return apps >= 0 ? url.slice(apps + 1).replace(/^(apps\/[^/]+\/dist\/[^/]+).*$/, "$1") : url;
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  const apps = url.indexOf("/apps/");
  if (apps >= 0) return url.slice(apps + 1);
  const packages = url.indexOf("/packages/");
  return packages >= 0 ? url.slice(packages + 1) : url;
}

/** `window` in ms from the process's start (≈ the profile's start). */
export function topFrames(profile: CpuProfile, window: { from: number; to: number } | undefined, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => {
    const f = n.callFrame;
    return `${f.functionName || "(anonymous)"} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let time = profile.startTime;
  let total = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const at = (time - profile.startTime) / 1000;
    if (window && (at < window.from || at > window.to)) continue;
    const node = byId.get(profile.samples[i] as number);
    if (!node) continue;
    const name = node.callFrame.functionName;
    if (name === "(idle)") {
      idle += delta;
      continue;
    }
    total += delta;
    self.set(key(node), (self.get(key(node)) ?? 0) + delta);
    const pkg = name === "(garbage collector)" || name === "(program)" ? name : packageOf(node.callFrame.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + delta);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const k = key(byId.get(id) as ProfileNode);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + delta);
    }
  }
  const pct = (v: number) => `${((100 * v) / Math.max(1, total)).toFixed(1)} %`;
  const table = (title: string, map: Map<string, number>) =>
    [
      `| ${title} | ms | share |`,
      "|---|---|---|",
      ...[...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, v]) => `| ${k} | ${(v / 1000).toFixed(0)} | ${pct(v)} |`),
    ].join("\n");
  return [
    `busy ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms in the window`,
    table("self", self),
    table("inclusive", inclusive),
    table("package (self)", packages),
  ].join("\n\n");
}
