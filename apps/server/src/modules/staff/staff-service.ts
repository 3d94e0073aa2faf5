// Staff accounts (R16): login (failures slow the failing address, never the account: login-throttle.ts),
// the one-time password that must be changed, and the administrator's staff management. Every write
// records its audit row in its own transaction.
import { AdminMessages, ROLE_PERMISSIONS, type StaffRole } from "@yj/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { staff } from "../../db/schema.js";
import { clientKey } from "../../lib/client-address.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import { type Actor, auditedSave, recordAudit } from "../audit/audit.js";
import { LoginThrottle } from "./login-throttle.js";
import { hashPassword, oneTimePassword, verifyAgainstDecoy, verifyPassword } from "./passwords.js";
import { auditedStaff, staffRow } from "./staff-rows.js";
import type { NewStaffSession, SessionStaff, StaffSessionStore } from "./staff-sessions.js";

const business = (message: string) => new AppError("business", message);
export const forbidden = (message: string = AdminMessages.forbidden) => new AppError("forbidden", message);

/** The display names of these staff members, for histories that keep only their ids. */
export function staffNames(reader: Pick<Db, "select">, ids: number[]): Promise<{ id: number; name: string }[]> {
  return reader.select({ id: staff.id, name: staff.displayName }).from(staff).where(inArray(staff.id, ids));
}

/** Names and work phones (docs/decisions/0073): the team a project's owner may call. */
export function staffContacts(
  reader: Pick<Db, "select">,
  ids: number[],
): Promise<{ id: number; name: string; phone: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return reader
    .select({ id: staff.id, name: staff.displayName, phone: staff.phone })
    .from(staff)
    .where(inArray(staff.id, ids));
}

/** These members if active (not disabled), with their roles: a project's team (docs/decisions/0069). */
export function activeStaff(
  reader: Pick<Db, "select">,
  ids: number[],
): Promise<{ id: number; name: string; role: StaffRole }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return reader
    .select({ id: staff.id, name: staff.displayName, role: staff.role })
    .from(staff)
    .where(and(inArray(staff.id, ids), eq(staff.disabled, false)));
}

/** Every active member, by name: whom a project's team is chosen from. */
export function allActiveStaff(reader: Pick<Db, "select">): Promise<{ id: number; name: string; role: StaffRole }[]> {
  return reader
    .select({ id: staff.id, name: staff.displayName, role: staff.role })
    .from(staff)
    .where(eq(staff.disabled, false))
    .orderBy(asc(staff.displayName), asc(staff.id));
}

export function actorOf(member: SessionStaff, ip: string): Actor {
  return { staffId: member.id, staffName: `${member.displayName}（${member.username}）`, ip };
}

/** The command line's actor: `npm run admin` on the server itself. */
export const COMMAND_LINE: Actor = { staffId: null, staffName: "命令行（npm run admin）", ip: "" };

export function meOf(member: Omit<SessionStaff, "tokenHash">) {
  return {
    id: member.id,
    username: member.username,
    displayName: member.displayName,
    role: member.role,
    mustChangePassword: member.mustChangePassword,
    permissions: ["self" as const, ...ROLE_PERMISSIONS[member.role]],
    csrf: member.csrf,
  };
}

export interface NewStaff {
  username: string;
  displayName: string;
  /** Work phone; "" or absent when none. */
  phone?: string;
  role: StaffRole;
}

/**
 * Creates a staff member with a one-time password, audited. Shared by the staff screen and the
 * `npm run admin -- create` command, so the first administrator is made the way every other is.
 */
export async function createStaffAccount(db: Db, actor: Actor, input: NewStaff, now: Date) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const username = input.username.toLowerCase();
  const row = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.username, username));
    if (taken) throw business(AdminMessages.usernameTaken);
    const [created] = await tx
      .insert(staff)
      .values({
        username,
        displayName: input.displayName,
        phone: input.phone ?? "",
        role: input.role,
        passwordHash,
        mustChangePassword: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw business(AdminMessages.usernameTaken);
    await recordAudit(
      tx,
      actor,
      { action: "staff.create", entity: "staff", entityId: created.id, after: auditedStaff(created) },
      now,
    );
    return created;
  });
  return { staff: staffRow(row), oneTimePassword: password };
}

/** Gives a member a new one-time password and ends their sessions, audited. */
export async function resetStaffPassword(db: Db, sessions: StaffSessionStore, actor: Actor, id: number, now: Date) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for("update");
    if (!before) throw new AppError("not_found", AdminMessages.staffNotFound);
    const [after] = await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: true, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(staff.id, id))
      .returning();
    await sessions.revokeAll(tx, id, now);
    await recordAudit(
      tx,
      actor,
      {
        action: "staff.resetPassword",
        entity: "staff",
        entityId: id,
        before: { ...auditedStaff(before), lockedUntil: before.lockedUntil?.toISOString() ?? null },
        after: { ...auditedStaff(after!), lockedUntil: null },
      },
      now,
    );
    return after!;
  });
  return { staff: staffRow(row), oneTimePassword: password };
}

