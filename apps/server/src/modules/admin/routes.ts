import { AdminMessages, endpoints, MAX_IMAGE_BYTES, roleAllows } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { AppError } from "../../lib/errors.js";
import type { AuditService } from "./audit.js";
import type { GoodsEditor } from "./goods-editor.js";
import type { ImageUploads } from "./image-upload.js";
import type { LeadPipeline } from "./lead-pipeline.js";
import type { OrderDesk } from "./order-desk.js";
import { type AdminCookiePolicy, clearStaffCookie, setStaffCookie } from "./staff-cookie.js";
import { requireStaff } from "./staff-hook.js";
import { actorOf, meOf, type StaffService } from "./staff-service.js";

// Thin HTTP adapter for /api/admin: the staff hook has checked session, CSRF and permission; the
// contract parses; the services decide and audit.
export function adminRoutes(
  app: FastifyInstance,
  services: {
    staff: StaffService;
    leads: LeadPipeline;
    orders: OrderDesk;
    goods: GoodsEditor;
    audit: AuditService;
    images: ImageUploads;
  },
  cookies: AdminCookiePolicy,
) {
  const { staff, leads, orders, goods, audit, images } = services;

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

  registerEndpoint(app, endpoints.adminDashboard, async ({ request }) => {
    const mayOrders = roleAllows(requireStaff(request).role, "orders");
    const [board, figures] = await Promise.all([leads.dashboard(), mayOrders ? orders.figures() : null]);
    return { ...board, orders: figures };
  });

  registerEndpoint(app, endpoints.adminStaffList, () => staff.list());
  registerEndpoint(app, endpoints.adminStaffCreate, ({ body, request }) =>
    staff.create(actorOf(requireStaff(request), request.ip), body),
  );
  registerEndpoint(app, endpoints.adminStaffUpdate, ({ body, request }) => {
    const member = requireStaff(request);
    return staff.update(member, actorOf(member, request.ip), body);
  });
  registerEndpoint(app, endpoints.adminStaffResetPassword, ({ body, request }) =>
    staff.resetPassword(actorOf(requireStaff(request), request.ip), body.id),
  );

  registerEndpoint(app, endpoints.adminLeadList, ({ query }) => leads.list(query));
  registerEndpoint(app, endpoints.adminLeadDetail, ({ query }) => leads.detail(query.id));
  registerEndpoint(app, endpoints.adminLeadAssignees, () => leads.assignees());
  registerEndpoint(app, endpoints.adminLeadRevealPhone, ({ body, request }) =>
    leads.revealPhone(actorOf(requireStaff(request), request.ip), body.id),
  );
  registerEndpoint(app, endpoints.adminLeadUpdate, ({ body, request }) => {
    const member = requireStaff(request);
    return leads.update(member.id, actorOf(member, request.ip), body);
  });
  registerEndpoint(app, endpoints.adminLeadExport, ({ body, request }) =>
    leads.export(actorOf(requireStaff(request), request.ip), body),
  );

  registerEndpoint(app, endpoints.adminOrderList, ({ query }) => orders.list(query));
  registerEndpoint(app, endpoints.adminOrderDetail, ({ query }) => orders.detail(query.orderNo));
  registerEndpoint(
    app,
    endpoints.adminOrderShip,
    ({ body, request }) => orders.ship(actorOf(requireStaff(request), request.ip), body),
    { message: AdminMessages.orderShipped },
  );
  registerEndpoint(
    app,
    endpoints.adminOrderComplete,
    ({ body, request }) => orders.complete(actorOf(requireStaff(request), request.ip), body),
    { message: AdminMessages.orderCompleted },
  );
  registerEndpoint(
    app,
    endpoints.adminOrderCancel,
    ({ body, request }) => orders.cancel(actorOf(requireStaff(request), request.ip), body),
    { message: AdminMessages.orderCancelled },
  );
  registerEndpoint(app, endpoints.adminPaymentIssues, () => orders.unreconciled());

  registerEndpoint(app, endpoints.adminGoodsList, ({ query }) => goods.list(query));
  registerEndpoint(app, endpoints.adminGoodsCategories, () => goods.categories());
  registerEndpoint(app, endpoints.adminGoodsDetail, ({ query }) => goods.detail(query.id));
  registerEndpoint(
    app,
    endpoints.adminGoodsSave,
    ({ body, request }) => goods.save(actorOf(requireStaff(request), request.ip), body),
    { message: AdminMessages.goodsSaved },
  );

  registerEndpoint(app, endpoints.adminAuditList, ({ query }) => audit.list(query));

  // The upload's body is the picture itself, whatever type it declares (the service reads the type
  // from the bytes), in its own scope: every other route keeps taking JSON only. The staff hook has
  // checked session, CSRF and permission before any byte is read (ADR 0030).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.addHook("onRequest", async (request) => {
      if (Number(request.headers["content-length"]) > MAX_IMAGE_BYTES) {
        throw new AppError("invalid_input", AdminMessages.imageTooLarge);
      }
    });
    // A body sent without its length (chunked) stops at the limit too: the same message. Any other
    // error goes on to the app's handler.
    scope.setErrorHandler((error) => {
      if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        throw new AppError("invalid_input", AdminMessages.imageTooLarge);
      }
      throw error;
    });
    registerEndpoint(
      scope,
      endpoints.adminMediaUpload,
      ({ query, request }) => images.upload(actorOf(requireStaff(request), request.ip), query.purpose, request.body),
      { message: AdminMessages.imageUploaded },
    );
  });
}
