// Thin HTTP adapter for the owner's 我的装修 (docs/decisions/0069): a customer session is required
// (auth "session"), the contract parses, the service decides whose project it is.
import { endpoints, ProjectMessages } from "@yj/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerAction, registerEndpoint } from "../../http/endpoint.js";
import { requireCustomer } from "../accounts/session-hook.js";
import type { ProjectOwner, ProjectsService } from "./service.js";

const ownerOf = (request: FastifyRequest): ProjectOwner => {
  const customer = requireCustomer(request);
  return { id: customer.id, mobile: customer.mobile, ip: request.ip };
};

export function projectsRoutes(app: FastifyInstance, projects: ProjectsService) {
  registerEndpoint(app, endpoints.myProjects, ({ request }) => projects.ownerList(ownerOf(request)));
  registerEndpoint(app, endpoints.myProjectDetail, ({ query, request }) =>
    projects.ownerDetail(ownerOf(request), query.id),
  );
  registerAction(app, endpoints.myProjectCode, ProjectMessages.codeSent, ({ body, request }) =>
    projects.sendCode(ownerOf(request), body.projectId),
  );
  registerEndpoint(app, endpoints.myProjectAccept, ({ body, request }) => projects.accept(ownerOf(request), body), {
    message: ProjectMessages.accepted,
  });
  registerEndpoint(app, endpoints.myProjectObject, ({ body, request }) => projects.object(ownerOf(request), body), {
    message: ProjectMessages.objected,
  });
  registerEndpoint(app, endpoints.myProjectDecideChange, async ({ body, request }) =>
    projects.decideChange(ownerOf(request), body),
  );
}
