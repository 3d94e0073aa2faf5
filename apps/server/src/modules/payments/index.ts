// The payments module's public API for other modules (docs/decisions/0040): payments, refunds and
// payment_events are written only here. The after-sales return opens its refund in its own
// transaction with openReturnRefund, then sends it after commit with PaymentsModule.refunds.send
// (docs/decisions/0063).
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { payments } from "../../db/schema.js";

export type { PaymentsModule } from "./payments-module.js";
export { openReturnRefund, refundStatesOfAfterSales, refundsOfOrders } from "./refund-store.js";

/**
 * "This phone paid something" (an activity deposit's payer): a buyer, whose records accounting law
 * keeps; the lead retention keeps such leads (docs/decisions/0077).
 */
export function paidByPhone(phone: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${payments} where ${payments.payerPhone} = ${phone} and ${payments.status} = 'paid')`;
}
