// Thin HTTP adapter for the chat inbox (R16, docs/decisions/0075): the staff hook has checked the
// session, CSRF and the "chat" permission; the service decides who may work which conversation and
// records every write.
import { ChatMessages, endpoints } from "@yj/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerEndpoint, WithMessage } from "../../http/endpoint.js";
import { actorOf, requireStaff } from "../staff/index.js";
import type { ChatService, ChatStaff } from "./service.js";

export const chatStaffOf = (request: FastifyRequest): ChatStaff => {
  const member = requireStaff(request);
  return { id: member.id, role: member.role, displayName: member.displayName, actor: actorOf(member, request.ip) };
};

export function chatAdminRoutes(app: FastifyInstance, chat: ChatService) {
  registerEndpoint(app, endpoints.adminChatList, ({ query, request }) => chat.list(chatStaffOf(request), query.box));
  registerEndpoint(app, endpoints.adminChatDetail, ({ query }) => chat.detail(query.id, query.after));
  registerEndpoint(app, endpoints.adminChatClaim, async ({ body, request }) => {
    return new WithMessage(await chat.claim(chatStaffOf(request), body.id), ChatMessages.claimed);
  });
  registerEndpoint(app, endpoints.adminChatTransfer, async ({ body, request }) => {
    return new WithMessage(await chat.transfer(chatStaffOf(request), body.id, body.staffId), ChatMessages.transferred);
  });
  registerEndpoint(app, endpoints.adminChatClose, async ({ body, request }) => {
    return new WithMessage(await chat.close(chatStaffOf(request), body.id), ChatMessages.closedOk);
  });
  registerEndpoint(app, endpoints.adminChatReply, async ({ body, request }) => {
    return new WithMessage(await chat.reply(chatStaffOf(request), body), ChatMessages.sent);
  });
  registerEndpoint(app, endpoints.adminChatCanned, () => chat.canned());
  registerEndpoint(app, endpoints.adminChatLead, async ({ body, request }) => {
    return new WithMessage(await chat.turnIntoLead(chatStaffOf(request), body, request.ip), ChatMessages.leadMade);
  });
  registerEndpoint(app, endpoints.adminChatVisitor, ({ query }) => chat.visitor(query.id));
  registerEndpoint(app, endpoints.adminChatRevealPhone, ({ body, request }) =>
    chat.revealPhone(chatStaffOf(request), body.id),
  );
}
