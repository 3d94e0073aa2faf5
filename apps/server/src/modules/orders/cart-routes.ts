import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { customerIdOf } from "../accounts/session-hook.js";
import type { CartService } from "./cart-service.js";

// Thin HTTP adapter: the session hook has checked the login and CSRF; every answer is the whole cart.
export function cartRoutes(app: FastifyInstance, cart: CartService) {
  registerEndpoint(app, endpoints.cart, ({ request }) => cart.cart(customerIdOf(request)));
  registerEndpoint(app, endpoints.cartCreate, ({ body, request }) => cart.add(customerIdOf(request), body), {
    message: "已加入购物车",
  });
  registerEndpoint(
    app,
    endpoints.cartCreateList,
    ({ body, request }) => cart.addPackage(customerIdOf(request), body.isMeal, body.items),
    { message: "已加入购物车" },
  );
  registerEndpoint(app, endpoints.cartUpdate, ({ body, request }) => cart.update(customerIdOf(request), [body]));
  registerEndpoint(app, endpoints.cartUpdateList, ({ body, request }) =>
    cart.update(customerIdOf(request), body.items),
  );
  registerEndpoint(app, endpoints.cartDelete, ({ body, request }) => cart.delete(customerIdOf(request), body.ids), {
    message: "已删除",
  });
}
