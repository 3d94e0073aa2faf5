// The CSRF check of a write (R6): the header must equal the session's secret, compared in constant
// time. The customers' and the staff's session hooks ask it alike.
import { timingSafeEqual } from "node:crypto";
import { CSRF_HEADER } from "@yj/contract";
import type { FastifyRequest } from "fastify";

export function csrfMatches(request: FastifyRequest, expected: string): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== "string") return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
