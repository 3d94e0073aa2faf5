// Shared pieces of the back-office tests: staff members made the way `npm run admin` makes them,
// logged in through the API with the test password in place of their one-time one, and calls made as them.
import { type AdminGoodsDetail, centsToYuanText, type StaffRole } from "@yj/contract";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { beforeAll, expect } from "vitest";
import { buildApp } from "../src/app.js";
import type { Db } from "../src/db/client.js";
import { auditLog, goodsCategories, staff as staffTable } from "../src/db/schema.js";
import { hashPassword } from "../src/modules/staff/passwords.js";
import { COMMAND_LINE, createStaffAccount } from "../src/modules/staff/staff-service.js";
import { uniqueIp } from "./accounts-fixtures.js";
import { type ApiAnswer, createTestDatabase, type TestContext, testEnv } from "./helper.js";

export interface StaffSession {
  id: number;
  username: string;
  password: string;
  token: string;
  csrf: string;
}

let counter = Math.floor(Math.random() * 1_000_000);
export function uniqueUsername(prefix = "staff"): string {
  counter += 1;
  return `${prefix}_${counter}`;
}

export const STAFF_PASSWORD = "Working9day";

function tokenOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === "yj_staff");
  if (!cookie) throw new Error(`login set no staff cookie: ${res.body}`);
  return cookie.value;
}

/** From an address of its own unless told (failed logins are counted per address, ADR 0045). */
export async function login(app: FastifyInstance, username: string, password: string, ip = uniqueIp()) {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/session/login",
    payload: { username, password },
    remoteAddress: ip,
  });
  return res;
}

/** Logs in and answers the session; throws when the login is refused. */
export async function loginSession(app: FastifyInstance, username: string, password: string, id = 0) {
  const res = await login(app, username, password);
  const body = res.json() as { code: number; message: string; data: { id: number; csrf: string } };
  if (body.code !== 1) throw new Error(`login refused: ${body.message}`);
  return { id: id || body.data.id, username, password, token: tokenOf(res), csrf: body.data.csrf };
}

/** A call as a staff member: the staff cookie and, on writes, the CSRF header. */
export function asStaff(session: StaffSession, options: InjectOptions): InjectOptions {
  return {
    remoteAddress: uniqueIp(),
    ...options,
    headers: { ...(options.headers ?? {}), "x-csrf-token": session.csrf },
    cookies: { ...(options.cookies ?? {}), yj_staff: session.token },
  };
}

/**
 * STAFF_PASSWORD's scrypt hash, made once per worker: a hash or a check costs about 0.2 s of CPU, and
 * going through the first login's password change made every member cost four (ADR 0101).
 */
let staffPasswordHash: Promise<string> | undefined;

/**
 * A new staff member with the role, created as the command line does, password already changed:
 * the change is stored as the first login's change stores it (admin-api.test.ts drives that change
 * itself), then the member logs in through the API.
 */
export async function newStaff(app: FastifyInstance, db: Db, role: StaffRole, displayName = "测试员工") {
  const username = uniqueUsername(role);
  const { staff } = await createStaffAccount(db, COMMAND_LINE, { username, displayName, role }, new Date());
  staffPasswordHash ??= hashPassword(STAFF_PASSWORD);
  await db
    .update(staffTable)
    .set({ passwordHash: await staffPasswordHash, mustChangePassword: false })
    .where(eq(staffTable.id, staff.id));
  return loginSession(app, username, STAFF_PASSWORD, staff.id);
}

/** The goods editor's save payload for a goods row as its detail answers it: prices back in yuan. */
export function goodsSavePayload(detail: AdminGoodsDetail, changes: Record<string, unknown> = {}) {
  return {
    ...detail,
    price: centsToYuanText(detail.price),
    originalPrice: centsToYuanText(detail.originalPrice),
    skus: detail.skus.map((s) => ({ id: s.id, spec: s.spec, price: centsToYuanText(s.price), stock: s.stock })),
    ...changes,
  };
}

export interface TwoInstances {
  first: FastifyInstance;
  second: FastifyInstance;
  /** An operations member, logged in on the first instance. */
  ops: StaffSession;
  /** The database both instances share (to make other staff members). */
  db: Db;
}

/**
 * Two instances of the server on one database, caching for ten minutes and sharing Redis (REDIS_URL)
 * under a prefix of their own: what a back-office save on one must invalidate on the other (ADR 0034).
 * Everything is closed after `check`.
 */
export async function withTwoInstancesOverRedis(
  redisUrl: string,
  check: (instances: TwoInstances) => Promise<void>,
): Promise<void> {
  const testDb = await createTestDatabase("pglite");
  const env = testEnv({ API_CACHE_SECONDS: "600", REDIS_URL: redisUrl, REDIS_PREFIX: `yj:test:${Date.now()}:` });
  const first = await buildApp({ env, database: testDb.database, serveWeb: false });
  const second = await buildApp({ env, database: testDb.database, serveWeb: false });
  try {
    const ops = await newStaff(first, testDb.database.db, "operations");
    await check({ first, second, ops, db: testDb.database.db });
  } finally {
    await first.close();
    await second.close();
    await testDb.close();
  }
}

/** The storefront as deployed, for describeEachBackend's `app`: its cache of hot public reads on. */
export const DEPLOYED_SHOP = { env: { API_CACHE_SECONDS: "60" } };

/**
 * A back-office suite's member of staff on the suite's app (made in beforeAll), and the calls it
 * makes: `as` calls as the member (never a 5xx), `storefront` as a visitor, `lastAudit` reads the
 * newest audit record of an action. `D`: what `as` answers unless told.
 */
export function staffDesk<D = Record<string, unknown>>(ctx: TestContext, role: StaffRole, displayName: string) {
  let member: StaffSession | undefined;
  beforeAll(async () => {
    member = await newStaff(ctx.app, ctx.database.db, role, displayName);
  });
  const desk = {
    get member(): StaffSession {
      if (!member) throw new Error("the member is made in beforeAll");
      return member;
    },
    async as<T = D>(options: InjectOptions): Promise<ApiAnswer<T>> {
      const res = await ctx.app.inject(asStaff(desk.member, { remoteAddress: uniqueIp(), ...options }));
      expect(res.statusCode, res.body).toBeLessThan(500);
      return res.json() as ApiAnswer<T>;
    },
    async storefront<T>(url: string, query?: Record<string, string>): Promise<ApiAnswer<T>> {
      return (await ctx.app.inject({ url, query, remoteAddress: uniqueIp() })).json() as ApiAnswer<T>;
    },
    async lastAudit(action: string, entityId?: string | number) {
      const [row] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(
          entityId === undefined
            ? eq(auditLog.action, action)
            : and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))),
        )
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row;
    },
  };
  return desk;
}

/** The first second-level category, as the category editor's payload (shown). */
export async function firstLevel2Category(db: Db) {
  const [category] = await db
    .select()
    .from(goodsCategories)
    .where(eq(goodsCategories.level, 2))
    .orderBy(goodsCategories.id)
    .limit(1);
  if (!category) throw new Error("the demo shop has no second-level category");
  return { id: category.id, name: category.content, sort: category.sort, shown: true };
}
