// Thin HTTP adapter for the visitor's chat (docs/decisions/0075): the contract parses, the service
// decides, the envelope is added by registerEndpoint. The visitor is the cookie, or the account.
import { ChatMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint, WithMessage } from "../../http/endpoint.js";
import type { CustomerOf } from "../accounts/accounts-module.js";
import type { ChatService } from "./service.js";
import { ensureVisitor, visitorOf } from "./visitor-cookie.js";

export function chatRoutes(
  app: FastifyInstance,
  chat: ChatService,
  { customerOf, secureCookies }: { customerOf: CustomerOf; secureCookies: boolean },
) {
  // Writes: the session hook has resolved the customer (and checked CSRF) when one is logged in.
  registerEndpoint(app, endpoints.chatOpen, ({ body, request, reply }) =>
    chat.open(ensureVisitor(request, reply, request.customer?.id ?? null, secureCookies), body, request.ip),
  );
  registerEndpoint(app, endpoints.chatSend, async ({ body, request }) => {
    const sent = await chat.send(visitorOf(request, request.customer?.id ?? null), body, request.ip);
    return new WithMessage(sent, ChatMessages.sent);
  });
  registerEndpoint(app, endpoints.chatHistory, async ({ query, request }) => {
    const customer = await customerOf(request);
    return chat.history(visitorOf(request, customer?.id ?? null), query.conversationId, query.after);
  });
  registerEndpoint(app, endpoints.chatLead, async ({ body, request }) => {
    await chat.leaveLead(visitorOf(request, request.customer?.id ?? null), body, request.ip);
    return new WithMessage(null, ChatMessages.leadLeft);
  });
}
