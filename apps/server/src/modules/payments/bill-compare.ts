// Comparing a provider's daily bill with the shop's rows (docs/decisions/0065). Pure: the runner
// reads the rows, this says what differs. A trade is matched by out_trade_no, a refund by its
// out_refund_no; the shop's side is the day's paid payments (by paid_at, China time) and settled
// refunds (by settled_at), plus, for a line of the bill the day's rows lack, the row of that number
// whatever its day or state, so a payment we hold as pending is "状态不符", not "我方缺失".
import type { BillEntry, ProviderBill } from "../../providers/payment/bills.js";

export type DifferenceKind = "missing_here" | "missing_there" | "amount_differs" | "status_differs";

export interface OurPayment {
  outTradeNo: string;
  amountCents: number;
  status: string;
  tradeNo: string | null;
  paidAt: Date | null;
}

export interface OurRefund {
  outRefundNo: string;
  outTradeNo: string;
  amountCents: number;
  status: string;
  settledAt: Date | null;
}

export interface FoundDifference {
  kind: DifferenceKind;
  subject: "payment" | "refund";
  outTradeNo: string;
  outRefundNo: string;
  ourAmountCents: number | null;
  theirAmountCents: number | null;
  detail: Record<string, string>;
}

export interface OurDay {
  /** Paid payments of this provider whose paid_at falls on the bill's day. */
  payments: OurPayment[];
  /** Succeeded refunds of this provider settled on the bill's day. */
  refunds: OurRefund[];
  /** Rows of the bill's numbers that the day's lists lack (another day, or another state). */
  otherPayments: Map<string, OurPayment>;
  otherRefunds: Map<string, OurRefund>;
}

const iso = (at: Date | null) => (at ? at.toISOString() : "");

function theirDetail(entry: BillEntry): Record<string, string> {
  return {
    theirTradeNo: entry.tradeNo,
    theirState: entry.state,
    theirTime: iso(entry.time),
  };
}

/** The bill's numbers the day's rows lack: what the runner looks up before comparing. */
export function unmatchedNumbers(bill: ProviderBill, day: Pick<OurDay, "payments" | "refunds">) {
  const paid = new Set(day.payments.map((p) => p.outTradeNo));
  const settled = new Set(day.refunds.map((r) => r.outRefundNo));
  return {
    outTradeNos: [
      ...new Set(bill.entries.filter((e) => e.kind === "trade" && !paid.has(e.outTradeNo)).map((e) => e.outTradeNo)),
    ],
    outRefundNos: [
      ...new Set(
        bill.entries.filter((e) => e.kind === "refund" && !settled.has(e.outRefundNo)).map((e) => e.outRefundNo),
      ),
    ],
  };
}

export function compareBill(bill: ProviderBill, day: OurDay): FoundDifference[] {
  const found = new Map<string, FoundDifference>();
  const add = (d: FoundDifference) => {
    // One difference per kind and number (the table's unique key): a repeated line counts once.
    const key = `${d.kind}|${d.subject}|${d.outTradeNo}|${d.outRefundNo}`;
    if (!found.has(key)) found.set(key, d);
  };

  // ── Trades ──
  const ourPaid = new Map(day.payments.map((p) => [p.outTradeNo, p]));
  const billed = new Set<string>();
  for (const entry of bill.entries.filter((e) => e.kind === "trade")) {
    billed.add(entry.outTradeNo);
    const ours = ourPaid.get(entry.outTradeNo) ?? day.otherPayments.get(entry.outTradeNo);
    const base = {
      subject: "payment" as const,
      outTradeNo: entry.outTradeNo,
      outRefundNo: "",
      theirAmountCents: entry.amountCents,
    };
    if (!ours) {
      add({ ...base, kind: "missing_here", ourAmountCents: null, detail: theirDetail(entry) });
      continue;
    }
    const detail = { ...theirDetail(entry), ourStatus: ours.status, ourPaidAt: iso(ours.paidAt) };
    if (ours.status !== "paid") add({ ...base, kind: "status_differs", ourAmountCents: ours.amountCents, detail });
    if (ours.amountCents !== entry.amountCents)
      add({ ...base, kind: "amount_differs", ourAmountCents: ours.amountCents, detail });
  }
  for (const ours of day.payments) {
    if (billed.has(ours.outTradeNo)) continue;
    add({
      kind: "missing_there",
      subject: "payment",
      outTradeNo: ours.outTradeNo,
      outRefundNo: "",
      ourAmountCents: ours.amountCents,
      theirAmountCents: null,
      detail: { ourStatus: ours.status, ourTradeNo: ours.tradeNo ?? "", ourPaidAt: iso(ours.paidAt) },
    });
  }

  // ── Refunds ──
  const ourSettled = new Map(day.refunds.map((r) => [r.outRefundNo, r]));
  const billedRefunds = new Set<string>();
  for (const entry of bill.entries.filter((e) => e.kind === "refund")) {
    const ours = ourSettled.get(entry.outRefundNo) ?? day.otherRefunds.get(entry.outRefundNo);
    // A refund still processing or failed at the provider is in the bill as such: it only differs
    // when the shop holds it as succeeded.
    if (entry.state !== "succeeded") {
      if (ours?.status === "succeeded") {
        billedRefunds.add(entry.outRefundNo);
        add({
          kind: "status_differs",
          subject: "refund",
          outTradeNo: entry.outTradeNo,
          outRefundNo: entry.outRefundNo,
          ourAmountCents: ours.amountCents,
          theirAmountCents: entry.amountCents,
          detail: { ...theirDetail(entry), ourStatus: ours.status },
        });
      }
      continue;
    }
    billedRefunds.add(entry.outRefundNo);
    const base = {
      subject: "refund" as const,
      outTradeNo: entry.outTradeNo,
      outRefundNo: entry.outRefundNo,
      theirAmountCents: entry.amountCents,
    };
    if (!ours) {
      add({ ...base, kind: "missing_here", ourAmountCents: null, detail: theirDetail(entry) });
      continue;
    }
    const detail = { ...theirDetail(entry), ourStatus: ours.status, ourSettledAt: iso(ours.settledAt) };
    if (ours.status !== "succeeded") add({ ...base, kind: "status_differs", ourAmountCents: ours.amountCents, detail });
    if (ours.amountCents !== entry.amountCents)
      add({ ...base, kind: "amount_differs", ourAmountCents: ours.amountCents, detail });
  }
  for (const ours of day.refunds) {
    if (billedRefunds.has(ours.outRefundNo)) continue;
    add({
      kind: "missing_there",
      subject: "refund",
      outTradeNo: ours.outTradeNo,
      outRefundNo: ours.outRefundNo,
      ourAmountCents: ours.amountCents,
      theirAmountCents: null,
      detail: { ourStatus: ours.status, ourSettledAt: iso(ours.settledAt) },
    });
  }
  return [...found.values()];
}
