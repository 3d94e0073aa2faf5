// R18: two built servers on one PostgreSQL (and Redis in CI) behind a real HAProxy, round-robin with
// health checks on /readyz, keep every promise of one instance. Requests go through the balancer
// and alternate; each check also asserts, from the instances' own /metrics, that both served it.
// A further check is a few lines: call `cluster.url`, then `bothServed(route)`. Money too (R19, R20):
// Alipay and WeChat Pay through their fake gateways, refunds approved and notified on both instances,
// and both instances' daily bill jobs racing for the same day. The live chat's "done when" (issue #25)
// in Chromium: a visitor behind the balancer asks, a 客服 on the other instance answers within a
// second, the history survives a reload, and the phone left becomes a 在线咨询 lead with the transcript.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { CHAT_GREETING, LEAD_KIND_LABELS } from "@yj/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALIPAY_BILL_METHOD } from "../apps/server/src/providers/payment/alipay-bill";
import { FakeWechatPayGateway, type NotifyMessage } from "../apps/server/src/providers/payment/fake-wechatpay-gateway";
import { FakeAlipay, rsaKeyPair } from "../apps/server/test/support/fake-alipay";
import { launchBrowser, screenshot, watchPage } from "./support/browser";
import {
  type Cluster,
  loggedCode as clusterLoggedCode,
  logIn as clusterLogIn,
  clusterUnavailable,
  createStaffMember,
  instanceHolding,
  type StaffMember,
  staffLogIn,
  startCluster,
  testAddress,
} from "./support/cluster";
import { call, visitorAddress } from "./support/http";
import { freshPhone, ROOT } from "./support/server";

const skipped = clusterUnavailable();

/** Cached public reads live this long: far longer than any check below waits for a change. */
const CACHE_SECONDS = 60;

