// Payments (ADR 0024): opening a trade for an order or the activity deposit, answering its state
// (asking the provider while it is pending), the offline provider's local pay step, and Alipay's
// asynchronous notify. Every way a payment becomes known ends in recordTradePaid, so a notify, a
// page's query, the reconciliation job and the offline step record a trade identically and once.
import { maskPhone, type PrecreateData, type TradeData } from "@yj/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../lib/clock.js";
import { AppError, invalidInput, notFound } from "../../lib/errors.js";
import type {
  PaymentProvider,
  ProviderTrade,
  ProviderTradeStatus,
  VerifiedNotify,
} from "../../providers/payment/payment-provider.js";
import type { SessionCustomer } from "../accounts/sessions.js";
import type { PaidEvidence, PaymentStore, TradeRow } from "./payment-store.js";

const PAID_STATUSES = new Set<ProviderTradeStatus>(["TRADE_SUCCESS", "TRADE_FINISHED"]);
export const OFFLINE_ONLY_MESSAGE = "线下支付仅用于开发环境";
export const PAYMENTS_DISABLED_MESSAGE = "在线支付暂未开通";

export interface PaymentsServiceOptions {
  store: PaymentStore;
  provider: PaymentProvider;
  now: Clock;
  log: FastifyBaseLogger;
  /** false in production: the offline provider then takes no payments at all. */
  offlineAllowed: boolean;
}

export interface PrecreateInput {
  name?: string;
  mobile?: string;
  orderNo?: string;
}

function tradeData(trade: TradeRow): TradeData {
  return {
    outTradeNo: trade.outTradeNo,
    status: trade.status === "paid" ? "TRADE_SUCCESS" : trade.status === "closed" ? "TRADE_CLOSED" : "WAIT_BUYER_PAY",
    amount: trade.amountCents,
    paidAt: trade.paidAt?.toISOString() ?? null,
    orderNo: trade.orderNo,
  };
}

