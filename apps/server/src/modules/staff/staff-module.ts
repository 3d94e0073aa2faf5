// Assembles the staff accounts (R16): their sessions, the service that logs them in and manages
// them, and the back office's staff routes. The gate that reads the sessions is modules/admin's.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import { staffAdminRoutes } from "./admin-routes.js";
import { StaffService } from "./staff-service.js";
import { StaffSessionStore } from "./staff-sessions.js";

export function registerStaff(
  app: FastifyInstance,
  options: { db: Db; now: Clock; limiter: RateLimiter },
): { staff: StaffService; sessions: StaffSessionStore } {
  const sessions = new StaffSessionStore(options.db);
  const staff = new StaffService(options.db, sessions, options.now, options.limiter);
  staffAdminRoutes(app, staff);
  return { staff, sessions };
}
