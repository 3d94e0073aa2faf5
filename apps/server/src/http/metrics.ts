// GET /metrics (ADR 0032): the app's registry in Prometheus's text format, for loopback and private
// addresses or for the holder of METRICS_TOKEN; and the hook that times every request.
import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import { normalizeIp } from "../lib/client-address.js";
import type { Metrics } from "../lib/metrics.js";

/** Loopback and private networks: where a Prometheus scraper sits next to the instances. */
const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  list.addSubnet("127.0.0.0", 8, "ipv4");
  list.addSubnet("10.0.0.0", 8, "ipv4");
  list.addSubnet("172.16.0.0", 12, "ipv4");
  list.addSubnet("192.168.0.0", 16, "ipv4");
  list.addAddress("::1", "ipv6");
  list.addSubnet("fc00::", 7, "ipv6");
  return list;
})();

export function isPrivateAddress(ip: string): boolean {
  const address = normalizeIp(ip).replace(/%.*$/, "");
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE_NETWORKS.check(address, family === 4 ? "ipv4" : "ipv6");
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface MetricsRouteOptions {
  /** Set: the bearer token is required from every address. Unset: loopback and private addresses only. */
  token?: string;
}

/**
 * Times every request (onResponse, from Fastify's own clock) and serves /metrics. The client address
 * is request.ip, so behind a load balancer (TRUST_PROXY) a visitor's public address is refused even
 * though the connection comes from the balancer's private one.
 */
export function metricsRoutes(app: FastifyInstance, metrics: Metrics, { token }: MetricsRouteOptions) {
  // A callback hook: every answer passes it, and an async one costs a promise each (docs/decisions/0061).
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observeRequest(request, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const allowed = token
      ? sameSecret(request.headers.authorization ?? "", `Bearer ${token}`)
      : isPrivateAddress(request.ip);
    reply.header("cache-control", "no-store");
    if (!allowed) {
      if (token) reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply
        .status(token ? 401 : 403)
        .type("text/plain; charset=utf-8")
        .send("无权访问 / forbidden\n");
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
