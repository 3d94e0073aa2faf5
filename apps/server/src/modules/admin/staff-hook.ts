// The back office's gate (R16). Every /api/admin route must declare auth "staff" and a permission
// (a route that does not fails at start-up, so no endpoint can forget it); before a handler runs,
// this hook resolves the staff session from its own cookie, checks CSRF on writes and the role's
// permission from the one table (the contract's ROLE_PERMISSIONS).
import { AdminMessages, type AdminPermission, roleAllows } from "@yj/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { changesState } from "../../lib/changes-state.js";
import type { Clock } from "../../lib/clock.js";
import { csrfMatches } from "../../lib/csrf.js";
import { AppError } from "../../lib/errors.js";
import { consumeOrThrow, type RateLimiter } from "../../limits/rate-limiter.js";
import { forbidden, type StaffSessionStore } from "../staff/index.js";
import { type AdminCookiePolicy, clearStaffCookie, STAFF_TOKEN_COOKIE } from "./staff-cookie.js";

export const ADMIN_API_PREFIX = "/api/admin/";

/** Refuses to register an admin route without auth "staff" and a permission. Install before any route. */
export function requirePermissionOnAdminRoutes(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(ADMIN_API_PREFIX)) return;
    const config = route.config as { auth?: string; permission?: string } | undefined;
    if (config?.auth !== "staff" || !config.permission) {
      throw new Error(`${route.method} ${route.url}: an admin route needs auth "staff" and a permission`);
    }
  });
}

/** Writes per staff member and minute, counted in the shared rate-limit store; 0 switches it off. */
export interface StaffWriteLimit {
  limiter: RateLimiter;
  perMinute: number;
}

const MINUTE = 60_000;

export function installStaffHook(
  app: FastifyInstance,
  sessions: StaffSessionStore,
  now: Clock,
  cookies: AdminCookiePolicy,
  writeLimit?: StaffWriteLimit,
) {
  const writeRules = writeLimit?.perMinute ? [{ limit: writeLimit.perMinute, windowMs: MINUTE }] : null;
  const limitMessage = `${AdminMessages.staffWritesLimited}（每位员工每分钟最多 ${writeLimit?.perMinute} 次）`;
  app.decorateRequest("staff", null);
  // A callback hook: every request outside /api/admin (auth "staff") leaves at once, without a
  // promise (docs/decisions/0061).
  app.addHook("onRequest", (request, reply, done) => {
    const { auth, permission } = request.routeOptions.config;
    if (auth !== "staff") return done();
    if (!permission) return done(forbidden());
    if (permission === "public") return done();
    resolveMember(request, reply, permission).then(() => done(), done);
  });

  async function resolveMember(request: FastifyRequest, reply: FastifyReply, permission: AdminPermission) {
    const token = request.cookies[STAFF_TOKEN_COOKIE];
    const member = token ? await sessions.resolve(token, now()) : null;
    if (!member) {
      if (token) clearStaffCookie(reply, cookies);
      throw new AppError("login_required", "登录已失效，请重新登录");
    }
    const writes = changesState(request);
    if (writes && !csrfMatches(request, member.csrf)) throw new AppError("csrf");
    if (permission !== "self") {
      if (member.mustChangePassword) throw forbidden(AdminMessages.mustChangePassword);
      if (!roleAllows(member.role, permission)) throw forbidden();
    }
    // Per member, not per address (ADR 0038); only a write that would be served counts.
    if (writes && writeRules && writeLimit) {
      await consumeOrThrow(
        writeLimit.limiter,
        [{ key: `request:staff-write:${member.id}`, rules: writeRules }],
        now(),
        limitMessage,
      );
    }
    request.staff = member;
  }
}
