// Thin HTTP adapter for the reconciliation desk (对账, 管理员 only, docs/decisions/0065): the staff
// hook has checked session, CSRF and the "reconciliation" permission; the contract parses; the desk
// decides and audits.
import { endpoints, ReconciliationMessages } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { staffActor } from "../staff/index.js";
import type { ReconciliationDesk } from "./reconciliation-desk.js";

export function reconciliationAdminRoutes(app: FastifyInstance, desk: ReconciliationDesk) {
  registerEndpoint(app, endpoints.adminReconciliationRuns, ({ query }) => desk.runs(query));
  registerEndpoint(app, endpoints.adminReconciliationDifferences, ({ query }) => desk.differenceList(query));
  registerEndpoint(app, endpoints.adminReconciliationProviders, () => desk.providers());
  registerEndpoint(
    app,
    endpoints.adminReconciliationResolve,
    ({ body, request }) => desk.resolve(staffActor(request), body),
    { message: ReconciliationMessages.resolved },
  );
  registerEndpoint(
    app,
    endpoints.adminReconciliationRerun,
    ({ body, request }) => desk.rerun(staffActor(request), body),
    { message: ReconciliationMessages.rerun },
  );
  registerEndpoint(app, endpoints.adminReconciliationExport, ({ body, request }) =>
    desk.export(staffActor(request), body),
  );
}
