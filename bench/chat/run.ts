// R22's bench (docs/quality.md, docs/decisions/0080): 1,000 open visitor connections on one instance
// of the live chat. The built server runs in production mode on a scratch PostgreSQL database (no
// Redis: one instance, the in-process hub). BENCH_CHAT_VISITORS visitors (default 1,000) each open a
// conversation and hold a WebSocket on /api/chat/stream; the server's own chat_streams_open gauge
// must count them all. Then every visitor's conversation gets a message through POST /api/chat/send
// (another connection, 20 at a time; a 503 of a busy moment is tried again, a send under the same
// client id, as a client does), and each open socket must receive it from the hub: the connections hold and
// still carry messages. Memory is read from the server's /metrics (process_resident_memory_bytes,
// nodejs_heap_size_used_bytes) after a full garbage collection before the sockets open and while
// they are open; the difference divided by the sockets is the memory per connection.
//
// The visitors come from many loopback addresses (127.0.1.x, as the kernel routes all of 127/8 to
// this machine), at most VISITORS_PER_ADDRESS each: the production limits per address on new
// conversations (modules/chat/limits.ts, 30 an hour) and on writes stay as they are, and no proxy
// header is trusted. The only bench-only setting is a preload that runs a full collection on SIGUSR2
// (gc-on-signal.cjs), so the heap is read without garbage that a later collection would free.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { join } from "node:path";
import { WebSocket } from "ws";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { adminUrl, createScratchDatabase, redact, unreachableReason } from "../api/postgres.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const VISITORS = Number(process.env.BENCH_CHAT_VISITORS ?? 1000);
/** Under the 30 conversations an hour one address may open (modules/chat/limits.ts). */
const VISITORS_PER_ADDRESS = 10;
/** Sockets opened at once: a crowd arriving, not one connect storm the accept queue would drop. */
const BATCH = 50;
/** Conversations opened and messages sent at once: writes, not what is measured. */
const WRITE_BATCH = 20;
const BAR_VISITORS = 1000;

interface Server {
  url: string;
  port: number;
  child: ChildProcess;
}

const sourceAddress = (i: number) => `127.0.1.${1 + Math.floor(i / VISITORS_PER_ADDRESS)}`;

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--require", join(ROOT, "bench/chat/gc-on-signal.cjs"), join(ROOT, "apps/server/dist/server.js")],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        // Every loopback address, so that the visitors' 127.0.1.x reach it.
        PORT: String(port),
        HOST: "0.0.0.0",
        DATABASE_URL: databaseUrl,
        REDIS_URL: "",
        // The visitors connect directly: their own addresses count, no forwarded header is believed.
        TRUST_PROXY: "0",
        CODE_HASH_SECRET: randomBytes(24).toString("hex"),
        SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
        SEED_DEMO: "true",
        LOG_LEVEL: "warn",
        // The bench's burst of opens is not the overload that shedding is for (bench:overload).
        LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
        SHUTDOWN_DRAIN_MS: "0",
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("server not healthy within 180 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, child };
}

/** The parts of the chat's answers the bench reads. */
interface ChatAnswer {
  code: number;
  message: string;
  data: { conversation: { id: number } };
}

/**
 * A JSON POST, tried again after a moment while the server answers 503 (a busy moment on a shared
 * machine, docs/decisions/0048), as a client does; `retried` counts those.
 */
