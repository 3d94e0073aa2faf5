// The panorama page (/iframe) is the one page other sites may show in a frame: its
// Content-Security-Policy's `frame-ancestors` adds the origins named in the site settings (none by
// default), and X-Frame-Options (which can only say "same origin") is dropped for it when there are
// any. Every other answer keeps `frame-ancestors 'self'` (docs/decisions/0050).
import { EMBEDDABLE_PATH } from "@yj/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { withFrameAncestors } from "./content-security-policy.js";

export interface EmbeddingOptions {
  /** The saved origins (site settings, cached). */
  origins: () => Promise<string[]>;
}

/** The request's path without its query or a trailing slash (the router ignores one). */
function pathOf(request: FastifyRequest): string {
  const path = request.url.split("?")[0] ?? "";
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

export function allowEmbedding(app: FastifyInstance, { origins }: EmbeddingOptions) {
  const frameAncestors = async (request: FastifyRequest, reply: FastifyReply) => {
    let allowed: string[];
    try {
      allowed = await origins();
    } catch (error) {
      // The settings cannot be read: the page still answers, embeddable by this site only.
      request.log.warn({ err: error }, "embedding origins unavailable; /iframe keeps frame-ancestors 'self'");
      return;
    }
    if (allowed.length === 0) return;
    const csp = reply.getHeader("content-security-policy");
    if (typeof csp === "string") reply.header("content-security-policy", withFrameAncestors(csp, allowed));
    reply.removeHeader("x-frame-options");
  };
  // A callback hook: every other answer (nearly all) goes on at once, without a promise, after a
  // prefix test; only /iframe reads the settings (docs/decisions/0061).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.method !== "GET" || !request.url.startsWith(EMBEDDABLE_PATH) || pathOf(request) !== EMBEDDABLE_PATH) {
      return done(null, payload);
    }
    frameAncestors(request, reply).then(() => done(null, payload), done);
  });
}
