// The back office's 售后 desk (docs/decisions/0064; 销售/客服 and 管理员, the "orders" permission):
// every request with filters and paging, and the decision on one. Approving a return opens its refund
// through the payments module's port in the same transaction (and sends it after the commit); without
// a port a return cannot be approved. Each decision is audited in its transaction.
import {
  type AdminAfterSale,
  type AdminAfterSaleDecideBody,
  type AdminAfterSaleFilter,
  AfterSaleMessages,
} from "@yj/contract";
import { and, count, eq, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { afterSales, orderLines, orders } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import { adminAfterSales, refundableCents } from "./after-sale-store.js";
import type { ReturnRefunds } from "./return-refunds.js";

type Decision = z.output<typeof AdminAfterSaleDecideBody>;

const business = (message: string) => new AppError("business", message);
const notFoundRequest = () => new AppError("not_found", AfterSaleMessages.notFound);

function conditionsOf(filter: AdminAfterSaleFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(afterSales.status, filter.status));
  if (filter.kind) conditions.push(eq(afterSales.kind, filter.kind));
  return conditions.length ? and(...conditions) : undefined;
}

export interface DecisionOutcome {
  request: AdminAfterSale;
  message: string;
}

export class AfterSaleDesk {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
    /** Absent until the payments module gives its refunds: a return then cannot be approved. */
    private readonly refunds?: ReturnRefunds,
  ) {}

  async list(filter: AdminAfterSaleFilter) {
    const where = conditionsOf(filter);
    const current = filter.current ?? 1;
    const pageSize = filter.pageSize ?? 20;
    const [dataList, [total]] = await Promise.all([
      adminAfterSales(this.db, where, { limit: pageSize, offset: (current - 1) * pageSize }),
      this.db.select({ n: count() }).from(afterSales).where(where),
    ]);
    return { current, pageSize, total: total?.n ?? 0, dataList };
  }

  /** An order's requests, newest first (the order detail). */
  forOrder(reader: Pick<Db, "select">, orderId: number) {
    return adminAfterSales(reader, eq(afterSales.orderId, orderId));
  }

  async decide(actor: Actor, input: Decision): Promise<DecisionOutcome> {
    const now = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(afterSales).where(eq(afterSales.id, input.id)).for("update");
      if (!before) throw notFoundRequest();
      // The order too: a refund opened on it must see it as it is.
      const [order] = await tx.select().from(orders).where(eq(orders.id, before.orderId)).for("update");
      if (!order) throw notFoundRequest();
      let refund: { refundId: number; amountCents: number } | null = null;
      let status: typeof before.status;
      let message: string;
      if (input.decision === "close") {
        if (before.status !== "approved") throw business(AfterSaleMessages.cannotClose);
        status = "closed";
        message = AfterSaleMessages.closed;
      } else {
        if (before.status !== "requested") throw business(AfterSaleMessages.alreadyDecided);
        status = input.decision === "approve" ? "approved" : "refused";
        message = input.decision === "approve" ? AfterSaleMessages.approved : AfterSaleMessages.refused;
      }
      if (input.decision === "approve" && before.kind === "return") {
        if (!this.refunds) throw business(AfterSaleMessages.refundsUnavailable);
        const lines = await tx
          .select({ madeToOrder: orderLines.madeToOrder, amountCents: orderLines.amountCents })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id));
        const refundable = refundableCents(before, order.totalCents, lines);
        const amountCents = input.refundAmount ?? refundable;
        if (amountCents <= 0) throw business("退款金额须大于 0");
        if (amountCents > refundable) throw business(AfterSaleMessages.refundTooLarge);
        const opened = await this.refunds.open(tx, {
          orderId: order.id,
          afterSaleId: before.id,
          amountCents,
          reason: before.reason,
          staffId: actor.staffId ?? 0,
          now,
        });
        refund = { refundId: opened.refundId, amountCents };
        message = AfterSaleMessages.returnApproved;
      }
      const closing = input.decision === "close";
      const [after] = await tx
        .update(afterSales)
        .set({
          status,
          // Closing keeps the decision's note unless staff wrote a new one.
          ...(closing && !input.note ? {} : { decisionNote: input.note }),
          ...(closing ? {} : { decidedByStaffId: actor.staffId, decidedAt: now }),
        })
        .where(and(eq(afterSales.id, before.id), eq(afterSales.status, before.status)))
        .returning();
      await recordAudit(
        tx,
        actor,
        {
          action: `afterSale.${input.decision}`,
          entity: "after_sale",
          entityId: before.id,
          before: { status: before.status, decisionNote: before.decisionNote },
          after: {
            status: after!.status,
            decisionNote: after!.decisionNote,
            orderNo: order.orderNo,
            ...(refund ? { refundId: refund.refundId, refundCents: refund.amountCents } : {}),
          },
        },
        now,
      );
      const [request] = await adminAfterSales(tx, eq(afterSales.id, before.id));
      return { request: request!, message, refundId: refund?.refundId ?? null };
    });
    // After the commit: the refund row exists whatever happens to this call; the payments module's
    // own retries settle a send that fails here (docs/decisions/0064).
    if (outcome.refundId !== null && this.refunds) {
      try {
        await this.refunds.send(outcome.refundId);
      } catch (error) {
        this.log.warn(
          { err: error, refundId: outcome.refundId },
          "after-sale refund send failed; left to the refund job",
        );
      }
    }
    return { request: outcome.request, message: outcome.message };
  }
}
