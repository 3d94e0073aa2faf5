// Daily bill runs (docs/decisions/0065): one row per provider and bill day in reconciliation_runs
// is the claim. An instance inserts it (ON CONFLICT DO NOTHING), or takes over a run stuck
// "running" past the stale limit (or a failed one due for a retry) with a guarded UPDATE; only the
// instance whose insert or update returned the row downloads the bill. The differences and the
// run's end are written in one transaction, guarded by the claim's start time, so a run taken over
// meanwhile writes nothing; differences are upserted on their unique key, so running a day twice
// (or on two instances) records each difference once.
import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payments, reconciliationDifferences, reconciliationRuns, refunds } from "../../db/schema.js";
import { chinaDayEnd, chinaDayStart } from "../../lib/china-time.js";
import { NoBillError, type ProviderBill } from "../../providers/payment/bills.js";
import {
  compareBill,
  type FoundDifference,
  type OurPayment,
  type OurRefund,
  unmatchedNumbers,
} from "./bill-compare.js";

export type RunRow = typeof reconciliationRuns.$inferSelect;
export type BillProviderName = "alipay" | "wechat";

export interface ClaimOptions {
  now: Date;
  /** A run "running" longer than this was left by a stopped instance: it may be taken over. */
  staleMs: number;
  /** A failed run may be tried again this long after it failed (null: never, by this claim). */
  retryFailedAfterMs: number | null;
  /** The back office's "run again": a finished run (done or failed) is claimed at once. */
  force?: boolean;
}

export type ClaimResult = { claimed: true; run: RunRow } | { claimed: false; run: RunRow | undefined };

export class BillRunStore {
  constructor(private readonly db: Db) {}

