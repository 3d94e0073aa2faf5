// 申请售后 (docs/decisions/0064): the customer files a return or a repair of their own shipped or
// completed order, with a reason and photos they uploaded. One open request per order, held by the
// order row's lock; the seven-day no-reason return is refused for made-to-order goods and after the
// window. Staff answer it at the back office's after-sale desk (after-sale-desk.ts).
import {
  AFTER_SALE_REASON_LABELS,
  type AfterSaleCreateBody,
  AfterSaleMessages,
  NO_REASON_RETURN_DAYS,
  OPEN_AFTER_SALE_STATUSES,
  type Order,
  REPAIR_REASONS,
} from "@yj/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { afterSales, orderLines, orders } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, notFound } from "../../lib/errors.js";
import { storedUploads } from "../media/index.js";
import { storedReason } from "./after-sale-store.js";
import { ordersOf } from "./order-store.js";

type ParsedAfterSale = z.output<typeof AfterSaleCreateBody>;

const DAY_MS = 24 * 60 * 60_000;
const business = (message: string) => new AppError("business", message);

export class AfterSalesService {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async file(customerId: number, body: ParsedAfterSale): Promise<Order> {
    return this.db.transaction(async (tx) => {
      const now = this.now();
      // The order's lock makes "one open request" hold against two requests filed at once.
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.orderNo, body.orderNo), eq(orders.customerId, customerId)))
        .for("update");
      if (!order) throw notFound("订单不存在");
      if (order.status !== "shipped" && order.status !== "completed")
        throw business(AfterSaleMessages.notAfterShipping);
      const open = await tx
        .select({ id: afterSales.id })
        .from(afterSales)
        .where(and(eq(afterSales.orderId, order.id), inArray(afterSales.status, [...OPEN_AFTER_SALE_STATUSES])));
      if (open.length > 0) throw business(AfterSaleMessages.alreadyOpen);
      if (body.kind === "repair" && !REPAIR_REASONS.includes(body.reasonKind))
        throw business(AfterSaleMessages.repairReason);
      if (body.kind === "return" && body.reasonKind === "no_reason") {
        const lines = await tx
          .select({ madeToOrder: orderLines.madeToOrder })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id));
        if (lines.every((l) => l.madeToOrder)) throw business(AfterSaleMessages.madeToOrderNoReason);
        // From the later of shipping and completion: a completed order was received by then.
        const from = order.completedAt ?? order.shippedAt ?? order.createdAt;
        if (now.getTime() > from.getTime() + NO_REASON_RETURN_DAYS * DAY_MS)
          throw business(AfterSaleMessages.noReasonExpired);
      }
      const photos = [...new Set(body.photos)];
      const stored = await storedUploads(tx, photos, "aftersale");
      if (photos.some((p) => !stored.has(p))) throw business(AfterSaleMessages.photoNotFound);
      await tx.insert(afterSales).values({
        orderId: order.id,
        customerId,
        kind: body.kind,
        reason: storedReason(AFTER_SALE_REASON_LABELS[body.reasonKind], body.reason),
        photos: photos.map((p) => p.slice("/media/".length)),
        status: "requested",
        createdAt: now,
      });
      const [answer] = await ordersOf(tx, [order]);
      return answer as Order;
    });
  }
}
