// R20 (docs/quality.md, docs/decisions/0065): the daily bill reconciliation against both fake
// gateways, which serve bills in the providers' formats (Alipay: a ZIP of GBK CSV behind
// alipay.data.dataservice.bill.downloadurl.query; WeChat Pay: /v3/bill/tradebill and a hash-checked
// file), on PGlite and, with TEST_DATABASE_URL, PostgreSQL. Every planted difference (each kind, for
// payments and refunds, both providers) is found once, by two instances running the job at once
// (one download per provider and day); running a day again records nothing twice and keeps a
// resolution; a bill whose hash does not match fails the run visibly and records nothing; the
// back office resolves a difference (audited), exports them (audited) and runs a day again (audited),
// 管理员 only.
import { randomBytes } from "node:crypto";
import { type DifferenceKind, ErrorCode, type ReconciliationDifference, type ReconciliationRun } from "@yj/contract";
import { and, desc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { auditLog, payments, reconciliationDifferences, reconciliationRuns, refunds } from "../src/db/schema.js";
import { ALIPAY_BILL_METHOD } from "../src/providers/payment/alipay-bill.js";
import type { FakeBillBook } from "../src/providers/payment/fake-bills.js";
import { FakeWechatPayGateway } from "../src/providers/payment/fake-wechatpay-gateway.js";
import { uniqueIp } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { type ApiAnswer, describeEachBackend, testEnv } from "./helper.js";
import { FakeAlipay, rsaKeyPair } from "./support/fake-alipay.js";

const APP_ID = "2021000000000001";
const SELLER_ID = "2088000000000001";
const appKeys = rsaKeyPair();
const PATIENT_MS = "15000";

type Provider = "alipay" | "wechat";
const PROVIDERS: Provider[] = ["alipay", "wechat"];

/** A difference as the test expects it: kind, subject and numbers. */
type Key = string;
const keyOf = (d: { kind: string; subject: string; outTradeNo: string; outRefundNo: string }): Key =>
  `${d.kind}|${d.subject}|${d.outTradeNo}|${d.outRefundNo}`;

describeEachBackend("R20 daily bill reconciliation (fake gateways)", { embedded: true, app: false }, (ctx) => {
  let alipay: FakeAlipay;
  let wechat: FakeWechatPayGateway;
  /** The back office's instance: no background job, the desk only. */
  let office: FastifyInstance;
  let admin: StaffSession;
  let sales: StaffSession;

  function env(): Record<string, string> {
    return {
      PAYMENT_PROVIDER: "alipay,wechat",
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: appKeys.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.alipayKeys.publicKey,
      ALIPAY_SELLER_ID: SELLER_ID,
      ALIPAY_GATEWAY: alipay.url,
      ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
      ALIPAY_TIMEOUT_MS: PATIENT_MS,
      ...wechat.settings("https://shop.example.cn/api/wechatpay/notify"),
      WECHATPAY_TIMEOUT_MS: PATIENT_MS,
      PAYMENT_RECONCILE_POLL_MS: "3600000",
    };
  }

  beforeAll(async () => {
    alipay = await new FakeAlipay(appKeys.publicKey, APP_ID, SELLER_ID).start();
    wechat = await new FakeWechatPayGateway().start();
    office = await buildApp({
      env: testEnv(env()),
      database: ctx.database,
      serveWeb: false,
      payments: { runReconcile: false, reconciliation: { runBills: false } },
    });
    await office.ready();
    admin = await newStaff(office, ctx.database.db, "admin", "对账管理员");
    sales = await newStaff(office, ctx.database.db, "sales", "对账销售");
  }, 120_000);

  afterAll(async () => {
    await office?.close();
    await alipay?.stop();
    await wechat?.stop();
  });

  const db = () => ctx.database.db;
  const book = (provider: Provider): FakeBillBook => (provider === "alipay" ? alipay.bills : wechat.bills);

  async function as<T>(member: StaffSession, options: InjectOptions): Promise<ApiAnswer<T>> {
    const res = await office.inject(asStaff(member, { remoteAddress: uniqueIp(), ...options }));
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res.json() as ApiAnswer<T>;
  }

  /** A trade the provider was paid for on `day` (China time), in the fake's books. */
  function providerPaid(provider: Provider, outTradeNo: string, cents: number, day: string) {
    if (provider === "alipay") return alipay.paidTrade(outTradeNo, cents, `${day} 10:00:00`).tradeNo;
    const transactionId = `42000${randomBytes(11).toString("hex")}`;
    wechat.trades.set(outTradeNo, {
      outTradeNo,
      appid: wechat.merchant.appid,
      mchid: wechat.merchant.mchid,
      description: "悦家整装订单",
      totalFen: cents,
      timeExpire: "",
      notifyUrl: "",
      state: "SUCCESS",
      transactionId,
      successTime: `${day}T10:00:00+08:00`,
    });
    return transactionId;
  }

  /** Our payment row; paid at 10:00 China time on `day` unless pending. */
  async function ourPayment(provider: Provider, outTradeNo: string, cents: number, day: string, paid = true) {
    const [row] = await db()
      .insert(payments)
      .values({
        outTradeNo,
        provider,
        purpose: "deposit",
        subject: "活动定金",
        amountCents: cents,
        status: paid ? "paid" : "pending",
        tradeNo: paid ? `T${outTradeNo}` : null,
        createdAt: new Date(`${day}T09:50:00+08:00`),
        paidAt: paid ? new Date(`${day}T10:00:00+08:00`) : null,
      })
      .returning({ id: payments.id });
    return row!.id;
  }

  async function ourRefund(
    provider: Provider,
    paymentId: number,
    outRefundNo: string,
    cents: number,
    day: string,
    status: "succeeded" | "processing" = "succeeded",
  ) {
    await db()
      .insert(refunds)
      .values({
        outRefundNo,
        paymentId,
        provider,
        amountCents: cents,
        origin: "customer",
        status,
        createdAt: new Date(`${day}T11:00:00+08:00`),
        sentAt: new Date(`${day}T11:00:01+08:00`),
        settledAt: status === "succeeded" ? new Date(`${day}T12:00:00+08:00`) : null,
      });
  }

  const refundLine = (outTradeNo: string, outRefundNo: string, cents: number, day: string) => ({
    kind: "refund" as const,
    outTradeNo,
    tradeNo: `T${outTradeNo}`,
    outRefundNo,
    amountCents: cents,
    time: `${day} 12:00:00`,
  });

  /**
   * Plants, for one provider and day, a matched trade and refund and one difference of each kind
   * for payments and refunds; answers the differences expected.
   */
  async function plant(provider: Provider, day: string): Promise<Set<Key>> {
    const tag = `${provider === "alipay" ? "A" : "W"}${day.replaceAll("-", "")}${randomBytes(4).toString("hex")}`;
    const no = (name: string) => `P${tag}${name}`;
    const bills = book(provider);
    // A: on both sides, equal.
    providerPaid(provider, no("A"), 10_000, day);
    const a = await ourPayment(provider, no("A"), 10_000, day);
    // B: a trade the bill has and we do not (我方缺失).
    bills.plantExtra({
      kind: "trade",
      outTradeNo: no("B"),
      tradeNo: "2026000B",
      outRefundNo: "",
      amountCents: 20_000,
      time: `${day} 10:30:00`,
    });
    // C: a trade we have that is missing from the bill (对方缺失).
    providerPaid(provider, no("C"), 30_000, day);
    bills.omit(no("C"));
    await ourPayment(provider, no("C"), 30_000, day);
    // D: the amounts differ (金额不符).
    providerPaid(provider, no("D"), 40_000, day);
    bills.plantAmount(no("D"), 39_900);
    const d = await ourPayment(provider, no("D"), 40_000, day);
    // E: paid there, still pending here (状态不符).
    providerPaid(provider, no("E"), 50_000, day);
    await ourPayment(provider, no("E"), 50_000, day, false);
    // Refunds: R1 equal; R2 only in the bill; R3 only here; R4 amounts differ; R5 processing here.
    const r = (name: string) => `R${tag}${name}`;
    bills.refunds.push(refundLine(no("A"), r("1"), 1_000, day));
    await ourRefund(provider, a, r("1"), 1_000, day);
    bills.plantExtra(refundLine(no("A"), r("2"), 1_500, day));
    bills.refunds.push(refundLine(no("D"), r("3"), 2_000, day));
    bills.omit(r("3"));
    await ourRefund(provider, d, r("3"), 2_000, day);
    bills.refunds.push(refundLine(no("A"), r("4"), 3_000, day));
    bills.plantAmount(r("4"), 2_500);
    await ourRefund(provider, a, r("4"), 3_000, day);
    bills.refunds.push(refundLine(no("D"), r("5"), 4_000, day));
    await ourRefund(provider, d, r("5"), 4_000, day, "processing");
    return new Set([
      `missing_here|payment|${no("B")}|`,
      `missing_there|payment|${no("C")}|`,
      `amount_differs|payment|${no("D")}|`,
      `status_differs|payment|${no("E")}|`,
      `missing_here|refund|${no("A")}|${r("2")}`,
      `missing_there|refund|${no("D")}|${r("3")}`,
      `amount_differs|refund|${no("A")}|${r("4")}`,
      `status_differs|refund|${no("D")}|${r("5")}`,
    ]);
  }

  async function differencesOf(provider: Provider, day: string) {
    return db()
      .select()
      .from(reconciliationDifferences)
      .where(and(eq(reconciliationDifferences.provider, provider), eq(reconciliationDifferences.billDate, day)));
  }

  async function runsOf(day: string) {
    return db().select().from(reconciliationRuns).where(eq(reconciliationRuns.billDate, day));
  }

  const billCalls = () => ({
    alipay: alipay.callsOf(ALIPAY_BILL_METHOD).length,
    wechat: wechat.callsTo("/v3/bill/tradebill").length,
  });

  const DAY = "2026-10-01";

  it("two instances at once: every planted difference of both providers is found once, in one run per provider", async () => {
    const expected = { alipay: await plant("alipay", DAY), wechat: await plant("wechat", DAY) };
    const before = billCalls();
    // 11:00 China time the next day: past the bill hour (10), so the day's bills are due.
    const clock = () => new Date("2026-10-02T03:00:00Z");
    const instances = await Promise.all(
      [0, 1].map(() =>
        buildApp({
          env: testEnv(env()),
          database: ctx.database,
          serveWeb: false,
          payments: { now: clock, runReconcile: false, reconciliation: { bills: { pollMs: 50 } } },
        }),
      ),
    );
    try {
      await Promise.all(instances.map((app) => app.ready()));
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const runs = await runsOf(DAY);
        if (runs.length === 2 && runs.every((run) => run.status !== "running")) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // More rounds of both instances: a finished run is not run again.
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await Promise.all(instances.map((app) => app.close()));
    }
    const runs = await runsOf(DAY);
    expect(runs.map((run) => [run.provider, run.status, run.error]).sort()).toEqual([
      ["alipay", "done", ""],
      ["wechat", "done", ""],
    ]);
    for (const run of runs) {
      // A, C (in the fake, left out of the bill), D, E and B; R1–R5 with R3 left out and R2 added.
      expect(run.tradeCount, run.provider).toBe(4);
      expect(run.refundCount, run.provider).toBe(4);
      expect(run.differenceCount, run.provider).toBe(8);
    }
    for (const provider of PROVIDERS) {
      const found = await differencesOf(provider, DAY);
      expect(found.map(keyOf).sort(), provider).toEqual([...expected[provider]].sort());
      const amount = found.find((f) => f.kind === "amount_differs" && f.subject === "payment");
      expect([amount?.ourAmountCents, amount?.theirAmountCents]).toEqual([40_000, 39_900]);
      const missingHere = found.find((f) => f.kind === "missing_here" && f.subject === "payment");
      expect([missingHere?.ourAmountCents, missingHere?.theirAmountCents]).toEqual([null, 20_000]);
    }
    // One download per provider and day, whichever instance won the claim.
    const after = billCalls();
    expect(after.alipay - before.alipay).toBe(1);
    expect(after.wechat - before.wechat).toBe(1);
  });

  it("the back office lists runs and differences with filters, resolves one (audited) and runs the day again without recording anything twice", async () => {
    const runs = await as<{ dataList: ReconciliationRun[]; total: number }>(admin, {
      method: "GET",
      url: "/api/admin/reconciliation/runs",
      query: { from: DAY, to: DAY },
    });
    expect(runs.code).toBe(1);
    expect(runs.data.dataList.map((r) => [r.provider, r.status, r.differenceCount, r.openCount]).sort()).toEqual([
      ["alipay", "done", 8, 8],
      ["wechat", "done", 8, 8],
    ]);
    const list = await as<{ dataList: ReconciliationDifference[]; total: number }>(admin, {
      method: "GET",
      url: "/api/admin/reconciliation/differences",
      query: { from: DAY, to: DAY, provider: "wechat", unresolved: "true", pageSize: "50" },
    });
    expect(list.data.total).toBe(8);
    const target = list.data.dataList.find(
      (d) => d.kind === ("amount_differs" as DifferenceKind) && d.subject === "payment",
    );
    expect(target).toBeDefined();

    // A note is required; a difference that does not exist is not found.
    const empty = await as(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/resolve",
      payload: { id: target!.id, note: " " },
    });
    expect(empty.code).toBe(0);
    expect(empty.message).toMatch(/^请输入处理说明/);
    const missing = await as(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/resolve",
      payload: { id: 2_000_000_000, note: "x" },
    });
    expect([missing.code, missing.message]).toEqual([0, "差异记录不存在"]);

    const resolved = await as<ReconciliationDifference>(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/resolve",
      payload: { id: target!.id, note: "微信支付手续费口径，已核实" },
    });
    expect(resolved.code).toBe(1);
    expect(resolved.message).toBe("已标记为已处理");
    expect(resolved.data.resolvedBy).toBe("对账管理员");
    expect(resolved.data.resolutionNote).toBe("微信支付手续费口径，已核实");
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reconciliation.resolve"), eq(auditLog.entityId, String(target!.id))))
      .orderBy(desc(auditLog.id));
    expect(audit?.staffId).toBe(admin.id);
    expect((audit?.after as { note?: string } | undefined)?.note).toBe("微信支付手续费口径，已核实");
    const again = await as(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/resolve",
      payload: { id: target!.id, note: "再次" },
    });
    expect([again.code, again.message]).toEqual([0, "该差异已处理"]);
    const open = await as<{ total: number }>(admin, {
      method: "GET",
      url: "/api/admin/reconciliation/differences",
      query: { from: DAY, to: DAY, provider: "wechat", unresolved: "true" },
    });
    expect(open.data.total).toBe(7);

    // Run the day again: the same differences, none twice, the resolution kept; on record.
    for (const provider of PROVIDERS) {
      const rerun = await as<ReconciliationRun>(admin, {
        method: "POST",
        url: "/api/admin/reconciliation/rerun",
        payload: { provider, billDate: DAY },
      });
      expect([rerun.code, rerun.message, rerun.data.status, rerun.data.differenceCount]).toEqual([
        1,
        "已重新对账",
        "done",
        8,
      ]);
      expect((await differencesOf(provider, DAY)).length).toBe(8);
    }
    const [kept] = await db()
      .select()
      .from(reconciliationDifferences)
      .where(eq(reconciliationDifferences.id, target!.id));
    expect(kept?.resolutionNote).toBe("微信支付手续费口径，已核实");
    expect(kept?.resolvedAt).not.toBeNull();
    expect((await runsOf(DAY)).length).toBe(2);
    const reruns = await db().select().from(auditLog).where(eq(auditLog.action, "reconciliation.rerun"));
    expect(reruns.length).toBeGreaterThanOrEqual(2);

    // Today's bill does not exist yet; a provider this instance does not run cannot be asked.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const early = await as(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/rerun",
      payload: { provider: "alipay", billDate: today },
    });
    expect([early.code, early.message]).toEqual([0, "只能对今天以前的账单对账"]);
  });

  it("the export is an Excel sheet of the filtered differences with their Chinese labels, on record", async () => {
    const answer = await as<{ fileName: string; rows: number; contentBase64: string }>(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/export",
      payload: { from: DAY, to: DAY, provider: "alipay" },
    });
    expect(answer.code).toBe(1);
    expect(answer.data.rows).toBe(8);
    expect(answer.data.fileName).toMatch(/^对账差异-\d{12}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(answer.data.contentBase64, "base64") as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("对账差异");
    expect(sheet?.getRow(1).getCell(3).value).toBe("类型");
    const kinds = new Set<string>();
    sheet?.eachRow((row, n) => {
      if (n > 1) kinds.add(String(row.getCell(3).value));
    });
    expect([...kinds].sort()).toEqual(["对方缺失", "我方缺失", "状态不符", "金额不符"].sort());
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "reconciliation.export"))
      .orderBy(desc(auditLog.id));
    expect((audit?.after as { rows?: number } | undefined)?.rows).toBe(8);
  });

  it("a WeChat bill whose hash does not match fails the run visibly and records no difference", async () => {
    const day = "2026-10-05";
    await plant("wechat", day);
    wechat.bills.corruptHash = true;
    try {
      const rerun = await as<ReconciliationRun>(admin, {
        method: "POST",
        url: "/api/admin/reconciliation/rerun",
        payload: { provider: "wechat", billDate: day },
      });
      expect(rerun.code).toBe(1);
      expect(rerun.data.status).toBe("failed");
      expect(rerun.data.error).toMatch(/微信支付账单摘要不符.*已拒绝/);
    } finally {
      wechat.bills.corruptHash = false;
    }
    expect(await differencesOf("wechat", day)).toEqual([]);
    const [run] = await runsOf(day);
    expect([run?.status, run?.differenceCount]).toEqual(["failed", 0]);
    expect(run?.error).toMatch(/摘要不符/);
    // The page shows it as failed, with the reason.
    const runs = await as<{ dataList: ReconciliationRun[] }>(admin, {
      method: "GET",
      url: "/api/admin/reconciliation/runs",
      query: { from: day, to: day, provider: "wechat" },
    });
    expect(runs.data.dataList[0]?.status).toBe("failed");
    // Once the file is whole again, running the day records its differences.
    const fixed = await as<ReconciliationRun>(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/rerun",
      payload: { provider: "wechat", billDate: day },
    });
    expect([fixed.data.status, fixed.data.differenceCount]).toEqual(["done", 8]);
  });

  it("a stale run is taken over by the job; a run in progress is not run twice", async () => {
    const day = "2026-10-07";
    const expected = await plant("alipay", day);
    // An instance died mid-run an hour ago.
    await db()
      .insert(reconciliationRuns)
      .values({ provider: "alipay", billDate: day, status: "running", startedAt: new Date("2026-10-08T02:00:00Z") });
    const busy = await as(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/rerun",
      payload: { provider: "alipay", billDate: day },
    });
    // The office's clock is now: that run is long stale, so the back office may take it over too;
    // a fresh one is refused instead.
    expect(busy.code).toBe(1);
    await db()
      .update(reconciliationRuns)
      .set({ status: "running", startedAt: new Date() })
      .where(and(eq(reconciliationRuns.provider, "alipay"), eq(reconciliationRuns.billDate, day)));
    const refused = await as(admin, {
      method: "POST",
      url: "/api/admin/reconciliation/rerun",
      payload: { provider: "alipay", billDate: day },
    });
    expect([refused.code, refused.message]).toEqual([0, "该日对账正在进行，请稍后再试"]);
    expect((await differencesOf("alipay", day)).map(keyOf).sort()).toEqual([...expected].sort());
  });

  it("is 管理员 only", async () => {
    const [open] = await db().select().from(reconciliationDifferences).limit(1);
    for (const [method, url, payload] of [
      ["GET", "/api/admin/reconciliation/runs", undefined],
      ["GET", "/api/admin/reconciliation/differences", undefined],
      ["POST", "/api/admin/reconciliation/resolve", { id: open?.id ?? 1, note: "销售不能处理" }],
      ["POST", "/api/admin/reconciliation/rerun", { provider: "alipay", billDate: DAY }],
      ["POST", "/api/admin/reconciliation/export", {}],
    ] as const) {
      const answer = await as(sales, { method, url, ...(payload ? { payload } : {}) });
      expect([answer.code, answer.errorCode], url).toEqual([0, ErrorCode.FORBIDDEN]);
    }
  });
});
