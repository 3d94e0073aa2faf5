// The port through which an approved return starts its refund (docs/decisions/0064). The payments
// module owns the refunds table (docs/decisions/0040), so the orders module asks it through this
// small interface, given at registration: `open` writes the refund in the approval's transaction (and
// throws an AppError with a Chinese message when the order's payment cannot be refunded), `send`
// hands it to the provider after the commit.
import type { Tx } from "../../db/transaction.js";

export interface ReturnRefundInput {
  orderId: number;
  afterSaleId: number;
  amountCents: number;
  reason: string;
  staffId: number;
  now: Date;
}

export interface ReturnRefunds {
  open(tx: Tx, input: ReturnRefundInput): Promise<{ refundId: number }>;
  send(refundId: number): Promise<void>;
}
