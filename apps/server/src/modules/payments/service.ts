// Payments (ADR 0024, ADR 0062): opening a trade for an order or the activity deposit with one of
// the instance's providers, answering its state (asking its provider while it is pending), the
// offline provider's local pay step, and the providers' asynchronous notifies. Every way a payment
// becomes known ends in recordTradePaid, so a notify, a page's query, the reconciliation job and the
// offline step record a trade identically and once, whichever provider took it.
import { createHash } from "node:crypto";
import {
  ALIPAY_IN_WECHAT_MESSAGE,
  ALREADY_PAID,
  type JsapiPayParams,
  maskPhone,
  type NeedsWechatOauth,
  type PrecreateData,
  type TradeData,
} from "@yj/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../lib/clock.js";
import { AppError, invalidInput, notFound } from "../../lib/errors.js";
import {
  MONEY_RECEIVED,
  type NotifyRequest,
  type PaymentProvider,
  type PaymentProviderName,
  type ProviderTrade,
} from "../../providers/payment/payment-provider.js";
import type { SessionCustomer } from "../accounts/sessions.js";
import { payChannel } from "./pay-channel.js";
import {
  INSTALMENT_ALREADY_PAID,
  type PaidEvidence,
  type PaymentStore,
  type TradeChannel,
  type TradeRow,
} from "./payment-store.js";

export const OFFLINE_ONLY_MESSAGE = "线下支付仅用于开发环境";
export const PAYMENTS_DISABLED_MESSAGE = "在线支付暂未开通";

/** How a notify's payment is named in the order's history. */
const NOTIFY_NOTES: Record<PaymentProviderName, string> = {
  offline: "线下支付（开发环境）",
  alipay: "支付宝通知",
  wechat: "微信支付通知",
};
/** A method the instance does not run, in the buyer's words. */
const METHOD_OFF: Record<PaymentProviderName, string> = {
  offline: PAYMENTS_DISABLED_MESSAGE,
  alipay: "支付宝支付暂未开通",
  wechat: "微信支付暂未开通",
};

export interface PaymentsServiceOptions {
  store: PaymentStore;
  /** The instance's providers; the first is the pay step's default method. */
  providers: PaymentProvider[];
  now: Clock;
  log: FastifyBaseLogger;
  /** false in production: the offline provider then takes no payments at all. */
  offlineAllowed: boolean;
  /** The shop's public origin (PUBLIC_ORIGIN): where Alipay and WeChat send the buyer back. */
  publicOrigin?: string;
}

/** Who asks, as the server sees it (docs/decisions/0066): what decides and feeds a phone channel. */
export interface PayingClient {
  userAgent?: string;
  /** The request's IP under TRUST_PROXY: WeChat H5's payer_client_ip. */
  ip?: string;
  /** The visitor's openid from the signed cookie (wechat-oauth.ts); never logged. */
  openid?: string;
  /** Where the page sends a visitor inside WeChat who has no openid yet (the OAuth start, with the way back). */
  oauthUrl?(back: string): string;
}

/** A short, stable tag of an openid: a JSAPI trade is handed out again only to the same WeChat user. */
export function payerTag(openid: string): string {
  return createHash("sha256").update(openid).digest("hex").slice(0, 16);
}

/** Sends a refund after the commit that opened it (the refund service's send, set by the module). */
export type RefundSender = (refundId: number) => Promise<void>;

export interface PrecreateInput {
  name?: string;
  mobile?: string;
  orderNo?: string;
  /** A project instalment the logged-in owner pays (docs/decisions/0073). */
  instalmentId?: number;
  /** The method the buyer chose; the instance's default when absent. */
  method?: PaymentProviderName;
  /** The page says it is on a phone (docs/decisions/0066); the User-Agent must agree. */
  client?: "phone" | "desktop";
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
  private readonly byName: ReadonlyMap<PaymentProviderName, PaymentProvider>;
  /** Set by the module once the refund service exists (it needs this service's providers). */
  sendRefund: RefundSender | undefined;

