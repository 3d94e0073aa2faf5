// Assembles the audit record's page (R16). Every module writes its own audit rows with recordAudit,
// in the transaction of the write they describe.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { auditAdminRoutes } from "./admin-routes.js";
import { AuditService } from "./audit.js";

export function registerAudit(app: FastifyInstance, options: { db: Db }): void {
  auditAdminRoutes(app, new AuditService(options.db));
}
