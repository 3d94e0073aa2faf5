// The live chat tests' visitor and stream clients (docs/decisions/0075): a visitor is a cookie jar
// of one yj_chat cookie; streams are real WebSocket and SSE connections to a listening server.
import { randomBytes } from "node:crypto";
import { CHAT_STREAM_PATH, CHAT_VISITOR_COOKIE, type ChatMessage } from "@yj/contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { WebSocket } from "ws";
import { uniqueIp } from "./accounts-fixtures.js";
import type { ApiAnswer } from "./helper.js";

export const clientId = () => `c${randomBytes(8).toString("hex")}`;

export interface Visitor {
  cookie: string;
  conversationId: number;
  ip: string;
}

/** Opens (or resumes) a conversation as a browser with `cookie` (none: a new visitor). */
export async function openChat(app: FastifyInstance, cookie?: string, extra: Partial<InjectOptions> = {}) {
  const ip = uniqueIp();
  const res = await app.inject({
    method: "POST",
    url: "/api/chat/open",
    payload: { page: "/packageDetails/1", city: "杭州市" },
    remoteAddress: ip,
    ...extra,
    cookies: { ...(cookie ? { [CHAT_VISITOR_COOKIE]: cookie } : {}), ...(extra.cookies ?? {}) },
  });
  const body = res.json() as ApiAnswer<{ conversation: { id: number; lastSeq: number }; messages: ChatMessage[] }>;
  const set = res.cookies.find((c) => c.name === CHAT_VISITOR_COOKIE);
  return { res, body, cookie: set?.value ?? cookie ?? "", setCookie: set };
}

export async function newVisitor(app: FastifyInstance): Promise<Visitor> {
  const { body, cookie } = await openChat(app);
  if (body.code !== 1) throw new Error(`open refused: ${body.message}`);
  return { cookie, conversationId: body.data.conversation.id, ip: uniqueIp() };
}

export async function visitorSend(app: FastifyInstance, visitor: Visitor, text: string, id = clientId()) {
  const res = await app.inject({
    method: "POST",
    url: "/api/chat/send",
    payload: { conversationId: visitor.conversationId, clientId: id, text },
    cookies: { [CHAT_VISITOR_COOKIE]: visitor.cookie },
    remoteAddress: visitor.ip,
  });
  return { status: res.statusCode, body: res.json() as ApiAnswer<{ message: ChatMessage; duplicate: boolean }> };
}

/** The base URL of a listening app. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `127.0.0.1:${address.port}`;
}

type Frame = { type: string; message?: ChatMessage; seq?: number; clientId?: string };

/** A WebSocket client that keeps every frame; `messages` are the message frames in arrival order. */
export class StreamClient {
  readonly frames: Frame[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => this.frames.push(JSON.parse(data.toString()) as Frame));
  }

  static connect(url: string, headers: Record<string, string>): Promise<StreamClient> {
    const socket = new WebSocket(url, { headers });
    const client = new StreamClient(socket);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(client));
      socket.once("error", reject);
      socket.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  static visitor(host: string, visitor: Visitor, after = 0) {
    return StreamClient.connect(
      `ws://${host}${CHAT_STREAM_PATH}?conversationId=${visitor.conversationId}&after=${after}`,
      {
        cookie: `${CHAT_VISITOR_COOKIE}=${visitor.cookie}`,
      },
    );
  }

  get messages(): ChatMessage[] {
    return this.frames.filter((f) => f.type === "message").map((f) => f.message as ChatMessage);
  }

  get seqs(): number[] {
    return this.messages.map((m) => m.seq);
  }

  send(frame: object) {
    this.socket.send(JSON.stringify(frame));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}
