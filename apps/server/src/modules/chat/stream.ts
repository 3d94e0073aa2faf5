// The live stream of a conversation (docs/decisions/0075): one path, a WebSocket when the client
// upgrades, server-sent events when it cannot (a proxy that blocks WebSocket). Both start from the
// client's last seen sequence (`after`, or SSE's Last-Event-ID) and carry each later message once, in
// order (ordered-feed.ts). A visitor may also send over the WebSocket; staff reply through the API.
// The staff stream without a conversation is the inbox's: every event, for a list to refresh.
import websocket from "@fastify/websocket";
import { CHAT_STAFF_STREAM_PATH, CHAT_STREAM_PATH, type ChatMessage, ChatMessages, ChatWsSend } from "@yj/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { AppError } from "../../lib/errors.js";
import type { CustomerOf } from "../accounts/accounts-module.js";
import { ALL_CONVERSATIONS, type ChatEvent, type ChatHub } from "./chat-hub.js";
import type { ChatStore, VisitorIdentity } from "./chat-store.js";
import { OrderedFeed } from "./ordered-feed.js";
import type { ChatService } from "./service.js";
import { visitorOf } from "./visitor-cookie.js";

/** Proxies drop a quiet connection (HAProxy's timeout tunnel, a cloud balancer's 60 s idle): a beat well inside. */
const HEARTBEAT_MS = 25_000;
/** A visitor's frame is one message: text of CHAT_TEXT_MAX characters fits with room to spare. */
const MAX_FRAME_BYTES = 16 * 1024;

const Seq = z.coerce.number().int().min(0).max(2_147_483_647);
const VisitorStreamQuery = z.object({ conversationId: Seq.min(1), after: Seq.default(0) });
const StaffStreamQuery = z.object({ id: Seq.min(1).optional(), after: Seq.default(0) });

/** What a stream frame says: a message, a conversation that changed, the answer to a send, a refusal. */
type Frame =
  | { type: "message"; message: ChatMessage }
  | { type: "conversation"; conversationId: number }
  | { type: "ack"; clientId: string; seq: number; duplicate: boolean }
  | { type: "error"; message: string };

interface StreamDeps {
  chat: ChatService;
  store: ChatStore;
  hub: ChatHub;
  customerOf: CustomerOf;
}

/** An open stream, as the server sees it at close. */
interface OpenStream {
  end(): void;
}

/** How many streams are open now, by who holds them (the metrics' chat_streams_open, bench/chat). */
export interface OpenStreams {
  visitor: number;
  staff: number;
}

/** The client's last seen sequence: the query's, or the EventSource's own reconnect header. */
function afterOf(request: FastifyRequest, after: number): number {
  const header = Number(request.headers["last-event-id"]);
  return Number.isInteger(header) && header > after ? header : after;
}

export function chatStreamRoutes(app: FastifyInstance, deps: StreamDeps): () => OpenStreams {
  const open = new Set<OpenStream>();
  const counts: OpenStreams = { visitor: 0, staff: 0 };
  const tracker = (holder: keyof OpenStreams) => (stream: OpenStream) => {
    open.add(stream);
    counts[holder] += 1;
    return () => {
      if (open.delete(stream)) counts[holder] -= 1;
    };
  };
  const trackVisitor = tracker("visitor");
  const trackStaff = tracker("staff");
  // Event streams never finish by themselves: end them, so closing the server does not wait on them.
  app.addHook("preClose", async () => {
    for (const stream of open) stream.end();
  });
  const visitors = new WeakMap<FastifyRequest, VisitorIdentity>();

  app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

    scope.route({
      method: "GET",
      url: CHAT_STREAM_PATH,
      // A HEAD would open an event stream with no body to carry it.
      exposeHeadRoute: false,
      schema: { querystring: VisitorStreamQuery, hide: true },
      config: { auth: "none" },
      // Before any upgrade: a conversation that is not the visitor's is refused as an HTTP answer.
      preHandler: async (request) => {
        const { conversationId } = request.query as z.output<typeof VisitorStreamQuery>;
        const customer = await deps.customerOf(request);
        const who = visitorOf(request, customer?.id ?? null);
        await deps.chat.owned(who, conversationId);
        visitors.set(request, who);
      },
      handler: (request, reply) => {
        const { conversationId, after } = request.query as z.output<typeof VisitorStreamQuery>;
        serveEvents(request, reply, trackVisitor, (send) =>
          feedOf(deps, conversationId, afterOf(request, after), send),
        );
      },
      wsHandler: (socket, request) => {
        const { conversationId, after } = request.query as z.output<typeof VisitorStreamQuery>;
        const who = visitors.get(request);
        if (!who) return socket.close(1008);
        serveSocket(
          socket,
          trackVisitor,
          (send) => feedOf(deps, conversationId, after, send),
          async (raw) => {
            const parsed = ChatWsSend.safeParse(parseJson(raw));
            if (!parsed.success)
              return { type: "error", message: parsed.error.issues[0]?.message ?? ChatMessages.textRequired };
            const sent = await deps.chat.send(who, { conversationId, ...parsed.data }, request.ip);
            return { type: "ack", clientId: sent.message.clientId, seq: sent.message.seq, duplicate: sent.duplicate };
          },
        );
      },
    });

    scope.route({
      method: "GET",
      url: CHAT_STAFF_STREAM_PATH,
      exposeHeadRoute: false,
      schema: { querystring: StaffStreamQuery, hide: true },
      config: { auth: "staff", permission: "chat" },
      handler: (request, reply) => {
        const { id, after } = request.query as z.output<typeof StaffStreamQuery>;
        serveEvents(request, reply, trackStaff, (send) => staffFeedOf(deps, id, afterOf(request, after), send));
      },
      wsHandler: (socket, request) => {
        const { id, after } = request.query as z.output<typeof StaffStreamQuery>;
        serveSocket(
          socket,
          trackStaff,
          (send) => staffFeedOf(deps, id, after, send),
          async () => ({
            type: "error",
            message: "请通过回复接口发送消息",
          }),
        );
      },
    });
  });
  return () => ({ ...counts });
}

