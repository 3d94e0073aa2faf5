// Messages between bench/api/run.ts and its children (Node IPC, JSON serialisation).

/** A/B servers: sent once listening on the port the OS picked. */
export interface ListeningMessage {
  type: "listening";
  port: number;
}

/** What the load child passes back for one autocannon run. */
export interface LoadSummary {
  /** Completed requests (any status) per second over the window. */
  requestsPerSecond: number;
  requests: number;
  /** Seconds, as autocannon measured them. */
  durationSeconds: number;
  /** Latency of 2xx responses from autocannon's per-response times (fractional ms), nearest rank. */
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** autocannon's own histogram, whole milliseconds. */
  autocannonLatencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Response bytes per second (2xx only), average. */
  bytesPerSecond: number;
}

export interface LoadResultMessage {
  type: "result";
  warmup: LoadSummary;
  measured: LoadSummary;
}

export interface LoadErrorMessage {
  type: "error";
  message: string;
}

/** Sent just before the measured run starts (after the warm-up), so the parent can sample server CPU. */
export interface LoadPhaseMessage {
  type: "measuring";
}

export type LoadMessage = LoadResultMessage | LoadErrorMessage;

/** argv[2] of load.ts, as JSON. */
export interface LoadJob {
  url: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Sent with every request (bench/pages: a browser's accept-encoding, a customer's cookie). */
  headers?: Record<string, string>;
  /**
   * Paths each connection requests in turn, instead of url's own path (bench/pages' 200-connection
   * mix). Each connection then plays one visitor at a time, of an X-Forwarded-For address of its
   * own (a new round of the paths is a new visitor, as in bench/overload), and the latency counts
   * every answer, not only the 2xx ones.
   */
  mix?: string[];
}

export function isListeningMessage(value: unknown): value is ListeningMessage {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "listening";
}

export function isPhaseMessage(value: unknown): value is LoadPhaseMessage {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "measuring";
}

export function isLoadMessage(value: unknown): value is LoadMessage {
  const type = typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  return type === "result" || type === "error";
}
