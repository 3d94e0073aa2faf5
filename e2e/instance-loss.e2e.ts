// R13 and R18 when an instance goes away, through HAProxy: under a stream of reads, lead writes and
// orders, `kill -9` of one instance is noticed by the health check, no write answered 200 is lost,
// every order a customer saw accepted is whole, the stock adds up, and the restarted instance
// rejoins; SIGTERM drains: /readyz turns 503, HAProxy moves new requests to the other instance, a
// request already in flight is answered, and no visitor sees an error (ADR 0039). R22 for the live
// chat: a visitor's socket dropped mid-send and the instance holding it killed while messages flow;
// after reconnecting and resending, every message is stored and shown once, in order, to the visitor
// and to a 客服 whose stream is on the other instance (docs/decisions/0080).
import { randomBytes, randomUUID } from "node:crypto";
import { request } from "node:http";
import { CHAT_STAFF_STREAM_PATH, CHAT_STREAM_PATH, type ChatMessage } from "@yj/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  type Cluster,
  clusterUnavailable,
  createStaffMember,
  instanceHolding,
  logIn,
  type StaffMember,
  type StaffSession,
  staffLogIn,
  staffPost,
  startCluster,
  testAddress,
} from "./support/cluster";
import { call, type Session, visitorAddress } from "./support/http";
import { freshPhone } from "./support/server";

const skipped = clusterUnavailable();
/** Without Redis each instance tells only its own streams (docs/decisions/0075): no chat across instances. */
const noRedis = !process.env.REDIS_URL;
if (!skipped && noRedis) console.warn("\n!! R22's chat check SKIPPED: REDIS_URL is not set (.ci/run sets it)\n");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Outcome {
  kind: "read" | "write";
  startedAt: number;
  ok: boolean;
  phone?: string;
  error?: string;
}

