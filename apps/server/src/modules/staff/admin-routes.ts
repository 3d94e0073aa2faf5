// Thin HTTP adapter for the back office's staff accounts (R16): the staff hook has checked session,
// CSRF and permission; the contract parses; the service decides and audits.
import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint, savedAnswer } from "../../http/endpoint.js";
import { requireStaff, staffActor } from "./staff-request.js";
import { actorOf, type StaffService } from "./staff-service.js";

export function staffAdminRoutes(app: FastifyInstance, staff: StaffService) {
  registerEndpoint(app, endpoints.adminStaffList, () => staff.list());
  registerEndpoint(app, endpoints.adminStaffCreate, ({ body, request }) => staff.create(staffActor(request), body));
  registerEndpoint(app, endpoints.adminStaffUpdate, async ({ body, request }) => {
    const member = requireStaff(request);
    return savedAnswer(await staff.update(member, actorOf(member, request.ip), body));
  });
  registerEndpoint(app, endpoints.adminStaffResetPassword, ({ body, request }) =>
    staff.resetPassword(staffActor(request), body.id),
  );
}
