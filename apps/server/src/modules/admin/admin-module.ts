// Assembles what is about the back office as a whole (docs/quality.md R16, docs/decisions/0040): the
// gate on every /api/admin route (staff session, CSRF, permission, per-staff write limit), staff
// login and the dashboard. Each domain's back-office routes are registered by its own module.
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Clock } from "../../lib/clock.js";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import type { StaffService, StaffSessionStore } from "../staff/index.js";
import { Dashboard, type DashboardSources } from "./dashboard.js";
import { adminRoutes } from "./routes.js";
import { installStaffHook } from "./staff-hook.js";

/** What tests replace: the clock (login throttle windows, audit times). */
export interface AdminOverrides {
  now?: Clock;
}

export function registerAdmin(
  app: FastifyInstance,
  options: {
    env: Env;
    now: Clock;
    staff: StaffService;
    sessions: StaffSessionStore;
    dashboard: DashboardSources;
    limiter?: RateLimiter;
  },
): void {
  const { env, limiter } = options;
  const cookies = { secure: env.NODE_ENV === "production" };
  installStaffHook(
    app,
    options.sessions,
    options.now,
    cookies,
    limiter && { limiter, perMinute: env.RATE_LIMIT_STAFF_WRITES_PER_MINUTE },
  );
  adminRoutes(app, { staff: options.staff, dashboard: new Dashboard(options.dashboard) }, cookies);
}

/** Installed before any route: an /api/admin route without a permission fails at start-up (R16). */
export { requirePermissionOnAdminRoutes } from "./staff-hook.js";
