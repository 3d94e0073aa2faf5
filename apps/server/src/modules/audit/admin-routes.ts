// The audit record's page in the back office (R16).
import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { AuditService } from "./audit.js";

export function auditAdminRoutes(app: FastifyInstance, audit: AuditService) {
  registerEndpoint(app, endpoints.adminAuditList, ({ query }) => audit.list(query));
}
