// The audit record's page in the back office (R16).
import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { AuditRef, AuditService } from "./audit.js";

export function auditAdminRoutes(
  app: FastifyInstance,
  audit: AuditService,
  customerRefs: (customerId: number) => Promise<AuditRef[]>,
) {
  registerEndpoint(app, endpoints.adminAuditList, async ({ query }) => {
    const { customerId, ...filter } = query;
    return audit.list(customerId ? { ...filter, refs: await customerRefs(customerId) } : filter);
  });
}
