import { Histogram, type Metric, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RouteTimings } from "./route-timings.js";

const BUCKETS = [0.002, 0.005, 0.01, 0.25];
/** [method, route, status, seconds]: on a bound, between bounds, above all, several series. */
const OBSERVATIONS: [string, string, number, number][] = [
  ["GET", "/api/goods/index", 200, 0.001],
  ["GET", "/api/goods/index", 200, 0.002],
  ["GET", "/api/goods/index", 200, 0.0021],
  ["GET", "/api/goods/index", 200, 3],
  ["POST", "/api/cart/add", 200, 0.004],
  ["GET", "/api/goods/index", 429, 0.0001],
  ["POST", "/api/cart/add", 403, 0.01],
  ["GET", "unmatched", 404, 0.3],
  ["HEAD", "unmatched", 404, 0.0005],
];

async function exposition(observe: (o: (typeof OBSERVATIONS)[number]) => void, register: (r: Registry) => void) {
  const registry = new Registry();
  register(registry);
  for (const o of OBSERVATIONS) observe(o);
  return registry.metrics();
}

describe("RouteTimings", () => {
  it("prints what prom-client's Histogram prints for the same answers", async () => {
    let histogram: Histogram<"method" | "route" | "status_code"> | undefined;
    const expected = await exposition(
      ([method, route, status, seconds]) => histogram?.observe({ method, route, status_code: String(status) }, seconds),
      (registry) => {
        histogram = new Histogram({
          name: "http_request_duration_seconds",
          help: "Time to answer.",
          labelNames: ["method", "route", "status_code"],
          buckets: BUCKETS,
          registers: [registry],
        });
      },
    );
    const timings = new RouteTimings("http_request_duration_seconds", "Time to answer.", BUCKETS);
    const actual = await exposition(
      ([method, route, status, seconds]) => timings.observe(method, route, status, seconds),
      (registry) => registry.registerMetric(timings as unknown as Metric),
    );
    expect(actual).toBe(expected);
    expect(actual).toContain(
      'http_request_duration_seconds_bucket{le="0.002",method="GET",route="/api/goods/index",status_code="200"} 2',
    );
    expect(actual).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/goods/index",status_code="200"} 4',
    );
  });

  it("sums the answers at or above a status per route and status, over methods", () => {
    const timings = new RouteTimings("t", "t", BUCKETS);
    for (const [method, route, status, seconds] of OBSERVATIONS) timings.observe(method, route, status, seconds);
    const counts = timings.countsFrom(400).sort((a, b) => a.status - b.status || a.route.localeCompare(b.route));
    expect(counts).toEqual([
      { route: "/api/cart/add", status: 403, count: 1 },
      { route: "unmatched", status: 404, count: 2 },
      { route: "/api/goods/index", status: 429, count: 1 },
    ]);
  });
});