export class StaffService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly db: Db,
    private readonly sessions: StaffSessionStore,
    private readonly now: Clock,
    limiter: RateLimiter,
  ) {
    this.throttle = new LoginThrottle(limiter, now, (username, ip, retryAfterMs) =>
      this.recordThrottled(username, ip, retryAfterMs),
    );
  }

  /**
   * A wrong password and an unknown username take the same path: the same count against the
   * address, the same scrypt work and the same answer, so no answer tells which names exist. Only
   * the right password of an existing account goes further.
   */
  async login(
    username: string,
    password: string,
    ip: string,
  ): Promise<{ member: SessionStaff; session: NewStaffSession }> {
    const name = username.trim().toLowerCase();
    const attempt = await this.throttle.begin(name, ip);
    const [found] = await this.db.select().from(staff).where(eq(staff.username, name));
    const matches = found ? await verifyPassword(password, found.passwordHash) : await verifyAgainstDecoy(password);
    if (!found || !matches) throw business(AdminMessages.badCredentials);
    await attempt.succeeded();
    const now = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      // Read again under the row lock: a member disabled meanwhile gets no session.
      const [row] = await tx.select().from(staff).where(eq(staff.id, found.id)).for("update");
      if (!row || row.disabled) return null;
      await tx.update(staff).set({ lastLoginAt: now }).where(eq(staff.id, row.id));
      const session = await this.sessions.create(tx, row.id, now);
      const member: SessionStaff = {
        id: row.id,
        username: row.username,
        displayName: row.displayName,
        role: row.role,
        mustChangePassword: row.mustChangePassword,
        csrf: session.csrf,
        tokenHash: "",
      };
      await recordAudit(tx, actorOf(member, ip), { action: "staff.login", entity: "staff", entityId: row.id }, now);
      return { member, session };
    });
    if (!outcome) throw business(AdminMessages.disabled);
    return outcome;
  }

  /**
   * The audit record of an address refused for failing too often: by name tried, not by account,
   * so writing it takes the same work for a name that does not exist.
   */
  private async recordThrottled(username: string, ip: string, retryAfterMs: number) {
    await recordAudit(
      this.db,
      { staffId: null, staffName: `未登录（${username}）`, ip },
      {
        action: "staff.lockout",
        entity: "staff",
        entityId: "",
        after: { username, address: clientKey(ip), retryAfterSeconds: Math.ceil(retryAfterMs / 1000) },
      },
      this.now(),
    );
  }

  async logout(member: SessionStaff, ip: string): Promise<void> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await this.sessions.revoke(tx, member.tokenHash, now);
      await recordAudit(tx, actorOf(member, ip), { action: "staff.logout", entity: "staff", entityId: member.id }, now);
    });
  }

  async changePassword(member: SessionStaff, current: string, next: string, ip: string): Promise<SessionStaff> {
    const now = this.now();
    const [row] = await this.db.select().from(staff).where(eq(staff.id, member.id));
    if (!row || !(await verifyPassword(current, row.passwordHash))) throw business(AdminMessages.wrongCurrentPassword);
    if (current === next) throw business(AdminMessages.samePassword);
    const passwordHash = await hashPassword(next);
    await this.db.transaction(async (tx) => {
      await tx
        .update(staff)
        .set({ passwordHash, mustChangePassword: false, updatedAt: now })
        .where(eq(staff.id, row.id));
      // Other sessions (another browser, someone who had the old password) end; this one goes on.
      await this.sessions.revokeAll(tx, row.id, now, member.tokenHash);
      await recordAudit(
        tx,
        actorOf(member, ip),
        {
          action: "staff.password",
          entity: "staff",
          entityId: row.id,
          before: { mustChangePassword: row.mustChangePassword },
          after: { mustChangePassword: false },
        },
        now,
      );
    });
    return { ...member, mustChangePassword: false };
  }

  async list() {
    const rows = await this.db.select().from(staff).orderBy(asc(staff.id));
    return rows.map(staffRow);
  }

  create(actor: Actor, input: NewStaff) {
    return createStaffAccount(this.db, actor, input, this.now());
  }

  resetPassword(actor: Actor, id: number) {
    return resetStaffPassword(this.db, this.sessions, actor, id, this.now());
  }

  async update(
    member: SessionStaff,
    actor: Actor,
    input: { id: number; displayName?: string; phone?: string; role?: StaffRole; disabled?: boolean },
  ) {
    const now = this.now();
    // An administrator who demotes or disables themself could leave the shop with no administrator.
    if (input.id === member.id && (input.disabled === true || (input.role && input.role !== member.role))) {
      throw business(AdminMessages.cannotChangeSelf);
    }
    const outcome = await auditedSave(this.db, actor, now, async (tx) => {
      const [before] = await tx.select().from(staff).where(eq(staff.id, input.id)).for("update");
      if (!before) throw new AppError("not_found", AdminMessages.staffNotFound);
      const [after] = await tx
        .update(staff)
        .set({
          displayName: input.displayName ?? before.displayName,
          phone: input.phone ?? before.phone,
          role: input.role ?? before.role,
          disabled: input.disabled ?? before.disabled,
          updatedAt: now,
        })
        .where(eq(staff.id, input.id))
        .returning();
      if (after!.disabled && !before.disabled) await this.sessions.revokeAll(tx, input.id, now);
      return {
        entry: {
          action: "staff.update",
          entity: "staff",
          entityId: input.id,
          before: auditedStaff(before),
          after: auditedStaff(after!),
        },
        result: after!,
      };
    });
    return { result: staffRow(outcome.result), changed: outcome.changed };
  }

  /** Whether any staff member exists (the start log says how to create the first one). */
  async anyStaff(): Promise<boolean> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(staff);
    return (row?.n ?? 0) > 0;
  }
}
