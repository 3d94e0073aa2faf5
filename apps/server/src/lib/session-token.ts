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

/** A token that cannot be one of ours is not looked up. */
export const isTokenShaped = (token: string) => TOKEN_SHAPE.test(token);

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

/**
 * What a stored session is worth now: `dead` (revoked, expired or idle too long), `touch` (live,
 * and lastSeenAt is due to be written) or `live`.
 */
export function sessionState(
  row: SessionTimes,
  now: Date,
  limits: { idleMs: number; touchIntervalMs: number },
): "dead" | "touch" | "live" {
  const nowMs = now.getTime();
  const seenMs = row.lastSeenAt.getTime();
  if (row.revokedAt || row.expiresAt.getTime() <= nowMs || seenMs + limits.idleMs <= nowMs) return "dead";
  return nowMs - seenMs >= limits.touchIntervalMs ? "touch" : "live";
}
