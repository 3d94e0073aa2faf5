// Turns the load summaries into the verdicts of docs/quality.md (P1–P4) and prints the table.
import type { LoadSummary } from "./protocol.js";

export type TargetId = "A" | "A2" | "B" | "B2" | "C" | "D0" | "D" | "E";

export interface Bar {
  id: "P1" | "P2" | "P3";
  /** Minimum req/s as a percentage of the baseline's, measured in the same run. */
  minPercent: number;
  /** The baseline: A unless the bar names another target (P2 uncached is judged against D0). */
  of?: TargetId;
}

export interface TargetSpec {
  id: TargetId;
  label: string;
  bar: Bar | null;
  /** A side measurement with no bar (A2, B2: what serializing on every request costs, ADR 0010). */
  informational?: boolean;
}

export const TARGETS: TargetSpec[] = [
  { id: "A", label: "bare node:http, fixed JSON", bar: null },
  { id: "A2", label: "bare node:http, JSON.stringify per request", bar: null, informational: true },
  { id: "B", label: "Fastify + zod schema, from memory", bar: { id: "P1", minPercent: 85 } },
  { id: "B2", label: "Fastify + zod schema, serialized per request", bar: null, informational: true },
  { id: "C", label: "server, PGlite, uncached", bar: { id: "P3", minPercent: 8 } },
  { id: "D0", label: "bare node:http + pg, D's statement", bar: null, informational: true },
  // docs/quality.md P2: uncached, the database round trip sets the ceiling, so D is judged against D0.
  { id: "D", label: "server, PostgreSQL, uncached", bar: { id: "P2", minPercent: 90, of: "D0" } },
  { id: "E", label: "server, PostgreSQL, cache 5 s", bar: { id: "P2", minPercent: 60 } },
];

/** P4: p99 at most this many times p50. */
export const P4_TAIL_FACTOR = 5;

/** CPU used during the measured window. */
export interface CpuUse {
  cpuMs: number;
  /** Of one core. */
  percent: number;
  perRequestUs: number;
}

export interface RunSample {
  run: number;
  warmup: LoadSummary;
  measured: LoadSummary;
  /** The target's process (Linux /proc; null elsewhere). */
  serverCpu: CpuUse | null;
  /** PostgreSQL backends serving the scratch database (D, E). */
  databaseCpu: CpuUse | null;
  /** The machine's 1-minute load average when the window ended: other work skews the figures. */
  loadAverage: number;
}

export interface TargetOutcome {
  spec: TargetSpec;
  /** Set when the target did not run (e.g. no PostgreSQL). */
  skipped?: string;
  /** Set when it should have run but could not be measured (start-up, pre-flight or load failure). */
  failed?: string;
  url?: string;
  /** From spawn to a healthy /healthz, ms. */
  startupMs?: number;
  /** Size of one answer, from the pre-flight request. */
  responseBytes?: number;
  samples: RunSample[];
}

export type Verdict = "PASS" | "MISS";

