// Thin HTTP adapter for 我的数据 (docs/decisions/0076): the contract parses, the service decides. The
// downloads are GETs with the session cookie that answer the file in the envelope (base64 for the
// workbook): no token ever goes into a URL.
import { endpoints, PrivacyMessages } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { registerAction, registerEndpoint } from "../../http/endpoint.js";
import type { Clock } from "../../lib/clock.js";
import { type CookiePolicy, clearSessionCookies } from "../accounts/session-cookies.js";
import { requireCustomer } from "../accounts/session-hook.js";
import { removeCustomerAddress, saveCustomerAddress } from "../orders/customer-data.js";
import type { PrivacyService } from "./service.js";

const subjectOf = (customer: { id: number; mobile: string }) => ({ customerId: customer.id, mobile: customer.mobile });

export function privacyRoutes(
  app: FastifyInstance,
  privacy: PrivacyService,
  options: { db: Db; now: Clock; cookies: CookiePolicy },
) {
  registerEndpoint(app, endpoints.myData, ({ request }) => privacy.myData(subjectOf(requireCustomer(request))));
  registerEndpoint(app, endpoints.myDataWorkbook, ({ request }) =>
    privacy.workbook(subjectOf(requireCustomer(request))),
  );
  registerAction(app, endpoints.myAddressSave, PrivacyMessages.addressSaved, ({ body, request }) =>
    saveCustomerAddress(options.db, requireCustomer(request).id, body, options.now()),
  );
  registerAction(app, endpoints.myAddressRemove, PrivacyMessages.addressRemoved, ({ request }) =>
    removeCustomerAddress(options.db, requireCustomer(request).id),
  );
  registerAction(app, endpoints.closeAccountCode, PrivacyMessages.codeSent, ({ request }) =>
    privacy.sendCloseCode(subjectOf(requireCustomer(request)), request.ip),
  );
  registerEndpoint(
    app,
    endpoints.closeAccount,
    async ({ body, request, reply }) => {
      await privacy.close(subjectOf(requireCustomer(request)), body.code, request.ip);
      clearSessionCookies(reply, options.cookies);
      return null;
    },
    { message: PrivacyMessages.closed },
  );
}
