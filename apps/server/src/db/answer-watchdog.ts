// A pool connection that waits too long for PostgreSQL's answer is destroyed (docs/decisions/0018,
// 0088). PostgreSQL ends a statement itself after statement_timeout; this bound is for what it
// cannot end: a stalled network, which sends no error at all. node-postgres's own query_timeout does
// the same with a timer per query, and that timer cost 8–12 µs of CPU on every uncached answer
// (bench/api target D, ADR 0088). Here one timer looks at the pool's connections four times per
// bound (at least every second): a statement still its connection's active one a bound after it
// was first seen has its socket destroyed, so a stalled answer ends between the bound and the bound
// plus two looks. Its caller gets the connection's error at once (answered 500, as before), every
// statement queued behind it fails the same way, and the pool replaces the connection instead of
// keeping one that still owes an answer.
import type pg from "pg";

/** The parts of node-postgres's client read here and by endPool; they are not in its types. */
export interface PooledClient {
  /** The statement the connection is waiting on (pg's Client keeps it here). */
  _activeQuery?: object | null;
  /** Its socket. */
  connection?: { stream?: { destroy(error?: Error): void } };
}

/** Every connection of the pool, checked out or idle (pg-pool keeps them in its private _clients). */
export function poolClients(pool: pg.Pool): readonly PooledClient[] {
  return (pool as unknown as { _clients?: PooledClient[] })._clients ?? [];
}

/** How many times per bound the connections are looked at… */
const LOOKS_PER_BOUND = 4;
/** …and at least this often, whatever the bound. */
const MAX_LOOK_INTERVAL_MS = 1000;

export class AnswerTimeoutError extends Error {
  constructor(ms: number) {
    super(`PostgreSQL did not answer within ${ms} ms: the connection is closed`);
    this.name = "AnswerTimeoutError";
  }
}

export interface AnswerWatchdog {
  stop(): void;
}

/**
 * Watches `pool`'s connections: one whose active statement has not been answered after `boundMs`
 * (and at most two looks more) is destroyed.
 */
export function watchAnswers(pool: pg.Pool, boundMs: number): AnswerWatchdog {
  /** Each busy connection's active statement and when it was first seen active. */
  const seen = new WeakMap<PooledClient, { query: object; since: number }>();
  const look = () => {
    const at = Date.now();
    for (const client of poolClients(pool)) {
      const query = client._activeQuery;
      if (!query) {
        seen.delete(client);
        continue;
      }
      const last = seen.get(client);
      if (last?.query !== query) {
        seen.set(client, { query, since: at });
      } else if (at - last.since >= boundMs) {
        seen.delete(client);
        client.connection?.stream?.destroy(new AnswerTimeoutError(boundMs));
      }
    }
  };
  const timer = setInterval(look, Math.min(MAX_LOOK_INTERVAL_MS, Math.max(1, Math.floor(boundMs / LOOKS_PER_BOUND))));
  // It must not keep a process alive that has nothing else to do.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