let retried = 0;
async function post(...args: Parameters<typeof postOnce>): ReturnType<typeof postOnce> {
  for (let tries = 1; ; tries++) {
    const answer = await postOnce(...args);
    if (answer.status !== 503 || tries >= 10) return answer;
    retried += 1;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A JSON POST from one source address; answers the envelope and the chat cookie it set. */
function postOnce(
  server: Server,
  path: string,
  body: unknown,
  from: string,
  cookie = "",
): Promise<{ status: number; body: ChatAnswer; cookie: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        localAddress: from,
        method: "POST",
        path,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => {
          text += c.toString("utf8");
        });
        res.on("end", () => {
          const set = (res.headers["set-cookie"] ?? []).find((c) => c.startsWith("yj_chat="));
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(text) as ChatAnswer,
              cookie: set ? (set.split(";")[0] as string) : cookie,
            });
          } catch {
            reject(new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

interface Visitor {
  index: number;
  from: string;
  cookie: string;
  conversationId: number;
  socket?: WebSocket;
  /** Message frames received, by text. */
  received: Map<string, number>;
  closed: boolean;
}

function connect(server: Server, v: Visitor): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/chat/stream?conversationId=${v.conversationId}`, {
      headers: { cookie: v.cookie },
      localAddress: v.from,
    });
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; message?: { text: string } };
      if (frame.type === "message" && frame.message) v.received.set(frame.message.text, Date.now());
    });
    socket.once("open", () => {
      v.socket = socket;
      resolve();
    });
    socket.once("close", () => {
      v.closed = true;
    });
    socket.once("error", reject);
    socket.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/** The server's own figures from /metrics. */
async function scrape(server: Server) {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const value = (name: string, label = "") => {
    const line = text.split("\n").find((l) => l.startsWith(name) && l.includes(label) && !l.startsWith("#"));
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : Number.NaN;
  };
  return {
    rss: value("process_resident_memory_bytes"),
    heapUsed: value("nodejs_heap_size_used_bytes"),
    external: value("nodejs_external_memory_bytes"),
    visitorStreams: value("chat_streams_open", 'state="visitor"'),
  };
}

/** Memory after a full collection in the server (SIGUSR2, gc-on-signal.cjs), once it settled. */
async function memory(server: Server) {
  server.child.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 1000));
  server.child.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 1000));
  return scrape(server);
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>, batch = BATCH) {
  for (let i = 0; i < items.length; i += batch) await Promise.all(items.slice(i, i + batch).map(work));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const admin = adminUrl();
  const unreachable = await unreachableReason(admin);
  if (unreachable) throw new Error(`PostgreSQL at ${redact(admin)} unreachable: ${unreachable}`);
  const database = await createScratchDatabase(admin);
  let server: Server | undefined;
  const visitors: Visitor[] = [];
  try {
    server = await startServer(database.url);
    const s = server;
    console.log(
      `chat bench: ${VISITORS} visitors, ${VISITORS_PER_ADDRESS} per source address, on ${redact(database.url)}`,
    );

    const openedAt = Date.now();
    const indexes = Array.from({ length: VISITORS }, (_, i) => i);
    await inBatches(
      indexes,
      async (index) => {
        const from = sourceAddress(index);
        const opened = await post(s, "/api/chat/open", { page: "/", city: "" }, from);
        if (opened.body.code !== 1) throw new Error(`open ${index}: ${opened.body.message}`);
        visitors.push({
          index,
          from,
          cookie: opened.cookie,
          conversationId: opened.body.data.conversation.id,
          received: new Map(),
          closed: false,
        });
      },
      WRITE_BATCH,
    );
    console.log(`  ${VISITORS} conversations opened in ${((Date.now() - openedAt) / 1000).toFixed(1)} s`);

    const before = await memory(s);
    const connectAt = Date.now();
    await inBatches(visitors, (v) => connect(s, v));
    const connectMs = Date.now() - connectAt;
    await waitFor("every stream counted by the server", async () => (await scrape(s)).visitorStreams === VISITORS);
    const held = await memory(s);
    console.log(
      `  ${VISITORS} WebSockets open in ${(connectMs / 1000).toFixed(1)} s; the server counts ${held.visitorStreams}`,
    );

    // One message into each conversation, from another connection: it reaches the socket only through the hub.
    const sentAt = new Map<Visitor, number>();
    const answeredAt = new Map<Visitor, number>();
    const sendAt = Date.now();
    await inBatches(
      visitors,
      async (v) => {
        const text = `压测消息 ${v.index}`;
        const clientId = `bench${randomBytes(8).toString("hex")}`;
        sentAt.set(v, Date.now());
        // One client id for every try: a send taken before a 503 is still stored once.
        const sent = await post(
          s,
          "/api/chat/send",
          { conversationId: v.conversationId, clientId, text },
          v.from,
          v.cookie,
        );
        if (sent.body.code !== 1) throw new Error(`send ${v.index}: ${sent.status} ${sent.body.message}`);
        answeredAt.set(v, Date.now());
      },
      WRITE_BATCH,
    );
    await waitFor("every socket received its message", () =>
      visitors.every((v) => v.received.has(`压测消息 ${v.index}`)),
    );
    const deliveredMs = Date.now() - sendAt;
    const sorted = (from: Map<Visitor, number>) =>
      visitors
        .map((v) => (v.received.get(`压测消息 ${v.index}`) as number) - (from.get(v) as number))
        .sort((a, b) => a - b);
    // From the send's start (its round trip under the load of 20 at a time included), and from its
    // answer: the hub's own delay (negative when the frame came before the HTTP answer).
    const latencies = sorted(sentAt);
    const afterAnswer = sorted(answeredAt);
    const pct = (p: number, list = latencies) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
    const closed = visitors.filter((v) => v.closed).length;
    const after = await memory(s);

    const perConnection = (a: number, b: number) => (b - a) / VISITORS;
    const report = {
      visitors: VISITORS,
      connectSeconds: connectMs / 1000,
      deliveredAll: deliveredMs / 1000,
      deliveryMs: { p50: pct(50), p99: pct(99), max: latencies.at(-1) },
      afterAnswerMs: {
        min: afterAnswer[0],
        p50: pct(50, afterAnswer),
        p99: pct(99, afterAnswer),
        max: afterAnswer.at(-1),
      },
      closedEarly: closed,
      retriedAfter503: retried,
      memory: {
        before: { rss: before.rss, heapUsed: before.heapUsed, external: before.external },
        open: { rss: held.rss, heapUsed: held.heapUsed, external: held.external },
        afterMessages: { rss: after.rss, heapUsed: after.heapUsed, external: after.external },
        perConnection: {
          rss: perConnection(before.rss, held.rss),
          heapUsed: perConnection(before.heapUsed, held.heapUsed),
          external: perConnection(before.external, held.external),
        },
      },
    };
    console.log(
      `  one message into each conversation: all ${VISITORS} delivered within ${(deliveredMs / 1000).toFixed(1)} s,`,
    );
    console.log(
      `    send → socket p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)} ms (${WRITE_BATCH} sends at a time; ${retried} requests tried again after a 503)`,
    );
    console.log(
      `    the send's answer → socket min ${afterAnswer[0]} ms, p50 ${pct(50, afterAnswer)} ms, p99 ${pct(99, afterAnswer)} ms, max ${afterAnswer.at(-1)} ms (≤ 0: the frame came no later than the answer)`,
    );
    console.log("  server memory (after a full collection)   RSS        heap used   external");
    for (const [label, m] of [
      ["before the sockets", before],
      [`${VISITORS} sockets open`, held],
      ["after one message each", after],
    ] as const) {
      console.log(
        `    ${label.padEnd(38)} ${mb(m.rss).padStart(9)}  ${mb(m.heapUsed).padStart(9)}  ${mb(m.external).padStart(9)}`,
      );
    }
    console.log(
      `  per connection: heap ${kb(report.memory.perConnection.heapUsed)}, external ${kb(report.memory.perConnection.external)}, RSS ${kb(report.memory.perConnection.rss)}`,
    );
    // V8 keeps the pages the conversations' opening freed and reuses them for the sockets: the RSS
    // difference is a rough figure (it came out between 0 and 9 KB), the heap's is the steady one.
    console.log(
      "  (RSS is rough: the heap reuses pages freed before the sockets opened; the heap figure is the steady one)",
    );
    const pass = VISITORS >= BAR_VISITORS && closed === 0;
    console.log(
      `R22 ${VISITORS} open visitor connections hold and each receives its message: ${pass ? "PASS" : "MISS"}${closed ? ` (${closed} closed early)` : ""}`,
    );
    console.log(JSON.stringify(report));
    if (!pass) process.exitCode = 1;
  } finally {
    for (const v of visitors) v.socket?.terminate();
    if (server) {
      const child = server.child;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
