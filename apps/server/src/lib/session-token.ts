// The token design both session stores share (R5, docs/decisions/0006 and 0030): a 256-bit random
// token the client keeps, only its SHA-256 in the database, a CSRF value beside it, idle and
// absolute expiry, and lastSeenAt written at most once per touch interval. The customers' and the
// staff's stores keep their own tables, so a customer's token can never resolve to a staff member.
import { createHash, randomBytes } from "node:crypto";
import { type Column, lte, or, type SQL } from "drizzle-orm";

/** base64url of 32 random bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

export interface NewSession {
  token: string;
  csrf: string;
  expiresAt: Date;
}

/** A new session's secrets and the row fields to insert beside the owner's id. */
export function newSession(now: Date, absoluteMs: number) {
  const session: NewSession = {
    token: randomSecret(),
    csrf: randomSecret(),
    expiresAt: new Date(now.getTime() + absoluteMs),
  };
  const row = {
    tokenHash: hashToken(session.token),
    csrf: session.csrf,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: session.expiresAt,
  };
  return { session, row };
}

/** Sessions that can never resolve again, expired or idle too long: deleted at the owner's next login. */
export function expiredSessions(table: { expiresAt: Column; lastSeenAt: Column }, now: Date, idleMs: number): SQL {
  return or(lte(table.expiresAt, now), lte(table.lastSeenAt, new Date(now.getTime() - idleMs))) as SQL;
}

export interface SessionTimes {
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface SessionLimits {
  idleMs: number;
  /** lastSeenAt is written at most this often, not at every request. */
  touchIntervalMs: number;
}

/**
 * The stored session of a token, or null for a token not shaped like ours (never looked up), an
 * unknown one, or a revoked, expired or idle one. `find` reads the session (with its owner) by the
 * token's hash; `touch` writes its lastSeenAt, when that is due.
 */
export async function liveSession<Row extends SessionTimes>(
  token: string,
  now: Date,
  limits: SessionLimits,
  find: (tokenHash: string) => PromiseLike<Row[]>,
  touch: (tokenHash: string) => PromiseLike<unknown>,
): Promise<(Row & { tokenHash: string }) | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const tokenHash = hashToken(token);
  const [row] = await find(tokenHash);
  if (!row) return null;
  const nowMs = now.getTime();
  const seenMs = row.lastSeenAt.getTime();
  if (row.revokedAt || row.expiresAt.getTime() <= nowMs || seenMs + limits.idleMs <= nowMs) return null;
  if (nowMs - seenMs >= limits.touchIntervalMs) await touch(tokenHash);
  return { ...row, tokenHash };
}
