// The payments module's public API for other modules (docs/decisions/0040): payments, refunds and
// payment_events are written only here. The after-sales return opens its refund in its own
// transaction with openReturnRefund, then sends it after commit with PaymentsModule.refunds.send
// (docs/decisions/0063).
export type { PaymentsModule } from "./payments-module.js";
export { openReturnRefund, refundStatesOfAfterSales, refundsOfOrders } from "./refund-store.js";
