// Delivers lead notifications from the outbox (R17, ADR 0020). Runs inside every instance; the rows
// are the only state, so it survives restarts, and SKIP LOCKED claims keep instances from sending a
// row twice. It never runs inside a visitor's request: a write only wakes it.
import { BackgroundJob, type JobOptions } from "../../lib/polling-job.js";
import type { Notifier } from "../../providers/notify/notifier.js";
import { leadMessage } from "./lead-message.js";
import type { ClaimedNotification, OutboxStore } from "./outbox-store.js";

export interface DeliveryPolicy {
  /** Look for due rows this often when nothing wakes the job. */
  pollMs: number;
  /** Rows claimed per round. */
  batchSize: number;
  /** A claimed row is left alone by other instances this long (longer than any webhook call). */
  leaseMs: number;
  /** Backoff after the first failure; doubles with each further one, up to maxRetryMs. */
  retryBaseMs: number;
  maxRetryMs: number;
  /** Given up (failed_at) after this many failed attempts. */
  maxAttempts: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  pollMs: 5000,
  batchSize: 20,
  leaseMs: 2 * 60_000,
  retryBaseMs: 10_000,
  maxRetryMs: 30 * 60_000,
  maxAttempts: 10,
};

/** When the next attempt is due after `attempts` failed ones, or null to give up. */
export function retryAt(now: Date, attempts: number, policy: DeliveryPolicy): Date | null {
  if (attempts >= policy.maxAttempts) return null;
  const delay = Math.min(policy.maxRetryMs, policy.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + delay);
}

/** The job's name in /metrics (job_runs_total). */
export const LEAD_DELIVERY_JOB = "lead_delivery";

export class DeliveryJob extends BackgroundJob {
  constructor(
    private readonly outbox: OutboxStore,
    private readonly notifier: Notifier,
    private readonly options: JobOptions<DeliveryPolicy> & { adminBaseUrl: string },
  ) {
    super(LEAD_DELIVERY_JOB, options);
  }

  /** Delivers every due row, a batch at a time. Answers how many were delivered. */
  async runOnce(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const { batchSize, leaseMs } = this.options.policy;
      const batch = await this.outbox.claimDue(this.options.now(), batchSize, leaseMs);
      for (const item of batch) if (await this.deliver(item)) delivered += 1;
      if (batch.length < batchSize || this.stopped) return delivered;
    }
  }

  private async deliver({ id, event, attempts, lead }: ClaimedNotification): Promise<boolean> {
    const { notifier } = this;
    try {
      await notifier.send(leadMessage(lead, event, this.options.adminBaseUrl));
    } catch (error) {
      const now = this.options.now();
      const message = (error as Error).message.slice(0, 500);
      const next = retryAt(now, attempts, this.options.policy);
      await this.outbox.markFailed(id, now, message, next);
      this.options.log.warn(
        { outboxId: id, leadId: lead.id, attempts, notifier: notifier.name, error: message, gaveUp: next === null },
        "lead notification failed",
      );
      return false;
    }
    await this.outbox.markDelivered(id, this.options.now());
    return true;
  }
}
