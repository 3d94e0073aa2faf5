// Paying a renovation project's instalments online (docs/decisions/0073, R21): through the payment
// core, with the offline provider (the default) and the fake WeChat Pay v3 gateway, on PGlite and
// PostgreSQL. Only the owner pays, only a payable instalment, only its amount due; ten concurrent
// copies of a notify pay it once; a trade whose instalment changed its amount (a change order) or was
// paid by another trade is recorded and refunded through the refund path, never paid twice; an
// approved change closes the instalment's open trade at the provider; staff refund a paid instalment
// through the refund path (docs/decisions/0079); the owner sees the team's phones kept on the staff
// records.
import type {
  AdminInstalmentRefund,
  DashboardData,
  PrecreateData,
  ProjectDetail,
  ProjectRefundsData,
  TradeData,
} from "@yj/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../src/db/client.js";
import { leads, payments, projectInstalments, refunds, staff as staffTable } from "../src/db/schema.js";
import { FakeWechatPayGateway, type NotifyMessage } from "../src/providers/payment/fake-wechatpay-gateway.js";
import { AccountsHarness, MINUTE, type Session, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { describeEachBackend } from "./helper.js";

const ORIGIN = "https://shop.example.cn";
const NOTIFY_URL = `${ORIGIN}/api/wechatpay/notify`;
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const postNotify = (app: FastifyInstance, { headers, body }: NotifyMessage) =>
  app.inject({ method: "POST", url: "/api/wechatpay/notify", headers, payload: body });

describeEachBackend("paying renovation instalments (R21)", { embedded: true, app: false }, (ctx) => {
  let fake: FakeWechatPayGateway;
  let h: AccountsHarness;
  let db: Db;
  let admin: StaffSession;
  let manager: StaffSession;
  const ownerPhone = uniquePhone("136");
  let owner: Session;
  let project: ProjectDetail;

  const stage = (name: string) => {
    const found = project.stages.find((s) => s.name === name);
    if (!found) throw new Error(`no stage ${name}`);
    return found;
  };
  const instalment = (position: number) => {
    const found = project.instalments[position];
    if (!found) throw new Error(`no instalment ${position}`);
    return found;
  };

  async function staffPost(who: StaffSession, url: string, payload: Record<string, unknown>) {
    const answer = await h.call<ProjectDetail>(asStaff(who, { method: "POST", url, payload }));
    expect(answer.body.code, answer.body.message).toBe(1);
    project = answer.body.data;
  }

  async function ownerCode(): Promise<string> {
    h.clock.advance(MINUTE + 1000);
    const sent = await h.asCustomer(owner, {
      method: "POST",
      url: "/api/my-project/code",
      payload: { projectId: project.id },
    });
    expect(sent.body.code, sent.body.message).toBe(1);
    return h.sms.lastCode(ownerPhone);
  }

  async function ownerAccepts(name: string) {
    await staffPost(admin, "/api/admin/projects/inspect", { stageId: stage(name).id, passed: true, note: "合格" });
    await staffPost(manager, "/api/admin/projects/request-acceptance", { stageId: stage(name).id });
    const code = await ownerCode();
    const accepted = await h.asCustomer<ProjectDetail>(owner, {
      method: "POST",
      url: "/api/my-project/accept",
      payload: { stageId: stage(name).id, code },
    });
    expect(accepted.body.code, accepted.body.message).toBe(1);
    project = accepted.body.data;
  }

  const precreate = (who: Session, instalmentId: number, method = "") =>
    h.asCustomer<PrecreateData>(who, {
      method: "GET",
      url: `/api/alipay/precreate?instalmentId=${instalmentId}${method ? `&method=${method}` : ""}`,
      remoteAddress: uniqueIp(),
    });

  async function refreshed(): Promise<ProjectDetail> {
    const detail = await h.asCustomer<ProjectDetail>(owner, {
      method: "GET",
      url: `/api/my-project/detail?id=${project.id}`,
    });
    expect(detail.body.code, detail.body.message).toBe(1);
    project = detail.body.data;
    return project;
  }

  async function figures() {
    const answer = await h.call<DashboardData>(asStaff(admin, { method: "GET", url: "/api/admin/dashboard" }));
    expect(answer.body.code, answer.body.message).toBe(1);
    if (!answer.body.data.projects) throw new Error("the dashboard has no project figures");
    return answer.body.data.projects;
  }

  async function paymentOf(outTradeNo: string) {
    const [row] = await db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    if (!row) throw new Error(`no payment ${outTradeNo}`);
    return row;
  }

  beforeAll(async () => {
    fake = await new FakeWechatPayGateway().start();
    h = await AccountsHarness.build(ctx.database, {
      env: {
        PAYMENT_PROVIDER: "offline,wechat",
        PUBLIC_ORIGIN: ORIGIN,
        ...fake.settings(NOTIFY_URL),
        WECHATPAY_TIMEOUT_MS: "15000",
        PAYMENT_RECONCILE_POLL_MS: "3600000",
      },
    });
    db = ctx.database.db;
    admin = await newStaff(h.app, db, "admin", "管理员甲");
    manager = await newStaff(h.app, db, "manager", "项目经理周");
    await db.update(staffTable).set({ phone: "13900001234" }).where(eq(staffTable.id, manager.id));
    const now = new Date();
    const [lead] = await db
      .insert(leads)
      .values({
        kind: "appointment",
        phone: ownerPhone,
        name: "李先生",
        city: "杭州市",
        payload: {},
        state: "signed",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: leads.id });
    await staffPost(admin, "/api/admin/projects/create", {
      leadId: lead?.id,
      city: "杭州市",
      address: "滨江区江南大道 8 号 2 幢 1201",
      areaSqm: 120,
      contractCents: 20_000_001,
      startDate: "2026-09-01",
      plannedFinishDate: "2026-12-31",
      delayCompensationCentsPerDay: 20_000,
      managerId: manager.id,
      inspectorId: admin.id,
    });
    owner = await h.login(ownerPhone);
    await ownerAccepts("开工交底");
    await ownerAccepts("水电改造");
    expect(project.instalments.map((i) => i.status)).toEqual(["payable", "payable", "locked", "locked"]);
  }, 300_000);

  afterAll(async () => {
    await h?.close();
    await fake?.stop();
  });

  it("the owner sees the team's names and the phones kept on the staff records", async () => {
    await refreshed();
    expect(project.team.manager).toEqual({ id: manager.id, name: "项目经理周", phone: "13900001234" });
    expect(project.team.inspector).toMatchObject({ id: admin.id, name: "管理员甲", phone: "" });
  });

  it("only the owner pays, only a payable instalment, and a visitor must log in", async () => {
    const stranger = await h.login(uniquePhone());
    const byStranger = await precreate(stranger, instalment(0).id);
    expect(byStranger.body).toMatchObject({ code: 0, message: "装修项目不存在" });
    const locked = await precreate(owner, instalment(2).id);
    expect(locked.body).toMatchObject({ code: 0, message: "该笔款项暂不能支付，请先完成对应阶段的验收" });
    const anonymous = await h.call({ method: "GET", url: `/api/alipay/precreate?instalmentId=${instalment(0).id}` });
    expect(anonymous.body.code).toBe(0);
    expect(anonymous.body.errorCode).toBeDefined();
    const bad = await precreate(owner, 0);
    expect(bad.body.code).toBe(0);
    expect(bad.body.message).toContain("款项无效");
    const trades = await db
      .select()
      .from(payments)
      .where(eq(payments.instalmentId, instalment(2).id));
    expect(trades).toEqual([]);
  });

  it("pays the first instalment with the offline provider, for exactly its amount, once", async () => {
    const first = instalment(0);
    const pre = await precreate(owner, first.id);
    expect(pre.body.code, pre.body.message).toBe(1);
    expect(pre.body.data).toMatchObject({ provider: "offline", amount: first.amountCents, subject: "悦家整装装修款" });
    expect(pre.body.data.methods).toEqual(["offline", "wechat"]);
    // Two tabs share the pending trade.
    const again = await precreate(owner, first.id);
    expect(again.body.data.outTradeNo).toBe(pre.body.data.outTradeNo);
    const paid = await h.call<TradeData>({
      method: "POST",
      url: "/api/pay/offline/confirm",
      payload: { outTradeNo: pre.body.data.outTradeNo },
    });
    expect(paid.body.code, paid.body.message).toBe(1);
    expect(paid.body.data.status).toBe("TRADE_SUCCESS");
    await refreshed();
    expect(instalment(0)).toMatchObject({ status: "paid", amountCents: first.amountCents });
    expect(instalment(0).paidAt).not.toBeNull();
    const row = await paymentOf(pre.body.data.outTradeNo);
    expect(row).toMatchObject({ purpose: "instalment", instalmentId: first.id, orderId: null, status: "paid" });
    const twice = await precreate(owner, first.id);
    expect(twice.body).toMatchObject({ code: 0, message: "该笔款项已支付", data: { alreadyPaid: true } });
  });

  it("on a phone, WeChat H5 sends the owner back to the instalment's pay step", async () => {
    const second = instalment(1);
    const pre = await h.asCustomer<PrecreateData>(owner, {
      method: "GET",
      url: `/api/alipay/precreate?instalmentId=${second.id}&method=wechat&client=phone`,
      headers: { "user-agent": IPHONE },
      remoteAddress: uniqueIp(),
    });
    expect(pre.body.code, pre.body.message).toBe(1);
    expect(pre.body.data).toMatchObject({ channel: "h5", amount: second.amountCents });
    const payUrl = new URL(pre.body.data.payUrl ?? "");
    expect(payUrl.searchParams.get("redirect_url")).toBe(
      `${ORIGIN}/my-project/${project.id}/pay/${second.id}?via=wechat`,
    );
  });

  /** The manager proposes a 增项 and the owner approves it with a code. */
  async function approvedAddition(name: string, amountCents: number) {
    await staffPost(manager, "/api/admin/projects/change-order", {
      projectId: project.id,
      kind: "add",
      items: [{ name, amountCents }],
      reason: "业主要求增加",
    });
    const change = project.changeOrders.find((c) => c.status === "proposed");
    const code = await ownerCode();
    const approved = await h.asCustomer<ProjectDetail>(owner, {
      method: "POST",
      url: "/api/my-project/approve",
      payload: { changeOrderId: change?.id, code, approve: true },
    });
    expect(approved.body.code, approved.body.message).toBe(1);
    project = approved.body.data;
  }

  it("approving a change order closes the open trade of an instalment whose amount changed, at the provider", async () => {
    const second = instalment(1);
    const pre = await precreate(owner, second.id, "wechat");
    expect(pre.body.code, pre.body.message).toBe(1);
    const stale = pre.body.data.outTradeNo;
    expect(fake.trades.get(stale)?.state).toBe("NOTPAY");
    await approvedAddition("厨房加装净水器", 300_000);
    expect(instalment(1).amountCents).toBeGreaterThan(second.amountCents);
    // Closed at WeChat Pay, as a switch of method closes the other trades, and here (docs/decisions/0079).
    expect(fake.callsTo(`/out-trade-no/${stale}/close`)).toHaveLength(1);
    expect(fake.trades.get(stale)?.state).toBe("CLOSED");
    expect((await paymentOf(stale)).status).toBe("closed");
    // The owner's QR code of the old amount can no longer be paid there.
    fake.pay(stale);
    expect(fake.trades.get(stale)?.state).toBe("CLOSED");
    // The pay step opens a new trade for the new amount.
    const fresh = await precreate(owner, second.id, "wechat");
    expect(fresh.body.code, fresh.body.message).toBe(1);
    expect(fresh.body.data.outTradeNo).not.toBe(stale);
    expect(fresh.body.data.amount).toBe(instalment(1).amountCents);
    // A change that leaves an instalment's amount as it was closes nothing: the paid first one is never touched.
    expect(
      await db
        .select()
        .from(payments)
        .where(eq(payments.instalmentId, instalment(0).id)),
    ).toSatisfy((rows: { status: string }[]) => rows.every((r) => r.status === "paid"));
  });

  it("a trade paid at the provider just before the change cannot be closed: it is recorded and refunded, never paid short", async () => {
    const second = instalment(1);
    const pre = await precreate(owner, second.id, "wechat");
    expect(pre.body.code, pre.body.message).toBe(1);
    expect(pre.body.data).toMatchObject({ provider: "wechat", amount: second.amountCents });
    const stale = pre.body.data.outTradeNo;
    // The owner pays at the last second; the notify is still on its way when the change is approved.
    fake.pay(stale);
    await approvedAddition("卫生间加装地暖", 200_000);
    expect(instalment(1).amountCents).toBeGreaterThan(second.amountCents);
    expect(fake.callsTo(`/out-trade-no/${stale}/close`)).toHaveLength(1);
    // WeChat Pay refused to close a paid trade (ORDERPAID): it stays pending here for the notify or the job.
    expect((await paymentOf(stale)).status).toBe("pending");

    expect((await postNotify(h.app, fake.notifyFor(stale))).statusCode).toBe(204);
    const payment = await paymentOf(stale);
    expect(payment.status).toBe("paid");
    await refreshed();
    expect(instalment(1).status).toBe("payable");
    const back = await db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      origin: "auto",
      amountCents: second.amountCents,
      orderId: null,
      reason: "该笔装修款已由其他支付完成或金额已变更，自动退款",
    });
    // Sent to the gateway after the commit, through the refund path.
    expect(back[0]?.status).not.toBe("requested");
    expect(fake.refunds.has(back[0]?.outRefundNo ?? "")).toBe(true);
  });

  it("ten concurrent copies of the notify pay the instalment once; a second trade's money goes back", async () => {
    const second = instalment(1);
    const pre = await precreate(owner, second.id, "wechat");
    expect(pre.body.code, pre.body.message).toBe(1);
    expect(pre.body.data.amount).toBe(second.amountCents);
    const { outTradeNo } = pre.body.data;
    fake.pay(outTradeNo);
    const notify = fake.notifyFor(outTradeNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postNotify(h.app, notify)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(204));
    const payment = await paymentOf(outTradeNo);
    expect(payment.status).toBe("paid");
    expect(await db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
    const [row] = await db.select().from(projectInstalments).where(eq(projectInstalments.id, second.id));
    expect(row).toMatchObject({ status: "paid", amountCents: second.amountCents });
    const again = await precreate(owner, second.id, "wechat");
    expect(again.body).toMatchObject({ code: 0, message: "该笔款项已支付" });
    await refreshed();
    expect(project.instalments.map((i) => i.status)).toEqual(["paid", "paid", "locked", "locked"]);

    // A trade left pending elsewhere and paid after all (the buyer paid at the last second): the money
    // is recorded, the instalment is not paid twice, and the money goes back.
    const [late] = await db
      .insert(payments)
      .values({
        outTradeNo: `P${Date.now()}late${second.id}`,
        provider: "offline",
        purpose: "instalment",
        instalmentId: second.id,
        subject: "悦家整装装修款",
        amountCents: second.amountCents,
        status: "pending",
        createdAt: new Date(),
      })
      .returning();
    const paidLate = await h.call<TradeData>({
      method: "POST",
      url: "/api/pay/offline/confirm",
      payload: { outTradeNo: late?.outTradeNo },
    });
    expect(paidLate.body.data.status).toBe("TRADE_SUCCESS");
    const lateRefunds = await db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, late?.id ?? 0));
    expect(lateRefunds.map((r) => [r.origin, r.amountCents])).toEqual([["auto", second.amountCents]]);
    const [still] = await db.select().from(projectInstalments).where(eq(projectInstalments.id, second.id));
    expect(still?.paidAt?.getTime()).toBe(row?.paidAt?.getTime());
  });
  const refundInstalment = (who: StaffSession, instalmentId: number, reason = "业主与公司协商退回该笔款项") =>
    h.call<AdminInstalmentRefund>(
      asStaff(who, { method: "POST", url: "/api/admin/refunds/instalment", payload: { instalmentId, reason } }),
    );

  it("staff refund a paid instalment through the refund path: audited, settled by the notify, payable again", async () => {
    const second = instalment(1);
    expect(second.status).toBe("paid");
    // A 项目经理 may not refund (the refund roles: 管理员, 销售/客服); an unpaid instalment has nothing to refund.
    expect((await refundInstalment(manager, second.id)).status).toBe(403);
    const locked = await refundInstalment(admin, instalment(2).id);
    expect(locked.body).toMatchObject({ code: 0, message: "该笔款项未支付，无需退款" });
    const noReason = await refundInstalment(admin, second.id, " ");
    expect(noReason.body.code).toBe(0);
    expect(noReason.body.message).toMatch(/^请填写退款原因/);
    const sales = await newStaff(h.app, db, "sales", "销售乙");
    const before = await figures();

    const answer = await refundInstalment(sales, second.id);
    expect(answer.body.code, answer.body.message).toBe(1);
    expect(answer.body.data).toMatchObject({
      instalmentId: second.id,
      origin: "instalment",
      status: "processing",
      amount: second.amountCents,
      reason: "业主与公司协商退回该笔款项",
      decidedBy: "销售乙",
    });
    const { outRefundNo } = answer.body.data;
    // Sent to WeChat Pay for the whole amount of the trade that paid it; the instalment stays paid meanwhile.
    expect(fake.refunds.get(outRefundNo)).toMatchObject({ refundFen: second.amountCents });
    await refreshed();
    expect(instalment(1).status).toBe("paid");
    const twice = await refundInstalment(admin, second.id);
    expect(twice.body).toMatchObject({ code: 0, message: "该笔支付已有处理中的退款，请等待处理完成" });
    // The owner cannot pay it again while its money is on its way back.
    expect((await precreate(owner, second.id, "wechat")).body.message).toBe("该笔款项已支付");

    fake.settleRefund(outRefundNo, "SUCCESS");
    const notified = await h.app.inject({
      method: "POST",
      url: "/api/wechatpay/refund-notify",
      ...(({ headers, body }) => ({ headers, payload: body }))(fake.refundNotifyFor(outRefundNo)),
    });
    expect(notified.statusCode).toBe(204);
    await refreshed();
    expect(instalment(1)).toMatchObject({
      status: "payable",
      paidAt: null,
      amountCents: second.amountCents,
      refundedCents: second.amountCents,
    });
    // The figures follow: the dashboard's collected instalments fall by the refund.
    expect((await figures()).instalmentsCollectedCents).toBe(before.instalmentsCollectedCents - second.amountCents);
    // Audited on the project, in its trail.
    const trail = await h.call<{ action: string; after: Record<string, unknown> }[]>(
      asStaff(admin, { method: "GET", url: `/api/admin/projects/audit?id=${project.id}` }),
    );
    expect(trail.body.data.find((a) => a.action === "project.instalment.refund")?.after).toMatchObject({
      instalmentId: second.id,
      outRefundNo,
      amountCents: second.amountCents,
    });
    // The project's refunds, for its back-office page.
    const listed = await h.call<ProjectRefundsData>(
      asStaff(admin, { method: "GET", url: `/api/admin/refunds/project?id=${project.id}` }),
    );
    // 退款 is offered for the first instalment (paid, its money here), no longer for the refunded one.
    expect(listed.body.data.refundable).toEqual([instalment(0).id]);
    const mine = listed.body.data.refunds.filter((r) => r.origin === "instalment");
    expect(mine.map((r) => [r.instalmentId, r.status, r.amount])).toEqual([
      [second.id, "succeeded", second.amountCents],
    ]);
    expect(mine[0]?.history.map((e) => e.toStatus)).toEqual(["processing", "succeeded"]);
    // Due again: the owner pays it afresh with a new trade.
    const again = await precreate(owner, second.id, "wechat");
    // One full run answered 支付服务繁忙 here and never again alone: the fake's last calls say whether
    // the request reached it, and how it was signed, should it come back.
    const lastCalls = fake.calls.slice(-3).map((c) => `${c.method} ${c.path} signed: ${c.signatureValid}`);
    expect(again.body.code, `${again.body.message}; the fake's last calls: ${lastCalls.join(" | ")}`).toBe(1);
    expect(again.body.data.amount).toBe(second.amountCents);
  });

  it("an offline-paid instalment's refund comes back at once; a failed one leaves it paid for 重试", async () => {
    const first = instalment(0);
    expect(first.status).toBe("paid");
    const answer = await refundInstalment(admin, first.id, "重复支付，退回");
    expect(answer.body.code, answer.body.message).toBe(1);
    // The offline provider answers succeeded: settled by the send's own answer.
    expect(answer.body.data).toMatchObject({ status: "succeeded", origin: "instalment", amount: first.amountCents });
    await refreshed();
    expect(instalment(0)).toMatchObject({ status: "payable", refundedCents: first.amountCents });

    // Paid again, refunded through WeChat Pay, and WeChat Pay refuses the refund: the instalment stays paid.
    const pre = await precreate(owner, first.id, "wechat");
    fake.pay(pre.body.data.outTradeNo);
    expect((await postNotify(h.app, fake.notifyFor(pre.body.data.outTradeNo))).statusCode).toBe(204);
    await refreshed();
    expect(instalment(0).status).toBe("paid");
    const failing = await refundInstalment(admin, first.id, "业主要求退回");
    expect(failing.body.code, failing.body.message).toBe(1);
    const no = failing.body.data.outRefundNo;
    fake.settleRefund(no, "ABNORMAL");
    const notified = await h.app.inject({
      method: "POST",
      url: "/api/wechatpay/refund-notify",
      ...(({ headers, body }) => ({ headers, payload: body }))(fake.refundNotifyFor(no)),
    });
    expect(notified.statusCode).toBe(204);
    const [row] = await db.select().from(refunds).where(eq(refunds.outRefundNo, no));
    expect(row?.status).toBe("failed");
    await refreshed();
    expect(instalment(0)).toMatchObject({ status: "paid", refundedCents: first.amountCents });
  });
});