type Feed = { stop(): void };

function feedOf(deps: StreamDeps, conversationId: number, after: number, send: (frame: Frame) => void): Feed {
  const feed = new OrderedFeed(
    deps.store,
    conversationId,
    after,
    (message) => send({ type: "message", message }),
    () => send({ type: "error", message: "消息读取失败，请刷新重试" }),
  );
  feed.start(deps.hub);
  // The conversation's own state changes (claimed, closed) ride along, for the window to say so.
  const unsubscribe = deps.hub.subscribe(conversationId, (event) => {
    if (event.kind === "conversation") send({ type: "conversation", conversationId });
  });
  return {
    stop: () => {
      feed.stop();
      unsubscribe();
    },
  };
}

/** One conversation in order for its detail view, or every event for the inbox's lists. */
function staffFeedOf(deps: StreamDeps, id: number | undefined, after: number, send: (frame: Frame) => void): Feed {
  if (id !== undefined) return feedOf(deps, id, after, send);
  const unsubscribe = deps.hub.subscribe(ALL_CONVERSATIONS, (event: ChatEvent) => {
    send(
      event.kind === "message"
        ? { type: "message", message: event.message }
        : { type: "conversation", conversationId: event.conversationId },
    );
  });
  return { stop: unsubscribe };
}

function serveEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  track: (stream: OpenStream) => () => void,
  start: (send: (frame: Frame) => void) => Feed,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    // nginx and similar proxies would hold the events back in their buffers.
    "x-accel-buffering": "no",
  });
  // retry: how soon the EventSource reconnects after a drop.
  res.write("retry: 2000\n\n");
  const feed = start((frame) => {
    const id = frame.type === "message" ? `id: ${frame.message.seq}\n` : "";
    res.write(`${id}event: ${frame.type}\ndata: ${JSON.stringify(frame)}\n\n`);
  });
  const beat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
  let untrack = () => {};
  const end = () => {
    clearInterval(beat);
    feed.stop();
    untrack();
    if (!res.writableEnded) res.end();
  };
  untrack = track({ end });
  request.raw.on("close", end);
}

function serveSocket(
  socket: WebSocket,
  track: (stream: OpenStream) => () => void,
  start: (send: (frame: Frame) => void) => Feed,
  onFrame: (raw: string) => Promise<Frame>,
) {
  const send = (frame: Frame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const feed = start(send);
  const beat = setInterval(() => socket.ping(), HEARTBEAT_MS);
  // Frames of one socket are answered in the order they came, as the client sent them.
  let queue = Promise.resolve();
  socket.on("message", (data) => {
    const raw = data.toString();
    queue = queue.then(async () => send(await onFrame(raw).catch(refusalOf)));
  });
  const untrack = track({ end: () => socket.close(1001) });
  socket.on("close", () => {
    clearInterval(beat);
    feed.stop();
    untrack();
  });
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** A refused send over the socket says why, as the API would; anything else, the generic message. */
function refusalOf(error: unknown): Frame {
  if (error instanceof AppError) return { type: "error", message: error.message };
  return { type: "error", message: "发送失败，请稍后重试" };
}
