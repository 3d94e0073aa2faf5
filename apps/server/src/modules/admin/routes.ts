// Thin HTTP adapter for what is about the back office as a whole (R16): staff login and the
// dashboard. Each domain's back-office routes live in that domain's module (docs/decisions/0040).
import { AdminMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { meOf, requireStaff, type StaffService } from "../staff/index.js";
import type { Dashboard } from "./dashboard.js";
import { type AdminCookiePolicy, clearStaffCookie, setStaffCookie } from "./staff-cookie.js";

export function adminRoutes(
  app: FastifyInstance,
  { staff, dashboard }: { staff: StaffService; dashboard: Dashboard },
  cookies: AdminCookiePolicy,
) {
  registerEndpoint(
    app,
    endpoints.adminLogin,
    async ({ body, request, reply }) => {
      const { member, session } = await staff.login(body.username, body.password, request.ip);
      setStaffCookie(reply, session.token, cookies);
      return meOf(member);
    },
    { message: AdminMessages.loginSuccess },
  );
  registerEndpoint(
    app,
    endpoints.adminLogout,
    async ({ request, reply }) => {
      await staff.logout(requireStaff(request), request.ip);
      clearStaffCookie(reply, cookies);
      return null;
    },
    { message: AdminMessages.loggedOut },
  );
  registerEndpoint(app, endpoints.adminMe, ({ request }) => meOf(requireStaff(request)));
  registerEndpoint(
    app,
    endpoints.adminChangePassword,
    async ({ body, request }) =>
      meOf(await staff.changePassword(requireStaff(request), body.currentPassword, body.newPassword, request.ip)),
    { message: AdminMessages.passwordChanged },
  );
  registerEndpoint(app, endpoints.adminDashboard, ({ request }) => dashboard.forMember(requireStaff(request)));
}