export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceOptions) {}

  get providerName() {
    return this.deps.provider.name;
  }

  /** docs/product.md §7 precreate: an order's trade (orderNo, logged in) or the activity deposit. */
  async precreate(input: PrecreateInput, customer: SessionCustomer | null): Promise<PrecreateData> {
    const { provider, store, now } = this.deps;
    if (provider.name === "offline" && !this.deps.offlineAllowed)
      throw new AppError("business", PAYMENTS_DISABLED_MESSAGE);
    let trade: TradeRow;
    if (input.orderNo) {
      if (!customer) throw new AppError("login_required");
      trade = await store.openForOrder(customer.id, input.orderNo, provider.name, now());
    } else {
      if (!input.mobile) throw invalidInput("请输入手机号");
      trade = await store.openDeposit(input.name ?? "", input.mobile, provider.name, now());
    }
    let qrCode = trade.qrCode;
    if (!qrCode) {
      // The same out_trade_no with the same amount precreates the same trade again, so a retry after
      // a gateway failure (or a concurrent request) is safe.
      ({ qrCode } = await provider.precreate({
        outTradeNo: trade.outTradeNo,
        amountCents: trade.amountCents,
        subject: trade.subject,
        expiresAt: trade.expiresAt,
      }));
      await store.saveQrCode(trade.id, qrCode);
    }
    return {
      outTradeNo: trade.outTradeNo,
      provider: provider.name,
      qrCode,
      amount: trade.amountCents,
      subject: trade.subject,
    };
  }

  /**
   * The trade's state. While it is pending here the provider is asked, so the page's polling sees
   * a payment whose notify is late or lost; a provider that does not answer leaves the local state.
   */
  async query(outTradeNo: string): Promise<TradeData> {
    const { store, provider, log } = this.deps;
    const trade = await store.byOutTradeNo(outTradeNo);
    if (!trade) throw notFound("交易不存在");
    if (trade.status !== "pending" || trade.provider !== provider.name) return tradeData(trade);
    try {
      const answer = await provider.query(outTradeNo);
      if (await this.recordFromQuery(trade, answer, "支付查询确认")) {
        const fresh = await store.byOutTradeNo(outTradeNo);
        if (fresh) return tradeData(fresh);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.warn({ outTradeNo }, "trade query fell back to the local state");
    }
    return tradeData(trade);
  }

  /** The offline provider's local pay step: records the trade paid as a verified notify would. */
  async offlinePay(outTradeNo: string): Promise<TradeData> {
    const { store, provider, now } = this.deps;
    if (provider.name !== "offline" || !this.deps.offlineAllowed) throw new AppError("business", OFFLINE_ONLY_MESSAGE);
    const trade = await store.byOutTradeNo(outTradeNo);
    if (!trade) throw notFound("交易不存在");
    if (trade.provider !== "offline") throw new AppError("business", OFFLINE_ONLY_MESSAGE);
    if (trade.status === "closed") throw new AppError("business", "交易已关闭，请重新发起支付");
    if (trade.status === "pending") {
      const at = now();
      await this.recordTradePaid(trade, {
        tradeNo: `OFFLINE${at.getTime()}`,
        paidAt: at,
        confirmation: { provider: "offline", out_trade_no: outTradeNo },
        note: "线下支付（开发环境）",
      });
    }
    const fresh = await store.byOutTradeNo(outTradeNo);
    return tradeData(fresh ?? trade);
  }

  /**
   * Alipay's asynchronous notify (ADR 0024). true answers `success`: the notify is verified, is
   * about a trade of ours with the amount we asked, and is recorded (or was before). Anything else
   * answers `failure` and changes nothing.
   */
  async notify(params: Record<string, string>): Promise<boolean> {
    const { provider, store, log } = this.deps;
    const verdict = provider.verifyNotify(params);
    if (!verdict.ok) {
      log.warn({ reason: verdict.reason, outTradeNo: params.out_trade_no?.slice(0, 64) }, "payment notify refused");
      return false;
    }
    const { notify } = verdict;
    const trade = await store.byOutTradeNo(notify.outTradeNo);
    if (!trade || trade.provider !== provider.name) {
      log.warn({ reason: "unknown trade", outTradeNo: notify.outTradeNo }, "payment notify refused");
      return false;
    }
    if (notify.amountCents !== trade.amountCents) {
      log.error(
        { outTradeNo: notify.outTradeNo, expected: trade.amountCents, notified: notify.amountCents },
        "payment notify amount differs from the trade's",
      );
      return false;
    }
    // A verified notify of a trade waiting or closed is acknowledged; it records nothing.
    if (!PAID_STATUSES.has(notify.status)) return true;
    await this.recordTradePaid(trade, this.evidence(notify, "支付宝通知"));
    return true;
  }

  /**
   * The reconciliation job's question about one trade: recorded paid when the provider says so with
   * the same amount; true when it was.
   */
  async recordFromQuery(trade: TradeRow, answer: ProviderTrade, note: string): Promise<boolean> {
    if (!answer.status || !PAID_STATUSES.has(answer.status)) return false;
    if (answer.amountCents !== trade.amountCents) {
      this.deps.log.error(
        { outTradeNo: trade.outTradeNo, expected: trade.amountCents, reported: answer.amountCents },
        "paid trade's amount differs from the trade's",
      );
      return false;
    }
    await this.recordTradePaid(trade, {
      tradeNo: answer.tradeNo ?? "",
      paidAt: answer.paidAt ?? this.deps.now(),
      confirmation: answer.raw,
      note,
    });
    return true;
  }

  private evidence(notify: VerifiedNotify, note: string): PaidEvidence {
    return { tradeNo: notify.tradeNo, paidAt: notify.paidAt ?? this.deps.now(), confirmation: notify.raw, note };
  }

  /** The one way a payment is recorded. A paid trade whose order cannot take it is logged for refund. */
  private async recordTradePaid(trade: TradeRow, evidence: PaidEvidence): Promise<void> {
    const outcome = await this.deps.store.recordPaid(trade.outTradeNo, evidence);
    if (!outcome.recorded) return;
    const { payment, order } = outcome;
    const log = { outTradeNo: payment.outTradeNo, tradeNo: payment.tradeNo, amount: payment.amountCents };
    if (order && !order.changed) {
      // The order was cancelled (unpaid too long) or paid by another trade: the money must go back.
      // The back office lists it as unreconciled (a paid payment whose order is not paid by it).
      this.deps.log.error({ ...log, orderNo: trade.orderNo, orderStatus: order.status }, "payment needs refund");
      return;
    }
    this.deps.log.info(
      { ...log, orderNo: trade.orderNo, payer: payment.payerPhone ? maskPhone(payment.payerPhone) : undefined },
      "payment recorded",
    );
  }
}
