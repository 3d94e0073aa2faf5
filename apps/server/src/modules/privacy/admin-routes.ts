// The back office's side of a customer's data (管理员 only, docs/decisions/0076): look a customer up by
// phone, export their data, or delete it on request; export and delete are audited.
import { endpoints, PrivacyMessages } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { staffActor } from "../staff/index.js";
import type { PrivacyService } from "./service.js";

export function privacyAdminRoutes(app: FastifyInstance, privacy: PrivacyService) {
  registerEndpoint(app, endpoints.adminCustomerLookup, ({ query }) => privacy.lookup(query.phone));
  registerEndpoint(
    app,
    endpoints.adminCustomerExport,
    ({ body, request }) => privacy.adminExport(staffActor(request), body.id),
    { message: PrivacyMessages.exported },
  );
  registerEndpoint(
    app,
    endpoints.adminCustomerDelete,
    async ({ body, request }) => {
      await privacy.adminDelete(staffActor(request), body.id);
      return null;
    },
    { message: PrivacyMessages.deleted },
  );
}
