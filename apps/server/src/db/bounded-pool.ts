// A pg pool whose queue for a free connection is bounded in length and in time (docs/decisions/0048).
// Under overload every request used to queue for one of the pool's connections until pg's
// connectionTimeoutMillis (5 s) and then failed as a 500: the queue made every request slow, and the
// slowest ones errors. Here a statement that finds every connection busy is refused at once when it
// could not get one within the wait (its place in the queue times how fast the queue was last seen
// to move) or when too many already wait, and one that waited its turn too long gives up: all as
// PoolBusyError, which the server answers 503 with Retry-After (overloaded), never 500. Connecting a
// new connection keeps pg's own timeout and error: a database that does not answer is an outage, not
// a busy pool (ADR 0018). Why the queue's pace and not only its length: docs/decisions/0109.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { PoolBusyError } from "../lib/errors.js";

export interface PoolWait {
  /**
   * Statements that may wait for a busy pool's next free connection; more are refused at once. A
   * bound on memory: below it, how fast the queue moves decides (docs/decisions/0109).
   */
  maxWaiting: number;
  /** How long one of them waits before it is refused. */
  timeoutMs: number;
}

/** pg-pool's error when a queued checkout waited connectionTimeoutMillis. */
const PG_QUEUE_TIMEOUT = "timeout exceeded when trying to connect";

/** The weight of the newest wait in the queue's pace (the rest is the pace seen before). */
const PACE_WEIGHT = 0.2;

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;

export class BoundedPool extends pg.Pool {
  readonly #wait: PoolWait;
  /** How many ms the queue took to move up one place, as the last waiters saw it; 0 while unknown. */
  #msPerPlace = 0;
  /** When a waiter last taught #msPerPlace (never, at first). */
  #paceSeenAt = Number.NEGATIVE_INFINITY;

  constructor(config: pg.PoolConfig & { max: number }, wait: PoolWait) {
    super(config);
    this.#wait = wait;
  }

  /** Every connection is checked out and no new one may be opened: a caller would queue. */
  #saturated(): boolean {
    return this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10);
  }

  /**
   * A pace seen within the last wait. An older one is forgotten (the database may have recovered):
   * waiters are let in again and teach a new one.
   */
  #paceKnown(now: number): boolean {
    return now - this.#paceSeenAt <= this.#wait.timeoutMs;
  }

  /** How long a statement taking `place` in the queue would wait, by the pace the last waiters saw. */
  #expectedWaitMs(place: number, now: number): number {
    return this.#paceKnown(now) ? place * this.#msPerPlace : 0;
  }

  /** A waiter that took `place` got its connection after `waitedMs`, or gave up after it. */
  #learnPace(place: number, waitedMs: number, now: number) {
    const sample = waitedMs / place;
    this.#msPerPlace = this.#paceKnown(now) ? this.#msPerPlace + PACE_WEIGHT * (sample - this.#msPerPlace) : sample;
    this.#paceSeenAt = now;
  }

  // pool.query() checks out through connect(callback), so both of pg's forms go through here.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (!this.#saturated()) {
      if (!callback) return super.connect();
      super.connect(callback as never);
      return;
    }
    const answer = new Promise<pg.PoolClient>((resolve, reject) => {
      const place = this.waitingCount + 1;
      const since = performance.now();
      if (place > this.#wait.maxWaiting) {
        reject(new PoolBusyError("queue full"));
        return;
      }
      // Refused now rather than after the whole wait: the place could not be reached in time.
      if (this.#expectedWaitMs(place, since) >= this.#wait.timeoutMs) {
        reject(new PoolBusyError("queue too slow"));
        return;
      }
      let gaveUp = false;
      const timer = setTimeout(() => {
        gaveUp = true;
        // The queue moved fewer than `place` places in the whole wait.
        this.#learnPace(place, this.#wait.timeoutMs, performance.now());
        reject(new PoolBusyError("wait timed out"));
      }, this.#wait.timeoutMs);
      timer.unref();
      super.connect((error, client, release) => {
        clearTimeout(timer);
        // A connection that arrives after the caller gave up goes straight back to the pool.
        if (gaveUp) {
          if (!error) release();
          return;
        }
        const now = performance.now();
        this.#learnPace(place, now - since, now);
        // pg's own wait (connectionTimeoutMillis) may run out first: the same busy pool.
        if (error?.message === PG_QUEUE_TIMEOUT) reject(new PoolBusyError("wait timed out"));
        else if (error || !client) reject(error ?? new Error("no connection"));
        else resolve(client);
      });
    });
    if (!callback) return answer;
    void answer.then(
      (client) => callback(undefined, client, (client as pg.PoolClient & { release(): void }).release.bind(client)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }
}
