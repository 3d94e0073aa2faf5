// Liveness and readiness for the load balancer and the supervisor (ADR 0018). /healthz: the process
// answers (restart it if not). /readyz: it can serve, its database (and Redis, when used) answering
// a trivial request within a second; while not, traffic should go elsewhere, and no restart helps.
// While it sheds load it says so too (503 "overloaded", docs/decisions/0048).
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Pressure } from "./load-shedding.js";

/** Longer than a healthy round trip by far, shorter than a load balancer's probe timeout. */
export const READINESS_TIMEOUT_MS = 1000;

export interface Dependency {
  name: string;
  ping(timeoutMs: number): Promise<void>;
}

export interface HealthOptions {
  kind: string;
  dependencies: Dependency[];
  /** True once the process is shutting down: /readyz answers 503 so the balancer sends new requests elsewhere. */
  draining?: () => boolean;
  /** Load shedding's state: while it sheds, /readyz answers 503 "overloaded" with the sample (ADR 0048). */
  pressure?: Pressure;
}

export function healthRoutes(app: FastifyInstance, { kind, dependencies, draining, pressure }: HealthOptions) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok", database: kind }));

  const wasDown = new Set<string>();
  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (draining?.()) return reply.status(503).send({ status: "draining" });
    const results = await Promise.all(
      dependencies.map(async ({ name, ping }) => {
        try {
          await ping(READINESS_TIMEOUT_MS);
          if (wasDown.delete(name)) request.log.info({ dependency: name }, "dependency answers again");
          return [name, "ok"] as const;
        } catch (error) {
          noteDown(request.log, wasDown, name, error);
          return [name, "down"] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === "ok");
    if (ready && pressure?.overloaded()) {
      return reply.status(503).send({ status: "overloaded", ...Object.fromEntries(results), ...pressure.sample() });
    }
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? "ready" : "unready", ...Object.fromEntries(results) });
  });
}

/** Logged once when a dependency stops answering, not at every probe. */
function noteDown(log: FastifyBaseLogger, wasDown: Set<string>, name: string, error: unknown) {
  if (wasDown.has(name)) return;
  wasDown.add(name);
  log.warn({ dependency: name, err: error }, "dependency does not answer: not ready");
}
