// The staff session cookie: its own name, HttpOnly, SameSite=Strict, sent only to /api/admin, Secure
// in production. The CSRF value is not a cookie: the login and /me answers carry it and the admin
// client keeps it in memory.
import type { FastifyReply } from "fastify";
import { STAFF_SESSION_ABSOLUTE_MS } from "../staff/index.js";

export const STAFF_TOKEN_COOKIE = "yj_staff";

export interface AdminCookiePolicy {
  secure: boolean;
}

const options = (policy: AdminCookiePolicy) => ({
  path: "/api/admin",
  sameSite: "strict" as const,
  httpOnly: true,
  secure: policy.secure,
});

export function setStaffCookie(reply: FastifyReply, token: string, policy: AdminCookiePolicy) {
  reply.setCookie(STAFF_TOKEN_COOKIE, token, { ...options(policy), maxAge: STAFF_SESSION_ABSOLUTE_MS / 1000 });
}

export function clearStaffCookie(reply: FastifyReply, policy: AdminCookiePolicy) {
  reply.clearCookie(STAFF_TOKEN_COOKIE, options(policy));
}
