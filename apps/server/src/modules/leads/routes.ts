import { endpoints, Messages } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerAction, registerEndpoint } from "../../http/endpoint.js";
import type { LeadsService } from "./service.js";

// Thin HTTP adapter: the contract parses, the service decides, the envelope is added by registerEndpoint.
export function leadsRoutes(app: FastifyInstance, leads: LeadsService) {
  registerAction(app, endpoints.appointment, Messages.bookingSuccess, ({ body, request }) =>
    leads.appointment(body, request.ip),
  );
  registerEndpoint(app, endpoints.estimate, ({ body, request }) => leads.estimate(body, request.ip));
  registerEndpoint(app, endpoints.servedCount, () => leads.servedCount());
  registerAction(app, endpoints.cityPartner, "提交成功，招商经理会尽快与您联系", ({ body, request }) =>
    leads.cityPartner(body, request.ip),
  );
  registerAction(app, endpoints.activity, "报名成功", ({ body, request }) => leads.activity(body, request.ip));
  registerAction(app, endpoints.denominate, "提交成功", ({ body, request }) => leads.denominate(body, request.ip));
  registerEndpoint(app, endpoints.activityCount, () => leads.activityCount());
  registerAction(app, endpoints.putCards, "提交成功，稍后会有客服联系您", ({ body, request }) =>
    leads.putCards(body, request.ip),
  );
}
