// Liveness and readiness for the load balancer and the supervisor (ADR 0018). /healthz: the process
// answers (restart it if not). /readyz: it can serve, its database (and Redis, when used) answering
// a trivial request within a second; while not, traffic should go elsewhere, and no restart helps.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

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
}

export function healthRoutes(app: FastifyInstance, { kind, dependencies, draining }: HealthOptions) {
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
