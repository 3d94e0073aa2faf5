// The load generator, in its own process so it never shares an event loop with a server:
// a warm-up run, then the measured run, both with autocannon; the summaries go back over IPC.
import autocannon from "autocannon";
import type { LoadJob, LoadMessage, LoadPhaseMessage, LoadSummary } from "./protocol.js";

/** Growable list of 2xx response times in ms (autocannon's histogram only keeps whole ms). */
class Samples {
  private values = new Float64Array(1 << 16);
  length = 0;

  push(value: number) {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  summary(): LoadSummary["latencyMs"] {
    if (this.length === 0)
      return { p50: Number.NaN, p90: Number.NaN, p99: Number.NaN, max: Number.NaN, mean: Number.NaN };
    const sorted = this.values.slice(0, this.length).sort();
    // Nearest rank: the smallest value with at least q of the samples at or below it.
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
    let sum = 0;
    for (const v of sorted) sum += v;
    return {
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
      mean: sum / sorted.length,
    };
  }
}

let current: autocannon.Instance | undefined;
/** Visitors given an address so far (across the warm-up and the measured run). */
let addresses = 0;

/**
 * The mix's requests: autocannon clears a connection's context at each round of the paths, so each
 * round is a new visitor of a new address, and no two connections share one.
 */
function mixRequests(paths: string[]): autocannon.Request[] {
  return paths.map((path) => ({
    path,
    setupRequest: (request: autocannon.Request, context?: Record<string, unknown>) => {
      if (context && context.address === undefined) {
        addresses += 1;
        context.address = `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
      }
      return {
        ...request,
        headers: { ...request.headers, "x-forwarded-for": String(context?.address ?? "10.255.0.1") },
      };
    },
  }));
}

function runOnce(job: LoadJob, seconds: number): Promise<LoadSummary> {
  return new Promise((resolve, reject) => {
    const samples = new Samples();
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        ...(job.headers ? { headers: job.headers } : {}),
        ...(job.mix ? { requests: mixRequests(job.mix) } : {}),
      },
      (error, result) => {
        current = undefined;
        if (error) return reject(error);
        const statusCodes: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(count);
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          requests: result.requests.total,
          durationSeconds: result.duration,
          latencyMs: samples.summary(),
          autocannonLatencyMs: {
            p50: result.latency.p50,
            p90: result.latency.p90,
            p99: result.latency.p99,
            max: result.latency.max,
            mean: result.latency.mean,
          },
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statusCodes,
          bytesPerSecond: result.throughput.average,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (job.mix || (statusCode >= 200 && statusCode < 300)) samples.push(responseTime);
    });
    current = instance;
  });
}

function send(message: LoadMessage | LoadPhaseMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) {
      console.log(JSON.stringify(message));
      resolve();
      return;
    }
    process.send(message, () => resolve());
  });
}

async function main() {
  const job = JSON.parse(process.argv[2] ?? "") as LoadJob;
  const warmup = await runOnce(job, job.warmupSeconds);
  await send({ type: "measuring" });
  const measured = await runOnce(job, job.durationSeconds);
  await send({ type: "result", warmup, measured });
}

// The parent went away (crash, SIGKILL): stop rather than keep hammering a server.
process.on("disconnect", () => {
  current?.stop();
  process.exit(0);
});

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    await send({ type: "error", message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
