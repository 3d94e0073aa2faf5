import { endpoints, Messages, maskPhone } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerAction, registerEndpoint } from "../../http/endpoint.js";
import type { FavoritesService } from "./favorites.js";
import type { AccountsService } from "./service.js";
import { type CookiePolicy, clearSessionCookies, setSessionCookies } from "./session-cookies.js";
import { customerIdOf, requireCustomer } from "./session-hook.js";

// Thin HTTP adapter: the contract parses, the services decide, the envelope is added by registerEndpoint.
export function accountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  favorites: FavoritesService,
  cookies: CookiePolicy,
) {
  registerAction(app, endpoints.sendCode, Messages.codeSent, ({ query, request }) =>
    accounts.sendCode(query.phone, request.ip, query.altcha),
  );
  registerEndpoint(
    app,
    endpoints.register,
    async ({ body, request, reply }) => {
      const session = await accounts.login(body.mobile, body.code, request.ip, request.customer);
      setSessionCookies(reply, session, cookies);
      return { token: session.token, mobile: session.mobile, csrf: session.csrf };
    },
    { message: Messages.loginSuccess },
  );
  registerEndpoint(
    app,
    endpoints.logout,
    async ({ request, reply }) => {
      await accounts.logout(requireCustomer(request));
      clearSessionCookies(reply, cookies);
      return null;
    },
    { message: Messages.logoutSuccess },
  );
  registerEndpoint(app, endpoints.currentCustomer, ({ request }) => {
    const { mobile } = requireCustomer(request);
    return { mobile, maskedMobile: maskPhone(mobile) };
  });
  registerEndpoint(app, endpoints.favorites, ({ request }) => favorites.list(customerIdOf(request)));
  registerAction(app, endpoints.addFavorite, Messages.favoriteAdded, ({ query, request }) =>
    favorites.add(customerIdOf(request), query.type, query.id),
  );
  registerAction(app, endpoints.removeFavorite, Messages.favoriteRemoved, ({ query, request }) =>
    favorites.remove(customerIdOf(request), query.type, query.id),
  );
}
