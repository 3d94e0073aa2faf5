// Assembles the audit record's page (R16). Every module writes its own audit rows with recordAudit,
// in the transaction of the write they describe.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { auditAdminRoutes } from "./admin-routes.js";
import { type AuditRef, AuditService } from "./audit.js";

export interface AuditOptions {
  db: Db;
  /** The records about one customer (the privacy module knows them, docs/decisions/0076). */
  customerRefs: (customerId: number) => Promise<AuditRef[]>;
}

export function registerAudit(app: FastifyInstance, options: AuditOptions): void {
  auditAdminRoutes(app, new AuditService(options.db), options.customerRefs);
}