  async claim(provider: BillProviderName, billDate: string, options: ClaimOptions): Promise<ClaimResult> {
    const { now } = options;
    const [inserted] = await this.db
      .insert(reconciliationRuns)
      .values({ provider, billDate, status: "running", startedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { claimed: true, run: inserted };
    const takeable = [
      and(
        eq(reconciliationRuns.status, "running"),
        lt(reconciliationRuns.startedAt, new Date(now.getTime() - options.staleMs)),
      ),
    ];
    if (options.force) takeable.push(inArray(reconciliationRuns.status, ["done", "failed"]));
    else if (options.retryFailedAfterMs !== null)
      takeable.push(
        and(
          eq(reconciliationRuns.status, "failed"),
          isNotNull(reconciliationRuns.finishedAt),
          lt(reconciliationRuns.finishedAt, new Date(now.getTime() - options.retryFailedAfterMs)),
        ),
      );
    const [taken] = await this.db
      .update(reconciliationRuns)
      .set({ status: "running", startedAt: now, finishedAt: null, error: "" })
      .where(and(eq(reconciliationRuns.provider, provider), eq(reconciliationRuns.billDate, billDate), or(...takeable)))
      .returning();
    if (taken) return { claimed: true, run: taken };
    const [existing] = await this.db
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.provider, provider), eq(reconciliationRuns.billDate, billDate)));
    return { claimed: false, run: existing };
  }

  /** The shop's side of the bill's day: paid payments and settled refunds of this provider. */
  async ourDay(provider: BillProviderName, bill: ProviderBill) {
    const from = chinaDayStart(bill.billDate);
    const to = chinaDayEnd(bill.billDate);
    const paymentFields = {
      outTradeNo: payments.outTradeNo,
      amountCents: payments.amountCents,
      status: payments.status,
      tradeNo: payments.tradeNo,
      paidAt: payments.paidAt,
    };
    const refundFields = {
      outRefundNo: refunds.outRefundNo,
      outTradeNo: payments.outTradeNo,
      amountCents: refunds.amountCents,
      status: refunds.status,
      settledAt: refunds.settledAt,
    };
    const dayPayments: OurPayment[] = await this.db
      .select(paymentFields)
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider),
          eq(payments.status, "paid"),
          sql`${payments.paidAt} >= ${from.toISOString()}`,
          sql`${payments.paidAt} < ${to.toISOString()}`,
        ),
      );
    const dayRefunds: OurRefund[] = await this.db
      .select(refundFields)
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          eq(refunds.provider, provider),
          eq(refunds.status, "succeeded"),
          sql`${refunds.settledAt} >= ${from.toISOString()}`,
          sql`${refunds.settledAt} < ${to.toISOString()}`,
        ),
      );
    const { outTradeNos, outRefundNos } = unmatchedNumbers(bill, { payments: dayPayments, refunds: dayRefunds });
    const otherPayments = new Map<string, OurPayment>();
    for (let i = 0; i < outTradeNos.length; i += 500) {
      const rows = await this.db
        .select(paymentFields)
        .from(payments)
        .where(and(eq(payments.provider, provider), inArray(payments.outTradeNo, outTradeNos.slice(i, i + 500))));
      for (const row of rows) otherPayments.set(row.outTradeNo, row);
    }
    const otherRefunds = new Map<string, OurRefund>();
    for (let i = 0; i < outRefundNos.length; i += 500) {
      const rows = await this.db
        .select(refundFields)
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(and(eq(refunds.provider, provider), inArray(refunds.outRefundNo, outRefundNos.slice(i, i + 500))));
      for (const row of rows) otherRefunds.set(row.outRefundNo, row);
    }
    return { payments: dayPayments, refunds: dayRefunds, otherPayments, otherRefunds };
  }

  /**
   * The run's end and its differences, together; nothing when the run is no longer this claim's
   * (another instance took it over as stale). Answers the finished run, or undefined.
   */
  async finish(
    run: RunRow,
    bill: ProviderBill,
    differences: FoundDifference[],
    now: Date,
  ): Promise<RunRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(reconciliationRuns)
        .set({
          status: "done",
          tradeCount: bill.entries.filter((e) => e.kind === "trade").length,
          refundCount: bill.entries.filter((e) => e.kind === "refund").length,
          differenceCount: differences.length,
          error: "",
          finishedAt: now,
        })
        .where(ownClaim(run))
        .returning();
      if (!done) return undefined;
      for (let i = 0; i < differences.length; i += 200) {
        await tx
          .insert(reconciliationDifferences)
          .values(
            differences.slice(i, i + 200).map((d) => ({
              runId: run.id,
              provider: run.provider,
              billDate: run.billDate,
              kind: d.kind,
              subject: d.subject,
              outTradeNo: d.outTradeNo,
              outRefundNo: d.outRefundNo,
              ourAmountCents: d.ourAmountCents,
              theirAmountCents: d.theirAmountCents,
              detail: d.detail,
              createdAt: now,
            })),
          )
          // Found again (a run of the same day again): the latest amounts, the resolution kept.
          .onConflictDoUpdate({
            target: [
              reconciliationDifferences.provider,
              reconciliationDifferences.billDate,
              reconciliationDifferences.kind,
              reconciliationDifferences.subject,
              reconciliationDifferences.outTradeNo,
              reconciliationDifferences.outRefundNo,
            ],
            set: {
              runId: sql`excluded.run_id`,
              ourAmountCents: sql`excluded.our_amount_cents`,
              theirAmountCents: sql`excluded.their_amount_cents`,
              detail: sql`excluded.detail`,
            },
          });
      }
      return done;
    });
  }

  /** The run failed (bill not downloadable, hash mismatch, unreadable): visible, with its reason. */
  async fail(run: RunRow, error: string, now: Date): Promise<RunRow | undefined> {
    const [failed] = await this.db
      .update(reconciliationRuns)
      .set({ status: "failed", error: error.slice(0, 1000), finishedAt: now })
      .where(ownClaim(run))
      .returning();
    return failed;
  }
}

/** Still this claim's run: running, and started when this claim started it. */
function ownClaim(run: RunRow) {
  return and(
    eq(reconciliationRuns.id, run.id),
    eq(reconciliationRuns.status, "running"),
    eq(reconciliationRuns.startedAt, run.startedAt),
  );
}

/** Downloads one bill and records what differs; never throws for the bill's own failures. */
export async function runBill(
  store: BillRunStore,
  run: RunRow,
  download: (billDate: string) => Promise<ProviderBill>,
  now: () => Date,
): Promise<RunRow | undefined> {
  let bill: ProviderBill;
  let differences: FoundDifference[];
  try {
    try {
      bill = await download(run.billDate);
    } catch (error) {
      if (!(error instanceof NoBillError)) throw error;
      // No bill for a day without trades is an empty bill; with trades here it is a difference
      // too large to list line by line (or the bill is late): the run fails and is tried again.
      bill = { provider: run.provider, billDate: run.billDate, entries: [] };
      const ours = await store.ourDay(run.provider, bill);
      if (ours.payments.length + ours.refunds.length > 0)
        throw new Error(`${error.message}，但我方该日有 ${ours.payments.length} 笔收款、${ours.refunds.length} 笔退款`);
    }
    differences = compareBill(bill, await store.ourDay(run.provider, bill));
  } catch (error) {
    return store.fail(run, (error as Error).message || String(error), now());
  }
  return store.finish(run, bill, differences, now());
}
