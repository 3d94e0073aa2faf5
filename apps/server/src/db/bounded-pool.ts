// A pg pool whose queue for a free connection is bounded in length and in time (docs/decisions/0048).
// Under overload every request used to queue for one of the pool's connections until pg's
// connectionTimeoutMillis (5 s) and then failed as a 500: the queue made every request slow, and the
// slowest ones errors. Here a request that finds every connection busy and too many already waiting
// is refused at once, and one that waited its turn too long gives up: both as PoolBusyError, which
// the server answers 503 with Retry-After (overloaded), never 500. Connecting a new connection keeps
// pg's own timeout and error: a database that does not answer is an outage, not a busy pool (ADR 0018).
import pg from "pg";
import { PoolBusyError } from "../lib/errors.js";

export interface PoolWait {
  /** Requests that may wait for a busy pool's next free connection; more are refused at once. */
  maxWaiting: number;
  /** How long one of them waits before it is refused. */
  timeoutMs: number;
}

/** pg-pool's error when a queued checkout waited connectionTimeoutMillis. */
const PG_QUEUE_TIMEOUT = "timeout exceeded when trying to connect";

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;

export class BoundedPool extends pg.Pool {
  readonly #wait: PoolWait;

  constructor(config: pg.PoolConfig & { max: number }, wait: PoolWait) {
    super(config);
    this.#wait = wait;
  }

  /** Every connection is checked out and no new one may be opened: a caller would queue. */
  #saturated(): boolean {
    return this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10);
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
      if (this.waitingCount >= this.#wait.maxWaiting) {
        reject(new PoolBusyError("queue full"));
        return;
      }
      let gaveUp = false;
      const timer = setTimeout(() => {
        gaveUp = true;
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