/** Workers sending reads and lead writes through the balancer until stopped; every outcome kept. */
function stream(cluster: Cluster, workers = 4) {
  const outcomes: Outcome[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const startedAt = Date.now();
      // Chosen at random: a fixed alternation could meet round-robin in step and send every write to one instance.
      const write = Math.random() < 0.5;
      const phone = freshPhone();
      try {
        const answer = write
          ? await call(cluster.url, "/api/customers/appointment", {
              body: { phone, originDetail: "实例故障测试", consent: true },
              visitor: visitorAddress(),
            })
          : // Many visitors, as in life: one address would meet the per-address read limit, not a lost instance.
            await call(cluster.url, "/api/goods/index?isShow=1&current=1&pageSize=12&status=1", {
              visitor: visitorAddress(),
            });
        const ok = answer.status === 200 && answer.body.code === 1;
        outcomes.push({
          kind: write ? "write" : "read",
          startedAt,
          ok,
          phone: write ? phone : undefined,
          error: ok ? undefined : `${answer.status} ${answer.body.message}`,
        });
      } catch (error) {
        const cause = (error as Error & { cause?: unknown }).cause;
        outcomes.push({ kind: write ? "write" : "read", startedAt, ok: false, error: `${error} (${cause})` });
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    outcomes,
    async stop() {
      running = false;
      await done;
      return outcomes;
    },
  };
}

/** Every lead answered 200 is in the database. */
async function expectAcceptedWritesKept(cluster: Cluster, outcomes: Outcome[]) {
  const accepted = outcomes.filter((o) => o.kind === "write" && o.ok).map((o) => o.phone as string);
  expect(accepted.length).toBeGreaterThan(10);
  const rows = await cluster.database.query<{ phone: string }>("select phone from leads where phone = any($1)", [
    accepted,
  ]);
  expect(new Set(rows.map((r) => r.phone))).toEqual(new Set(accepted));
}

interface Shopper {
  phone: string;
  visitor: string;
  session: Session;
}

interface OrderAttempt {
  key: string;
  quantity: number;
  /** Set once an answer with code 1 came back, on the first try or a retry with the same key. */
  orderNo?: string;
  /** What each unanswered or refused try got. */
  errors: string[];
}

/**
 * Customers buying one SKU through the balancer until stopped. Each order has its own
 * Idempotency-Key; a try that gets no answer or a 5xx is retried with the same key, as a client
 * should (R8), so a write cut off by the kill is either replayed or made once on the other instance.
 */
function orderStream(cluster: Cluster, shoppers: Shopper[], goodsId: number, skuId: number) {
  const attempts: OrderAttempt[] = [];
  let running = true;
  const buyer = async ({ phone, session }: Shopper) => {
    while (running) {
      const attempt: OrderAttempt = { key: `r13-${randomUUID()}`, quantity: 1 + (attempts.length % 3), errors: [] };
      attempts.push(attempt);
      const body = { goodsId, skuId, quantity: attempt.quantity, address: testAddress(phone), remark: "" };
      for (let tries = 0; tries < 5 && !attempt.orderNo; tries++) {
        if (tries > 0) await sleep(300);
        try {
          const answer = await call<{ orderNo: string }>(cluster.url, "/api/order/createOrder", {
            body,
            session,
            // An address per request, as for the other writes: the per-address write limit is not under test.
            visitor: visitorAddress(),
            headers: { "idempotency-key": attempt.key },
          });
          if (answer.status === 200 && answer.body.code === 1) attempt.orderNo = answer.body.data.orderNo;
          else if (answer.status < 500) {
            // A refusal is final: retrying it would be refused again.
            attempt.errors.push(`${answer.status} ${answer.body.message}`);
            break;
          } else attempt.errors.push(`${answer.status} ${answer.body.message}`);
        } catch (error) {
          attempt.errors.push(String(error));
        }
      }
    }
  };
  const done = Promise.all(shoppers.map(buyer));
  return {
    async stop() {
      running = false;
      await done;
      return attempts;
    },
  };
}

/** Stock on hand plus the units held by orders not cancelled: constant while orders come and go. */
async function stockAccount(cluster: Cluster, skuId: number): Promise<number> {
  const [row] = await cluster.database.query<{ total: number }>(
    `select s.stock + coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                                  where l.sku_id = s.id and o.status <> 'cancelled'), 0)::int as total
       from goods_skus s where s.id = $1`,
    [skuId],
  );
  return row?.total as number;
}

type ChatFrame = { type: string; message?: ChatMessage; clientId?: string; seq?: number; duplicate?: boolean };

/** A WebSocket through the balancer that keeps every frame it receives. */
function chatSocket(url: string, headers: Record<string, string>, onFrame: (frame: ChatFrame) => void) {
  const socket = new WebSocket(url, { headers });
  socket.on("message", (data) => onFrame(JSON.parse(data.toString()) as ChatFrame));
  return new Promise<WebSocket>((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
    socket.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/**
 * The chat window as far as R22 goes (apps/web/src/features/leads/chat): one visitor (a cookie and an
 * address) whose stream goes through the balancer; what it sends waits for its ack, and whatever
 * was not acknowledged when the socket dropped is sent again, with the same client id, after it
 * reconnected from the last sequence it saw. `shown` is every message frame of every connection.
 */
class ChatVisitor {
  readonly shown: ChatMessage[] = [];
  readonly unacked = new Map<string, string>();
  readonly sent: { clientId: string; text: string }[] = [];
  /** Frames sent again after a reconnect, and acks that said the message was already stored. */
  resent = 0;
  duplicates = 0;
  socket: WebSocket | undefined;
  private readonly address = visitorAddress();
  private constructor(
    private readonly cluster: Cluster,
    private readonly cookie: string,
    readonly conversationId: number,
  ) {}

  static async open(cluster: Cluster) {
    const address = visitorAddress();
    const res = await fetch(`${cluster.url}/api/chat/open`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ page: "/packageDetails/1", city: "杭州市" }),
    });
    const body = (await res.json()) as { code: number; message: string; data: { conversation: { id: number } } };
    expect(body.code, body.message).toBe(1);
    const cookie =
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith("yj_chat="))
        ?.split(";")[0] ?? "";
    return new ChatVisitor(cluster, cookie, body.data.conversation.id);
  }

  get lastSeq() {
    return this.shown.at(-1)?.seq ?? 0;
  }

  /** Connects from the last sequence seen; a refused try (the balancer between two states) is tried again. */
  async connect() {
    for (let tries = 0; ; tries++) {
      try {
        this.socket = await chatSocket(
          `${this.cluster.url.replace("http", "ws")}${CHAT_STREAM_PATH}?conversationId=${this.conversationId}&after=${this.lastSeq}`,
          { cookie: this.cookie, "x-forwarded-for": this.address },
          (frame) => {
            if (frame.type === "message" && frame.message) this.shown.push(frame.message);
            if (frame.type === "ack") this.unacked.delete(frame.clientId as string);
            if (frame.type === "ack" && frame.duplicate) this.duplicates += 1;
          },
        );
        break;
      } catch (error) {
        if (tries >= 4) throw error;
      }
    }
    // What the last socket took but never acknowledged, again, in the order it was typed.
    for (const [clientId, text] of this.unacked) {
      this.resent += 1;
      this.frame(clientId, text);
    }
  }

  send(text: string) {
    const clientId = `r22${randomBytes(8).toString("hex")}`;
    this.sent.push({ clientId, text });
    this.unacked.set(clientId, text);
    this.frame(clientId, text);
  }

  private frame(clientId: string, text: string) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: "send", clientId, text }));
  }

  /** Resolves when the server has closed the socket or it broke (the instance behind it went away). */
  closed() {
    const socket = this.socket;
    return new Promise<void>((resolve) => {
      if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
      socket.once("close", () => resolve());
    });
  }
}

