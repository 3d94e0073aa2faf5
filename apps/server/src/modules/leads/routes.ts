import { endpoints, Messages } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { LeadsService } from "./service.js";

// Thin HTTP adapter: the contract parses, the service decides, the envelope is added by registerEndpoint.
export function leadsRoutes(app: FastifyInstance, leads: LeadsService) {
  registerEndpoint(
    app,
    endpoints.appointment,
    async ({ body, request }) => {
      await leads.appointment(body, request.ip);
      return null;
    },
    { message: Messages.bookingSuccess },
  );
  registerEndpoint(app, endpoints.estimate, ({ body, request }) => leads.estimate(body, request.ip));
  registerEndpoint(app, endpoints.servedCount, () => leads.servedCount());
  registerEndpoint(
    app,
    endpoints.cityPartner,
    async ({ body, request }) => {
      await leads.cityPartner(body, request.ip);
      return null;
    },
    { message: "提交成功，招商经理会尽快与您联系" },
  );
  registerEndpoint(
    app,
    endpoints.activity,
    async ({ body, request }) => {
      await leads.activity(body, request.ip);
      return null;
    },
    { message: "报名成功" },
  );
  registerEndpoint(
    app,
    endpoints.denominate,
    async ({ body, request }) => {
      await leads.denominate(body, request.ip);
      return null;
    },
    { message: "提交成功" },
  );
  registerEndpoint(app, endpoints.activityCount, () => leads.activityCount());
  registerEndpoint(
    app,
    endpoints.putCards,
    async ({ body, request }) => {
      await leads.putCards(body, request.ip);
      return null;
    },
    { message: "提交成功，稍后会有客服联系您" },
  );
}
