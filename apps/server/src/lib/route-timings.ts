// The request-duration histogram that every answer adds to (docs/decisions/0090). prom-client's
// Histogram checks and hashes its label object on every observation, which put the timing hook at
// about 4 % of the server's work for an uncached goods answer (bench/api target D). Here a series
// is found by one string key and counted in place, and the figures are laid out in prom-client's
// form only when /metrics is scraped, so the registry prints them as it printed the Histogram's.

type SeriesLabels = { method: string; route: string; status_code: string };

/** One line of the exposition, as prom-client's metrics give them to its registry. */
interface ExposedValue {
  value: number;
  metricName: string;
  labels: Partial<SeriesLabels> & { le?: number | string };
}

interface Series {
  labels: SeriesLabels;
  status: number;
  /** Observations per bucket (not cumulative); the last one counts those above every bound. */
  perBucket: Float64Array;
  sum: number;
  count: number;
}

/** Answers counted per route pattern and status code, summed over methods. */
export interface RouteStatusCount {
  route: string;
  status: number;
  count: number;
}

export class RouteTimings {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds in seconds, ascending. */
    private readonly bounds: readonly number[],
  ) {}

  observe(method: string, route: string, status: number, seconds: number) {
    const key = `${status} ${method} ${route}`;
    let series = this.series.get(key);
    if (series === undefined) {
      series = {
        labels: { method, route, status_code: String(status) },
        status,
        perBucket: new Float64Array(this.bounds.length + 1),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket += 1;
    series.perBucket[bucket] = (series.perBucket[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** What the answers with a status at or above `minStatus` add up to, per route and status. */
  countsFrom(minStatus: number): RouteStatusCount[] {
    const counts = new Map<string, RouteStatusCount>();
    for (const { labels, status, count } of this.series.values()) {
      if (status < minStatus) continue;
      const key = `${status} ${labels.route}`;
      const known = counts.get(key);
      if (known) known.count += count;
      else counts.set(key, { route: labels.route, status, count });
    }
    return [...counts.values()];
  }

  /** The figures in prom-client's form: cumulative buckets with `le` first, +Inf, _sum, _count. */
  async get() {
    const values: ExposedValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, perBucket, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += perBucket[i] as number;
        values.push({ value: cumulative, metricName: bucketName, labels: { le, ...labels } });
      });
      values.push({ value: count, metricName: bucketName, labels: { le: "+Inf", ...labels } });
      values.push({ value: sum, metricName: `${this.name}_sum`, labels });
      values.push({ value: count, metricName: `${this.name}_count`, labels });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
