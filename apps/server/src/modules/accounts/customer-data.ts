// The accounts module's part of a customer's data (docs/decisions/0040, 0076): the account, its
// favourites and sessions, listed for the export and forgotten when the account is closed. Only this
// module writes customers, sessions, verification_codes and favorites.
import type { DataSection } from "@yj/contract";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { customers, favorites, sessions, verificationCodes } from "../../db/schema.js";

type Reader = Pick<Db, "select">;

/** Whose data: the customer and the phone they log in with (leads and deposits are kept by phone). */
export interface DataSubject {
  customerId: number;
  mobile: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The live (not closed) customer of a phone, for the back office's lookup. */
export async function customerByPhone(reader: Reader, phone: string) {
  const [row] = await reader
    .select()
    .from(customers)
    .where(and(eq(customers.mobile, phone), isNull(customers.closedAt)));
  return row ?? null;
}

export async function customerById(reader: Reader, id: number) {
  const [row] = await reader.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

export async function accountData(reader: Reader, who: DataSubject): Promise<DataSection[]> {
  const [account] = await reader.select().from(customers).where(eq(customers.id, who.customerId));
  const marks = await reader
    .select()
    .from(favorites)
    .where(eq(favorites.customerId, who.customerId))
    .orderBy(desc(favorites.createdAt));
  const logins = await reader
    .select()
    .from(sessions)
    .where(eq(sessions.customerId, who.customerId))
    .orderBy(desc(sessions.createdAt));
  return [
    {
      key: "account",
      title: "账号",
      columns: [
        { key: "mobile", header: "手机号" },
        { key: "createdAt", header: "注册时间" },
        { key: "lastLoginAt", header: "最近登录" },
      ],
      rows: account
        ? [{ mobile: account.mobile, createdAt: iso(account.createdAt), lastLoginAt: iso(account.lastLoginAt) }]
        : [],
    },
    {
      key: "favorites",
      title: "收藏",
      columns: [
        { key: "type", header: "类型" },
        { key: "targetId", header: "编号" },
        { key: "createdAt", header: "收藏时间" },
      ],
      rows: marks.map((m) => ({
        type: m.type === 1 ? "商品" : "攻略/案例",
        targetId: m.targetId,
        createdAt: iso(m.createdAt),
      })),
    },
    {
      // Only the times: a session's token hash and CSRF value are secrets, not the customer's data.
      key: "sessions",
      title: "登录记录",
      columns: [
        { key: "createdAt", header: "登录时间" },
        { key: "lastSeenAt", header: "最近使用" },
        { key: "expiresAt", header: "到期时间" },
        { key: "revokedAt", header: "退出时间" },
      ],
      rows: logins.map((s) => ({
        createdAt: iso(s.createdAt),
        lastSeenAt: iso(s.lastSeenAt),
        expiresAt: iso(s.expiresAt),
        revokedAt: iso(s.revokedAt),
      })),
    },
  ];
}

/**
 * Closes the account inside the caller's transaction: every session ends, favourites and codes go, and the row keeps only its id and dates (the orders that accounting
 * law keeps still point at it); `closed:<id>` frees the phone for a new account.
 */
export async function forgetAccount(tx: Db, who: DataSubject, now: Date): Promise<Record<string, number>> {
  const endedSessions = await tx
    .delete(sessions)
    .where(eq(sessions.customerId, who.customerId))
    .returning({ t: sessions.tokenHash });
  const removedFavorites = await tx
    .delete(favorites)
    .where(eq(favorites.customerId, who.customerId))
    .returning({ t: favorites.targetId });
  const codes = await tx
    .delete(verificationCodes)
    .where(eq(verificationCodes.phone, who.mobile))
    .returning({ id: verificationCodes.id });
  await tx
    .update(customers)
    .set({ mobile: `closed:${who.customerId}`, closedAt: now })
    .where(eq(customers.id, who.customerId));
  return { sessions: endedSessions.length, favorites: removedFavorites.length, codes: codes.length };
}
