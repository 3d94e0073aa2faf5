import { AfterSaleMessages, endpoints, IDEMPOTENCY_HEADER } from "@yj/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { customerIdOf, requireCustomer } from "../accounts/session-hook.js";
import type { AfterSalesService } from "./after-sales.js";
import { idempotencyKeyOf } from "./idempotency.js";
import type { OrdersService } from "./service.js";

/** Who places the order and the request's Idempotency-Key: the same for one order and several. */
const placing = (request: FastifyRequest) =>
  [customerIdOf(request), idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER])] as const;

// Thin HTTP adapter: the session hook has checked the login and CSRF; orders carry an Idempotency-Key.
export function ordersRoutes(app: FastifyInstance, orders: OrdersService, requests: AfterSalesService) {
  registerEndpoint(app, endpoints.customerInfo, ({ query, request }) =>
    orders.customerInfo(requireCustomer(request), query.mobile),
  );
  registerEndpoint(app, endpoints.createOrder, ({ body, request }) => orders.createOrder(...placing(request), body), {
    message: "下单成功",
  });
  registerEndpoint(app, endpoints.createOrders, ({ body, request }) => orders.createOrders(...placing(request), body), {
    message: "下单成功",
  });
  registerEndpoint(app, endpoints.myOrders, ({ query, request }) => orders.list(customerIdOf(request), query));
  registerEndpoint(app, endpoints.orderDetail, ({ query, request }) =>
    orders.detail(customerIdOf(request), query.orderNo),
  );
  registerEndpoint(
    app,
    endpoints.cancelOrder,
    ({ body, request }) => orders.cancel(customerIdOf(request), body.orderNo),
    { message: "订单已取消" },
  );
  registerEndpoint(app, endpoints.afterSaleCreate, ({ body, request }) => requests.file(customerIdOf(request), body), {
    message: AfterSaleMessages.filed,
  });
}
