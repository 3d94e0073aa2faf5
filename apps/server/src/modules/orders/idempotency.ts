// One order per customer and Idempotency-Key (R8, ADR 0025). The key row is the first write of the
// order's transaction: a concurrent request with the same key waits on its primary key until the
// first commits (then replays its answer) or rolls back (then goes ahead itself).
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { idempotencyKeys } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import { AppError } from "../../lib/errors.js";

/** What a key looks like: a UUID or any other 8–128 safe characters the client made up. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Keys are kept this long; after it the same key makes a new order (the job prunes them). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** The header's value, checked; refuses a request without one. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new AppError("invalid_input", "请求缺少 Idempotency-Key，请刷新页面后重新提交");
  if (!KEY_PATTERN.test(value)) throw new AppError("invalid_input", "Idempotency-Key 格式无效，请刷新页面后重新提交");
  return value;
}

/** JSON with sorted keys, so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(endpoint: string, body: unknown): string {
  return createHash("sha256")
    .update(`${endpoint}\n${canonical(body)}`)
    .digest("hex");
}

export type Claim<T> = { first: true } | { first: false; answer: T };

/**
 * Claims the key for this request inside `tx`. `first`: go ahead, and `store` the answer before the
 * transaction ends. Otherwise the answer stored by the request that claimed it first is replayed; a
 * different request under the same key is refused.
 */
export async function claimKey<T>(
  tx: Tx,
  claim: { customerId: number; key: string; endpoint: string; hash: string; now: Date },
): Promise<Claim<T>> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({
      customerId: claim.customerId,
      key: claim.key,
      endpoint: claim.endpoint,
      requestHash: claim.hash,
      response: {},
      createdAt: claim.now,
    })
    // Waits for a transaction holding the same key; nothing is inserted when that one commits.
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { first: true };
  const [stored] = await tx
    .select({ hash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, claim.customerId), eq(idempotencyKeys.key, claim.key)));
  if (!stored || stored.hash !== claim.hash) throw new AppError("business", "该请求已处理，请勿重复提交");
  return { first: false, answer: stored.response as T };
}

export async function storeAnswer(tx: Tx, customerId: number, key: string, answer: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response: answer })
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
}

/** Deletes keys older than the TTL; answers how many. */
export async function pruneKeys(db: Db, now: Date): Promise<number> {
  const pruned = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return pruned.length;
}