describe.skipIf(skipped)("two instances behind HAProxy (R18)", () => {
  let cluster: Cluster;
  /** The live chat's 客服, made while the earlier checks run (the command takes seconds). */
  let chatDesk: Promise<StaffMember>;
  const appKeys = rsaKeyPair();
  const alipay = new FakeAlipay(appKeys.publicKey, "2021000000000001", "2088000000000001");
  const wechat = new FakeWechatPayGateway();
  beforeAll(async () => {
    await Promise.all([alipay.start(), wechat.start()]);
    cluster = await startCluster({
      instances: 2,
      env: {
        // Both instances' order-expiry and payment-reconciliation jobs poll often, so the races
        // between them are run many times.
        ORDER_EXPIRY_POLL_MS: "100",
        PAYMENT_RECONCILE_POLL_MS: "100",
        // The daily bill job too (R20): yesterday's bills are due at once, looked for five times a second.
        RECONCILE_BILL_HOUR: "0",
        RECONCILE_BILL_POLL_MS: "200",
        API_CACHE_SECONDS: String(CACHE_SECONDS),
        // Alipay first (the pay step's default, as the checks above use it); WeChat Pay for refund notifies.
        PAYMENT_PROVIDER: "alipay,wechat",
        ...wechat.settings("https://shop.example.cn/api/wechatpay/notify"),
        ALIPAY_APP_ID: alipay.appId,
        ALIPAY_PRIVATE_KEY: appKeys.privateKey,
        ALIPAY_PUBLIC_KEY: alipay.alipayKeys.publicKey,
        ALIPAY_SELLER_ID: alipay.sellerId,
        ALIPAY_GATEWAY: alipay.url,
        ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
      },
    });
    chatDesk = createStaffMember(cluster, "sales", "林客服");
    // Awaited by the chat check; a failure is reported there, not as an unhandled rejection here.
    chatDesk.catch(() => {});
  });
  afterAll(async () => {
    await cluster?.stop();
    await Promise.all([alipay.stop(), wechat.stop()]);
  });

  /** Runs `work`, then asserts both instances answered requests to `route` meanwhile. */
  async function onBoth<T>(route: string, work: () => Promise<T>): Promise<T> {
    const before = await Promise.all(cluster.instances.map((i) => cluster.served(i.name, route)));
    const result = await work();
    const after = await Promise.all(cluster.instances.map((i) => cluster.served(i.name, route)));
    after.forEach((count, i) => {
      expect(count - (before[i] as number), `instance ${cluster.instances[i]?.name} served ${route}`).toBeGreaterThan(
        0,
      );
    });
    return result;
  }

  const logIn = (phone: string, visitor: string) => clusterLogIn(cluster, phone, visitor);
  const loggedCode = (phone: string) => clusterLoggedCode(cluster, phone);

  it("alternates requests between both instances (round-robin)", async () => {
    const route = "/api/goodsCategories/list";
    const before = await Promise.all(cluster.instances.map((i) => cluster.served(i.name, route)));
    for (let i = 0; i < 10; i++) expect((await call(cluster.url, route)).body.code).toBe(1);
    const after = await Promise.all(cluster.instances.map((i) => cluster.served(i.name, route)));
    const served = after.map((n, i) => n - (before[i] as number));
    expect(served).toEqual([5, 5]);
  });

  it("a login made on one instance is valid on the other", async () => {
    const visitor = visitorAddress();
    const phone = freshPhone();
    const session = await logIn(phone, visitor);
    const answers = await onBoth("/api/customers/me", () =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          call<{ mobile: string }>(cluster.url, "/api/customers/me", { session, visitor }),
        ),
      ),
    );
    for (const me of answers) expect(me.body).toMatchObject({ code: 1, data: { mobile: phone } });
    // Logged out through one instance, the session is dead on both.
    expect((await call(cluster.url, "/api/customers/logout", { body: {}, session, visitor })).body.code).toBe(1);
    const after = await Promise.all(
      Array.from({ length: 4 }, () => call(cluster.url, "/api/customers/me", { session, visitor })),
    );
    for (const me of after) expect(me.body.code).not.toBe(1);
  });

  it("CSRF holds on both: a missing or wrong x-csrf-token is refused with 403 and nothing written", async () => {
    const visitor = visitorAddress();
    const session = await logIn(freshPhone(), visitor);
    const goods = await call<{ dataList: { id: number }[] }>(
      cluster.url,
      "/api/goods/index?isShow=1&current=1&pageSize=1&status=1",
    );
    const id = goods.body.data.dataList[0]?.id;
    const add = `/api/customers/add_favorite?id=${id}&type=1`;
    const refusals = await onBoth("/api/customers/add_favorite", () =>
      Promise.all([
        call(cluster.url, add, { session, visitor, csrf: false }),
        call(cluster.url, add, { session, visitor, csrf: "wrong" }),
        call(cluster.url, add, { session, visitor, csrf: false }),
        call(cluster.url, add, { session, visitor, csrf: `${session.csrf.slice(0, -1)}x` }),
      ]),
    );
    for (const refused of refusals) expect(refused.status).toBe(403);
    const favourites = await cluster.database.query<{ n: number }>("select count(*)::int as n from favorites");
    expect(favourites[0]?.n).toBe(0);
    expect((await call(cluster.url, add, { session, visitor })).body.code).toBe(1);
  });

  it("SMS send limits are counted once across both instances", async () => {
    const phone = freshPhone();
    const visitor = visitorAddress();
    const sends = await onBoth("/api/customers/getVerificationCode", async () => {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await call(cluster.url, `/api/customers/getVerificationCode?phone=${phone}`, { visitor }));
      return answers;
    });
    // One per 60 s: the first is sent, the other three refused, whichever instance they reached.
    expect(sends.map((s) => s.body.code)).toEqual([1, 0, 0, 0]);
  });

  it("code attempts are counted once across both: after 5 wrong codes the right one is refused", async () => {
    const phone = freshPhone();
    const visitor = visitorAddress();
    expect((await call(cluster.url, `/api/customers/getVerificationCode?phone=${phone}`, { visitor })).body.code).toBe(
      1,
    );
    const right = await loggedCode(phone);
    const wrong = right === "000000" ? "111111" : "000000";
    await onBoth("/api/customers/register", async () => {
      for (let i = 0; i < 5; i++) {
        const answer = await call(cluster.url, "/api/customers/register", {
          body: { mobile: phone, code: wrong },
          visitor,
        });
        expect(answer.body.code).toBe(0);
      }
    });
    const late = await call(cluster.url, "/api/customers/register", { body: { mobile: phone, code: right }, visitor });
    expect(late.body.code).toBe(0);
  });

  it("each lead's notification reaches the robot exactly once, though both instances run the delivery job", async () => {
    const before = cluster.robot.messages.length;
    const phones = Array.from({ length: 6 }, () => freshPhone());
    await onBoth("/api/customers/appointment", () =>
      Promise.all(
        phones.map((phone) =>
          call(cluster.url, "/api/customers/appointment", {
            body: { phone, originDetail: "多实例测试", consent: true },
            visitor: visitorAddress(),
          }).then((answer) => expect(answer.body.code).toBe(1)),
        ),
      ),
    );
    const deadline = Date.now() + 15_000;
    while (cluster.robot.messages.length < before + phones.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    // Several more polling rounds of both instances: nothing is sent again.
    await new Promise((r) => setTimeout(r, 1500));
    const received = cluster.robot.messages.slice(before);
    expect(received).toHaveLength(phones.length);
    for (const phone of phones) {
      const mask = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
      expect(received.filter((m) => m.includes(mask))).toHaveLength(1);
    }
    const pending = await cluster.database.query<{ n: number }>(
      "select count(*)::int as n from lead_outbox where delivered_at is null",
    );
    expect(pending[0]?.n).toBe(0);
  });

  /** A logged-in customer and a SKU of goods 1 with its stock, for the commerce checks. */
  async function shopper() {
    const visitor = visitorAddress();
    const phone = freshPhone();
    const session = await logIn(phone, visitor);
    const detail = await call<{ skus: { id: number; stock: number }[] }>(cluster.url, "/api/goods/mail/show?id=1");
    const sku = detail.body.data.skus.find((s) => s.stock >= 5);
    expect(sku, "goods 1 has a SKU in stock").toBeDefined();
    return { visitor, phone, session, skuId: (sku as { id: number }).id };
  }
  /** Orders `quantity` of the shopper's SKU of goods 1 through the balancer, once per idempotency key. */
  const placeOrder = (
    { visitor, phone, session, skuId }: Awaited<ReturnType<typeof shopper>>,
    quantity: number,
    key: string,
  ) =>
    call<{ orderNo: string }>(cluster.url, "/api/order/createOrder", {
      body: { goodsId: 1, skuId, quantity, address: address(phone), remark: "" },
      session,
      visitor,
      headers: { "idempotency-key": key },
    });

  const address = testAddress;

  it("a cart changed on one instance is seen on the other", async () => {
    const { visitor, session, skuId } = await shopper();
    const added = await call<{ cartNum: number; singleDada: { id: number }[] }>(cluster.url, "/api/carts/create", {
      body: { goodsId: 1, skuId, quantity: 2 },
      session,
      visitor,
    });
    expect(added.body).toMatchObject({ code: 1, data: { cartNum: 2 } });
    const lineId = added.body.data.singleDada[0]?.id;
    const seen = await onBoth("/api/carts", () =>
      Promise.all(
        Array.from({ length: 4 }, () => call<{ cartNum: number }>(cluster.url, "/api/carts", { session, visitor })),
      ),
    );
    for (const cart of seen) expect(cart.body.data.cartNum).toBe(2);
    expect(
      (await call(cluster.url, "/api/carts/update", { body: { id: lineId, quantity: 3 }, session, visitor })).body.code,
    ).toBe(1);
    const after = await onBoth("/api/carts", () =>
      Promise.all(
        Array.from({ length: 4 }, () => call<{ cartNum: number }>(cluster.url, "/api/carts", { session, visitor })),
      ),
    );
    for (const cart of after) expect(cart.body.data.cartNum).toBe(3);
  });

  it("one Idempotency-Key gives one order, though its retries land on both instances", async () => {
    const { visitor, phone, session, skuId } = await shopper();
    const body = { goodsId: 1, skuId, quantity: 1, address: address(phone), remark: "" };
    const headers = { "idempotency-key": `r18-${phone}-${Date.now()}` };
    const answers = await onBoth("/api/order/createOrder", () =>
      Promise.all(
        Array.from({ length: 8 }, () =>
          call<{ orderNo: string }>(cluster.url, "/api/order/createOrder", { body, session, visitor, headers }),
        ),
      ),
    );
    for (const answer of answers) expect(answer.body.code, answer.body.message).toBe(1);
    const orderNos = new Set(answers.map((a) => a.body.data.orderNo));
    expect(orderNos.size).toBe(1);
    const made = await cluster.database.query<{ n: number }>(
      "select count(*)::int as n from orders o join customers c on c.id = o.customer_id where c.mobile = $1",
      [phone],
    );
    expect(made[0]?.n).toBe(1);
  });

  it("the unpaid-order job runs on both instances, and an expired order is cancelled and its stock released once", async () => {
    const buyer = await shopper();
    const { skuId } = buyer;
    const stock = async () =>
      (await cluster.database.query<{ stock: number }>("select stock from goods_skus where id = $1", [skuId]))[0]
        ?.stock as number;
    const before = await stock();
    const order = await placeOrder(buyer, 2, `r18-expiry-${buyer.phone}`);
    expect(order.body.code, order.body.message).toBe(1);
    expect(await stock()).toBe(before - 2);
    const runsBefore = await Promise.all(cluster.instances.map((i) => cluster.jobRuns(i.name, "order_expiry")));
    // Its payment window (and the grace after it) ended an hour ago: both jobs find it due at once.
    await cluster.database.query("update orders set pay_before = now() - interval '1 hour' where order_no = $1", [
      order.body.data.orderNo,
    ]);
    const deadline = Date.now() + 15_000;
    let status = "";
    while (Date.now() < deadline) {
      status = (
        await cluster.database.query<{ status: string }>("select status from orders where order_no = $1", [
          order.body.data.orderNo,
        ])
      )[0]?.status as string;
      if (status === "cancelled") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("cancelled");
    // Many more rounds of both jobs: nothing is cancelled or released twice.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stock()).toBe(before);
    const runsAfter = await Promise.all(cluster.instances.map((i) => cluster.jobRuns(i.name, "order_expiry")));
    runsAfter.forEach((runs, i) => {
      expect(runs - (runsBefore[i] as number), `instance ${cluster.instances[i]?.name} ran the job`).toBeGreaterThan(3);
    });
    const events = await cluster.database.query<{ n: number }>(
      "select count(*)::int as n from order_events e join orders o on o.id = e.order_id where o.order_no = $1 and e.status = 'cancelled'",
      [order.body.data.orderNo],
    );
    expect(events[0]?.n).toBe(1);
  });

  it("cached public reads answer the same on both instances", async () => {
    const paths = [
      "/api/goods/index?isShow=1&category2=4&current=1&pageSize=12&status=1",
      "/api/site/settings",
      "/api/goodsCategories/list",
    ];
    for (const path of paths) {
      const route = path.split("?")[0] as string;
      const answers = await onBoth(route, async () => [
        await call(cluster.url, path),
        await call(cluster.url, path),
        await call(cluster.url, path),
        await call(cluster.url, path),
      ]);
      for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    }
  });
  it("a lost payment notify is recovered once, though both instances run the reconciliation job", async () => {
    const buyer = await shopper();
    const { visitor, session } = buyer;
    const order = await placeOrder(buyer, 1, `r18-reconcile-${buyer.phone}`);
    expect(order.body.code, order.body.message).toBe(1);
    const { orderNo } = order.body.data;
    const trade = await call<{ outTradeNo: string }>(cluster.url, `/api/alipay/precreate?orderNo=${orderNo}`, {
      session,
      visitor,
    });
    expect(trade.body.code, trade.body.message).toBe(1);
    const { outTradeNo } = trade.body.data;
    // The buyer pays; the notify never comes. The trade is made old enough for the job to ask about it.
    alipay.pay(outTradeNo);
    const runsBefore = await Promise.all(cluster.instances.map((i) => cluster.jobRuns(i.name, "payment_reconcile")));
    await cluster.database.query(
      "update payments set created_at = now() - interval '2 minutes' where out_trade_no = $1",
      [outTradeNo],
    );
    const deadline = Date.now() + 15_000;
    let status = "";
    while (status !== "paid" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (
        await cluster.database.query<{ status: string }>("select status from orders where order_no = $1", [orderNo])
      )[0]?.status as string;
    }
    expect(status).toBe("paid");
    // Many more rounds of both jobs (100 ms apart): the trade is asked about and recorded once.
    await new Promise((r) => setTimeout(r, 1500));
    const runsAfter = await Promise.all(cluster.instances.map((i) => cluster.jobRuns(i.name, "payment_reconcile")));
    runsAfter.forEach((runs, i) => {
      expect(runs - (runsBefore[i] as number), `instance ${cluster.instances[i]?.name} ran the job`).toBeGreaterThan(3);
    });
    const queries = alipay.callsOf("alipay.trade.query").filter((c) => c.biz.out_trade_no === outTradeNo);
    expect(queries).toHaveLength(1);
    const [recorded] = await cluster.database.query<{ paid: number; events: number }>(
      `select (select count(*) from payments p where p.order_id = o.id and p.status = 'paid')::int as paid,
              (select count(*) from order_events e where e.order_id = o.id and e.status = 'paid')::int as events
         from orders o where o.order_no = $1`,
      [orderNo],
    );
    expect(recorded).toMatchObject({ paid: 1, events: 1 });
  });

  /** A staff member's call through the balancer (GET without a body). */
  async function staffCall<T>(staff: { cookie: string; csrf: string }, path: string, body?: unknown) {
    const res = await fetch(`${cluster.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        cookie: staff.cookie,
        "x-csrf-token": staff.csrf,
        "x-forwarded-for": visitorAddress(),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; data: T };
  }

  /** A provider's notify posted through the balancer, as WeChat Pay's servers send it. */
  const postNotify = async (path: string, { headers, body }: NotifyMessage) => {
    const res = await fetch(`${cluster.url}${path}`, {
      method: "POST",
      headers: { ...headers, "x-forwarded-for": visitorAddress() },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  };

  const count = async (sql: string, params: unknown[]) =>
    (await cluster.database.query<{ n: number }>(sql, params))[0]?.n;

  it("R19: one refund approved 20 times at once through both instances is sent once; its notify, on either, settles it once", async () => {
    const buyer = await shopper();
    const { visitor, session, skuId } = buyer;
    const sales = async () => count("select sales::int as n from goods where id = 1", []);
    const stock = async () => count("select stock as n from goods_skus where id = $1", [skuId]);
    const salesBefore = await sales();
    const order = await placeOrder(buyer, 1, `r19-refund-${buyer.phone}`);
    expect(order.body.code, order.body.message).toBe(1);
    const { orderNo } = order.body.data;
    const trade = await call<{ outTradeNo: string }>(
      cluster.url,
      `/api/alipay/precreate?orderNo=${orderNo}&method=wechat`,
      { session, visitor },
    );
    expect(trade.body.code, trade.body.message).toBe(1);
    const { outTradeNo } = trade.body.data;
    wechat.pay(outTradeNo);
    expect(await postNotify("/api/wechatpay/notify", wechat.notifyFor(outTradeNo))).toBe(204);
    expect(await sales()).toBe((salesBefore as number) + 1);
    const stockPaid = await stock();

    const asked = await call<{ id: number }>(cluster.url, "/api/order/refund", {
      body: { orderNo, reason: "多实例退款" },
      session,
      visitor,
    });
    expect(asked.body.code, asked.body.message).toBe(1);
    const refundId = asked.body.data.id;
    const staff = await staffSession("sales");
    const answers = await onBoth("/api/admin/refunds/approve", () =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          staffCall<{ status: string; outRefundNo: string }>(staff, "/api/admin/refunds/approve", { refundId }),
        ),
      ),
    );
    for (const answer of answers)
      expect(answer, answer.message).toMatchObject({ code: 1, data: { status: "processing" } });
    const outRefundNo = answers[0]?.data.outRefundNo as string;
    const sent = wechat.calls.filter(
      (c) => c.method === "POST" && c.path === "/v3/refund/domestic/refunds" && c.body.includes(outTradeNo),
    );
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? "{}")).toMatchObject({ out_refund_no: outRefundNo });
    const ofRefund = (sql: string) => count(sql, [refundId]);
    expect(
      await ofRefund(
        "select count(*)::int as n from refunds where payment_id = (select payment_id from refunds where id = $1)",
      ),
    ).toBe(1);
    expect(
      await ofRefund("select count(*)::int as n from payment_events where refund_id = $1 and to_status = 'processing'"),
    ).toBe(1);
    expect(
      await count("select count(*)::int as n from audit_log where action = 'refund.approve' and entity_id = $1", [
        String(refundId),
      ]),
    ).toBe(1);

    // WeChat Pay finishes; its notify, retried ten times at once, lands on both instances.
    wechat.settleRefund(outRefundNo, "SUCCESS");
    const notify = wechat.refundNotifyFor(outRefundNo);
    const codes = await onBoth("/api/wechatpay/refund-notify", () =>
      Promise.all(Array.from({ length: 10 }, () => postNotify("/api/wechatpay/refund-notify", notify))),
    );
    expect(codes).toEqual(Array(10).fill(204));
    expect(
      await ofRefund("select count(*)::int as n from payment_events where refund_id = $1 and to_status = 'succeeded'"),
    ).toBe(1);
    expect(await ofRefund("select count(*)::int as n from refunds where id = $1 and status = 'succeeded'")).toBe(1);
    expect(
      await count(
        "select count(*)::int as n from order_events e join orders o on o.id = e.order_id where o.order_no = $1 and e.status = 'refunded'",
        [orderNo],
      ),
    ).toBe(1);
    // Its unit is back in stock once, and out of the sales count once.
    expect(await stock()).toBe((stockPaid as number) + 1);
    expect(await sales()).toBe(salesBefore);
  });

  it("R20: both instances run the daily bill job; each provider's day is run once and every planted difference recorded once", async () => {
    // Yesterday, China time: the day whose bills the job downloads (RECONCILE_BILL_HOUR 0: due all day).
    const day = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const runs = () =>
      cluster.database.query<{ provider: string; status: string; differences: number; error: string }>(
        "select provider, status, difference_count as differences, error from reconciliation_runs where bill_date = $1 order by provider",
        [day],
      );
    // Both instances ran that day at start (empty on both sides). Its runs are removed, and the day
    // planted, so the next rounds of both jobs find it due, as on the morning the bills come out.
    await expect.poll(async () => (await runs()).map((r) => r.status), { timeout: 15_000 }).toEqual(["done", "done"]);

    const tag = Date.now().toString(16);
    const expected: string[] = [];
    for (const provider of ["alipay", "wechat"] as const) {
      const no = (name: string) => `P${provider[0]}${tag}${name}`;
      const bills = provider === "alipay" ? alipay.bills : wechat.bills;
      const paidThere = (outTradeNo: string, cents: number) => {
        if (provider === "alipay") return void alipay.paidTrade(outTradeNo, cents, `${day} 10:00:00`);
        wechat.trades.set(outTradeNo, {
          outTradeNo,
          appid: wechat.merchant.appid,
          mchid: wechat.merchant.mchid,
          description: "悦家整装订单",
          totalFen: cents,
          timeExpire: "",
          notifyUrl: "",
          state: "SUCCESS",
          transactionId: `4200009${tag}${outTradeNo.slice(-1)}`,
          successTime: `${day}T10:00:00+08:00`,
        });
      };
      const paidHere = (outTradeNo: string, cents: number) =>
        cluster.database.query(
          `insert into payments (out_trade_no, provider, purpose, subject, amount_cents, status, trade_no, created_at, paid_at)
           values ($1, $2, 'deposit', '活动定金', $3, 'paid', $4, $5::timestamptz - interval '10 minutes', $5::timestamptz)`,
          [outTradeNo, provider, cents, `T${outTradeNo}`, `${day}T10:00:00+08:00`],
        );
      // A: on both sides, equal. B: only in the bill. C: only here. D: the amounts differ. R: a refund only in the bill.
      paidThere(no("A"), 10_000);
      await paidHere(no("A"), 10_000);
      bills.plantExtra({
        kind: "trade",
        outTradeNo: no("B"),
        tradeNo: `T${no("B")}`,
        outRefundNo: "",
        amountCents: 20_000,
        time: `${day} 10:30:00`,
      });
      paidThere(no("C"), 30_000);
      bills.omit(no("C"));
      await paidHere(no("C"), 30_000);
      paidThere(no("D"), 40_000);
      bills.plantAmount(no("D"), 39_900);
      await paidHere(no("D"), 40_000);
      const refundNo = `R${provider[0]}${tag}1`;
      bills.plantExtra({
        kind: "refund",
        outTradeNo: no("A"),
        tradeNo: `T${no("A")}`,
        outRefundNo: refundNo,
        amountCents: 1_500,
        time: `${day} 12:00:00`,
      });
      expected.push(
        `${provider}|missing_here|payment|${no("B")}|`,
        `${provider}|missing_there|payment|${no("C")}|`,
        `${provider}|amount_differs|payment|${no("D")}|`,
        `${provider}|missing_here|refund|${no("A")}|${refundNo}`,
      );
    }
    const downloads = () => [alipay.callsOf(ALIPAY_BILL_METHOD).length, wechat.callsTo("/v3/bill/tradebill").length];
    const downloadsBefore = downloads();
    const roundsBefore = await Promise.all(cluster.instances.map((i) => cluster.jobRuns(i.name, "bill_reconcile")));
    await cluster.database.query("delete from reconciliation_runs where bill_date = $1", [day]);
    await expect
      .poll(async () => (await runs()).map((r) => [r.provider, r.status, r.differences, r.error]), { timeout: 15_000 })
      .toEqual([
        ["alipay", "done", 4, ""],
        ["wechat", "done", 4, ""],
      ]);
    // More rounds of both jobs: a finished day is not run again.
    await new Promise((r) => setTimeout(r, 1_000));
    const rounds = await Promise.all(cluster.instances.map((i) => cluster.jobRuns(i.name, "bill_reconcile")));
    rounds.forEach((n, i) => {
      expect(
        n - (roundsBefore[i] as number),
        `instance ${cluster.instances[i]?.name} ran the bill job`,
      ).toBeGreaterThan(2);
    });
    const found = await cluster.database.query<{ key: string }>(
      `select provider || '|' || kind || '|' || subject || '|' || out_trade_no || '|' || out_refund_no as key
         from reconciliation_differences where bill_date = $1`,
      [day],
    );
    expect(found.map((f) => f.key).sort()).toEqual(expected.sort());
    // One download per provider, whichever instance won the day's run.
    expect(downloads().map((n, i) => n - (downloadsBefore[i] as number))).toEqual([1, 1]);
  });

  /** A staff member made by `npm run admin -- create` and logged in through the balancer. */
  async function staffSession(role: "operations" | "sales" = "operations"): Promise<{ cookie: string; csrf: string }> {
    const username = `${role.slice(0, 3)}_${Date.now().toString(36)}`;
    // Not spawnSync: a blocked event loop keeps the client from retiring idle connections the
    // balancer closes meanwhile, and the next request would be sent on a closed one.
    const made = await promisify(execFile)(
      process.execPath,
      [join(ROOT, "apps/server/dist/admin-cli.js"), "create", username, "--role", role],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: cluster.database.url, NODE_ENV: "test" }, encoding: "utf8" },
    );
    const oneTime = made.stdout.match(/one-time password: (\S+)/)?.[1] as string;
    const post = (path: string, body: unknown, session?: { cookie: string; csrf: string }) =>
      fetch(`${cluster.url}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": visitorAddress(),
          ...(session ? { cookie: session.cookie, "x-csrf-token": session.csrf } : {}),
        },
        body: JSON.stringify(body),
      });
    const login = await post("/api/admin/session/login", { username, password: oneTime });
    const loginBody = (await login.json()) as { code: number; message: string; data: { csrf: string } };
    expect(loginBody.code, loginBody.message).toBe(1);
    const token = login.headers.getSetCookie().find((c) => c.startsWith("yj_staff="));
    expect(token).toBeDefined();
    const session = { cookie: (token as string).split(";")[0] as string, csrf: loginBody.data.csrf };
    const changed = await post(
      "/api/admin/session/password",
      { currentPassword: oneTime, newPassword: "Working9day" },
      session,
    );
    expect(((await changed.json()) as { code: number }).code).toBe(1);
    return session;
  }

  it(`an admin price change through the balancer is seen at once on both instances (cache: ${CACHE_SECONDS} s)`, async () => {
    const GOODS_ID = 2;
    const staff = await staffSession();
    const admin = async <T>(path: string, body?: unknown) => {
      const res = await fetch(`${cluster.url}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          cookie: staff.cookie,
          "x-csrf-token": staff.csrf,
          "x-forwarded-for": visitorAddress(),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; message: string; data: T };
    };
    type Detail = {
      id: number;
      name: string;
      price: number;
      originalPrice: number;
      skus: { id: number; spec: string; price: number; stock: number }[];
    } & Record<string, unknown>;
    const detail = (await admin<Detail>(`/api/admin/goods/detail?id=${GOODS_ID}`)).data;
    const listPath = `/api/goods/index?name=${encodeURIComponent(detail.name)}`;
    /** The goods row's price in the (cached) list and on the product page, read on one instance directly. */
    const prices = async (base: string) => {
      const list = await call<{ dataList: { id: number; price: number }[] }>(base, listPath);
      const page = await call<{ price: number }>(base, `/api/goods/mail/show?id=${GOODS_ID}`);
      return [list.body.data.dataList.find((g) => g.id === GOODS_ID)?.price, page.body.data.price];
    };
    // Each instance reads, and caches, the list first.
    for (const i of cluster.instances) expect(await prices(i.server.url)).toEqual([detail.price, detail.price]);

    const newCents = detail.price + 123;
    const yuan = (cents: number) => (cents / 100).toFixed(2);
    const saved = await admin<{ price: number }>("/api/admin/goods/save", {
      id: detail.id,
      name: detail.name,
      subtitle: detail.subtitle,
      category2: detail.category2,
      brand: detail.brand,
      price: yuan(newCents),
      originalPrice: yuan(Math.max(detail.originalPrice, newCents)),
      unit: detail.unit,
      params: detail.params,
      description: detail.description,
      shown: detail.shown,
      skus: detail.skus.map((s) => ({ id: s.id, spec: s.spec, price: yuan(s.price), stock: s.stock })),
    });
    expect(saved.code, saved.message).toBe(1);
    expect(saved.data.price).toBe(newCents);
    // Whichever instance took the save: both answer the new price, not their cached one. The other
    // instance hears of the save through Redis a moment later (ADR 0034), so it is polled: up to 15 s
    // on a loaded machine, still far inside the 60 s its cached entry would otherwise live.
    for (const i of cluster.instances) {
      await expect.poll(() => prices(i.server.url), { timeout: 15_000 }).toEqual([newCents, newCents]);
    }
  });
  it.skipIf(!process.env.REDIS_URL)(
    "issue #25 in Chromium: a visitor asks, a 客服 on the other instance answers within a second, a reload keeps the history, the phone left is a 在线咨询 lead",
    async () => {
      const QUESTION = "杭州能上门量房吗？";
      const ANSWER = "可以的，请问小区在哪个区？";
      const phone = freshPhone();
      const staffReady = staffLogIn(cluster, chatDesk);
      const { context, close } = await launchBrowser();
      try {
        // The visitor's page, its requests and its stream all through the balancer.
        const shop = await context.newPage();
        await shop.setViewportSize({ width: 1440, height: 900 });
        const { errors } = watchPage(shop);
        await shop.goto(`${cluster.url}/`, { waitUntil: "networkidle" });
        await shop.getByTestId("chat-button").click();
        const win = shop.getByRole("dialog", { name: "在线客服" });
        await win.getByText(CHAT_GREETING).waitFor();
        await win.getByLabel("输入消息").fill(QUESTION);
        await win.getByLabel("输入消息").press("Enter");
        const log = win.getByRole("log");
        await log.getByText(QUESTION).waitFor();
        const visitorOn = await instanceHolding(cluster, "visitor");
        const desk = cluster.instances.find((i) => i.name !== visitorOn);
        if (!desk) throw new Error("no second instance");

        // The 客服's inbox on the other instance (its page, stream and reply all there).
        const staff = await staffReady;
        await context.addCookies([
          { name: "yj_staff", value: staff.cookie.slice("yj_staff=".length), url: desk.server.url },
        ]);
        const inbox = await context.newPage();
        await inbox.setViewportSize({ width: 1440, height: 900 });
        const inboxErrors = watchPage(inbox).errors;
        await inbox.goto(`${desk.server.url}/admin/chat`, { waitUntil: "networkidle" });
        await inbox
          .getByRole("button", { name: /会话 #\d+/ })
          .first()
          .click();
        const thread = inbox.getByRole("log", { name: "聊天记录" });
        await thread.getByText(QUESTION).waitFor();
        await inbox
          .getByRole("button", { name: "接入" })
          .or(inbox.getByRole("button", { name: "接 入" }))
          .click();
        await inbox.getByText("已接入会话").waitFor();
        const repliesBefore = await Promise.all(
          cluster.instances.map((i) => cluster.served(i.name, "/api/admin/chat/reply")),
        );
        await inbox.getByLabel("回复内容").fill(ANSWER);
        const answeredAt = Date.now();
        await inbox.getByLabel("回复内容").press("Enter");
        await log.getByText(ANSWER).waitFor();
        const seenMs = Date.now() - answeredAt;
        // Stored on the 客服's instance, shown on the visitor's: the other instance's fan-out carried it.
        const repliesAfter = await Promise.all(
          cluster.instances.map((i) => cluster.served(i.name, "/api/admin/chat/reply")),
        );
        const servedBy = cluster.instances.map((i, n) => [i.name, (repliesAfter[n] ?? 0) - (repliesBefore[n] ?? 0)]);
        expect(Object.fromEntries(servedBy)).toEqual({ [desk.name]: 1, [visitorOn]: 0 });
        // "Within a second" (issue #25) is a figure, printed for the note, not asserted: a timing in
        // a test fails on a loaded machine (bench/chat measures the fan-out).
        console.info(
          `issue #25: the 客服's answer on ${desk.name} shown to the visitor on ${visitorOn} in ${seenMs} ms`,
        );
        await screenshot(shop, "cluster-chat-window-1440");
        await thread.getByText(ANSWER).waitFor();
        await screenshot(inbox, "cluster-chat-inbox-1440");
        expect(inboxErrors).toEqual([]);
        await inbox.close();

        // A reload keeps the conversation: the question and the answer, once each.
        await shop.reload({ waitUntil: "networkidle" });
        await shop.getByTestId("chat-button").click();
        await log.getByText(ANSWER).waitFor();
        expect(await log.getByText(QUESTION, { exact: true }).count()).toBe(1);
        expect(await log.getByText(ANSWER, { exact: true }).count()).toBe(1);

        // The phone left in the window, with the consent, is a lead of kind 在线咨询 with the transcript.
        await win.getByRole("button", { name: "留下手机号" }).click();
        const form = win.getByRole("form", { name: "留下手机号" });
        await form.getByLabel("手机号").fill(phone);
        await form.getByRole("checkbox", { name: /我已阅读并同意/ }).check();
        await form.getByRole("button", { name: "提交" }).click();
        await win.getByText("提交成功，稍后会有客服联系您").first().waitFor();
        const backOffice = async <T>(path: string) => {
          const res = await fetch(`${cluster.url}${path}`, {
            headers: { cookie: staff.cookie, "x-forwarded-for": visitorAddress() },
          });
          return (await res.json()) as { code: number; message: string; data: T };
        };
        const leads = await backOffice<{ dataList: { id: number; kind: string }[] }>("/api/admin/leads/list?kind=chat");
        expect(leads.code, leads.message).toBe(1);
        expect(leads.data.dataList).toHaveLength(1);
        const lead = leads.data.dataList[0] as { id: number; kind: string };
        expect(LEAD_KIND_LABELS[lead.kind as keyof typeof LEAD_KIND_LABELS]).toBe("在线咨询");
        const detail = await backOffice<{ payload: { transcript: { sender: string; text: string }[] } }>(
          `/api/admin/leads/detail?id=${lead.id}`,
        );
        expect(detail.code, detail.message).toBe(1);
        expect(detail.data.payload.transcript.map((m) => [m.sender, m.text])).toEqual(
          expect.arrayContaining([
            ["访客", QUESTION],
            [expect.stringMatching(/^客服/), ANSWER],
          ]),
        );

        // The window on a phone: the whole screen, the history in it.
        await shop.setViewportSize({ width: 375, height: 812 });
        await log.getByText(ANSWER).waitFor();
        expect(await win.boundingBox()).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });
        await screenshot(shop, "cluster-chat-window-375");
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});
