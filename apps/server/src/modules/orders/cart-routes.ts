import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { requireCustomer } from "../accounts/session-hook.js";
import type { CartService } from "./cart-service.js";

// Thin HTTP adapter: the session hook has checked the login and CSRF; every answer is the whole cart.
export function cartRoutes(app: FastifyInstance, cart: CartService) {
  registerEndpoint(app, endpoints.cart, ({ request }) => cart.cart(requireCustomer(request).id));
  registerEndpoint(app, endpoints.cartCreate, ({ body, request }) => cart.add(requireCustomer(request).id, body), {
    message: "已加入购物车",
  });
  registerEndpoint(
    app,
    endpoints.cartCreateList,
    ({ body, request }) => cart.addPackage(requireCustomer(request).id, body.isMeal, body.items),
    { message: "已加入购物车" },
  );
  registerEndpoint(app, endpoints.cartUpdate, ({ body, request }) => cart.update(requireCustomer(request).id, [body]));
  registerEndpoint(app, endpoints.cartUpdateList, ({ body, request }) =>
    cart.update(requireCustomer(request).id, body.items),
  );
  registerEndpoint(
    app,
    endpoints.cartDelete,
    ({ body, request }) => cart.delete(requireCustomer(request).id, body.ids),
    {
      message: "已删除",
    },
  );
}
