// Refunds (docs/decisions/0063, R19): the customer's 申请退款 and the deposit's, staff's decisions, the
// one way a refund is sent, and the ways it is settled (its send's answer, a notify, the job's query).
// A refund's number is fixed when the row is made; a send that times out or fails is never made again
// under a new number: the reconciliation job asks the provider about that number, and sends it again
// (the same number is the same refund at the provider) only when the provider never heard of it.
import type { AdminRefund, MyDeposit, OrderRefund } from "@yj/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import type { NotifyRequest, PaymentProviderName, ProviderRefund } from "../../providers/payment/payment-provider.js";
import type { SessionCustomer } from "../accounts/sessions.js";
import type { Actor } from "../audit/audit.js";
import type { RefundStore, RefundToSend } from "./refund-store.js";
import type { PaymentsService } from "./service.js";

type EventSource = Parameters<RefundStore["settle"]>[2];

export interface RefundRound {
  sent: number;
  asked: number;
  settled: number;
  failed: number;
}

export class RefundService {
  constructor(
    private readonly deps: {
      store: RefundStore;
      payments: PaymentsService;
      now: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  /** 申请退款 on the customer's paid, unshipped order: waits for staff (requested). */
  requestForOrder(customer: SessionCustomer, body: { orderNo: string; reason: string }): Promise<OrderRefund> {
    return this.deps.store.requestForOrder(customer.id, body.orderNo, body.reason, this.deps.now());
  }

  /** The deposits the logged-in phone paid (the SMS-code login proves the phone: docs/decisions/0063). */
  async deposits(customer: SessionCustomer): Promise<MyDeposit[]> {
    const rows = await this.deps.store.depositsOf(customer.mobile, this.deps.now());
    return rows.map((d) => ({
      outTradeNo: d.outTradeNo,
      amount: d.amountCents,
      paidAt: d.paidAt.toISOString(),
      refundBefore: d.refundBefore.toISOString(),
      canRefund: d.canRefund,
      refunds: d.refunds,
    }));
  }

  /** The deposit's payer asks it back within the window: sent at once, no staff decision. */
  async requestForDeposit(
    customer: SessionCustomer,
    body: { outTradeNo: string; reason: string },
  ): Promise<OrderRefund> {
    const refund = await this.deps.store.requestForDeposit(
      customer.mobile,
      body.outTradeNo,
      body.reason,
      this.deps.now(),
    );
    await this.send(refund.id);
    const fresh = (await this.deps.store.byId(refund.id)) ?? refund;
    return {
      id: fresh.id,
      status: fresh.status,
      amount: fresh.amountCents,
      reason: fresh.reason,
      note: fresh.decisionNote,
      createdAt: fresh.createdAt.toISOString(),
      settledAt: fresh.settledAt?.toISOString() ?? null,
    };
  }

  ordersRefunds(orderNo: string): Promise<AdminRefund[]> {
    return this.deps.store.adminRefundsOfOrder(orderNo);
  }

  /** 同意退款: processing under its number, then sent (by this click only, whatever clicks race). */
  async approve(actor: Actor, body: { refundId: number; amount?: number; note: string }): Promise<AdminRefund> {
    const { changed } = await this.deps.store.decide(
      actor,
      body.refundId,
      { approve: true, amountCents: body.amount, note: body.note },
      this.deps.now(),
    );
    if (changed) await this.send(body.refundId);
    return this.deps.store.adminRefund(body.refundId);
  }

  /** 拒绝 with a note. */
  async refuse(actor: Actor, body: { refundId: number; note: string }): Promise<AdminRefund> {
    await this.deps.store.decide(actor, body.refundId, { approve: false, note: body.note }, this.deps.now());
    return this.deps.store.adminRefund(body.refundId);
  }

  /**
   * 退款 of a paid renovation instalment (docs/decisions/0079): opened processing and audited in one
   * transaction, then sent by this click; its answer, a notify or the job's query settles it.
   */
  async refundInstalment(actor: Actor, body: { instalmentId: number; reason: string }) {
    const refund = await this.deps.store.openInstalmentRefund(actor, body.instalmentId, body.reason, this.deps.now());
    await this.send(refund.id);
    return { ...(await this.deps.store.adminRefund(refund.id)), instalmentId: body.instalmentId };
  }

  projectRefunds(projectId: number) {
    return this.deps.store.adminRefundsOfProject(projectId);
  }

  /** 重试 a failed refund under the same number. */
  async retry(actor: Actor, body: { refundId: number }): Promise<AdminRefund> {
    const { changed } = await this.deps.store.retry(actor, body.refundId, this.deps.now());
    if (changed) await this.send(body.refundId);
    return this.deps.store.adminRefund(body.refundId);
  }

  /**
   * Sends a processing refund that no one has sent yet (after the commit that made it processing).
   * Exactly one of any number of racing callers sends; a timeout or a gateway failure leaves it
   * processing with its number, for the job to ask about. Never throws for the provider's sake.
   */
  async send(refundId: number): Promise<void> {
    const claimed = await this.deps.store.claimSend(refundId, this.deps.now());
    if (!claimed) return;
    await this.deliver(claimed, "system");
  }

  /** The job's turn on one due refund: an unsent one is sent; a sent one is asked about (R19). */
  async reconcile(due: RefundToSend, round: RefundRound): Promise<void> {
    const { log } = this.deps;
    const provider = this.deps.payments.providerOf(due.refund.provider);
    if (!provider) {
      log.warn(
        { outRefundNo: due.refund.outRefundNo, provider: due.refund.provider },
        "refund of a provider not run here",
      );
      return;
    }
    if (!due.wasSent) {
      round.sent += 1;
      if (!(await this.deliver(due, "reconcile"))) round.failed += 1;
      return;
    }
    round.asked += 1;
    let answer: ProviderRefund;
    try {
      answer = await provider.queryRefund({ outTradeNo: due.outTradeNo, outRefundNo: due.refund.outRefundNo });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      round.failed += 1;
      return; // asked again after the lease
    }
    if (answer.state === null) {
      // The provider never received it (the send was lost before it arrived): the same number again.
      log.warn({ outRefundNo: due.refund.outRefundNo }, "refund unknown to the provider: sent again under its number");
      round.sent += 1;
      if (!(await this.deliver(due, "reconcile"))) round.failed += 1;
      return;
    }
    if (await this.settleFrom(due, answer, "reconcile")) round.settled += 1;
  }

  /**
   * A WeChat Pay refund notify (POST /api/wechatpay/refund-notify). true: verified, about a refund
   * this provider has under that trade with that amount, and recorded (or recorded before, or not
   * final yet); false: refused, nothing changed.
   */
  async notify(providerName: PaymentProviderName, request: NotifyRequest): Promise<boolean> {
    const { log, store } = this.deps;
    const provider = this.deps.payments.providerOf(providerName);
    if (!provider?.verifyRefundNotify) {
      log.warn({ provider: providerName, reason: "provider not enabled" }, "refund notify refused");
      return false;
    }
    const verdict = provider.verifyRefundNotify(request);
    if (!verdict.ok) {
      log.warn({ provider: providerName, reason: verdict.reason }, "refund notify refused");
      return false;
    }
    const { notify } = verdict;
    const refund = await store.byOutRefundNo(notify.outRefundNo);
    if (!refund || refund.provider !== providerName || refund.outTradeNo !== notify.outTradeNo) {
      log.warn({ reason: "unknown refund", outRefundNo: notify.outRefundNo }, "refund notify refused");
      return false;
    }
    if (notify.amountCents !== refund.amountCents) {
      log.error(
        { outRefundNo: notify.outRefundNo, expected: refund.amountCents, notified: notify.amountCents },
        "refund notify amount differs from the refund's",
      );
      return false;
    }
    if (notify.state === "pending" || refund.status !== "processing") return true;
    await store.settle(refund.id, { ...notify, state: notify.state }, "notify", this.deps.now());
    log.info({ outRefundNo: refund.outRefundNo, status: notify.state }, "refund settled by notify");
    return true;
  }

  /** One send under the refund's number; false when the outcome is unknown (left for the job). */
  private async deliver(due: RefundToSend, source: EventSource): Promise<boolean> {
    const { log } = this.deps;
    const provider = this.deps.payments.providerOf(due.refund.provider);
    if (!provider) return false;
    let answer: ProviderRefund;
    try {
      answer = await provider.refund({
        outTradeNo: due.outTradeNo,
        outRefundNo: due.refund.outRefundNo,
        amountCents: due.refund.amountCents,
        totalCents: due.totalCents,
        reason: due.refund.reason || "退款",
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.warn({ outRefundNo: due.refund.outRefundNo }, "refund outcome unknown: left for the reconciliation job");
      return false;
    }
    await this.settleFrom(due, answer, source);
    return true;
  }

  private async settleFrom(due: RefundToSend, answer: ProviderRefund, source: EventSource): Promise<boolean> {
    if (answer.state !== "succeeded" && answer.state !== "failed") return false;
    if (answer.state === "succeeded" && answer.amountCents !== null && answer.amountCents !== due.refund.amountCents) {
      this.deps.log.error(
        { outRefundNo: due.refund.outRefundNo, expected: due.refund.amountCents, reported: answer.amountCents },
        "refund amount differs from the refund's",
      );
      return false;
    }
    const settled = await this.deps.store.settle(
      due.refund.id,
      { ...answer, state: answer.state },
      source,
      this.deps.now(),
    );
    if (settled)
      this.deps.log.info({ outRefundNo: due.refund.outRefundNo, status: answer.state, source }, "refund settled");
    return settled;
  }
}
