// The API calls a server render makes in-process (ssr/plugin.ts) are part of one page view, which
// the page's own request already counted against the visitor's read limit and admitted past load
// shedding (docs/decisions/0048). They carry a header whose value only this process knows, so a
// visitor cannot send it to skip the limit: 128 random bits, made at start, never sent out.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

const HEADER = "x-render-call";
const token = randomBytes(16).toString("base64url");
const tokenBytes = Buffer.from(token);

/** The headers that mark an inject as a server render's API call. */
export function renderCallHeaders(): Record<string, string> {
  return { [HEADER]: token };
}

/** True for a server render's own API call (never for a request from outside). */
export function isRenderCall(request: FastifyRequest): boolean {
  const value = request.headers[HEADER];
  if (typeof value !== "string" || value.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(value), tokenBytes);
}
