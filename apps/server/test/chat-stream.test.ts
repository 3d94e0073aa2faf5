// Live chat's stream (issue #25, docs/decisions/0075; R22) against listening servers: a WebSocket
// round trip, a reconnect with the last seen sequence that gets what it missed once and in order,
// the SSE fallback on the same path, a refused stranger, phone numbers masked in the logs, and two
// instances over Redis on which a visitor and a 客服 each see every message once, in order.
import { CHAT_STREAM_PATH, CHAT_VISITOR_COOKIE, type ChatMessage } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { createLogger } from "../src/lib/logger.js";
import { uniqueIp } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession, withTwoInstancesOverRedis } from "./admin-fixtures.js";
import { clientId, listen, newVisitor, StreamClient, type Visitor, visitorSend } from "./chat-support.js";
import { type ApiAnswer, describeEachBackend, testEnv } from "./helper.js";

const WAIT = { timeout: 10_000, interval: 20 };

describeEachBackend("live chat stream", { app: false, embedded: true }, (ctx) => {
  let app: FastifyInstance;
  let host: string;
  const lines: string[] = [];
  beforeAll(async () => {
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    app = await buildApp({ env: testEnv(), database: ctx.database, serveWeb: false, logger });
    host = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  /** chat_streams_open from the instance's /metrics. */
  async function openStreams() {
    const text = (await app.inject({ url: "/metrics" })).body;
    const count = (state: string) =>
      Number(text.match(new RegExp(`^chat_streams_open\\{state="${state}"\\} (\\d+)$`, "m"))?.[1] ?? Number.NaN);
    return { visitor: count("visitor"), staff: count("staff") };
  }

  it("a WebSocket round trip: the visitor sends over the socket and gets the ack and the stored message", async () => {
    const visitor = await newVisitor(app);
    const client = await StreamClient.visitor(host, visitor);
    try {
      const id = clientId();
      client.send({ type: "send", clientId: id, text: "杭州能上门量房吗" });
      await expect
        .poll(() => client.frames.find((f) => f.type === "ack"), WAIT)
        .toMatchObject({ clientId: id, seq: 1 });
      await expect.poll(() => client.messages, WAIT).toHaveLength(1);
      expect(client.messages[0]).toMatchObject({ seq: 1, clientId: id, sender: "visitor", text: "杭州能上门量房吗" });
      // The same frame again (a resend after a drop) is acknowledged as the same message, not stored twice.
      client.send({ type: "send", clientId: id, text: "杭州能上门量房吗" });
      await expect
        .poll(() => client.frames.filter((f) => f.type === "ack").at(-1), WAIT)
        .toMatchObject({ seq: 1, duplicate: true });
      client.send({ type: "send", clientId: "短", text: "" });
      await expect.poll(() => client.frames.find((f) => f.type === "error"), WAIT).toBeDefined();
      expect(client.messages).toHaveLength(1);
      // The instance counts the open stream on /metrics (docs/decisions/0080), and forgets it once closed.
      expect(await openStreams()).toEqual({ visitor: 1, staff: 0 });
    } finally {
      await client.close();
    }
    await expect.poll(openStreams, WAIT).toEqual({ visitor: 0, staff: 0 });
  });

  it("a reconnect with the last seen sequence gets what it missed once, in order, then the live ones", async () => {
    const visitor = await newVisitor(app);
    for (const text of ["一", "二"]) await visitorSend(app, visitor, text);
    const first = await StreamClient.visitor(host, visitor);
    await expect.poll(() => first.seqs, WAIT).toEqual([1, 2]);
    await first.close();
    for (const text of ["三", "四", "五"]) await visitorSend(app, visitor, text);
    const again = await StreamClient.visitor(host, visitor, 2);
    try {
      await expect.poll(() => again.seqs, WAIT).toEqual([3, 4, 5]);
      await visitorSend(app, visitor, "六");
      await expect.poll(() => again.seqs, WAIT).toEqual([3, 4, 5, 6]);
      expect(again.messages.map((m) => m.text)).toEqual(["三", "四", "五", "六"]);
    } finally {
      await again.close();
    }
  });

  it("the same stream as server-sent events where WebSocket is blocked, resumed by Last-Event-ID", async () => {
    const visitor = await newVisitor(app);
    for (const text of ["甲", "乙", "丙"]) await visitorSend(app, visitor, text);
    const controller = new AbortController();
    const res = await fetch(`http://${host}${CHAT_STREAM_PATH}?conversationId=${visitor.conversationId}`, {
      headers: { cookie: `${CHAT_VISITOR_COOKIE}=${visitor.cookie}`, "last-event-id": "1" },
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events: ChatMessage[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split("\n").find((l) => l.startsWith("data: "));
          if (block.includes("event: message") && data) events.push(JSON.parse(data.slice(6)).message);
        }
      }
    })().catch(() => {});
    try {
      await expect.poll(() => events.map((m) => m.seq), WAIT).toEqual([2, 3]);
      await visitorSend(app, visitor, "丁");
      await expect.poll(() => events.map((m) => m.text), WAIT).toEqual(["乙", "丙", "丁"]);
    } finally {
      controller.abort();
      await reading;
    }
  });

  it("refuses another visitor's conversation before any upgrade", async () => {
    const owner = await newVisitor(app);
    const stranger = await newVisitor(app);
    await expect(StreamClient.visitor(host, { ...stranger, conversationId: owner.conversationId })).rejects.toThrow(
      /upgrade refused/,
    );
    const res = await fetch(`http://${host}${CHAT_STREAM_PATH}?conversationId=${owner.conversationId}`, {
      headers: { cookie: `${CHAT_VISITOR_COOKIE}=${stranger.cookie}` },
    });
    expect(((await res.json()) as ApiAnswer<null>).code).toBe(0);
  });

  it("closing the server ends open event streams and sockets instead of waiting on them", async () => {
    const own = await buildApp({ env: testEnv(), database: ctx.database, serveWeb: false });
    const ownHost = await listen(own);
    const visitor = await newVisitor(own);
    const socket = await StreamClient.visitor(ownHost, visitor);
    const events = await fetch(`http://${ownHost}${CHAT_STREAM_PATH}?conversationId=${visitor.conversationId}`, {
      headers: { cookie: `${CHAT_VISITOR_COOKIE}=${visitor.cookie}` },
    });
    const drained = (async () => {
      for await (const _ of events.body as unknown as AsyncIterable<Uint8Array>);
    })();
    const started = Date.now();
    await own.close();
    await drained;
    await expect.poll(() => socket.socket.readyState, WAIT).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a phone number typed in a message never reaches the logs in full", async () => {
    const visitor = await newVisitor(app);
    const sent = await visitorSend(app, visitor, "我的电话 13912345678，请回电");
    expect(sent.body.code).toBe(1);
    const logged = lines.join("\n");
    expect(logged).toContain("chat message stored");
    expect(logged).not.toContain("13912345678");
  });
});

const REDIS_URL = process.env.REDIS_URL;

describe.runIf(REDIS_URL)("live chat on two instances over Redis", () => {
  it("a visitor on one instance and a 客服 on the other see every message once, in order", async () => {
    await withTwoInstancesOverRedis(REDIS_URL ?? "", async ({ first, second, db }) => {
      const [firstHost, secondHost] = [await listen(first), await listen(second)];
      const sales: StaffSession = await newStaff(second, db, "sales", "客服小周");
      const visitor: Visitor = await newVisitor(first);
      const visitorStream = await StreamClient.visitor(firstHost, visitor);
      const staffStream = await StreamClient.connect(
        `ws://${secondHost}/api/admin/chat/stream?id=${visitor.conversationId}`,
        { cookie: `yj_staff=${sales.token}` },
      );
      try {
        await visitorSend(first, visitor, "这个套餐包含哪些");
        await expect.poll(() => staffStream.seqs, WAIT).toEqual([1]);
        const claim = await second.inject(
          asStaff(sales, { method: "POST", url: "/api/admin/chat/claim", payload: { id: visitor.conversationId } }),
        );
        expect((claim.json() as ApiAnswer<unknown>).code).toBe(1);
        // Visitor and 客服 write at once on their own instances.
        const writes: Promise<unknown>[] = [];
        for (let i = 0; i < 5; i += 1) {
          writes.push(visitorSend(first, visitor, `访客 ${i}`));
          writes.push(
            second.inject(
              asStaff(sales, {
                method: "POST",
                url: "/api/admin/chat/reply",
                remoteAddress: uniqueIp(),
                payload: { id: visitor.conversationId, clientId: clientId(), text: `客服 ${i}` },
              }),
            ),
          );
        }
        await Promise.all(writes);
        const all = Array.from({ length: 11 }, (_, i) => i + 1);
        await expect.poll(() => visitorStream.seqs, WAIT).toEqual(all);
        await expect.poll(() => staffStream.seqs, WAIT).toEqual(all);
        expect(visitorStream.messages.map((m) => m.text)).toEqual(staffStream.messages.map((m) => m.text));
        expect(visitorStream.messages.filter((m) => m.sender === "staff")).toHaveLength(5);
      } finally {
        await visitorStream.close();
        await staffStream.close();
      }
    });
  });
});
