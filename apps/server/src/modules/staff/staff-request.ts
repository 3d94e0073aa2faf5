// Who is asking on an /api/admin route: the back office's gate (modules/admin/staff-hook.ts) sets
// request.staff; every domain's admin routes read it here to check and to audit (docs/decisions/0040).
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.js";
import type { Actor } from "../audit/audit.js";
import { actorOf } from "./staff-service.js";
import type { SessionStaff } from "./staff-sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in staff member on /api/admin routes; null everywhere else. */
    staff: SessionStaff | null;
  }
}

/** The staff member of an admin route; the hook has refused requests without one. */
export function requireStaff(request: FastifyRequest): SessionStaff {
  if (!request.staff) throw new AppError("login_required");
  return request.staff;
}

/** The audit's actor of an admin request: the staff member and the address they wrote from. */
export const staffActor = (request: FastifyRequest): Actor => actorOf(requireStaff(request), request.ip);
