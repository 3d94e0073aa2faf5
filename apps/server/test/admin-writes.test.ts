// Back-office saves (docs/decisions/0038): a save that changes nothing writes nothing, leaves no
// audit row and answers '没有修改'; and writes are limited per staff member rather than per
// address, so an office behind one address is not throttled as one visitor, while the login (no
// member yet) stays limited per address.
import { AdminMessages, ErrorCode } from "@yj/contract";
import { and, count, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, leads } from "../src/db/schema.js";
import { changesNothing } from "../src/modules/audit/audit.js";
import { AccountsHarness, MINUTE, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { describeEachBackend, testEnv } from "./helper.js";

type Answer<T = unknown> = { code: number; message: string; data: T; errorCode?: number };

describe("what counts as no change", () => {
  it("equal before and after, whatever the key order; a one-sided entry is always a change", () => {
    const entry = { action: "x", entity: "y", entityId: 1 };
    expect(
      changesNothing({ ...entry, before: { a: 1, b: [1, { c: 2, d: 3 }] }, after: { b: [1, { d: 3, c: 2 }], a: 1 } }),
    ).toBe(true);
    expect(changesNothing({ ...entry, before: { a: 1, b: [1, 2] }, after: { a: 1, b: [2, 1] } })).toBe(false);
    expect(changesNothing({ ...entry, before: { a: null }, after: { a: 0 } })).toBe(false);
    expect(changesNothing({ ...entry, after: { rows: 3 } })).toBe(false);
    expect(changesNothing(entry)).toBe(false);
  });

  it("staff writes default to 120 a minute per member; 0 switches the limit off", () => {
    expect(testEnv().RATE_LIMIT_STAFF_WRITES_PER_MINUTE).toBe(120);
    expect(testEnv({ RATE_LIMIT_STAFF_WRITES_PER_MINUTE: "0" }).RATE_LIMIT_STAFF_WRITES_PER_MINUTE).toBe(0);
  });
});

describeEachBackend("back-office saves that change nothing", (ctx) => {
  const db = () => ctx.database.db;
  let admin: StaffSession;
  let sales: StaffSession;
  let leadId: number;
  beforeAll(async () => {
    admin = await newStaff(ctx.app, db(), "admin", "赵管理");
    sales = await newStaff(ctx.app, db(), "sales", "钱销售");
    const now = new Date();
    const [lead] = await db()
      .insert(leads)
      .values({ kind: "appointment", phone: uniquePhone(), payload: {}, createdAt: now, updatedAt: now })
      .returning();
    leadId = lead!.id;
  });

  const as = async <T = unknown>(session: StaffSession, options: InjectOptions) =>
    (await ctx.app.inject(asStaff(session, options))).json() as Answer<T>;
  const auditCount = async (action: string, entityId: string | number) => {
    const [row] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
    return row?.n ?? 0;
  };
  const updateLead = (payload: Record<string, unknown>) =>
    as<{ state: string; assigneeId: number | null }>(sales, {
      method: "POST",
      url: "/api/admin/leads/update",
      payload: { id: leadId, ...payload },
    });

  it("a lead: the same state and follower and no note → '没有修改', no audit row, updatedAt untouched", async () => {
    const first = await updateLead({ state: "contacted", assigneeId: sales.id });
    expect(first).toMatchObject({ code: 1, data: { state: "contacted", assigneeId: sales.id } });
    expect(first.message).not.toBe(AdminMessages.unchanged);
    expect(await auditCount("lead.update", leadId)).toBe(1);
    const [stamped] = await db().select().from(leads).where(eq(leads.id, leadId));

    const again = await updateLead({ state: "contacted", assigneeId: sales.id });
    expect(again).toMatchObject({ code: 1, message: AdminMessages.unchanged, data: { state: "contacted" } });
    expect(await updateLead({})).toMatchObject({ code: 1, message: AdminMessages.unchanged });
    expect(await auditCount("lead.update", leadId)).toBe(1);
    const [after] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(after?.updatedAt.getTime()).toBe(stamped?.updatedAt.getTime());

    // A note alone is a change: it is written and on record.
    const noted = await updateLead({ note: "客户下周回电" });
    expect(noted.message).not.toBe(AdminMessages.unchanged);
    expect(await auditCount("lead.update", leadId)).toBe(2);
  });

  it("a staff member: the same name, role and state → '没有修改', no audit row", async () => {
    const update = (payload: Record<string, unknown>) =>
      as<{ displayName: string }>(admin, {
        method: "POST",
        url: "/api/admin/staff/update",
        payload: { id: sales.id, ...payload },
      });
    expect(await update({ displayName: "钱销售", role: "sales", disabled: false })).toMatchObject({
      code: 1,
      message: AdminMessages.unchanged,
    });
    expect(await auditCount("staff.update", sales.id)).toBe(0);
    expect(await update({ displayName: "钱小销" })).toMatchObject({ code: 1, data: { displayName: "钱小销" } });
    expect(await auditCount("staff.update", sales.id)).toBe(1);
  });
});

describeEachBackend("back-office write limit per staff member", (ctx) => {
  const PER_STAFF = 4;
  const PER_ADDRESS = 2;
  let h: AccountsHarness;
  let leadId: number;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database, {
      env: {
        RATE_LIMIT_WRITES_PER_MINUTE: String(PER_ADDRESS),
        RATE_LIMIT_STAFF_WRITES_PER_MINUTE: String(PER_STAFF),
      },
    });
    const now = new Date();
    const [lead] = await ctx.database.db
      .insert(leads)
      .values({ kind: "estimate", phone: uniquePhone(), payload: {}, createdAt: now, updatedAt: now })
      .returning();
    leadId = lead!.id;
  });
  afterAll(() => h?.close());

  /** One office: every call from the same address. */
  const office = uniqueIp();
  const reveal = (session: StaffSession) =>
    h.call<{ phone: string }>(
      asStaff(session, {
        method: "POST",
        url: "/api/admin/leads/revealPhone",
        payload: { id: leadId },
        remoteAddress: office,
      }),
    );

  it("several members behind one address each get their own budget; the member over it gets a clear message", async () => {
    const [first, second] = [
      await newStaff(h.app, ctx.database.db, "sales"),
      await newStaff(h.app, ctx.database.db, "sales"),
    ];
    // Together far more writes than the address's limit: none refused.
    for (let i = 1; i <= PER_STAFF; i++) {
      expect((await reveal(first)).body.code, `first #${i}`).toBe(1);
      expect((await reveal(second)).body.code, `second #${i}`).toBe(1);
    }
    const over = await reveal(first);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 0, errorCode: ErrorCode.RATE_LIMITED });
    expect(over.body.message).toMatch(
      new RegExp(`^${AdminMessages.staffWritesLimited}（每位员工每分钟最多 ${PER_STAFF} 次），请 \\d+ 秒后再试$`),
    );
    expect(Number(over.res.headers["retry-after"])).toBeGreaterThan(0);
    // The refused write did nothing: one audit row per served reveal.
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, "lead.revealPhone"), eq(auditLog.staffId, first.id)));
    expect(row?.n).toBe(PER_STAFF);
    // A third member in the same office still writes; reads are not writes.
    const third = await newStaff(h.app, ctx.database.db, "sales");
    expect((await reveal(third)).body.code).toBe(1);
    const read = await h.call(asStaff(first, { url: `/api/admin/leads/detail?id=${leadId}`, remoteAddress: office }));
    expect(read.body.code).toBe(1);
    // A minute later the first member writes again.
    h.clock.advance(MINUTE);
    expect((await reveal(first)).body.code).toBe(1);
  });

  it("the login has no member yet: it stays limited per address", async () => {
    const ip = uniqueIp();
    const attempt = () =>
      h.app.inject({
        method: "POST",
        url: "/api/admin/session/login",
        payload: { username: "nobody_here", password: "Wrong1234" },
        remoteAddress: ip,
      });
    for (let i = 0; i < PER_ADDRESS; i++) expect((await attempt()).statusCode).not.toBe(429);
    expect((await attempt()).statusCode).toBe(429);
  });
});
