// Resolves the session before handlers run (R5) and enforces CSRF on state-changing calls (R6).
// Routes declare `config.auth` from the contract; "session" routes get request.customer or 1201.
import { TOKEN_COOKIE } from "@yj/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { writes } from "../../lib/changes-state.js";
import type { Clock } from "../../lib/clock.js";
import { csrfMatches } from "../../lib/csrf.js";
import { AppError } from "../../lib/errors.js";
import { type CookiePolicy, clearSessionCookies } from "./session-cookies.js";
import type { SessionCustomer, SessionStore } from "./sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in customer; null for visitors and on public reads, which skip the lookup. */
    customer: SessionCustomer | null;
  }
}

/** The cookie for browsers, `Authorization: Bearer` for other clients; never the URL (R5). */
export function readToken(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[TOKEN_COOKIE];
  if (cookie) return cookie;
  const authorization = request.headers.authorization;
  return authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length).trim() : undefined;
}

export function installSessionHook(app: FastifyInstance, sessions: SessionStore, now: Clock, cookies: CookiePolicy) {
  app.decorateRequest("customer", null);
  // onRequest runs before the body is parsed: a refused request writes nothing and parses nothing.
  // A callback hook, not an async one: the public reads, nearly every request, leave at once without
  // a promise (docs/decisions/0061).
  app.addHook("onRequest", (request, reply, done) => {
    const route = request.routeOptions;
    const { auth } = route.config;
    // The back office has its own sessions and CSRF (admin/staff-hook.ts): a customer's cookie
    // neither opens nor blocks an /api/admin call.
    if (auth === "staff") return done();
    const needsSession = auth === "session";
    const stateChanging = writes(request.method, route.url);
    // Public reads never touch the sessions table (P1–P3).
    if (!needsSession && !stateChanging) return done();
    resolveCustomer(request, reply, needsSession, stateChanging).then(() => done(), done);
  });

  async function resolveCustomer(
    request: FastifyRequest,
    reply: FastifyReply,
    needsSession: boolean,
    stateChanging: boolean,
  ) {
    const token = readToken(request);
    const customer = token ? await sessions.resolve(token, now()) : null;
    if (!customer) {
      // A dead session cookie is cleared, so the browser stops presenting it on every page.
      if (token && request.cookies[TOKEN_COOKIE]) clearSessionCookies(reply, cookies);
      if (needsSession) throw new AppError("login_required");
      return;
    }
    if (stateChanging && !csrfMatches(request, customer.csrf)) throw new AppError("csrf");
    request.customer = customer;
  }
}

/** The customer of a "session" route; the hook has already refused requests without one. */
export function requireCustomer(request: FastifyRequest): SessionCustomer {
  if (!request.customer) throw new AppError("login_required");
  return request.customer;
}

/** The logged-in customer's id: what the cart, orders and favourites are kept by. */
export const customerIdOf = (request: FastifyRequest): number => requireCustomer(request).id;
