// The public reads a server render asks for (settings, categories, goods, guides, banners), answered
// in-process without Fastify's inject (docs/decisions/0083). Through inject each call built a fake
// request and response, ran every hook, routed, copied headers and gathered the body: 0.3–0.5 ms a
// call, 14 calls on the home page, for an answer the API cache already held. A public read depends on
// its query alone (it is registered with a handler that is given nothing else), so the render may
// skip what a visitor's request needs: the session, the limits (render calls are exempt anyway, ADR
// 0048), the security headers the render throws away. What makes the answer is the same: the same
// query parser and contract schema, the same handler, the same compiled serializer (undeclared
// fields dropped), so the bytes are the API's own.
import { type EndpointDef, envelopeOf, SUCCESS_CODE } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { parseQuery } from "./query-memo.js";
import { compileEnvelope } from "./serializer.js";

/** A read's answer: the envelope's JSON, as the API would send it. */
type Answer = (query: Record<string, unknown>) => Promise<string | Buffer | undefined>;

export class PublicReads {
  private readonly byPath = new Map<string, Answer>();

  /** `handler` is given what `endpoint.query` parses the query to (typed by registerPublicRead). */
  add(endpoint: EndpointDef, message: string, handler: (query: never) => unknown): void {
    const serialize = compileEnvelope(envelopeOf(endpoint.data));
    this.byPath.set(endpoint.path, async (raw) => {
      const parsed = endpoint.query ? endpoint.query.safeParse(raw) : { success: true as const, data: undefined };
      // A refused query is the route's to answer, with its message and status.
      if (!parsed.success) return undefined;
      return serialize({ code: SUCCESS_CODE, message, data: await handler(parsed.data as never) });
    });
  }

  /**
   * The envelope's JSON of a GET of `url` (path and query), or undefined when it is not a public
   * read or its query is refused: the caller then asks the route itself. A handler's error (a
   * product not found) is thrown, for the same reason.
   */
  answer(url: string): Promise<string | Buffer | undefined> | undefined {
    const mark = url.indexOf("?");
    const read = this.byPath.get(mark < 0 ? url : url.slice(0, mark));
    if (!read) return undefined;
    // As Fastify's router parses a query string (app.ts).
    return read(parseQuery(mark < 0 ? "" : url.slice(mark + 1)));
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The public reads registered so far (http/endpoint.ts registerPublicRead). */
    publicReads: PublicReads;
  }
}

/** Gives the app its registry, before any route is registered. */
export function installPublicReads(app: FastifyInstance): PublicReads {
  const reads = new PublicReads();
  app.decorate("publicReads", reads);
  return reads;
}
