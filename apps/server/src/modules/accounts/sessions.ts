// Login sessions (R5): a 256-bit random token the client keeps; the database keeps only its SHA-256.
// A new token at every login, idle and absolute expiry, server-side revocation.
import { and, eq, getTableColumns, isNotNull, or } from "drizzle-orm";
import { deleteInBatches } from "../../db/batched-delete.js";
import type { Db } from "../../db/client.js";
import { customers, sessions } from "../../db/schema.js";
import { expiredSessions, liveSession, type NewSession, newSession } from "../../lib/session-token.js";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from "./limits.js";

/** The logged-in customer as the request sees it (request.customer). */
export interface SessionCustomer {
  id: number;
  mobile: string;
  /** The session's CSRF value (R6). */
  csrf: string;
  tokenHash: string;
}

export type { NewSession };

const LIMITS = { idleMs: SESSION_IDLE_MS, touchIntervalMs: SESSION_TOUCH_INTERVAL_MS };

export class SessionStore {
  constructor(private readonly db: Db) {}

  /**
   * A new session for the customer. `replacing` (the session the request arrived with, if any) is
   * revoked, and the customer's dead sessions are dropped so the table does not grow with logins.
   */
  async create(tx: Db, customerId: number, now: Date, replacing: SessionCustomer | null): Promise<NewSession> {
    if (replacing) await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, replacing.tokenHash));
    const dead = or(expiredSessions(sessions, now, SESSION_IDLE_MS), isNotNull(sessions.revokedAt));
    await tx.delete(sessions).where(and(eq(sessions.customerId, customerId), dead));
    const { session, row } = newSession(now, SESSION_ABSOLUTE_MS);
    await tx.insert(sessions).values({ ...row, customerId });
    return session;
  }

  /** The customer of a live session, or null for an unknown, revoked, idle or expired token. */
  async resolve(token: string, now: Date): Promise<SessionCustomer | null> {
    const row = await liveSession(
      token,
      now,
      LIMITS,
      (tokenHash) =>
        this.db
          .select({ id: customers.id, mobile: customers.mobile, ...getTableColumns(sessions) })
          .from(sessions)
          .innerJoin(customers, eq(customers.id, sessions.customerId))
          .where(eq(sessions.tokenHash, tokenHash)),
      (tokenHash) => this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash)),
    );
    return row && { id: row.id, mobile: row.mobile, csrf: row.csrf, tokenHash: row.tokenHash };
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
}

/**
 * The data-retention job's part (docs/decisions/0077): every customer session past its absolute or
 * idle expiry, or revoked, is deleted; none of them can resolve again. Answers how many went.
 */
export function removeDeadSessions(db: Db, now: Date): Promise<number> {
  const dead = or(expiredSessions(sessions, now, SESSION_IDLE_MS), isNotNull(sessions.revokedAt));
  return deleteInBatches(db, sessions, sessions.tokenHash, dead as NonNullable<typeof dead>);
}
