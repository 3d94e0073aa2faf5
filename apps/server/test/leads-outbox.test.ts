// R17: lead notifications go through the outbox to a WeCom or DingTalk group robot (local fakes here),
// on PGlite and, with TEST_DATABASE_URL, PostgreSQL: the right message shape and signature, delivered
// once even with two instances running the job, retried with backoff after failures, given up after
// the last attempt, picked up again after a restart, and never in the visitor's way.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { leadOutbox, leads } from "../src/db/schema.js";
import { createLogger } from "../src/lib/logger.js";
import type { DeliveryPolicy } from "../src/modules/leads/delivery-job.js";
import { dingTalkSignature } from "../src/providers/notify/dingtalk-robot.js";
import { uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { allowAll, describeEachBackend, testEnv } from "./helper.js";

const FAST: Partial<DeliveryPolicy> = { pollMs: 50, retryBaseMs: 40, maxRetryMs: 200, leaseMs: 30_000 };
const ADMIN = "https://admin.example.cn";

interface Received {
  url: URL;
  body: Record<string, unknown>;
}

/** A group robot on a local port: records messages, can fail the next N, answer slowly or be down. */
class FakeRobot {
  readonly received: Received[] = [];
  /** When each request arrived (ms), accepted or not. */
  readonly arrivals: number[] = [];
  failNext = 0;
  failWith: "http" | "errcode" = "http";
  delayMs = 0;
  private server: Server | undefined;
  url = "";

  async start(path = "/cgi-bin/webhook/send?key=test-key") {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}${path}`;
    return this;
  }

  private async handle(req: IncomingMessage, res: import("node:http").ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.arrivals.push(performance.now());
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failNext > 0) {
      this.failNext -= 1;
      if (this.failWith === "http") {
        res.writeHead(502).end("bad gateway");
      } else {
        res
          .writeHead(200, { "content-type": "application/json" })
          .end('{"errcode":45009,"errmsg":"api freq out of limit"}');
      }
      return;
    }
    this.received.push({
      url: new URL(req.url ?? "/", "http://x"),
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    });
    res.writeHead(200, { "content-type": "application/json" }).end('{"errcode":0,"errmsg":"ok"}');
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A WeCom message's markdown content. */
function contentOf(message: Received | undefined): string {
  return (message?.body.markdown as { content?: string } | undefined)?.content ?? "";
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeEachBackend("R17 lead outbox", { embedded: true, app: false }, (ctx) => {
  const apps: FastifyInstance[] = [];
  const robots: FakeRobot[] = [];
  const extraDatabases: Database[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    for (const robot of robots) await robot.stop();
    for (const database of extraDatabases) await database.close();
  });

  const db = () => ctx.database.db;

  // Instances share the outbox, so each test starts with none running and nothing left due.
  beforeEach(async () => {
    for (const app of apps.splice(0)) await app.close().catch(() => {});
    await db()
      .update(leadOutbox)
      .set({ deliveredAt: new Date() })
      .where(sql`${leadOutbox.deliveredAt} is null and ${leadOutbox.failedAt} is null`);
  });

  async function robot() {
    const fake = await new FakeRobot().start();
    robots.push(fake);
    return fake;
  }

  async function instance(
    env: Record<string, string>,
    { database = ctx.database, delivery = FAST, runDelivery = true, logTo = undefined as Writable | undefined } = {},
  ) {
    const app = await buildApp({
      env: testEnv({ ADMIN_BASE_URL: ADMIN, ...env }),
      database,
      serveWeb: false,
      ...(logTo ? { logger: createLogger("info", logTo) } : {}),
      accounts: { limiter: allowAll },
      leads: { delivery, runDelivery },
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  async function book(app: FastifyInstance, phone = uniquePhone(), originDetail = "首页·免费设计") {
    const res = await app.inject({
      method: "POST",
      url: "/api/customers/appointment",
      payload: { phone, originDetail },
      remoteAddress: uniqueIp(),
    });
    expect(res.json()).toMatchObject({ code: 1 });
    const [lead] = await db().select().from(leads).where(eq(leads.phone, phone));
    if (!lead) throw new Error("no lead");
    return lead;
  }

  const outboxOf = (leadId: number) => db().select().from(leadOutbox).where(eq(leadOutbox.leadId, leadId));
  /** The lead's outbox rows, once the first is delivered. */
  const deliveredRows = (what: string, leadId: number) =>
    waitFor(what, async () => {
      const rows = await outboxOf(leadId);
      return rows[0]?.deliveredAt ? rows : undefined;
    });

  it("WeCom: a new lead arrives once as markdown with kind, masked phone, source, time and the back-office link", async () => {
    const wecom = await robot();
    const app = await instance({ WECOM_WEBHOOK_URL: wecom.url });
    const phone = uniquePhone("138");
    const lead = await book(app, phone);
    await waitFor("the WeCom message", async () => wecom.received.length === 1);
    const [message] = wecom.received;
    expect(message?.url.searchParams.get("key")).toBe("test-key");
    expect(Object.keys(message?.body ?? {}).sort()).toEqual(["markdown", "msgtype"]);
    expect(message?.body.msgtype).toBe("markdown");
    const content = contentOf(message);
    expect(content).toContain("新线索：免费预约设计师");
    expect(content).toContain(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(content).not.toContain(phone);
    expect(content).toContain("来源：首页·免费设计");
    expect(content).toMatch(/时间：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（北京时间）/);
    expect(content).toContain(`(${ADMIN}/admin/leads/${lead.id})`);
    const [row] = await deliveredRows("delivered_at", lead.id);
    expect(row).toMatchObject({ attempts: 1, failedAt: null, lastError: null });
    // Nothing else is sent later.
    await new Promise((r) => setTimeout(r, 200));
    expect(wecom.received).toHaveLength(1);
    await app.close();
  });

  it("ADR 0052: the deposit lead's message names the visitor's city and its source page in Chinese", async () => {
    const wecom = await robot();
    const app = await instance({ WECOM_WEBHOOK_URL: wecom.url });
    const res = await app.inject({
      method: "POST",
      url: "/api/customers/denominate",
      remoteAddress: uniqueIp(),
      payload: { phone: uniquePhone(), content: "王", province: "浙江省", city: "杭州市", consent: true },
    });
    expect(res.json().code).toBe(1);
    await waitFor("the WeCom message", async () => wecom.received.length === 1);
    const content = contentOf(wecom.received[0]);
    expect(content).toContain("新线索：活动定金");
    expect(content).toContain("城市：浙江省 杭州市");
    expect(content).toContain("来源：装修活动 · 活动定金");
    expect(content).not.toContain("未填写");
    expect(content).not.toContain("活动征名");
    await app.close();
  });

  it("DingTalk: signed with timestamp and sign, {msgtype, markdown: {title, text}}", async () => {
    const ding = await robot();
    const secret = "SEC0123456789abcdef";
    const app = await instance({ DINGTALK_WEBHOOK_URL: ding.url, DINGTALK_SECRET: secret });
    const before = Date.now();
    const lead = await book(app);
    await waitFor("the DingTalk message", async () => ding.received.length === 1);
    const [message] = ding.received;
    const timestamp = Number(message?.url.searchParams.get("timestamp"));
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    expect(message?.url.searchParams.get("sign")).toBe(dingTalkSignature(timestamp, secret));
    expect(message?.url.searchParams.get("access_token")).toBeNull();
    expect(message?.body.msgtype).toBe("markdown");
    const markdown = message?.body.markdown as { title: string; text: string };
    expect(markdown.title).toBe("新线索：免费预约设计师");
    expect(markdown.text).toContain(`/admin/leads/${lead.id}`);
    await app.close();
  });

  it("an updated lead is announced again, marked as a repeat", async () => {
    const wecom = await robot();
    const app = await instance({ WECOM_WEBHOOK_URL: wecom.url });
    const phone = uniquePhone();
    await book(app, phone, "首页");
    await waitFor("first", async () => wecom.received.length === 1);
    await book(app, phone, "商品页");
    await waitFor("second", async () => wecom.received.length === 2);
    const content = contentOf(wecom.received[1]);
    expect(content).toContain("线索更新：免费预约设计师");
    expect(content).toContain("24 小时内第 2 次提交");
    expect(content).toContain("来源：商品页");
    await app.close();
  });

  it("a failing webhook is retried with backoff until it accepts; the visitor's answer never waits", async () => {
    const wecom = await robot();
    wecom.failNext = 3;
    const app = await instance({ WECOM_WEBHOOK_URL: wecom.url });
    const lead = await book(app);
    await waitFor("delivery after 3 failures", async () => wecom.received.length === 1);
    const [row] = await deliveredRows("delivered row", lead.id);
    expect(row?.attempts).toBe(4);
    // Backoff: 40, 80, 160 ms after the 1st, 2nd and 3rd failure (each at least that, within a poll).
    const gaps = wecom.arrivals.slice(1).map((t, i) => t - (wecom.arrivals[i] ?? 0));
    expect(gaps).toHaveLength(3);
    gaps.forEach((gap, i) => {
      expect(gap, `gap ${i}`).toBeGreaterThanOrEqual(40 * 2 ** i - 5);
    });
    await app.close();
    // errcode answers count as failures too.
    const again = await robot();
    again.failNext = 1;
    again.failWith = "errcode";
    const other = await instance({ WECOM_WEBHOOK_URL: again.url });
    const second = await book(other);
    await waitFor("delivery after an errcode", async () => again.received.length === 1);
    const [secondRow] = await deliveredRows("delivered", second.id);
    expect(secondRow?.attempts).toBe(2);
    await other.close();
  });

  it("after the last allowed attempt the row is given up, with its error kept", async () => {
    const wecom = await robot();
    wecom.failNext = 1000;
    const app = await instance({ WECOM_WEBHOOK_URL: wecom.url }, { delivery: { ...FAST, maxAttempts: 3 } });
    const lead = await book(app);
    const [row] = await waitFor("given up", async () => {
      const rows = await outboxOf(lead.id);
      return rows[0]?.failedAt ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: 3, deliveredAt: null, lastError: "webhook answered HTTP 502" });
    const left = wecom.failNext;
    await new Promise((r) => setTimeout(r, 300));
    expect(wecom.failNext).toBe(left);
    await app.close();
  });

  it("a slow or unreachable webhook does not slow the visitor's request", async () => {
    // The bound is the webhook's delay, not a guess at a booking's speed on a loaded machine: a
    // booking that waited for the webhook would take at least that long.
    const WEBHOOK_DELAY_MS = 2000;
    const slow = await robot();
    slow.delayMs = WEBHOOK_DELAY_MS;
    const app = await instance({ WECOM_WEBHOOK_URL: slow.url, LEAD_WEBHOOK_TIMEOUT_MS: "5000" });
    await book(app); // the job is now busy with a 2 s call
    const started = performance.now();
    await book(app);
    expect(performance.now() - started).toBeLessThan(WEBHOOK_DELAY_MS);
    await app.close();
    const down = await robot();
    await down.stop();
    const unreachable = await instance({ WECOM_WEBHOOK_URL: down.url });
    const t0 = performance.now();
    const lead = await book(unreachable);
    expect(performance.now() - t0).toBeLessThan(WEBHOOK_DELAY_MS);
    await waitFor("a failed attempt recorded", async () => (await outboxOf(lead.id))[0]?.lastError);
    await unreachable.close();
  });

  it("survives a restart: a row written while no job ran is delivered by the next instance", async () => {
    const wecom = await robot();
    const before = await instance({ WECOM_WEBHOOK_URL: wecom.url }, { runDelivery: false });
    const lead = await book(before);
    await before.close();
    expect(wecom.received).toHaveLength(0);
    const after = await instance({ WECOM_WEBHOOK_URL: wecom.url });
    await waitFor("delivery after the restart", async () =>
      wecom.received.some((m) => contentOf(m).includes(`/admin/leads/${lead.id})`)),
    );
    await after.close();
  });

  it("two instances running the job deliver each of 30 leads exactly once", async () => {
    const wecom = await robot();
    wecom.delayMs = 20;
    // On PostgreSQL the second instance has its own connection pool, as a second process would.
    let second = ctx.database;
    if (ctx.databaseUrl) {
      second = await openDatabase({ databaseUrl: ctx.databaseUrl, dataDir: "memory://", poolSize: 5 });
      extraDatabases.push(second);
    }
    const policy = { ...FAST, pollMs: 20, batchSize: 2 };
    const a = await instance({ WECOM_WEBHOOK_URL: wecom.url }, { delivery: policy });
    const b = await instance({ WECOM_WEBHOOK_URL: wecom.url }, { database: second, delivery: policy });
    const written = await Promise.all(
      Array.from({ length: 30 }, (_, i) => book(i % 2 === 0 ? a : b, uniquePhone(), `#${i}`)),
    );
    const ids = written.map((l) => l.id).sort((x, y) => x - y);
    await waitFor("all delivered", async () => {
      const [row] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(leadOutbox)
        .where(sql`${leadOutbox.deliveredAt} is null and ${leadOutbox.leadId} in ${ids}`);
      return row?.n === 0;
    });
    await new Promise((r) => setTimeout(r, 200));
    const linked = wecom.received
      .map((m) => /\/admin\/leads\/(\d+)\)/.exec(contentOf(m))?.[1])
      .map(Number)
      .filter((id) => ids.includes(id))
      .sort((x, y) => x - y);
    expect(linked).toEqual(ids);
    const rows = await db()
      .select({ attempts: leadOutbox.attempts })
      .from(leadOutbox)
      .where(sql`${leadOutbox.leadId} in ${ids}`);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    await a.close();
    await b.close();
  });

  it("the lead and its outbox row are one transaction: if the outbox row cannot be written, neither is", async () => {
    const app = await instance({}, { runDelivery: false });
    await db().execute(sql`alter table lead_outbox add constraint refuse_all check (lead_id < 0) not valid`);
    try {
      const phone = uniquePhone();
      const res = await app.inject({
        method: "POST",
        url: "/api/customers/appointment",
        payload: { phone, originDetail: "x" },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 0, data: null });
      expect(await db().select().from(leads).where(eq(leads.phone, phone))).toEqual([]);
    } finally {
      await db().execute(sql`alter table lead_outbox drop constraint refuse_all`);
    }
    await app.close();
  });

  it("without a robot the lead is logged, phone masked", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await instance({}, { logTo: sink });
    const phone = uniquePhone("137");
    const lead = await book(app, phone);
    await waitFor("the log line", async () => lines.some((l) => l.includes(`/admin/leads/${lead.id})`)));
    const line = JSON.parse(lines.find((l) => l.includes(`/admin/leads/${lead.id})`)) ?? "{}");
    expect(line.msg).toBe("新线索：免费预约设计师");
    expect(line.notification).toContain(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(lines.join("\n")).not.toContain(phone);
    await waitFor("delivered", async () => (await outboxOf(lead.id))[0]?.deliveredAt);
    await app.close();
  });
});

describe("lead notification settings", () => {
  it("refuses two robots at once, trims the admin link's trailing slash and derives it from the shop's address", () => {
    expect(() =>
      testEnv({
        WECOM_WEBHOOK_URL: "https://qyapi.weixin.qq.com/x",
        DINGTALK_WEBHOOK_URL: "https://oapi.dingtalk.com/x",
      }),
    ).toThrow(/DINGTALK_WEBHOOK_URL: lead notifications go to one robot/);
    expect(testEnv({ ADMIN_BASE_URL: "https://admin.example.cn/" }).ADMIN_BASE_URL).toBe("https://admin.example.cn");
    // Unset, the link follows the shop's address or this instance's port, never a fixed 3000.
    expect(testEnv({ PORT: "4123" }).ADMIN_BASE_URL).toBe("http://localhost:4123");
    expect(testEnv({ PUBLIC_ORIGIN: "https://shop.example.cn" }).ADMIN_BASE_URL).toBe("https://shop.example.cn");
  });
});
