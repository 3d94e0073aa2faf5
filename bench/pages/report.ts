// bench/pages' verdicts (docs/quality.md P9) and its tables.
import type { LoadSummary } from "../api/protocol.js";
import { median } from "../api/report.js";
import type { Mode } from "./shop.js";
import type { Visit } from "./visits.js";

/** P9: a cached anonymous page serves at least this share of the cached goods API's pages/s. */
export const CACHED_MIN_PERCENT = 25;
/** P9: the 200-connection mix's p99 of every answer, ms. */
export const MIX_MAX_P99_MS = 1500;

export interface PageSample {
  run: number;
  measured: LoadSummary;
  warmup: LoadSummary;
  /** Server process CPU per page in the measured window, ms (null where /proc is not readable). */
  serverCpuMsPerPage: number | null;
  /** PostgreSQL backends of the scratch database, ms per page (PostgreSQL only). */
  databaseCpuMsPerPage: number | null;
  loadAverage: number;
}

export interface PageOutcome {
  database: string;
  mode: Exclude<Mode, "mix">;
  visit: Visit;
  bytes: number;
  samples: PageSample[];
}

export interface PageRow {
  database: string;
  mode: string;
  page: string;
  path: string;
  runs: number;
  pagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  cpuMsPerPage: number | null;
  databaseCpuMsPerPage: number | null;
  /** Median over runs of this page's pages/s ÷ the goods API's in the same run and mode, %. */
  percentOfApi: number | null;
  bar: string;
  verdict: "PASS" | "MISS" | null;
}

function medianOrNull(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? median(known) : null;
}

export function summarisePages(outcomes: PageOutcome[]): PageRow[] {
  return outcomes.map((o) => {
    const api = outcomes.find((b) => b.database === o.database && b.mode === o.mode && b.visit.name === "api");
    const ratios = o.samples.flatMap((s) => {
      const base = api?.samples.find((b) => b.run === s.run)?.measured.requestsPerSecond;
      return base ? [(100 * s.measured.requestsPerSecond) / base] : [];
    });
    const m = o.samples.map((s) => s.measured);
    const row: PageRow = {
      database: o.database,
      mode: o.mode,
      page: o.visit.name,
      path: o.visit.path,
      runs: o.samples.length,
      pagesPerSecond: median(m.map((s) => s.requestsPerSecond)),
      p50Ms: median(m.map((s) => s.latencyMs.p50)),
      p99Ms: median(m.map((s) => s.latencyMs.p99)),
      non2xx: m.reduce((n, s) => n + s.non2xx, 0),
      errors: m.reduce((n, s) => n + s.errors, 0),
      cpuMsPerPage: medianOrNull(o.samples.map((s) => s.serverCpuMsPerPage)),
      databaseCpuMsPerPage: medianOrNull(o.samples.map((s) => s.databaseCpuMsPerPage)),
      percentOfApi: o.visit.name === "api" || ratios.length === 0 ? null : median(ratios),
      bar: o.visit.name === "api" ? "baseline" : "info",
      verdict: null,
    };
    if (o.mode === "cached" && o.visit.cachedBar) {
      row.bar = `>= ${CACHED_MIN_PERCENT} % of api, 0 non-2xx`;
      const ok = (row.percentOfApi ?? 0) >= CACHED_MIN_PERCENT && row.non2xx === 0 && row.errors === 0;
      row.verdict = ok ? "PASS" : "MISS";
    }
    if (o.mode === "uncached" && o.visit.uncachedCpuBarMs !== null) {
      row.bar = `CPU <= ${o.visit.uncachedCpuBarMs} ms`;
      row.verdict =
        row.cpuMsPerPage !== null && row.cpuMsPerPage <= o.visit.uncachedCpuBarMs && row.errors === 0 ? "PASS" : "MISS";
    }
    return row;
  });
}

export interface MixRow {
  seconds: number;
  connections: number;
  answersPerSecond: number;
  answers: number;
  "2xx": number;
  "429": number;
  "503": number;
  /** 5xx other than 503 (the answers load shedding refuses with, ADR 0048, shown apart). */
  otherFiveXx: number;
  /** Connection errors and client time-outs (10 s). */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerAnswer: number | null;
  loadAverage: number;
  verdict: "PASS" | "MISS";
}

export function summariseMix(
  measured: LoadSummary,
  cpuMsPerAnswer: number | null,
  connections: number,
  loadAverage: number,
): MixRow {
  const count = (test: (status: number) => boolean) =>
    Object.entries(measured.statusCodes).reduce((n, [code, c]) => (test(Number(code)) ? n + c : n), 0);
  const otherFiveXx = count((s) => s >= 500 && s !== 503);
  return {
    seconds: measured.durationSeconds,
    connections,
    answersPerSecond: measured.requestsPerSecond,
    answers: measured.requests,
    "2xx": count((s) => s >= 200 && s < 300),
    "429": count((s) => s === 429),
    "503": count((s) => s === 503),
    otherFiveXx,
    errors: measured.errors,
    p50Ms: measured.latencyMs.p50,
    p99Ms: measured.latencyMs.p99,
    cpuMsPerAnswer,
    loadAverage,
    // The bar is 0 × 5xx: a 503 from load shedding is a visitor turned away too, so it counts.
    verdict: otherFiveXx + count((s) => s === 503) === 0 && measured.latencyMs.p99 <= MIX_MAX_P99_MS ? "PASS" : "MISS",
  };
}

function table(header: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(" | ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.map(line)].join("\n");
}

const fixed = (value: number | null, digits: number) =>
  value === null || Number.isNaN(value) ? "-" : value.toFixed(digits);

export function renderPages(rows: PageRow[]): string {
  const header = [
    "db",
    "mode",
    "page",
    "path",
    "pages/s",
    "p50 ms",
    "p99 ms",
    "non-2xx",
    "errors",
    "CPU ms/page",
    "db ms/page",
    "% of api",
    "bar",
    "verdict",
  ];
  const body = rows.map((r) => [
    r.database,
    r.mode,
    r.page,
    r.path.length > 34 ? `${r.path.slice(0, 33)}…` : r.path,
    fixed(r.pagesPerSecond, 0),
    fixed(r.p50Ms, 1),
    fixed(r.p99Ms, 1),
    String(r.non2xx),
    String(r.errors),
    fixed(r.cpuMsPerPage, 2),
    fixed(r.databaseCpuMsPerPage, 2),
    r.percentOfApi === null ? "-" : `${r.percentOfApi.toFixed(1)} %`,
    r.bar,
    r.verdict ?? "-",
  ]);
  return table(header, body, new Set([4, 5, 6, 7, 8, 9, 10, 11]));
}

export function renderMix(row: MixRow): string {
  const header = ["conns", "s", "answers/s", "2xx", "429", "503", "other 5xx", "errors", "p50 ms", "p99 ms"];
  const body = [
    [
      String(row.connections),
      fixed(row.seconds, 0),
      fixed(row.answersPerSecond, 0),
      String(row["2xx"]),
      String(row["429"]),
      String(row["503"]),
      String(row.otherFiveXx),
      String(row.errors),
      fixed(row.p50Ms, 0),
      fixed(row.p99Ms, 0),
    ],
  ];
  const extra = `CPU ${fixed(row.cpuMsPerAnswer, 2)} ms/answer, load ${row.loadAverage.toFixed(1)}`;
  return `${table(header, body, new Set(header.keys()))}\nbar: 0 x 5xx (503 included), p99 <= ${MIX_MAX_P99_MS} ms: ${row.verdict} (${extra})`;
}
