// Staff sessions: the customers' design (R5: a random token, only its SHA-256 stored, idle and
// absolute expiry, server-side revocation) in a table of their own, so a customer's token can never
// resolve to a staff member. A disabled staff member's sessions stop resolving at once.
import { and, eq, getTableColumns, isNotNull, isNull, ne, or } from "drizzle-orm";
import { deleteInBatches } from "../../db/batched-delete.js";
import type { Db } from "../../db/client.js";
import { staff, staffSessions } from "../../db/schema.js";
import { expiredSessions, liveSession, type NewSession, newSession } from "../../lib/session-token.js";
import type { StaffRoleName } from "./staff-rows.js";

/** A working day and then some; idle for two hours ends it sooner. */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
const LIMITS = { idleMs: STAFF_SESSION_IDLE_MS, touchIntervalMs: 60 * 1000 };

/** The logged-in staff member as the request sees it (request.staff). */
export interface SessionStaff {
  id: number;
  username: string;
  displayName: string;
  role: StaffRoleName;
  mustChangePassword: boolean;
  csrf: string;
  tokenHash: string;
}

export type NewStaffSession = NewSession;

export class StaffSessionStore {
  constructor(private readonly db: Db) {}

  async create(tx: Db, staffId: number, now: Date): Promise<NewStaffSession> {
    // The member's dead sessions go, so the table does not grow with logins.
    const dead = expiredSessions(staffSessions, now, STAFF_SESSION_IDLE_MS);
    await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), dead));
    const { session, row } = newSession(now, STAFF_SESSION_ABSOLUTE_MS);
    await tx.insert(staffSessions).values({ ...row, staffId });
    return session;
  }

  async resolve(token: string, now: Date): Promise<SessionStaff | null> {
    // A disabled member's sessions are not found at all.
    const found = await liveSession(
      token,
      now,
      LIMITS,
      (tokenHash) =>
        this.db
          // Only what a request needs of the member: never the password hash.
          .select({
            member: {
              id: staff.id,
              username: staff.username,
              displayName: staff.displayName,
              role: staff.role,
              mustChangePassword: staff.mustChangePassword,
            },
            ...getTableColumns(staffSessions),
          })
          .from(staffSessions)
          .innerJoin(staff, eq(staff.id, staffSessions.staffId))
          .where(and(eq(staffSessions.tokenHash, tokenHash), eq(staff.disabled, false))),
      (tokenHash) =>
        this.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash)),
    );
    if (!found) return null;
    return { ...found.member, csrf: found.csrf, tokenHash: found.tokenHash };
  }

  async revoke(tx: Db, tokenHash: string, now: Date): Promise<void> {
    await tx.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  }

  /** Ends every session of a member (disabled, password reset), but `keep` (their own, on a change). */
  async revokeAll(tx: Db, staffId: number, now: Date, keep?: string): Promise<void> {
    const live = and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt));
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(keep ? and(live, ne(staffSessions.tokenHash, keep)) : live);
  }
}

/**
 * The data-retention job's part (docs/decisions/0077): every staff session past its absolute or idle
 * expiry, or revoked, is deleted. Answers how many went.
 */
export function removeDeadStaffSessions(db: Db, now: Date): Promise<number> {
  const dead = or(expiredSessions(staffSessions, now, STAFF_SESSION_IDLE_MS), isNotNull(staffSessions.revokedAt));
  return deleteInBatches(db, staffSessions, staffSessions.tokenHash, dead as NonNullable<typeof dead>);
}
