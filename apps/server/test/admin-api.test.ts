// The back office's API (R16): staff login, the one-time password, lockout, sessions kept apart from
// customers', staff management and the lead pipeline, each write with its audit row.
import { AdminMessages, ErrorCode } from "@yj/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, leads, staff } from "../src/db/schema.js";
import { COMMAND_LINE, createStaffAccount, LOCKOUT_MS, MAX_FAILED_LOGINS } from "../src/modules/staff/staff-service.js";
import { AccountsHarness, ManualClock, MINUTE, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import {
  asStaff,
  login,
  loginSession,
  newStaff,
  STAFF_PASSWORD,
  type StaffSession,
  uniqueUsername,
} from "./admin-fixtures.js";
import { describeEachBackend } from "./helper.js";

type Answer<T = unknown> = { code: number; message: string; data: T; errorCode?: number };

describeEachBackend("back office API", (ctx) => {
  const db = () => ctx.database.db;
  const call = async <T = unknown>(options: InjectOptions) => {
    const res = await ctx.app.inject({ remoteAddress: uniqueIp(), ...options });
    return { status: res.statusCode, body: res.json() as Answer<T>, res };
  };
  const as = <T = unknown>(session: StaffSession, options: InjectOptions) => call<T>(asStaff(session, options));
  const auditRows = (action: string) =>
    db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

  let admin: StaffSession;
  let sales: StaffSession;
  beforeAll(async () => {
    admin = await newStaff(ctx.app, db(), "admin", "王管理");
    sales = await newStaff(ctx.app, db(), "sales", "李销售");
  });

  describe("login and the one-time password", () => {
    it("a one-time password logs in but opens nothing until it is changed", async () => {
      const username = uniqueUsername();
      const created = await createStaffAccount(
        db(),
        COMMAND_LINE,
        { username, displayName: "新人", role: "sales" },
        new Date(),
      );
      expect(created.oneTimePassword).toMatch(/^[A-Za-z0-9]{12}$/);
      const [row] = await db().select().from(staff).where(eq(staff.username, username));
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain(created.oneTimePassword);

      const session = await loginSession(ctx.app, username, created.oneTimePassword);
      const me = await as<{ mustChangePassword: boolean }>(session, { url: "/api/admin/session/me" });
      expect(me.body.data.mustChangePassword).toBe(true);
      const list = await as(session, { url: "/api/admin/leads/list" });
      expect(list.status).toBe(403);
      expect(list.body).toMatchObject({
        code: 0,
        errorCode: ErrorCode.FORBIDDEN,
        message: AdminMessages.mustChangePassword,
      });

      const weak = await as(session, {
        method: "POST",
        url: "/api/admin/session/password",
        payload: { currentPassword: created.oneTimePassword, newPassword: "short" },
      });
      expect(weak.body.code).toBe(0);
      expect(weak.body.message).toContain(AdminMessages.passwordRule);
      const changed = await as<{ mustChangePassword: boolean }>(session, {
        method: "POST",
        url: "/api/admin/session/password",
        payload: { currentPassword: created.oneTimePassword, newPassword: STAFF_PASSWORD },
      });
      expect(changed.body).toMatchObject({ code: 1, message: AdminMessages.passwordChanged });
      expect(changed.body.data.mustChangePassword).toBe(false);
      expect((await as(session, { url: "/api/admin/leads/list" })).body.code).toBe(1);
      // The old password no longer works; the new one does.
      expect((await login(ctx.app, username, created.oneTimePassword)).json()).toMatchObject({
        code: 0,
        message: AdminMessages.badCredentials,
      });
      await loginSession(ctx.app, username, STAFF_PASSWORD);
    });

    it("a wrong password and an unknown username answer the same message", async () => {
      for (const [username, password] of [
        [admin.username, "Wrong1password"],
        ["nobody_here", "Wrong1password"],
      ] as const) {
        const res = await login(ctx.app, username, password);
        expect(res.json()).toMatchObject({
          code: 0,
          errorCode: ErrorCode.BUSINESS,
          message: AdminMessages.badCredentials,
        });
        expect(res.cookies.find((c) => c.name === "yj_staff")).toBeUndefined();
      }
    });

    it("the staff cookie is HttpOnly, SameSite=Strict and sent to /api/admin only", async () => {
      const res = await login(ctx.app, admin.username, admin.password);
      const cookie = res.cookies.find((c) => c.name === "yj_staff");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/admin" });
    });
  });

  describe("lockout", () => {
    it(`${MAX_FAILED_LOGINS} wrong passwords lock the account for 15 minutes, even against the right one`, async () => {
      const clock = new ManualClock();
      const harness = await AccountsHarness.build(ctx.database, { clock });
      const app = harness.app;
      try {
        const member = await newStaff(ctx.app, db(), "sales");
        for (let i = 1; i < MAX_FAILED_LOGINS; i++) {
          expect((await login(app, member.username, "Wrong1password")).json()).toMatchObject({
            message: AdminMessages.badCredentials,
          });
        }
        expect((await login(app, member.username, "Wrong1password")).json()).toMatchObject({
          code: 0,
          message: AdminMessages.locked,
        });
        expect((await login(app, member.username, member.password)).json()).toMatchObject({
          code: 0,
          message: AdminMessages.locked,
        });
        const [lock] = await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "staff.lockout"), eq(auditLog.staffId, member.id)));
        expect(lock?.after).toMatchObject({ failedLogins: MAX_FAILED_LOGINS });

        clock.advance(LOCKOUT_MS - MINUTE);
        expect((await login(app, member.username, member.password)).json()).toMatchObject({
          message: AdminMessages.locked,
        });
        clock.advance(2 * MINUTE);
        expect((await login(app, member.username, member.password)).json()).toMatchObject({ code: 1 });
      } finally {
        await harness.close();
      }
    });
  });

  describe("sessions apart from customers", () => {
    it("a customer's token opens no admin endpoint, by cookie or by bearer", async () => {
      const harness = await AccountsHarness.build(ctx.database);
      try {
        const customer = await harness.login();
        for (const options of [
          { cookies: { token: customer.token, csrf: customer.csrf, yj_staff: customer.token } },
          { headers: { authorization: `Bearer ${customer.token}` } },
        ]) {
          const res = await call({ url: "/api/admin/session/me", ...options });
          expect(res.body).toMatchObject({ code: 0, errorCode: ErrorCode.LOGIN_REQUIRED });
        }
      } finally {
        await harness.close();
      }
    });

    it("an admin write without the staff CSRF header is refused", async () => {
      const res = await call({
        method: "POST",
        url: "/api/admin/leads/export",
        payload: {},
        cookies: { yj_staff: admin.token },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ errorCode: ErrorCode.CSRF });
    });

    it("logging out ends the session", async () => {
      const session = await loginSession(ctx.app, sales.username, sales.password);
      expect((await as(session, { method: "POST", url: "/api/admin/session/logout", payload: {} })).body.code).toBe(1);
      expect((await as(session, { url: "/api/admin/session/me" })).body.errorCode).toBe(ErrorCode.LOGIN_REQUIRED);
    });
  });

  describe("staff management", () => {
    it("an administrator creates, disables and resets a member; a disabled member's session ends", async () => {
      const username = uniqueUsername("new");
      const created = await as<{ staff: { id: number }; oneTimePassword: string }>(admin, {
        method: "POST",
        url: "/api/admin/staff/create",
        payload: { username, displayName: "赵客服", role: "sales" },
      });
      expect(created.body.code).toBe(1);
      const id = created.body.data.staff.id;
      const [createdAudit] = await auditRows("staff.create");
      expect(createdAudit).toMatchObject({ staffId: admin.id, entityId: String(id), before: null });
      expect(createdAudit?.after).toMatchObject({ username, role: "sales", displayName: "赵客服" });
      expect(JSON.stringify(createdAudit)).not.toContain(created.body.data.oneTimePassword);

      const duplicate = await as(admin, {
        method: "POST",
        url: "/api/admin/staff/create",
        payload: { username: username.toUpperCase(), displayName: "重复", role: "sales" },
      });
      expect(duplicate.body).toMatchObject({ code: 0, message: AdminMessages.usernameTaken });

      const member = await loginSession(ctx.app, username, created.body.data.oneTimePassword);
      const disabled = await as(admin, {
        method: "POST",
        url: "/api/admin/staff/update",
        payload: { id, disabled: true },
      });
      expect(disabled.body).toMatchObject({ code: 1, data: { disabled: true } });
      expect((await as(member, { url: "/api/admin/session/me" })).body.errorCode).toBe(ErrorCode.LOGIN_REQUIRED);
      expect((await login(ctx.app, username, created.body.data.oneTimePassword)).json()).toMatchObject({
        message: AdminMessages.disabled,
      });
      const [updateAudit] = await auditRows("staff.update");
      expect(updateAudit).toMatchObject({ before: { disabled: false }, after: { disabled: true } });

      await as(admin, { method: "POST", url: "/api/admin/staff/update", payload: { id, disabled: false } });
      const reset = await as<{ oneTimePassword: string }>(admin, {
        method: "POST",
        url: "/api/admin/staff/resetPassword",
        payload: { id },
      });
      expect(reset.body.data.oneTimePassword).not.toBe(created.body.data.oneTimePassword);
      await loginSession(ctx.app, username, reset.body.data.oneTimePassword);
      expect((await auditRows("staff.resetPassword"))[0]).toMatchObject({ entityId: String(id) });
    });

    it("an administrator cannot disable or demote themself", async () => {
      for (const payload of [
        { id: admin.id, disabled: true },
        { id: admin.id, role: "sales" },
      ]) {
        const res = await as(admin, { method: "POST", url: "/api/admin/staff/update", payload });
        expect(res.body).toMatchObject({ code: 0, message: AdminMessages.cannotChangeSelf });
      }
    });
  });

  describe("lead pipeline", () => {
    let phone: string;
    let leadId: number;
    beforeAll(async () => {
      phone = uniquePhone("137");
      await call({
        method: "POST",
        url: "/api/customers/appointment",
        payload: { phone, name: "陈女士", originDetail: "首页·免费设计", city: "杭州市" },
      });
      const [lead] = await db().select().from(leads).where(eq(leads.phone, phone));
      leadId = lead!.id;
    });

    it("lists every kind with the phone masked, filters by kind, state, city, origin and date", async () => {
      const list = await as<{ total: number; dataList: { id: number; phone: string; kind: string }[] }>(sales, {
        url: "/api/admin/leads/list?kind=appointment&state=new&origin=免费设计",
      });
      expect(list.body.code).toBe(1);
      const row = list.body.data.dataList.find((r) => r.id === leadId);
      expect(row?.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      expect(list.res.body).not.toContain(phone);
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const byDate = await as<{ dataList: { id: number }[] }>(sales, {
        url: `/api/admin/leads/list?from=${today}&to=${today}`,
      });
      expect(byDate.body.data.dataList.map((r) => r.id)).toContain(leadId);
      for (const query of [
        "kind=franchise",
        "state=contacted",
        "origin=不存在的来源",
        "from=2001-01-01&to=2001-01-02",
      ]) {
        const other = await as<{ dataList: { id: number }[] }>(sales, { url: `/api/admin/leads/list?${query}` });
        expect(
          other.body.data.dataList.map((r) => r.id),
          query,
        ).not.toContain(leadId);
      }
    });

    it("revealing the number answers it in full and is audited", async () => {
      const res = await as<{ phone: string }>(sales, {
        method: "POST",
        url: "/api/admin/leads/revealPhone",
        payload: { id: leadId },
      });
      expect(res.body.data.phone).toBe(phone);
      const [row] = await auditRows("lead.revealPhone");
      expect(row).toMatchObject({ staffId: sales.id, entity: "lead", entityId: String(leadId) });
    });

    it("moves along the pipeline with notes; a jump the transitions do not allow is refused", async () => {
      const skip = await as(sales, {
        method: "POST",
        url: "/api/admin/leads/update",
        payload: { id: leadId, state: "signed" },
      });
      expect(skip.body).toMatchObject({ code: 0, message: AdminMessages.badTransition });
      const moved = await as<{ state: string; assigneeName: string; notes: { text: string; stateTo: string }[] }>(
        sales,
        {
          method: "POST",
          url: "/api/admin/leads/update",
          payload: { id: leadId, state: "contacted", note: "已电话联系，约周六量房", assigneeId: sales.id },
        },
      );
      expect(moved.body.code).toBe(1);
      expect(moved.body.data).toMatchObject({ state: "contacted", assigneeName: "李销售" });
      expect(moved.body.data.notes[0]).toMatchObject({ text: "已电话联系，约周六量房", stateTo: "contacted" });
      const [row] = await auditRows("lead.update");
      expect(row).toMatchObject({
        staffId: sales.id,
        entityId: String(leadId),
        before: { state: "new", assigneeId: null },
        after: { state: "contacted", assigneeId: sales.id, note: "已电话联系，约周六量房" },
      });
      const detail = await as<{ phone: string; notes: unknown[] }>(sales, {
        url: `/api/admin/leads/detail?id=${leadId}`,
      });
      expect(detail.body.data.phone).not.toBe(phone);
      expect(detail.body.data.notes).toHaveLength(1);
    });

    it("exports the filtered list as an .xlsx file, audited with its filter", async () => {
      const res = await as<{ fileName: string; rows: number; contentBase64: string }>(sales, {
        method: "POST",
        url: "/api/admin/leads/export",
        payload: { kind: "appointment", origin: "免费设计" },
      });
      expect(res.body.code).toBe(1);
      expect(res.body.data.fileName).toMatch(/^线索导出-\d{12}\.xlsx$/);
      const file = Buffer.from(res.body.data.contentBase64, "base64");
      expect(file.subarray(0, 2).toString()).toBe("PK");
      const ExcelJS = (await import("exceljs")).default;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file as unknown as ArrayBuffer);
      const sheet = book.getWorksheet("线索")!;
      expect(sheet.getRow(1).getCell(5).value).toBe("手机号");
      const phones = sheet.getColumn(5).values.slice(2);
      expect(res.body.data.rows).toBeGreaterThanOrEqual(1);
      expect(phones).toContain(phone);
      expect(phones).toHaveLength(res.body.data.rows);
      const [row] = await auditRows("leads.export");
      expect(row).toMatchObject({ staffId: sales.id, after: { filter: { kind: "appointment", origin: "免费设计" } } });
    });

    it("the dashboard counts today's leads by kind and lists the oldest uncalled ones", async () => {
      const res = await as<{ leads: { today: Record<string, number>; waiting: { state: string }[] } }>(sales, {
        url: "/api/admin/dashboard",
      });
      expect(res.body.data.leads.today.appointment).toBeGreaterThanOrEqual(1);
      expect(res.body.data.leads.waiting.every((r) => r.state === "new")).toBe(true);
    });

    it("the audit list filters by staff member and action, for administrators", async () => {
      const res = await as<{ total: number; dataList: { staffId: number; action: string }[] }>(admin, {
        url: `/api/admin/audit/list?staffId=${sales.id}&action=lead.revealPhone`,
      });
      expect(res.body.data.total).toBeGreaterThanOrEqual(1);
      expect(res.body.data.dataList.every((r) => r.staffId === sales.id && r.action === "lead.revealPhone")).toBe(true);
      const [{ n }] = (await db().select({ n: count() }).from(auditLog)) as [{ n: number }];
      expect(n).toBeGreaterThan(0);
    });
  });
});
