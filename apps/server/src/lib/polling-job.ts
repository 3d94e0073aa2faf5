// The loop every background job of an instance runs in (order expiry, payment reconciliation, lead
// delivery): a round now, then one every `pollMs`, or at once when woken; a failing round is counted
// and logged and the next one tries again; stop waits for the round in progress. The jobs' rows are
// claimed with FOR UPDATE SKIP LOCKED, so every instance may run every job (docs/decisions/0033).
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Clock } from "./clock.js";
import type { JobMetrics } from "./metrics.js";

export interface PollingJobOptions {
  /** The job's name in /metrics (job_runs_total) and in the log. */
  name: string;
  pollMs: number;
  /** One round. */
  run(): Promise<unknown>;
  log: FastifyBaseLogger;
  metrics?: JobMetrics;
}

export class PollingJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private halted = true;

  constructor(private readonly options: PollingJobOptions) {}

  /** True once stop was called: a round in progress ends its batches early. */
  get stopped() {
    return this.halted;
  }

  start() {
    this.halted = false;
    this.wake();
  }

  /** Runs a round now instead of at the next poll (after a write that gave the job work). */
  wake() {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round().finally(() => {
      this.running = undefined;
      if (this.halted) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollMs);
        this.timer.unref();
      }
    });
  }

  /** Stops polling and waits for the round in progress. */
  async stop() {
    this.halted = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async round() {
    const { name, run, metrics, log } = this.options;
    try {
      await run();
      metrics?.jobRun(name, "ok");
    } catch (error) {
      metrics?.jobRun(name, "failed");
      // The database may be briefly away (or closing): the next round tries again.
      if (!this.halted) log.warn({ job: name, err: { message: (error as Error).message } }, "job round failed");
    }
  }
}

/** What every background job is given: its timing, its clock, the log, and where its rounds are counted. */
export interface JobOptions<Policy extends { pollMs: number } = { pollMs: number }> {
  policy: Policy;
  now: Clock;
  log: FastifyBaseLogger;
  /** Counts each round, by outcome (/metrics). */
  metrics?: JobMetrics;
}

/**
 * A background job on its own PollingJob: start, wake and stop are the loop's; a subclass says what
 * one round does (`runOnce`, which tests call too) and checks `stopped` between its batches.
 */
export abstract class BackgroundJob {
  private readonly loop: PollingJob;

  constructor(name: string, { policy, log, metrics }: JobOptions) {
    this.loop = new PollingJob({ name, pollMs: policy.pollMs, log, metrics, run: () => this.round() });
  }

  /** One round: every due piece of work, a batch at a time. */
  abstract runOnce(): Promise<unknown>;

  /** What the loop runs: the round, and whatever the job logs after it. */
  protected round(): Promise<unknown> {
    return this.runOnce();
  }

  /** Runs the job while the server is up, from ready to close. */
  runWhileServing(app: FastifyInstance) {
    app.addHook("onReady", async () => this.start());
    app.addHook("onClose", () => this.stop());
  }

  /** True once stop was called: a round in progress ends its batches early. */
  protected get stopped(): boolean {
    return this.loop.stopped;
  }

  start() {
    this.loop.start();
  }

  /** Runs a round now instead of at the next poll (after a write that gave the job work). */
  wake() {
    this.loop.wake();
  }

  /** Stops polling and waits for the round in progress. */
  stop() {
    return this.loop.stop();
  }
}
