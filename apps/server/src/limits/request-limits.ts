// Every request counts against its client's limit before any other work (ADR 0022): reads in this
// process, generously; state-changing requests more strictly, in the shared rate-limit store, so
// they hold across instances. Refusals answer 429, the rate-limited envelope and Retry-After.
// Back-office writes are the exception (docs/decisions/0038): a whole office shares one address,
// so they are counted per staff member once the staff hook knows who it is (the shared store,
// modules/admin/staff-hook.ts) and here only against the address's generous in-process counter.
// A page view counts once: the reads a server render makes in-process are not counted again (ADR 0048).
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from "fastify";
import { writes } from "../lib/changes-state.js";
import { clientKey } from "../lib/client-address.js";
import type { Clock } from "../lib/clock.js";
import { rateLimited } from "../lib/errors.js";
import type { RateLimiter, RateRule } from "./rate-limiter.js";
import { isRenderCall } from "./render-calls.js";
import { WindowCounter } from "./window-counter.js";

const MINUTE = 60_000;
/**
 * Load balancer probes, the metrics scraper, and the payment notifies: a few Alipay (or WeChat Pay)
 * servers send every merchant's notifies, so a per-address write limit would refuse payments; a
 * notify is verified by signature instead.
 */
const EXEMPT_ROUTES = new Set(["/healthz", "/readyz", "/metrics", "/api/alipay/notify", "/api/wechatpay/notify"]);
/** Hashed, immutable build files: a page needs several, they cost nothing to serve, and CDNs keep them. */
const EXEMPT_PREFIX = "/assets/";
const MESSAGE = "操作过于频繁";

export interface RequestLimitOptions {
  /** Per client and minute; 0 switches the limit off. */
  readsPerMinute: number;
  writesPerMinute: number;
  limiter: RateLimiter;
  now: Clock;
}

/** Probes, the scraper, Alipay's notify and build files: never limited, nor shed under load (ADR 0048). */
export function isExemptRoute(request: FastifyRequest): boolean {
  return isExemptRouteUrl(request.routeOptions.url);
}

function isExemptRouteUrl(route: string | undefined): boolean {
  return route !== undefined && (EXEMPT_ROUTES.has(route) || route.startsWith(EXEMPT_PREFIX));
}

/** A write on an /api/admin route that needs a staff session (the login, "public", has no member yet). */
function isStaffWrite({ auth, permission }: FastifyContextConfig): boolean {
  return auth === "staff" && permission !== "public";
}

/** Registers the hook; call before any other onRequest hook that does work (session lookup). */
export function installRequestLimits(app: FastifyInstance, options: RequestLimitOptions) {
  const { readsPerMinute, writesPerMinute, limiter, now } = options;
  if (readsPerMinute === 0 && writesPerMinute === 0) return;
  const reads = new WindowCounter(readsPerMinute, MINUTE);
  const writeRules: readonly RateRule[] = [{ limit: writesPerMinute, windowMs: MINUTE }];
  const countWrite = async (client: string) => {
    const decision = await limiter.consume([{ key: `request:write:${client}`, rules: writeRules }], now());
    if (!decision.allowed) throw rateLimited(MESSAGE, decision.retryAfterMs);
  };
  // A callback hook: a read is counted in this process and goes on without a promise; only a write
  // waits for the shared store (docs/decisions/0061).
  app.addHook("onRequest", (request, _reply, done) => {
    const route = request.routeOptions;
    if (isExemptRouteUrl(route.url)) return done();
    const client = clientKey(request.ip);
    if (writes(request.method, route.url) && !isStaffWrite(route.config)) {
      if (writesPerMinute === 0) return done();
      countWrite(client).then(() => done(), done);
      return;
    }
    if (readsPerMinute > 0 && !isRenderCall(request)) {
      const waitMs = reads.hit(client, now().getTime());
      if (waitMs > 0) return done(rateLimited(MESSAGE, waitMs));
    }
    done();
  });
}
