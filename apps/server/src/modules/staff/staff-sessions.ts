// Staff sessions: the customers' design (R5: a random token, only its SHA-256 stored, idle and
// absolute expiry, server-side revocation) in a table of their own, so a customer's token can never
// resolve to a staff member. A disabled staff member's sessions stop resolving at once.
import { and, eq, isNull, lte, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { staff, staffSessions } from "../../db/schema.js";
import { hashToken, randomSecret } from "../accounts/sessions.js";
import type { StaffRoleName } from "./staff-rows.js";

/** A working day and then some; idle for two hours ends it sooner. */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

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

export interface NewStaffSession {
  token: string;
  csrf: string;
  expiresAt: Date;
}

export class StaffSessionStore {
  constructor(private readonly db: Db) {}

  async create(tx: Db, staffId: number, now: Date): Promise<NewStaffSession> {
    // The member's dead sessions go, so the table does not grow with logins.
    await tx
      .delete(staffSessions)
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          or(
            lte(staffSessions.expiresAt, now),
            lte(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION_IDLE_MS)),
          ),
        ),
      );
    const token = randomSecret();
    const csrf = randomSecret();
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS);
    await tx
      .insert(staffSessions)
      .values({ tokenHash: hashToken(token), staffId, csrf, createdAt: now, lastSeenAt: now, expiresAt });
    return { token, csrf, expiresAt };
  }

  async resolve(token: string, now: Date): Promise<SessionStaff | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const tokenHash = hashToken(token);
    const [row] = await this.db
      .select({
        id: staff.id,
        username: staff.username,
        displayName: staff.displayName,
        role: staff.role,
        mustChangePassword: staff.mustChangePassword,
        disabled: staff.disabled,
        csrf: staffSessions.csrf,
        lastSeenAt: staffSessions.lastSeenAt,
        expiresAt: staffSessions.expiresAt,
        revokedAt: staffSessions.revokedAt,
      })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(eq(staffSessions.tokenHash, tokenHash));
    const nowMs = now.getTime();
    if (!row || row.disabled || row.revokedAt || row.expiresAt.getTime() <= nowMs) return null;
    if (row.lastSeenAt.getTime() + STAFF_SESSION_IDLE_MS <= nowMs) return null;
    if (nowMs - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await this.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
    }
    return {
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      role: row.role,
      mustChangePassword: row.mustChangePassword,
      csrf: row.csrf,
      tokenHash,
    };
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