/** A 客服's reply through the balancer; a try cut off by the kill is sent again with the same client id. */
async function reply(cluster: Cluster, staff: StaffSession, id: number, text: string) {
  const clientId = `r22${randomBytes(8).toString("hex")}`;
  for (let tries = 0; ; tries++) {
    try {
      const res = await staffPost(cluster, "/api/admin/chat/reply", { id, clientId, text }, staff);
      const body = (await res.json()) as { code: number; message: string };
      if (res.status < 500) {
        expect(body.code, body.message).toBe(1);
        return;
      }
    } catch (error) {
      if (tries >= 5) throw error;
    }
    if (tries >= 5) throw new Error(`reply ${text} never answered`);
  }
}

describe.skipIf(skipped)("losing an instance behind HAProxy (R13, R18)", () => {
  let cluster: Cluster;
  /** The live chat's 客服, made while the earlier checks run (the command takes seconds). */
  let chatDesk: Promise<StaffMember>;
  beforeAll(async () => {
    cluster = await startCluster({ instances: 2 });
    chatDesk = createStaffMember(cluster, "sales", "林客服");
    // Awaited by the chat check; a failure is reported there, not as an unhandled rejection here.
    chatDesk.catch(() => {});
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it("kill -9 of one instance under reads, leads and orders: no accepted write lost, orders whole, stock adds up, it rejoins", async () => {
    const goods = await call<{ skus: { id: number; stock: number }[] }>(cluster.url, "/api/goods/mail/show?id=1");
    const skuId = goods.body.data.skus[0]?.id as number;
    // Plenty, so no order of the stream is refused for stock: every refusal would be a bug.
    await cluster.database.query("update goods_skus set stock = 100000 where id = $1", [skuId]);
    const initial = await stockAccount(cluster, skuId);
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 2; i++) {
      const visitor = visitorAddress();
      const phone = freshPhone();
      shoppers.push({ phone, visitor, session: await logIn(cluster, phone, visitor) });
    }

    const load = stream(cluster);
    const buying = orderStream(cluster, shoppers, 1, skuId);
    await sleep(1000);
    const a = cluster.instances[0];
    if (!a) throw new Error("no instance a");
    const killedAt = Date.now();
    // SIGKILL is delivered when the kernel next runs the process; on a loaded machine its sockets
    // (and the connections queued on them) stay open a while after the signal is sent.
    const exited = new Promise<number>((resolve) => a.server.process.once("exit", () => resolve(Date.now())));
    a.server.process.kill("SIGKILL");
    const goneAt = await exited;
    await cluster.haproxy.waitFor("DOWN", ["a"]);
    const downAt = Date.now();
    // Two failed probes 300 ms apart, and a little slack for a busy machine.
    expect(downAt - killedAt).toBeLessThan(4000);
    await sleep(1000);
    await cluster.restart("a");
    await sleep(1500);
    const [outcomes, attempts] = await Promise.all([load.stop(), buying.stop()]);

    // Only requests already on their way to the killed instance may fail (reads are retried on the
    // other one; a write that reached it is not replayed, and its visitor saw an error, not a 200).
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed.length, JSON.stringify(failed)).toBeLessThanOrEqual(4);
    expect(failed.filter((o) => o.startedAt > goneAt + 200)).toEqual([]);
    await expectAcceptedWritesKept(cluster, outcomes);

    // Every order was accepted in the end: a try cut off by the kill was retried with its key.
    expect(attempts.filter((o) => !o.orderNo)).toEqual([]);
    expect(attempts.length).toBeGreaterThan(10);
    const orderNos = attempts.map((o) => o.orderNo as string);
    // One order per key: a retry of a committed order replays it instead of making another.
    expect(new Set(orderNos).size).toBe(attempts.length);
    const made = await cluster.database.query<{ order_no: string; units: number; whole: boolean }>(
      `select o.order_no,
              (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id)::int as units,
              (o.status = 'pending_payment'
               and o.total_cents = (select coalesce(sum(l.amount_cents), 0) from order_lines l where l.order_id = o.id)
               and exists (select 1 from order_events e where e.order_id = o.id and e.status = 'pending_payment')
               and exists (select 1 from idempotency_keys k
                            where k.customer_id = o.customer_id and k.response ->> 'orderNo' = o.order_no)) as whole
         from orders o join customers c on c.id = o.customer_id
        where c.mobile = any($1)`,
      [shoppers.map((s) => s.phone)],
    );
    // The customers' orders are exactly the accepted ones, each whole with the quantity asked for.
    const byNo = new Map(made.map((m) => [m.order_no, m]));
    expect(made).toHaveLength(attempts.length);
    for (const attempt of attempts) {
      expect(byNo.get(attempt.orderNo as string), attempt.key).toMatchObject({ units: attempt.quantity, whole: true });
    }
    // No key left claimed without its answer, and the stock taken is what the orders hold.
    expect(await cluster.database.query("select 1 from idempotency_keys where response = '{}'::jsonb")).toEqual([]);
    expect(await stockAccount(cluster, skuId)).toBe(initial);
    const interrupted = attempts.filter((o) => o.errors.length > 0).length;
    console.info(`R13 through HAProxy: ${attempts.length} orders accepted, ${interrupted} after a retry`);

    // The restarted instance serves again, orders included.
    expect(await cluster.served("a", "/api/customers/appointment")).toBeGreaterThan(0);
    expect(await cluster.served("a", "/api/goods/index")).toBeGreaterThan(0);
    expect(await cluster.served("a", "/api/order/createOrder")).toBeGreaterThan(0);
  });

  it.skipIf(noRedis)(
    "R22: a visitor's send cut off and the instance holding its socket killed: every message stored and shown once, in order, to the visitor and a 客服 on the other instance",
    async () => {
      const staffReady = staffLogIn(cluster, chatDesk);
      const visitor = await ChatVisitor.open(cluster);
      const id = visitor.conversationId;
      await visitor.connect();
      visitor.send("这个套餐包含哪些？");
      await expect.poll(() => visitor.unacked.size).toBe(0);
      const staff = await staffReady;
      const claimed = await staffPost(cluster, "/api/admin/chat/claim", { id }, staff);
      expect(((await claimed.json()) as { code: number }).code).toBe(1);

      // The connection drops mid-send: the frame is written and the socket torn down at once.
      visitor.send("杭州能上门量房吗");
      visitor.socket?.terminate();
      await visitor.closed();
      await visitor.connect();
      // The message was never acknowledged on the dropped socket: it went again, under its client id.
      expect(visitor.resent).toBe(1);
      await expect.poll(() => visitor.unacked.size).toBe(0);

      // The 客服's stream goes through the balancer too, until it lands on the other instance.
      const doomed = await instanceHolding(cluster, "visitor");
      const staffFrames: ChatMessage[] = [];
      let staffSocket: WebSocket | undefined;
      for (let attempt = 0; attempt < 4 && !staffSocket; attempt++) {
        staffFrames.length = 0;
        const socket = await chatSocket(
          `${cluster.url.replace("http", "ws")}${CHAT_STAFF_STREAM_PATH}?id=${id}`,
          { cookie: staff.cookie, "x-forwarded-for": visitorAddress() },
          (frame) => {
            if (frame.type === "message" && frame.message) staffFrames.push(frame.message);
          },
        );
        if ((await instanceHolding(cluster, "staff")) !== doomed) staffSocket = socket;
        else {
          socket.close();
          await expect.poll(() => cluster.metric(doomed, "chat_streams_open", 'state="staff"')).toBe(0);
        }
      }
      if (!staffSocket) throw new Error(`the staff stream never left instance ${doomed}`);

      // Messages flow both ways; the instance holding the visitor's socket is killed amid them.
      const instance = cluster.instances.find((i) => i.name === doomed);
      if (!instance) throw new Error(`no instance ${doomed}`);
      const exited = new Promise<void>((resolve) => instance.server.process.once("exit", () => resolve()));
      const replies = [reply(cluster, staff, id, "可以的，请问小区名称？")];
      for (const text of ["在西湖区", "面积 89 平", "想做现代简约"]) visitor.send(text);
      replies.push(reply(cluster, staff, id, "好的，稍后安排设计师"));
      const dropped = visitor.closed();
      const killedAt = Date.now();
      instance.server.process.kill("SIGKILL");
      await exited;
      await dropped;
      replies.push(reply(cluster, staff, id, "周六上午方便吗？"));
      await visitor.connect();
      visitor.send("周六可以");
      await Promise.all(replies);
      await expect.poll(() => visitor.unacked.size).toBe(0);

      const stored = await cluster.database.query<{ seq: number; sender: string; client_id: string; text: string }>(
        "select seq, sender, client_id, text from chat_messages where conversation_id = $1 order by seq",
        [id],
      );
      const total = visitor.sent.length + replies.length;
      expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      // The visitor's messages once each, in the order typed; every reply once.
      expect(stored.filter((m) => m.sender === "visitor").map((m) => [m.client_id, m.text])).toEqual(
        visitor.sent.map((m) => [m.clientId, m.text]),
      );
      // Replies sent at once may be stored in either order; each is stored once.
      expect(
        stored
          .filter((m) => m.sender === "staff")
          .map((m) => m.text)
          .sort(),
      ).toEqual(["可以的，请问小区名称？", "好的，稍后安排设计师", "周六上午方便吗？"].sort());
      // Both see exactly the stored conversation: no message missing, none twice, across reconnects.
      const seen = (messages: ChatMessage[]) => messages.map((m) => [m.seq, m.text]);
      await expect.poll(() => seen(visitor.shown)).toEqual(stored.map((m) => [m.seq, m.text]));
      await expect.poll(() => seen(staffFrames)).toEqual(stored.map((m) => [m.seq, m.text]));
      visitor.socket?.close();
      staffSocket.close();
      const settledMs = Date.now() - killedAt;
      // The next check needs both instances up.
      await cluster.restart(doomed);
      console.info(
        `R22 through HAProxy: instance ${doomed} killed under the visitor's socket; ${total} messages ` +
          `(${visitor.sent.length} typed by the visitor, ${visitor.resent} frames resent, ${visitor.duplicates} of them ` +
          `already stored), each stored and shown once; all settled ${settledMs} ms after the kill`,
      );
    },
  );

  // Last: instance b does not come back.
  it("SIGTERM drains: /readyz turns 503, new requests go to the other instance, in-flight ones finish", async () => {
    const b = cluster.instances[1];
    if (!b) throw new Error("no instance b");
    const load = stream(cluster);
    await sleep(800);

    // A lead whose body is still arriving when the signal comes: in flight through the whole drain.
    const phone = freshPhone();
    const body = JSON.stringify({ phone, originDetail: "停机排空测试", consent: true });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: b.server.port,
          method: "POST",
          path: "/api/customers/appointment",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-forwarded-for": visitorAddress(),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => {
            text += c.toString("utf8");
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      // The rest arrives after the drain, while the server is already closing.
      setTimeout(() => req.end(body.slice(10)), 4000);
    });
    await sleep(100);

    const exited = new Promise<number | null>((resolve) => b.server.process.on("exit", (code) => resolve(code)));
    const termAt = Date.now();
    b.server.process.kill("SIGTERM");
    // The signal is handled within moments; from then on /readyz says so.
    let readiness = 200;
    for (let i = 0; i < 20 && readiness !== 503; i++) {
      await sleep(25);
      readiness = (await fetch(`${b.server.url}/readyz`)).status;
    }
    expect(readiness).toBe(503);
    await cluster.haproxy.waitFor("DOWN", ["b"], 2500);
    const downAt = Date.now();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 1 });
    expect(await exited).toBe(0);
    const exitAt = Date.now();
    // Out of rotation before it stopped listening.
    expect(downAt).toBeLessThan(termAt + 3000);
    expect(downAt).toBeLessThan(exitAt);

    await sleep(500);
    const outcomes = await load.stop();
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    await expectAcceptedWritesKept(cluster, outcomes);
    const kept = await cluster.database.query("select 1 from leads where phone = $1", [phone]);
    expect(kept).toHaveLength(1);
    // Requests after it left went to a only.
    expect((await cluster.haproxy.serverStates()).a).toBe("UP");
  });
});
