// Assembles the renovation projects module (issue #24, docs/decisions/0069): the owner's 我的装修
// routes and the back office's project desk, on the tables this module alone writes.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import type { OwnerCodes } from "../accounts/accounts-module.js";
import { projectsAdminRoutes } from "./admin-routes.js";
import { projectsRoutes } from "./routes.js";
import { ProjectsService } from "./service.js";

export interface ProjectsOptions {
  db: Db;
  /** The back office's clock: plan days, lateness and every act's time. */
  now: Clock;
  /** The owner's confirmation codes and the SMS provider, from accounts. */
  ownerCodes: OwnerCodes;
  /** Closes open trades of instalments whose amount a change order changed (the payment core). */
  closeInstalmentTrades?: (instalmentIds: readonly number[]) => Promise<unknown>;
}

export function registerProjects(app: FastifyInstance, options: ProjectsOptions): { projects: ProjectsService } {
  const projects = new ProjectsService({
    db: options.db,
    now: options.now,
    codes: options.ownerCodes,
    log: app.log,
    closeInstalmentTrades: options.closeInstalmentTrades,
  });
  projectsRoutes(app, projects);
  projectsAdminRoutes(app, projects);
  return { projects };
}