export interface TargetSummary {
  id: TargetId;
  label: string;
  skipped?: string;
  failed?: string;
  url?: string;
  startupMs?: number;
  responseBytes?: number;
  runs: number;
  /** Medians over the runs. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Summed over the measured windows of every run. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Median over the runs of (this target's req/s ÷ A's req/s in the same run), in %. */
  percentOfA: number | null;
  /** Of the bar's own baseline (equal to percentOfA unless the bar names another target). */
  percentOfBar: number | null;
  /** Medians over the runs; null where not measured. */
  serverCpuPercent: number | null;
  serverCpuPerRequestUs: number | null;
  databaseCpuPerRequestUs: number | null;
  bar: string;
  barVerdict: Verdict | null;
  p4: { p99OverP50: number; verdict: Verdict; reasons: string[] };
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function barText(spec: TargetSpec): string {
  const { bar } = spec;
  if (!bar) return spec.informational ? "info" : "baseline";
  return `${bar.id} >= ${bar.minPercent} %${bar.of ? ` of ${bar.of}` : ""}`;
}

export function summarise(outcomes: TargetOutcome[]): TargetSummary[] {
  const byRun = (id: TargetId) =>
    new Map(outcomes.find((o) => o.spec.id === id)?.samples.map((s) => [s.run, s.measured.requestsPerSecond]) ?? []);
  const baselineByRun = byRun("A");
  /** Median over runs of this target's req/s as a percentage of `base`'s in the same run. */
  const medianPercent = (o: TargetOutcome, base: Map<number, number>) => {
    const ratios = o.samples.flatMap((s) => {
      const b = base.get(s.run);
      return b ? [(100 * s.measured.requestsPerSecond) / b] : [];
    });
    return ratios.length ? median(ratios) : null;
  };
  return outcomes.map((o) => {
    const m = o.samples.map((s) => s.measured);
    const requestsPerSecond = median(m.map((s) => s.requestsPerSecond));
    const p50Ms = median(m.map((s) => s.latencyMs.p50));
    const p99Ms = median(m.map((s) => s.latencyMs.p99));
    const errors = m.reduce((n, s) => n + s.errors, 0);
    const timeouts = m.reduce((n, s) => n + s.timeouts, 0);
    const non2xx = m.reduce((n, s) => n + s.non2xx, 0);
    const percentOfA = o.spec.id === "A" ? (m.length ? 100 : null) : medianPercent(o, baselineByRun);
    const percentOfBar = o.spec.bar?.of ? medianPercent(o, byRun(o.spec.bar.of)) : percentOfA;
    const measured = !o.skipped && !o.failed;
    const barVerdict =
      o.spec.bar && percentOfBar !== null && measured
        ? percentOfBar >= o.spec.bar.minPercent
          ? "PASS"
          : "MISS"
        : null;
    const p99OverP50 = p99Ms / p50Ms;
    const reasons: string[] = [];
    if (!(p99OverP50 <= P4_TAIL_FACTOR)) reasons.push(`p99 = ${fmt(p99OverP50, 1)} x p50`);
    if (errors > 0) reasons.push(`${errors} errors`);
    if (non2xx > 0) reasons.push(`${non2xx} non-2xx`);
    if (m.length === 0 || m.every((s) => s.requests === 0)) reasons.push("no requests");
    const cpuMedian = (pick: (s: RunSample) => number | undefined) => {
      const values = o.samples.map(pick).filter((v): v is number => v !== undefined);
      return values.length ? median(values) : null;
    };
    return {
      id: o.spec.id,
      label: o.spec.label,
      skipped: o.skipped,
      failed: o.failed,
      url: o.url,
      startupMs: o.startupMs,
      responseBytes: o.responseBytes,
      runs: m.length,
      requestsPerSecond,
      p50Ms,
      p99Ms,
      errors,
      timeouts,
      non2xx,
      percentOfA,
      percentOfBar,
      serverCpuPercent: cpuMedian((s) => s.serverCpu?.percent),
      serverCpuPerRequestUs: cpuMedian((s) => s.serverCpu?.perRequestUs),
      databaseCpuPerRequestUs: cpuMedian((s) => s.databaseCpu?.perRequestUs),
      bar: barText(o.spec),
      barVerdict,
      p4: { p99OverP50, verdict: reasons.length ? "MISS" : "PASS", reasons },
    };
  });
}

function fmt(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "-";
}

function cpuText(s: TargetSummary): string {
  if (s.serverCpuPerRequestUs === null) return "-";
  const server = `${fmt(s.serverCpuPerRequestUs, 0)} us/req (${fmt(s.serverCpuPercent ?? Number.NaN, 0)} %)`;
  return s.databaseCpuPerRequestUs === null ? server : `${server} + db ${fmt(s.databaseCpuPerRequestUs, 0)} us/req`;
}

export function renderTable(summaries: TargetSummary[]): string {
  const header = [
    "target",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "non-2xx",
    "% of A",
    "bar",
    "verdict",
    "P4 (p99<=5xp50, 0 err)",
    "server CPU",
  ];
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const s of summaries) {
    if (s.skipped || s.failed) {
      const state = s.skipped ? "SKIPPED" : "FAILED";
      notes.push(`${s.id}  ${s.label}: ${state} - ${(s.skipped ?? s.failed ?? "").split("\n")[0]}`);
      rows.push([`${s.id} ${s.label}`, "-", "-", "-", "-", "-", "-", s.bar, state, state, "-"]);
      continue;
    }
    rows.push([
      `${s.id} ${s.label}`,
      fmt(s.requestsPerSecond, 0),
      fmt(s.p50Ms, 2),
      fmt(s.p99Ms, 2),
      String(s.errors),
      String(s.non2xx),
      s.percentOfA === null ? "-" : `${fmt(s.percentOfA, 1)} %`,
      s.percentOfBar !== null && s.percentOfBar !== s.percentOfA ? `${s.bar} (${fmt(s.percentOfBar, 1)} %)` : s.bar,
      s.barVerdict ?? "-",
      `${s.p4.verdict} (${s.p4.reasons.length ? s.p4.reasons.join(", ") : `p99 = ${fmt(s.p4.p99OverP50, 1)} x p50`})`,
      cpuText(s),
    ]);
  }
  const numeric = new Set([1, 2, 3, 4, 5, 6]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(" | ");
  const rule = widths.map((w) => "-".repeat(w)).join("-|-");
  return [line(header), rule, ...rows.map(line), ...(notes.length ? ["", ...notes] : [])].join("\n");
}
