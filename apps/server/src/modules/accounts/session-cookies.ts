// The browser side of a session (R5, R6): `token` is HttpOnly so page scripts never see it; `csrf`
// is readable so the client can echo it in x-csrf-token. Both SameSite=Lax, Secure in production.
import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import type { FastifyReply } from "fastify";
import { SESSION_ABSOLUTE_MS } from "./limits.js";
import type { NewSession } from "./sessions.js";

export interface CookiePolicy {
  secure: boolean;
}

const base = (policy: CookiePolicy) => ({ path: "/", sameSite: "lax" as const, secure: policy.secure });

export function setSessionCookies(reply: FastifyReply, session: NewSession, policy: CookiePolicy) {
  // docs/product.md §4: the cookie lifetime is in days; the server's absolute expiry ends the session anyway.
  const maxAge = SESSION_ABSOLUTE_MS / 1000;
  reply.setCookie(TOKEN_COOKIE, session.token, { ...base(policy), httpOnly: true, maxAge });
  reply.setCookie(CSRF_COOKIE, session.csrf, { ...base(policy), httpOnly: false, maxAge });
}

export function clearSessionCookies(reply: FastifyReply, policy: CookiePolicy) {
  reply.clearCookie(TOKEN_COOKIE, { ...base(policy), httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, { ...base(policy), httpOnly: false });
}
