// The part of autocannon 9's API the load child uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      /** Seconds before a request counts as a timeout (an error). */
      timeout?: number;
      headers?: Record<string, string>;
      title?: string;
      /** Requests sent in turn by each connection (bench/capacity's mixes). */
      requests?: Request[];
    }

    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each send; answers the request to send. */
      setupRequest?: (request: Request, context?: Record<string, unknown>) => Request;
    }

    /** hdr-histogram-percentiles-obj: latency in ms (whole ms), requests and throughput per second. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p2_5: number;
      p50: number;
      p75: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
    }

    interface Result {
      url: string;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      /** Seconds, to 0.01. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      mismatches: number;
      resets: number;
      connections: number;
      pipelining: number;
      statusCodeStats: Record<string, { count: number }>;
      "1xx": number;
      "2xx": number;
      "3xx": number;
      "4xx": number;
      "5xx": number;
    }

    interface Instance extends EventEmitter {
      stop(): void;
      on(
        event: "response",
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
      on(event: "reqError", listener: (error: Error) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export = autocannon;
}
