// Cancels orders left unpaid past their payment window and gives their stock back (ADR 0025). Every
// instance runs it; FOR UPDATE SKIP LOCKED lets instances share the work without doing any twice, and
// a payment marking the same order paid waits on the row lock and then finds it cancelled (or the
// other way round), never both.
import { ORDER_EXPIRY_NOTE } from "@yj/contract";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orderEvents, orders } from "../../db/schema.js";
import { BackgroundJob, type JobOptions } from "../../lib/polling-job.js";
import { pruneKeys } from "./idempotency.js";
import { releaseStock } from "./order-stock.js";

export interface ExpiryPolicy {
  /** Look for expired orders this often. */
  pollMs: number;
  /** Orders cancelled per transaction. */
  batchSize: number;
  /**
   * How long after payBefore an order is still left alone: a payment made at the last minute may
   * have its notify arrive a little later, and should find the order still payable.
   */
  graceMs: number;
}

export const DEFAULT_EXPIRY_POLICY: ExpiryPolicy = { pollMs: 30_000, batchSize: 50, graceMs: 5 * 60_000 };

/** The job's name in /metrics (job_runs_total). */
export const ORDER_EXPIRY_JOB = "order_expiry";

/** Shown to the customer on the pay step as why the order was cancelled. */
export const EXPIRY_NOTE = ORDER_EXPIRY_NOTE;

export class OrderExpiryJob extends BackgroundJob {
  constructor(
    private readonly db: Db,
    private readonly options: JobOptions<ExpiryPolicy>,
  ) {
    super(ORDER_EXPIRY_JOB, options);
  }

  /** Cancels every expired order, a batch per transaction, and prunes old idempotency keys. */
  async runOnce(): Promise<number> {
    let cancelled = 0;
    for (;;) {
      const batch = await this.cancelBatch();
      cancelled += batch;
      if (batch < this.options.policy.batchSize || this.stopped) break;
    }
    await pruneKeys(this.db, this.options.now());
    return cancelled;
  }

  protected override async round() {
    const cancelled = await this.runOnce();
    if (cancelled > 0) this.options.log.info({ cancelled }, "unpaid orders cancelled");
  }

  private cancelBatch(): Promise<number> {
    const { batchSize, graceMs } = this.options.policy;
    return this.db.transaction(async (tx) => {
      const now = this.options.now();
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "pending_payment"), lte(orders.payBefore, new Date(now.getTime() - graceMs))))
        .orderBy(asc(orders.payBefore), asc(orders.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((d) => d.id);
      await tx.update(orders).set({ status: "cancelled", cancelledAt: now }).where(inArray(orders.id, ids));
      await releaseStock(tx, ids);
      await tx.insert(orderEvents).values(
        ids.map((orderId) => ({
          orderId,
          status: "cancelled" as const,
          actor: "system",
          note: EXPIRY_NOTE,
          at: now,
        })),
      );
      return ids.length;
    });
  }
}
