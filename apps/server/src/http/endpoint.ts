// Registers a contract endpoint: validates with its schemas, wraps the handler's data in the envelope.
// Routes stay thin: parse (here), call the service, answer.
import { AdminMessages, type EndpointDef, envelopeOf, Messages, SUCCESS_CODE } from "@yj/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { RawJson } from "../lib/raw-json.js";

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface EndpointInput<E extends EndpointDef> {
  query: Out<E["query"]>;
  body: Out<E["body"]>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler answers: the data, or its JSON already made (RawJson). */
type EndpointData<E extends EndpointDef> = z.input<E["data"]> | RawJson<z.output<E["data"]>>;

/** A handler's data answered with another message than the endpoint's usual one (e.g. '没有修改'). */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

/**
 * An audited save's answer (docs/quality.md R16): its data, with '没有修改' instead of the usual
 * message when it changed nothing.
 */
export const savedAnswer = <T>({ result, changed }: { result: T; changed: boolean }) =>
  changed ? result : new WithMessage(result, AdminMessages.unchanged);

export interface EndpointOptions {
  /** Success message (docs/product.md §8 copy, e.g. '收藏成功'). */
  message?: string;
  /** Public GET answers may be cached by browsers and CDNs for this many seconds. */
  publicCacheSeconds?: number;
}

export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    input: EndpointInput<E>,
  ) => Promise<EndpointData<E> | WithMessage<EndpointData<E>>> | EndpointData<E> | WithMessage<EndpointData<E>>,
  options: EndpointOptions = {},
) {
  const message = options.message ?? Messages.ok;
  const cacheControl =
    options.publicCacheSeconds && endpoint.auth === "none"
      ? `public, max-age=${options.publicCacheSeconds}, stale-while-revalidate=${options.publicCacheSeconds * 4}`
      : "no-store";
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split("/")[2] ?? "api"],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelopeOf(endpoint.data) },
    },
    config: { auth: endpoint.auth, permission: endpoint.permission },
    handler: async (request, reply) => {
      const answer = await handler({
        query: request.query as Out<E["query"]>,
        body: request.body as Out<E["body"]>,
        request,
        reply,
      });
      reply.header("cache-control", cacheControl);
      if (answer instanceof WithMessage) return { code: SUCCESS_CODE, message: answer.message, data: answer.data };
      return { code: SUCCESS_CODE, message, data: answer };
    },
  });
}

/**
 * A public GET whose answer depends on its query alone (settings, categories, goods, guides): the
 * route as registerEndpoint makes it, and the same handler in the app's public reads, which a server
 * render calls without inject (http/public-reads.ts, docs/decisions/0083). The handler is given the
 * query and nothing else, so it cannot come to depend on the visitor.
 */
export function registerPublicRead<E extends EndpointDef & { method: "GET"; auth: "none" }>(
  app: FastifyInstance,
  endpoint: E,
  handler: (query: Out<E["query"]>) => Promise<EndpointData<E>> | EndpointData<E>,
  options: EndpointOptions & { publicCacheSeconds: number },
) {
  registerEndpoint(app, endpoint, ({ query }) => handler(query), options);
  app.publicReads.add(endpoint, options.message ?? Messages.ok, handler);
}

/**
 * An endpoint that answers no data (the contract's `Nothing`): a form sent, a favourite added. The
 * handler's work is awaited; the envelope carries null and the message.
 */
export function registerAction<E extends EndpointDef & { data: z.ZodNull }>(
  app: FastifyInstance,
  endpoint: E,
  message: string,
  act: (input: EndpointInput<E>) => Promise<unknown>,
) {
  registerEndpoint(
    app,
    endpoint,
    async (input) => {
      await act(input);
      return null as z.input<E["data"]>;
    },
    { message },
  );
}

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: EndpointDef["auth"];
    permission?: EndpointDef["permission"];
  }
}