  constructor(private readonly deps: PaymentsServiceOptions) {
    const [first] = deps.providers;
    if (!first) throw new Error("the payments service needs a provider");
    this.byName = new Map(deps.providers.map((p) => [p.name, p]));
  }

  /** The pay step's default method. */
  get providerName(): PaymentProviderName {
    return (this.deps.providers[0] as PaymentProvider).name;
  }

  /** The provider that took a trade, if this instance runs it. */
  providerOf(name: string): PaymentProvider | undefined {
    return this.byName.get(name as PaymentProviderName);
  }

  /** docs/product.md §7 precreate: an order's trade (orderNo, logged in) or the activity deposit. */
  async precreate(
    input: PrecreateInput,
    customer: SessionCustomer | null,
    client: PayingClient = {},
  ): Promise<PrecreateData> {
    const { store, now } = this.deps;
    const method = input.method ?? this.providerName;
    const provider = this.byName.get(method);
    if (!provider) throw new AppError("business", METHOD_OFF[method]);
    if (provider.name === "offline" && !this.deps.offlineAllowed)
      throw new AppError("business", PAYMENTS_DISABLED_MESSAGE);
    // The channel is decided before anything is written: refusing Alipay inside WeChat, or sending
    // the visitor to WeChat's OAuth first, makes no trade and closes none.
    const channel = payChannel(client.userAgent, provider.name, {
      clientSaysPhone: input.client === "phone",
      available: provider.mobileChannels ?? new Set(),
    });
    if (channel === "unavailable") throw new AppError("business", ALIPAY_IN_WECHAT_MESSAGE);
    if ((input.orderNo || input.instalmentId) && !customer) throw new AppError("login_required");
    if (!input.orderNo && !input.instalmentId && !input.mobile) throw invalidInput("请输入手机号");
    if (channel === "jsapi" && !client.openid) {
      const back = input.orderNo
        ? `/pay/${input.orderNo}?via=wechat`
        : input.instalmentId
          ? `${await store.instalmentPayPath(input.instalmentId)}?via=wechat`
          : "/decorate-act";
      const data: NeedsWechatOauth = { oauthUrl: client.oauthUrl?.(back) ?? "" };
      throw new AppError("business", "请先在微信中授权", undefined, data);
    }
    const via: TradeChannel = {
      channel,
      payer: channel === "jsapi" && client.openid ? payerTag(client.openid) : undefined,
    };
    const trade =
      input.orderNo && customer
        ? await store.openForOrder(customer.id, input.orderNo, provider.name, now(), via)
        : input.instalmentId && customer
          ? await store.openForInstalment(customer, input.instalmentId, provider.name, now(), via)
          : await store.openDeposit(input.name ?? "", input.mobile ?? "", provider.name, now(), via);
    const answer: PrecreateData = {
      outTradeNo: trade.outTradeNo,
      provider: provider.name,
      qrCode: "",
      amount: trade.amountCents,
      subject: trade.subject,
      methods: this.deps.providers.map((p) => p.name),
      channel,
    };
    if (channel === "qr") {
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
      answer.qrCode = qrCode;
    } else {
      Object.assign(answer, await this.payOnPhone(provider, trade, channel, via, client));
    }
    // The buyer switched method (or device): the other trades for the same order (or deposit) end,
    // so only the one on the screen can be paid.
    await this.closeOtherTrades(trade);
    return answer;
  }

