// The security headers every answer carries: the static Content-Security-Policy and Permissions-Policy
// (content-security-policy.ts; pages get nonces in theirs), and the headers helmet 8 sets by default
// (without its CSP, which is ours, and without Cross-Origin-Embedder-Policy, which would block the
// pictures and the panorama viewer's media from other origins).
//
// They are one constant object, put on the reply by one synchronous hook. @fastify/helmet built
// helmet's middleware from its options again on every request (two hooks, one of them async) and
// wrote each header to the raw response one by one: about a tenth of the hooks' allocations on an
// uncached goods page (docs/decisions/0061).
import type { FastifyInstance } from "fastify";
import { PERMISSIONS_POLICY, STATIC_CSP } from "./content-security-policy.js";

/** Lower-case names, as Fastify keeps reply headers; the values are helmet 8's defaults. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": STATIC_CSP,
  "permissions-policy": PERMISSIONS_POLICY,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});

const ENTRIES = Object.entries(SECURITY_HEADERS);

export interface SecurityHeaderOptions {
  /** Set by the process on SIGTERM (ADR 0039). */
  shutdown?: { draining: boolean };
}

/** Registers the hook; the first onRequest hook, so refusals (429, 503) carry the headers too. */
export function installSecurityHeaders(app: FastifyInstance, { shutdown }: SecurityHeaderOptions = {}) {
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of ENTRIES) reply.header(name, value);
    // While draining, every answer ends its connection, so the balancer holds no idle keep-alive
    // connection to this instance when it stops listening: a request sent on one just as it closed
    // would get no answer, and a write is not retried by the balancer (ADR 0039).
    if (shutdown?.draining) reply.header("connection", "close");
    done();
  });
}
