// Reconciliation (R10, ADR 0024, ADR 0062): a notify can be lost (our server down, a network fault,
// the provider giving up). Every instance runs this job; each round claims pending trades older than
// a minute that no instance asked about lately (FOR UPDATE SKIP LOCKED and a lastQueriedAt lease),
// asks the provider that took each (Alipay or WeChat Pay), records a payment exactly as a notify
// would, and closes trades long past their end.
import { BackgroundJob, type JobOptions } from "../../lib/polling-job.js";
import type { PaymentProvider } from "../../providers/payment/payment-provider.js";
import type { PaymentStore, TradeRow } from "./payment-store.js";
import type { RefundRound, RefundService } from "./refund-service.js";
import type { RefundStore } from "./refund-store.js";
import type { PaymentsService } from "./service.js";

export interface ReconcilePolicy {
  /** Look for unconfirmed trades this often. */
  pollMs: number;
  /** A trade younger than this is left to its notify. */
  minAgeMs: number;
  /** A trade asked about is not asked again (by any instance) for this long. */
  leaseMs: number;
  /** A trade unpaid this long after its end is closed here (the provider closed it at its end). */
  closeAfterMs: number;
  batchSize: number;
}

export const DEFAULT_RECONCILE_POLICY: ReconcilePolicy = {
  pollMs: 30_000,
  minAgeMs: 60_000,
  leaseMs: 60_000,
  closeAfterMs: 15 * 60_000,
  batchSize: 20,
};

/** The job's name in /metrics (job_runs_total). */
export const PAYMENT_RECONCILE_JOB = "payment_reconcile";

export interface ReconcileRound {
  asked: number;
  recorded: number;
  closed: number;
  failed: number;
  /** Processing refunds (docs/decisions/0063): sent (never sent, or unknown to the provider), asked, settled. */
  refunds: RefundRound;
}

/** The refunds' side of the job: processing refunds are sent or asked about until they settle (R19). */
export interface RefundReconciler {
  store: RefundStore;
  service: RefundService;
}

export class ReconcileJob extends BackgroundJob {
  constructor(
    private readonly store: PaymentStore,
    private readonly payments: PaymentsService,
    private readonly options: JobOptions<ReconcilePolicy>,
    private readonly refunds?: RefundReconciler,
  ) {
    super(PAYMENT_RECONCILE_JOB, options);
  }

  /** One pass over every unconfirmed trade due now, a batch at a time. */
  async runOnce(): Promise<ReconcileRound> {
    const round: ReconcileRound = {
      asked: 0,
      recorded: 0,
      closed: 0,
      failed: 0,
      refunds: { sent: 0, asked: 0, settled: 0, failed: 0 },
    };
    const { policy, now } = this.options;
    for (;;) {
      const batch = await this.store.claimUnconfirmed(now(), policy.minAgeMs, policy.leaseMs, policy.batchSize);
      for (const trade of batch) await this.reconcile(trade, round);
      if (batch.length < policy.batchSize || this.stopped) break;
    }
    if (!this.refunds) return round;
    // Refunds: a processing refund is claimed by one instance per lease (SKIP LOCKED), so two
    // instances never send or ask about the same refund at once; its number never changes.
    for (;;) {
      const batch = await this.refunds.store.claimDue(now(), policy.minAgeMs, policy.leaseMs, policy.batchSize);
      for (const due of batch) await this.refunds.service.reconcile(due, round.refunds);
      if (batch.length < policy.batchSize || this.stopped) return round;
    }
  }

  private async reconcile(trade: TradeRow, round: ReconcileRound) {
    round.asked += 1;
    const { policy, now, log } = this.options;
    // A trade of a provider this instance does not run (the setting changed) cannot be asked; it is
    // closed when due.
    const provider = this.payments.providerOf(trade.provider);
    if (provider) {
      let answer: Awaited<ReturnType<PaymentProvider["query"]>>;
      try {
        answer = await provider.query(trade.outTradeNo);
      } catch {
        round.failed += 1;
        return; // asked again after the lease
      }
      if (await this.payments.recordFromQuery(trade, answer, "对账查询确认")) {
        round.recorded += 1;
        log.warn({ outTradeNo: trade.outTradeNo }, "payment recovered by reconciliation (its notify never came)");
        return;
      }
      if (answer.state === "closed" && (await this.store.close(trade.id))) {
        round.closed += 1;
        return;
      }
    }
    if (now().getTime() > trade.expiresAt.getTime() + policy.closeAfterMs && (await this.store.close(trade.id)))
      round.closed += 1;
  }
}
