// Login sessions (R5): a 256-bit random token the client keeps; the database keeps only its SHA-256.
// A new token at every login, idle and absolute expiry, server-side revocation.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { customers, sessions } from "../../db/schema.js";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from "./limits.js";

/** The logged-in customer as the request sees it (request.customer). */
export interface SessionCustomer {
  id: number;
  mobile: string;
  /** The session's CSRF value (R6). */
  csrf: string;
  tokenHash: string;
}

export interface NewSession {
  token: string;
  csrf: string;
  expiresAt: Date;
}

/** base64url of 32 random bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

export class SessionStore {
  constructor(private readonly db: Db) {}

  /**
   * A new session for the customer. `replacing` (the session the request arrived with, if any) is
   * revoked, and the customer's dead sessions are dropped so the table does not grow with logins.
   */
  async create(tx: Db, customerId: number, now: Date, replacing: SessionCustomer | null): Promise<NewSession> {
    if (replacing) await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, replacing.tokenHash));
    const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
    await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.customerId, customerId),
          or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince), isNotNull(sessions.revokedAt)),
        ),
      );
    const token = randomSecret();
    const csrf = randomSecret();
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    await tx
      .insert(sessions)
      .values({ tokenHash: hashToken(token), customerId, csrf, createdAt: now, lastSeenAt: now, expiresAt });
    return { token, csrf, expiresAt };
  }

  /** The customer of a live session, or null for an unknown, revoked, idle or expired token. */
  async resolve(token: string, now: Date): Promise<SessionCustomer | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const tokenHash = hashToken(token);
    const [row] = await this.db
      .select({
        id: customers.id,
        mobile: customers.mobile,
        csrf: sessions.csrf,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(eq(sessions.tokenHash, tokenHash));
    const nowMs = now.getTime();
    if (!row || row.revokedAt || row.expiresAt.getTime() <= nowMs) return null;
    if (row.lastSeenAt.getTime() + SESSION_IDLE_MS <= nowMs) return null;
    if (nowMs - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    }
    return { id: row.id, mobile: row.mobile, csrf: row.csrf, tokenHash };
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
}
