// Thin HTTP adapter for the back office's order desk (R16): the staff hook has checked session, CSRF
// and permission; the contract parses; the desk decides and audits.
import { AdminMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint, WithMessage } from "../../http/endpoint.js";
import { staffActor } from "../staff/index.js";
import type { AfterSaleDesk } from "./after-sale-desk.js";
import type { OrderDesk } from "./order-desk.js";

export function ordersAdminRoutes(app: FastifyInstance, orders: OrderDesk, requests: AfterSaleDesk) {
  registerEndpoint(app, endpoints.adminOrderList, ({ query }) => orders.list(query));
  registerEndpoint(app, endpoints.adminOrderDetail, ({ query }) => orders.detail(query.orderNo));
  registerEndpoint(app, endpoints.adminOrderShip, ({ body, request }) => orders.ship(staffActor(request), body), {
    message: AdminMessages.orderShipped,
  });
  registerEndpoint(
    app,
    endpoints.adminOrderComplete,
    ({ body, request }) => orders.complete(staffActor(request), body),
    { message: AdminMessages.orderCompleted },
  );
  registerEndpoint(app, endpoints.adminOrderCancel, ({ body, request }) => orders.cancel(staffActor(request), body), {
    message: AdminMessages.orderCancelled,
  });
  registerEndpoint(app, endpoints.adminPaymentIssues, () => orders.unreconciled());
  registerEndpoint(app, endpoints.adminAfterSaleList, ({ query }) => requests.list(query));
  registerEndpoint(app, endpoints.adminAfterSaleDecide, async ({ body, request }) => {
    const outcome = await requests.decide(staffActor(request), body);
    return new WithMessage(outcome.request, outcome.message);
  });
}
