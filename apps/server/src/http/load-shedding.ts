// Load shedding (docs/decisions/0048): when the process is past what it can serve, a new request is
// answered at once, before any work, with 503, Retry-After and 当前访问人数较多，请稍后再试 (a small
// Chinese page for a browser asking for a page), instead of joining a queue that makes every
// request slow. @fastify/under-pressure samples the event loop; a busy database pool is refused by
// the pool itself (db/bounded-pool.ts). Probes, the scraper, the payment notifies and build files are
// never shed, nor the API calls of a page render already admitted.
import underPressure, { TYPE_EVENT_LOOP_DELAY, TYPE_EVENT_LOOP_UTILIZATION } from "@fastify/under-pressure";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { overloaded } from "../lib/errors.js";
import { isRenderCall } from "../limits/render-calls.js";
import { isExemptRoute } from "../limits/request-limits.js";
import { wantsPage } from "./refusal-page.js";

/** How often the event loop is sampled: a spike is noticed, and its end, within half a second. */
const SAMPLE_INTERVAL_MS = 500;
const LOG_EVERY_MS = 5000;

export interface LoadSheddingOptions {
  /** Mean event-loop delay (ms) over a sample above which requests are shed; 0: off. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation (0–1) over a sample above which requests are shed; 0: off. */
  maxEventLoopUtilization: number;
}

export interface Pressure {
  /** True while the process sheds load. */
  overloaded(): boolean;
  /** The last sample, for /readyz. */
  sample(): { eventLoopDelayMs: number; eventLoopUtilization: number };
}

/** Registers the shedding hook; call before the request limits, so a shed request costs nothing else. */
export async function installLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): Promise<Pressure> {
  const { maxEventLoopDelayMs, maxEventLoopUtilization } = options;
  await app.register(underPressure, {
    sampleInterval: SAMPLE_INTERVAL_MS,
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    // The last sample's utilisation, not the average since start.
    eventLoopUtilizationMode: "interval",
    pressureHandler: async (request, _reply, type, value) => {
      if (!armed || isExemptRoute(request) || isRenderCall(request)) return;
      // A page costs about ten API reads (docs/capacity.md): pages are shed first, API calls only
      // from twice the delay on.
      const scaled = wantsPage(request) || value === undefined ? value : value / 2;
      if (Math.random() < admitted(type, scaled)) return;
      noteShed(request.log);
      throw overloaded();
    },
  });
  /**
   * The share of pages still let through: all of them at the threshold, none at twice it, in
   * proportion between (API calls: the same at twice the delay). Shedding everything the moment the threshold is passed made the load swing
   * between all and nothing every sample; a ramp holds the loop near the threshold and keeps serving.
   */
  const admitted = (type: string, value: number | undefined): number => {
    if (value === undefined) return 0;
    if (type === TYPE_EVENT_LOOP_DELAY && maxEventLoopDelayMs > 0) {
      return Math.max(0, (2 * maxEventLoopDelayMs - value) / maxEventLoopDelayMs);
    }
    if (type === TYPE_EVENT_LOOP_UTILIZATION && maxEventLoopUtilization > 0) {
      // The same ramp on the headroom left: from the threshold to a loop busy all the time.
      return Math.max(0, (1 - value) / (1 - maxEventLoopUtilization));
    }
    return 0;
  };
  // The first samples measure start-up (loading the storefront's build, compiling schemas), not
  // visitors: shedding starts two samples after the app is ready.
  let armed = false;
  app.addHook("onReady", async () => {
    setTimeout(() => {
      armed = true;
    }, 2 * SAMPLE_INTERVAL_MS).unref();
  });
  // One log line per LOG_EVERY_MS with the count, not one per shed request: logging must not add
  // to the load it reports.
  let shed = 0;
  let loggedAt = 0;
  const noteShed = (log: FastifyBaseLogger) => {
    shed += 1;
    const now = Date.now();
    if (now - loggedAt < LOG_EVERY_MS) return;
    log.warn({ shed, ...sample() }, "overloaded: shedding requests (503)");
    loggedAt = now;
    shed = 0;
  };
  const sample = () => {
    const { eventLoopDelay, eventLoopUtilized } = app.memoryUsage();
    return { eventLoopDelayMs: Math.round(eventLoopDelay), eventLoopUtilization: Number(eventLoopUtilized.toFixed(2)) };
  };
  return {
    sample,
    overloaded: () => armed && app.isUnderPressure(),
  };
}
