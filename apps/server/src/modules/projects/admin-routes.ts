// Thin HTTP adapter for the back office's projects (R16, docs/decisions/0069): the staff hook has
// checked session, CSRF and the "projects" permission; the service scopes 项目经理 to their own
// projects and audits every write.
import { endpoints, ProjectMessages } from "@yj/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerEndpoint, WithMessage } from "../../http/endpoint.js";
import { actorOf, requireStaff } from "../staff/index.js";
import type { ProjectStaff, ProjectsService } from "./service.js";

const memberOf = (request: FastifyRequest): ProjectStaff => {
  const member = requireStaff(request);
  return { id: member.id, role: member.role, actor: actorOf(member, request.ip) };
};

export function projectsAdminRoutes(app: FastifyInstance, projects: ProjectsService) {
  registerEndpoint(app, endpoints.adminProjectList, ({ query, request }) => projects.list(memberOf(request), query));
  registerEndpoint(app, endpoints.adminProjectDetail, ({ query, request }) =>
    projects.detail(memberOf(request), query.id),
  );
  registerEndpoint(app, endpoints.adminProjectCreate, ({ body, request }) => projects.create(memberOf(request), body));
  registerEndpoint(app, endpoints.adminProjectStages, async ({ body, request }) => {
    const detail = await projects.editStages(memberOf(request), body);
    return new WithMessage(detail, ProjectMessages.stagesSaved);
  });
  registerEndpoint(app, endpoints.adminProjectStaff, () => projects.team());
  registerEndpoint(app, endpoints.adminProjectRevealPhone, ({ body, request }) =>
    projects.revealPhone(memberOf(request), body.projectId),
  );
  registerEndpoint(app, endpoints.adminProjectAudit, ({ query, request }) =>
    projects.trail(memberOf(request), query.id),
  );
  registerEndpoint(app, endpoints.adminProjectStageRecord, ({ body, request }) =>
    projects.record(memberOf(request), body),
  );
  registerEndpoint(app, endpoints.adminProjectInspect, ({ body, request }) =>
    projects.inspect(memberOf(request), body),
  );
  registerEndpoint(app, endpoints.adminProjectRequestAcceptance, async ({ body, request }) => {
    const detail = await projects.requestAcceptance(memberOf(request), body.stageId);
    return new WithMessage(detail, ProjectMessages.acceptanceRequested);
  });
  registerEndpoint(app, endpoints.adminProjectChangeOrder, async ({ body, request }) => {
    const detail = await projects.proposeChange(memberOf(request), body);
    return new WithMessage(detail, ProjectMessages.changeProposed);
  });
}
