// Who the chat visitor is (docs/decisions/0075): an anonymous visitor by a random token in an
// httpOnly cookie (page scripts never read it; the server keeps only its hash), a logged-in customer
// by account as well, so the conversation follows the customer to another browser.
import { createHash, randomBytes } from "node:crypto";
import { CHAT_VISITOR_COOKIE } from "@yj/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { VisitorIdentity } from "./chat-store.js";

/** A year: the history is kept across visits, as the issue asks. */
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const keyOf = (token: string) => createHash("sha256").update(`chat-visitor:${token}`).digest("hex");

/** The visitor's token from the cookie, if it is one of ours in shape. */
function tokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[CHAT_VISITOR_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : undefined;
}

/** The visitor, giving the browser a token first when it has none (opening a conversation). */
export function ensureVisitor(
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: number | null,
  secure: boolean,
): VisitorIdentity {
  let token = tokenOf(request);
  if (!token) {
    token = randomBytes(32).toString("base64url");
    reply.setCookie(CHAT_VISITOR_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: COOKIE_MAX_AGE_S,
    });
  }
  return { visitorKey: keyOf(token), customerId };
}

/**
 * The visitor of a later call. Without a cookie the key matches no conversation (every stored key is
 * a hash), so such a caller reads only a logged-in customer's own conversations.
 */
export function visitorOf(request: FastifyRequest, customerId: number | null): VisitorIdentity {
  const token = tokenOf(request);
  return { visitorKey: token ? keyOf(token) : "-", customerId };
}
