// The remainder rule (docs/decisions/0069): a sum of cents split by whole-percent weights so that
// the parts add up to the sum exactly. Each part is the floor of its exact share; the cents left
// over (fewer than the number of parts) go one each to the parts with the largest fractional
// share, the earlier part first on a tie, so the split is deterministic and no part is more than
// one cent from its exact share.

/** Splits `totalCents` (a non-negative integer) by `weights` (non-negative integers, not all 0). */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError("totalCents must be a non-negative integer");
  if (weights.length === 0) throw new RangeError("no weights");
  if (weights.some((w) => !Number.isInteger(w) || w < 0)) throw new RangeError("weights must be non-negative integers");
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (weightSum === 0) throw new RangeError("weights sum to 0");
  // BigInt: total × weight can pass 2^53 for a large contract.
  const total = BigInt(totalCents);
  const sum = BigInt(weightSum);
  const shares = weights.map((w, index) => {
    const exact = total * BigInt(w);
    return { index, floor: exact / sum, remainder: exact % sum };
  });
  let left = total - shares.reduce((a, s) => a + s.floor, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const parts = shares.map((s) => s.floor);
  for (const share of byRemainder) {
    if (left === 0n) break;
    parts[share.index] = (parts[share.index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

export interface InstalmentShare {
  percent: number;
  amountCents: number;
  paid: boolean;
}

/**
 * The amounts after a contract changes to `contractCents`: paid instalments keep what was paid; the
 * rest of the contract is split over the unpaid ones by their percent (by equal parts if their
 * percents are all 0). Returns null when the paid ones already exceed the new contract (a 减项
 * larger than what is left to pay), or when nothing is left unpaid to carry a change.
 */
export function recomputeInstalments(contractCents: number, instalments: readonly InstalmentShare[]): number[] | null {
  const paidCents = instalments.filter((i) => i.paid).reduce((a, i) => a + i.amountCents, 0);
  const unpaid = instalments.map((i, index) => ({ ...i, index })).filter((i) => !i.paid);
  const rest = contractCents - paidCents;
  if (rest < 0) return null;
  if (unpaid.length === 0) return rest === 0 ? instalments.map((i) => i.amountCents) : null;
  const weights = unpaid.every((i) => i.percent === 0) ? unpaid.map(() => 1) : unpaid.map((i) => i.percent);
  const split = splitCents(rest, weights);
  const amounts = instalments.map((i) => i.amountCents);
  unpaid.forEach((i, k) => {
    amounts[i.index] = split[k] ?? 0;
  });
  return amounts;
}
