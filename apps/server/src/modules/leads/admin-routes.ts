// Thin HTTP adapter for the back office's lead pipeline (R16): the staff hook has checked session,
// CSRF and permission; the contract parses; the pipeline decides and audits.
import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint, savedAnswer } from "../../http/endpoint.js";
import { actorOf, requireStaff, staffActor } from "../staff/index.js";
import type { LeadPipeline } from "./lead-pipeline.js";

export function leadsAdminRoutes(app: FastifyInstance, leads: LeadPipeline) {
  registerEndpoint(app, endpoints.adminLeadList, ({ query }) => leads.list(query));
  registerEndpoint(app, endpoints.adminLeadDetail, ({ query }) => leads.detail(query.id));
  registerEndpoint(app, endpoints.adminLeadAssignees, () => leads.assignees());
  registerEndpoint(app, endpoints.adminLeadRevealPhone, ({ body, request }) =>
    leads.revealPhone(staffActor(request), body.id),
  );
  registerEndpoint(app, endpoints.adminLeadUpdate, async ({ body, request }) => {
    const member = requireStaff(request);
    return savedAnswer(await leads.update(member.id, actorOf(member, request.ip), body));
  });
  registerEndpoint(app, endpoints.adminLeadExport, ({ body, request }) => leads.export(staffActor(request), body));
}
