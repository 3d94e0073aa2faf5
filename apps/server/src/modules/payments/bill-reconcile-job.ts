// The daily bill reconciliation (docs/decisions/0065, docs/quality.md R20). Every instance runs this
// job; each round, once the previous day's bills are due (RECONCILE_BILL_HOUR, China time: Alipay
// and WeChat Pay publish them from about 9 and 10 o'clock), it claims the day's run per provider
// (bill-runs.ts: one instance wins the row) and the winner downloads the bill and records what
// differs. A failed run (bill not ready, hash mismatch) is tried again after a while; the back
// office can run any earlier day again.
import { chinaDayOf, startOfChinaDay } from "../../lib/china-time.js";
import { BackgroundJob, type JobOptions } from "../../lib/polling-job.js";
import type { ProviderBill } from "../../providers/payment/bills.js";
import type { PaymentProvider } from "../../providers/payment/payment-provider.js";
import { type BillProviderName, type BillRunStore, type RunRow, runBill } from "./bill-runs.js";

export interface BillPolicy {
  /** How often an instance looks whether a bill is due. */
  pollMs: number;
  /** Yesterday's bills are downloaded from this hour on (China time, 0–23). */
  billHour: number;
  /** A run "running" this long was left by a stopped instance; another takes it over. */
  staleMs: number;
  /** A failed run is tried again by the job this long after it failed. */
  retryFailedAfterMs: number;
}

export const DEFAULT_BILL_POLICY: BillPolicy = {
  pollMs: 5 * 60_000,
  billHour: 10,
  staleMs: 30 * 60_000,
  retryFailedAfterMs: 60 * 60_000,
};

/** The job's name in /metrics (job_runs_total). */
export const BILL_RECONCILE_JOB = "bill_reconcile";

/** A provider that publishes daily bills (Alipay, WeChat Pay; the offline provider has none). */
export interface BillSource {
  name: BillProviderName;
  downloadBill(billDate: string): Promise<ProviderBill>;
}

export function billSources(providers: readonly PaymentProvider[]): BillSource[] {
  const sources: BillSource[] = [];
  for (const provider of providers) {
    const download = (provider as { downloadBill?: (billDate: string) => Promise<ProviderBill> }).downloadBill;
    if ((provider.name === "alipay" || provider.name === "wechat") && download)
      sources.push({ name: provider.name, downloadBill: download.bind(provider) });
  }
  return sources;
}

/** The China day before `now`'s, once `billHour` has passed in China; else null (not due yet). */
export function dueBillDate(now: Date, billHour: number): string | null {
  const today = startOfChinaDay(now);
  if (now.getTime() < today.getTime() + billHour * 3600_000) return null;
  return chinaDayOf(new Date(today.getTime() - 1));
}

export interface BillRound {
  billDate: string | null;
  ran: { provider: BillProviderName; status: RunRow["status"]; differences: number }[];
}

export class BillReconcileJob extends BackgroundJob {
  constructor(
    private readonly store: BillRunStore,
    readonly sources: readonly BillSource[],
    private readonly options: JobOptions<BillPolicy>,
  ) {
    super(BILL_RECONCILE_JOB, options);
  }

  async runOnce(): Promise<BillRound> {
    const { policy, now, log } = this.options;
    const billDate = dueBillDate(now(), policy.billHour);
    const round: BillRound = { billDate, ran: [] };
    if (!billDate) return round;
    for (const source of this.sources) {
      if (this.stopped) break;
      const claim = await this.store.claim(source.name, billDate, {
        now: now(),
        staleMs: policy.staleMs,
        retryFailedAfterMs: policy.retryFailedAfterMs,
      });
      if (!claim.claimed) continue;
      const run = await runBill(this.store, claim.run, (d) => source.downloadBill(d), now);
      if (!run) continue;
      round.ran.push({ provider: source.name, status: run.status, differences: run.differenceCount });
      if (run.status === "failed")
        log.error({ provider: source.name, billDate, error: run.error }, "bill reconciliation failed");
      else if (run.differenceCount > 0)
        log.warn(
          { provider: source.name, billDate, differences: run.differenceCount },
          "bill reconciliation found differences",
        );
    }
    // A failed run fails the round in /metrics (job_runs_total{outcome="failed"}), so it can be alerted on.
    if (round.ran.some((r) => r.status === "failed")) throw new Error(`bill reconciliation failed for ${billDate}`);
    return round;
  }
}