  /**
   * A phone channel's answer (docs/decisions/0066). A trade handed out before may have been paid in
   * the app the buyer just came back from (its notify not here yet): the provider is asked first, and
   * a payment it reports is recorded and answered 已支付, never a second pay page for a paid trade.
   */
  private async payOnPhone(
    provider: PaymentProvider,
    trade: TradeRow,
    channel: "h5" | "jsapi" | "wap",
    via: TradeChannel,
    client: PayingClient,
  ): Promise<{ payUrl?: string; jsapi?: JsapiPayParams }> {
    const { store } = this.deps;
    if (trade.qrCode) {
      let answer: ProviderTrade | undefined;
      try {
        answer = await provider.query(trade.outTradeNo);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
      if (answer && (await this.recordFromQuery(trade, answer, "支付查询确认"))) {
        const message = trade.orderNo
          ? "订单已支付"
          : trade.instalmentId
            ? INSTALMENT_ALREADY_PAID
            : "您已支付活动定金，无需重复支付";
        throw new AppError("business", message, undefined, ALREADY_PAID);
      }
    }
    if (!provider.payMobile) throw new AppError("business", METHOD_OFF[provider.name]);
    if (channel === "jsapi") {
      let prepayId = trade.qrCode.split(":")[2] ?? "";
      if (!prepayId) {
        const made = await provider.payMobile({ ...(await this.mobileRequest(trade, channel, client)) });
        prepayId = "prepayId" in made ? made.prepayId : "";
        await store.saveQrCode(trade.id, `jsapi:${via.payer ?? ""}:${prepayId}`);
      }
      if (!provider.jsapiPayParams) throw new AppError("business", METHOD_OFF[provider.name]);
      return { jsapi: provider.jsapiPayParams(prepayId) };
    }
    // WeChat's h5_url lasts five minutes and Alipay's signed URL carries its time: made afresh each time.
    const made = await provider.payMobile(await this.mobileRequest(trade, channel, client));
    if (!trade.qrCode) await store.saveQrCode(trade.id, channel);
    return { payUrl: "payUrl" in made ? made.payUrl : "" };
  }

  /**
   * The way back is made here from PUBLIC_ORIGIN and the trade, never from the request (no open
   * redirect): an order's or an instalment's pay step with the method, or the activity page with the
   * trade to poll.
   */
  private async mobileRequest(trade: TradeRow, channel: "h5" | "jsapi" | "wap", client: PayingClient) {
    const origin = this.deps.publicOrigin ?? "";
    const returnUrl = trade.orderNo
      ? `${origin}/pay/${encodeURIComponent(trade.orderNo)}?via=${trade.provider}`
      : trade.instalmentId
        ? `${origin}${await this.deps.store.instalmentPayPath(trade.instalmentId)}?via=${trade.provider}`
        : `${origin}/decorate-act?trade=${encodeURIComponent(trade.outTradeNo)}`;
    return {
      outTradeNo: trade.outTradeNo,
      amountCents: trade.amountCents,
      subject: trade.subject,
      expiresAt: trade.expiresAt,
      channel,
      clientIp: client.ip ?? "",
      openid: client.openid,
      returnUrl,
    };
  }

  /**
   * An approved change order changed these instalments' amounts (docs/decisions/0079): their open
   * trades, made for the old amounts, are closed at the provider and then here, as a switch of
   * method closes the others, so the owner cannot pay an old amount. A provider that fails or refuses
   * (the owner paid meanwhile) leaves the trade pending for the reconciliation job; a payment of the
   * old amount is then refunded by itself (recordPaid, docs/decisions/0073). Never throws for the
   * provider's sake: the change order has committed.
   */
  async closeInstalmentTrades(instalmentIds: readonly number[]): Promise<number> {
    const { store, log } = this.deps;
    let closed = 0;
    for (const trade of await store.pendingInstalmentTrades(instalmentIds)) {
      const provider = this.providerOf(trade.provider);
      try {
        if (provider) await provider.close(trade.outTradeNo);
        if (await store.close(trade.id)) closed += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        log.warn(
          { outTradeNo: trade.outTradeNo, provider: trade.provider },
          "a change order left an instalment trade open",
        );
      }
    }
    return closed;
  }

  /**
   * Closes the pending trades of the same order or deposit taken by another provider: at the
   * provider first, then here (a guarded update). A provider that fails or refuses (the buyer paid
   * that code meanwhile) leaves the trade pending: the reconciliation job then records or closes it,
   * and a second payment is logged for refund as any payment an order cannot take.
   */
  private async closeOtherTrades(trade: TradeRow): Promise<void> {
    const { store, log } = this.deps;
    for (const other of await store.otherPendingTrades(trade)) {
      const provider = this.providerOf(other.provider);
      try {
        if (provider) await provider.close(other.outTradeNo);
        await store.close(other.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        log.warn({ outTradeNo: other.outTradeNo, provider: other.provider }, "switching method left a trade open");
      }
    }
  }

  /**
   * The trade's state. While it is pending here the provider is asked, so the page's polling sees
   * a payment whose notify is late or lost; a provider that does not answer leaves the local state.
   */
  async query(outTradeNo: string): Promise<TradeData> {
    const { store, log } = this.deps;
    const trade = await store.byOutTradeNo(outTradeNo);
    if (!trade) throw notFound("交易不存在");
    const provider = this.providerOf(trade.provider);
    if (trade.status !== "pending" || !provider) return tradeData(trade);
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
    const { store, now } = this.deps;
    if (!this.byName.has("offline") || !this.deps.offlineAllowed) throw new AppError("business", OFFLINE_ONLY_MESSAGE);
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
        note: NOTIFY_NOTES.offline,
      });
    }
    const fresh = await store.byOutTradeNo(outTradeNo);
    return tradeData(fresh ?? trade);
  }

  /**
   * A provider's asynchronous notify (ADR 0024, ADR 0062). true: the notify is verified, is about a
   * trade this provider took with the amount we asked, and is recorded (or was before, or is not a
   * payment); the route answers success in the provider's protocol. false: refused, nothing changed.
   */
  async notify(providerName: PaymentProviderName, request: NotifyRequest): Promise<boolean> {
    const { store, log } = this.deps;
    const provider = this.byName.get(providerName);
    if (!provider) {
      log.warn({ provider: providerName, reason: "provider not enabled" }, "payment notify refused");
      return false;
    }
    const verdict = provider.verifyNotify(request);
    if (!verdict.ok) {
      log.warn({ provider: providerName, reason: verdict.reason }, "payment notify refused");
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
    if (!MONEY_RECEIVED.has(notify.state)) return true;
    await this.recordTradePaid(trade, {
      tradeNo: notify.tradeNo ?? "",
      paidAt: notify.paidAt ?? this.deps.now(),
      confirmation: notify.raw,
      note: NOTIFY_NOTES[provider.name],
    });
    return true;
  }

  /**
   * A query's answer about one trade (the page's polling, the reconciliation job): recorded paid
   * when the provider says the money arrived, with the same amount; true when it was.
   */
  async recordFromQuery(trade: TradeRow, answer: ProviderTrade, note: string): Promise<boolean> {
    if (!answer.state || !MONEY_RECEIVED.has(answer.state)) return false;
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

  /** The one way a payment is recorded. A paid trade whose order cannot take it is logged for refund. */
  private async recordTradePaid(trade: TradeRow, evidence: PaidEvidence): Promise<void> {
    const outcome = await this.deps.store.recordPaid(trade.outTradeNo, evidence, this.deps.now());
    if (!outcome.recorded) return;
    const { payment, order } = outcome;
    const log = { outTradeNo: payment.outTradeNo, tradeNo: payment.tradeNo, amount: payment.amountCents };
    if (outcome.instalmentPaid === false) {
      // Paid by another trade meanwhile, or its amount changed by a change order: the money goes back.
      this.deps.log.error(
        { ...log, instalmentId: payment.instalmentId, refundId: outcome.autoRefundId },
        "payment needs refund",
      );
      if (outcome.autoRefundId !== null && this.sendRefund) await this.sendRefund(outcome.autoRefundId);
      return;
    }
    if (order && !order.changed) {
      // The order was cancelled (unpaid too long) or paid by another trade: the money goes back. The
      // refund was opened with the payment (docs/decisions/0063); it is sent now, or by the job.
      this.deps.log.error(
        { ...log, orderNo: trade.orderNo, orderStatus: order.status, refundId: outcome.autoRefundId },
        "payment needs refund",
      );
      if (outcome.autoRefundId !== null && this.sendRefund) await this.sendRefund(outcome.autoRefundId);
      return;
    }
    this.deps.log.info(
      { ...log, orderNo: trade.orderNo, payer: payment.payerPhone ? maskPhone(payment.payerPhone) : undefined },
      "payment recorded",
    );
  }
}
