// What /metrics shows, in Prometheus's terms (ADR 0032): requests by route pattern (rate, latency,
// errors), the database pool, the lead outbox's backlog and background job runs. Each app has its
// own registry, so tests that build several apps in one process do not share counters.
import type { FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from "prom-client";
import { RouteTimings } from "./route-timings.js";

/** Seconds; from a cached read (≈ 1 ms) to a statement near its timeout (10 s). */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * prom-client's per-type gauges summed, under a counter's `_total` suffix, which `promtool check
 * metrics` refuses for a gauge (docs/decisions/0050-standards-api-document-metrics-and-headers.md).
 * `sum(nodejs_active_handles)` (and the others) gives the same figure from the per-type series.
 */
const GAUGES_NAMED_LIKE_COUNTERS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];
/** Requests that matched no route are counted under this label, not under their (unbounded) URLs. */
const UNMATCHED_ROUTE = "unmatched";

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface OutboxBacklog {
  /** Neither delivered nor given up. */
  pending: number;
  /** Of those, due now (waiting for a delivery round). */
  due: number;
  /** Given up after every attempt failed. */
  failed: number;
}

export interface MetricsSources {
  /** node-postgres pool figures; absent on PGlite (one connection, in the process). */
  pool?: () => PoolStats;
  /** Read from the database at each scrape. */
  outboxBacklog?: () => Promise<OutboxBacklog>;
  /** The rendered-page cache's counts since start and what it keeps (docs/decisions/0058). */
  pageCache?: () => { hits: number; misses: number; bytes: number; entries: number };
  /** Live chat streams open on this instance, by who holds them (docs/decisions/0080). */
  chatStreams?: () => { visitor: number; staff: number };
  /**
   * The data-retention job's runs, read from its table at each scrape (docs/decisions/0077): one
   * instance runs a day, so every instance shows the same figures.
   */
  retention?: () => Promise<{ runs: number; rows: Record<string, number>; lastSuccessSeconds: number }>;
}

/** What background jobs report: one call per round, so runs and failures are counted per job. */
export interface JobMetrics {
  jobRun(job: string, outcome: "ok" | "failed"): void;
}

export class Metrics implements JobMetrics {
  readonly registry = new Registry();
  private readonly duration = new RouteTimings(
    "http_request_duration_seconds",
    "Time to answer a request, by method, route pattern and status code (its _count is the request rate).",
    LATENCY_BUCKETS,
  );
  private readonly jobRuns: Counter<"job" | "outcome">;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    for (const name of GAUGES_NAMED_LIKE_COUNTERS) this.registry.removeSingleMetric(name);
    // The histogram lays its figures out as prom-client's metrics do (lib/route-timings.ts).
    this.registry.registerMetric(this.duration as unknown as Metric);
    const duration = this.duration;
    // Read from the histogram's counts at each scrape: nothing more to count per request.
    new Counter({
      name: "http_request_errors_total",
      help: "Answers with a 4xx or 5xx status, by route pattern and status code.",
      labelNames: ["route", "status_code"],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { route, status, count } of duration.countsFrom(400)) {
          this.inc({ route, status_code: String(status) }, count);
        }
      },
    });
    this.jobRuns = new Counter({
      name: "job_runs_total",
      help: "Rounds of a background job, by job and outcome.",
      labelNames: ["job", "outcome"],
      registers: [this.registry],
    });
  }

  observeRequest(request: FastifyRequest, statusCode: number, seconds: number) {
    this.duration.observe(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, statusCode, seconds);
  }

  jobRun(job: string, outcome: "ok" | "failed") {
    this.jobRuns.inc({ job, outcome });
  }

  /** Gauges read when scraped, from the pool and the database. */
  watch(sources: MetricsSources) {
    const { pool, outboxBacklog, pageCache, chatStreams, retention } = sources;
    if (pageCache) this.watchPageCache(pageCache);
    if (retention) this.watchRetention(retention);
    if (chatStreams) {
      this.stateGauge(
        "chat_streams_open",
        "Live chat streams (WebSocket or event stream) open on this instance: visitors' and staff's.",
        ["visitor", "staff"],
        async () => chatStreams(),
      );
    }
    if (pool) {
      this.stateGauge(
        "db_pool_connections",
        "PostgreSQL pool connections: total open, idle, and requests waiting for one.",
        ["total", "idle", "waiting"],
        async () => pool(),
      );
    }
    if (outboxBacklog) {
      this.stateGauge(
        "lead_outbox_backlog",
        "Lead notifications not delivered yet: pending (all), due (waiting for a round), failed (given up).",
        ["pending", "due", "failed"],
        outboxBacklog,
      );
    }
  }

  private watchPageCache(read: NonNullable<MetricsSources["pageCache"]>) {
    const counted = { hit: 0, miss: 0 };
    new Counter({
      name: "page_cache_lookups_total",
      help: "Anonymous page requests answered from the page cache (hit) or rendered (miss).",
      labelNames: ["outcome"],
      registers: [this.registry],
      collect() {
        const { hits, misses } = read();
        // The cache counts; the counter follows it by the difference since the last scrape.
        this.inc({ outcome: "hit" }, hits - counted.hit);
        this.inc({ outcome: "miss" }, misses - counted.miss);
        counted.hit = hits;
        counted.miss = misses;
      },
    });
    new Gauge({
      name: "page_cache_bytes",
      help: "What the page cache keeps: its compressed pages and keys, in bytes.",
      registers: [this.registry],
      collect() {
        this.set(read().bytes);
      },
    });
    new Gauge({
      name: "page_cache_entries",
      help: "Pages the page cache keeps.",
      registers: [this.registry],
      collect() {
        this.set(read().entries);
      },
    });
  }

  private watchRetention(read: NonNullable<MetricsSources["retention"]>) {
    // The table holds the totals; each counter follows it by the difference since the last scrape.
    let counted = { runs: 0, rows: {} as Record<string, number> };
    new Counter({
      name: "data_retention_runs_total",
      help: "Daily data-retention runs done (by whichever instance ran them).",
      registers: [this.registry],
      async collect() {
        const { runs } = await read();
        this.inc(Math.max(0, runs - counted.runs));
        counted = { ...counted, runs };
      },
    });
    new Counter({
      name: "data_retention_rows_total",
      help: "Rows the data-retention runs removed or anonymised, by kind.",
      labelNames: ["kind"],
      registers: [this.registry],
      async collect() {
        const { rows } = await read();
        for (const [kind, n] of Object.entries(rows)) {
          this.inc({ kind }, Math.max(0, n - (counted.rows[kind] ?? 0)));
          counted.rows[kind] = n;
        }
      },
    });
    new Gauge({
      name: "data_retention_last_success_timestamp_seconds",
      help: "When the last data-retention run ended successfully (seconds since the epoch; 0 before the first).",
      registers: [this.registry],
      async collect() {
        this.set((await read()).lastSuccessSeconds);
      },
    });
  }

  /** A gauge with one value per state (its `state` label, in the order given), read at each scrape. */
  private stateGauge<State extends string>(
    name: string,
    help: string,
    states: State[],
    read: () => Promise<Record<State, number>>,
  ) {
    new Gauge({
      name,
      help,
      labelNames: ["state"],
      registers: [this.registry],
      async collect() {
        const values = await read();
        for (const state of states) this.set({ state }, values[state]);
      },
    });
  }
}
