// The security headers every answer carries, in two sets chosen by the URL (docs/decisions/0089).
//
// Pages and every other answer outside /api: the static Content-Security-Policy and Permissions-Policy
// (content-security-policy.ts; pages get nonces in theirs), and the headers helmet 8 sets by default
// (without its CSP, which is ours, and without Cross-Origin-Embedder-Policy, which would block the
// pictures and the panorama viewer's media from other origins).
//
// The JSON API: the headers that still mean something for an answer no browser shows as a page
// (OWASP's REST Security Cheat Sheet): a policy that allows nothing at all and no framing, nosniff,
// HSTS and Cross-Origin-Resource-Policy. The other eight govern what a document may do (features,
// opener, referrer, DNS prefetch, legacy IE and Flash) and cost every API answer 2–5 µs of server CPU
// and about as much again for its client to parse (bench/api, P2).
//
// Each set is one constant object, put on the reply by one synchronous hook. @fastify/helmet built
// helmet's middleware from its options again on every request (two hooks, one of them async) and
// wrote each header to the raw response one by one: about a tenth of the hooks' allocations on an
// uncached goods page (docs/decisions/0061).
import type { FastifyInstance } from "fastify";
import { isApiUrl } from "./api-url.js";
import { PERMISSIONS_POLICY, STATIC_CSP } from "./content-security-policy.js";

const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * A page's, and every answer's outside /api. Lower-case names, as Fastify keeps reply headers; the
 * values are helmet 8's defaults.
 */
const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": STATIC_CSP,
  "permissions-policy": PERMISSIONS_POLICY,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": STRICT_TRANSPORT_SECURITY,
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});

/** An API answer's: opened in a browser tab, the JSON may load, run and be framed by nothing. */
const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "strict-transport-security": STRICT_TRANSPORT_SECURITY,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
});

const PAGE_ENTRIES = Object.entries(PAGE_SECURITY_HEADERS);
const API_ENTRIES = Object.entries(API_SECURITY_HEADERS);

export interface SecurityHeaderOptions {
  /** Set by the process on SIGTERM (ADR 0039). */
  shutdown?: { draining: boolean };
}

/** Registers the hook; the first onRequest hook, so refusals (429, 503) carry the headers too. */
export function installSecurityHeaders(app: FastifyInstance, { shutdown }: SecurityHeaderOptions = {}) {
  app.addHook("onRequest", (request, reply, done) => {
    for (const [name, value] of isApiUrl(request.url) ? API_ENTRIES : PAGE_ENTRIES) reply.header(name, value);
    // While draining, every answer ends its connection, so the balancer holds no idle keep-alive
    // connection to this instance when it stops listening: a request sent on one just as it closed
    // would get no answer, and a write is not retried by the balancer (ADR 0039).
    if (shutdown?.draining) reply.header("connection", "close");
    done();
  });
}
