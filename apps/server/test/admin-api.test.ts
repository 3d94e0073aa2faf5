// The back office's API (R16): staff login, the one-time password, failed logins slowing the failing
// address (R23, ADR 0045), sessions kept apart from customers', staff management and the lead
// pipeline, each write with its audit row.
import { AdminMessages, ErrorCode } from "@yj/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, leads, staff } from "../src/db/schema.js";
import { COMMAND_LINE, createStaffAccount } from "../src/modules/staff/staff-service.js";
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

  describe("failed logins slow the failing address, never the account (ADR 0045)", () => {
    const WRONG = "Wrong1password";
    /** What an attacker sees of one answer: status, code, message and how long to wait. */
    const seen = (res: LightMyRequestResponse) => {
      const body = res.json() as Answer;
      return `${res.statusCode} ${body.code} ${body.message} retry-after=${res.headers["retry-after"] ?? "-"}`;
    };
    const withClock = async (
      check: (app: FastifyInstance, clock: ManualClock) => Promise<void>,
      env: Record<string, string> = {},
    ) => {
      const clock = new ManualClock();
      const harness = await AccountsHarness.build(ctx.database, { clock, env });
      try {
        await check(harness.app, clock);
      } finally {
        await harness.close();
      }
    };

    const redis = process.env.REDIS_URL;
    const stores: { store: string; env: Record<string, string> }[] = [
      { store: "database", env: {} },
      ...(redis ? [{ store: "Redis", env: { REDIS_URL: redis } }] : []),
    ];
    it.each(stores)(
      "wrong passwords from one address: that address waits, longer each time; the owner elsewhere logs in (counted in $store)",
      async ({ env }) => {
        await withClock(async (app, clock) => {
          const member = await newStaff(ctx.app, db(), "admin");
          const attacker = uniqueIp();
          for (let i = 0; i < 5; i++) {
            expect((await login(app, member.username, WRONG, attacker)).json()).toMatchObject({
              code: 0,
              message: AdminMessages.badCredentials,
            });
          }
          const refused = await login(app, member.username, WRONG, attacker);
          expect(refused.statusCode).toBe(429);
          expect(refused.json()).toMatchObject({
            errorCode: ErrorCode.RATE_LIMITED,
            message: `${AdminMessages.tooManyFailures}，请 15 分钟后再试`,
          });
          // Even the right password from the failing address waits; from any other it opens at once.
          expect((await login(app, member.username, member.password, attacker)).statusCode).toBe(429);
          expect((await login(app, member.username, member.password)).json()).toMatchObject({ code: 1 });
          const [notice] = await db()
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.action, "staff.lockout"), eq(auditLog.ip, attacker)));
          expect(notice?.after).toMatchObject({ username: member.username, address: attacker });

          clock.advance(16 * MINUTE);
          for (let i = 0; i < 5; i++) {
            expect((await login(app, member.username, WRONG, attacker)).json()).toMatchObject({
              message: AdminMessages.badCredentials,
            });
          }
          const longer = await login(app, member.username, WRONG, attacker);
          expect(longer.statusCode).toBe(429);
          expect(Number(longer.headers["retry-after"])).toBeGreaterThan(Number(refused.headers["retry-after"]));
          // The owner's own address, which never failed, still logs in.
          expect((await login(app, member.username, member.password)).json()).toMatchObject({ code: 1 });
        }, env);
      },
    );

    it("one address guessing across many usernames is slowed, whichever names exist", async () => {
      await withClock(async (app) => {
        const member = await newStaff(ctx.app, db(), "sales");
        const sprayer = uniqueIp();
        for (let i = 0; i < 20; i++) {
          const res = await login(app, i % 5 ? uniqueUsername("guess") : member.username, WRONG, sprayer);
          expect(res.json()).toMatchObject({ message: AdminMessages.badCredentials });
        }
        const refused = await login(app, uniqueUsername("guess"), WRONG, sprayer);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ errorCode: ErrorCode.RATE_LIMITED });
        expect((await login(app, member.username, member.password, sprayer)).statusCode).toBe(429);
        expect((await login(app, member.username, member.password)).json()).toMatchObject({ code: 1 });
      });
    });

    it("a right password takes back its count: logging in often from one address never throttles it", async () => {
      await withClock(async (app) => {
        const member = await newStaff(ctx.app, db(), "operations");
        const office = uniqueIp();
        for (let i = 0; i < 4; i++) await login(app, member.username, WRONG, office);
        for (let i = 0; i < 3; i++) {
          expect((await login(app, member.username, member.password, office)).json()).toMatchObject({ code: 1 });
        }
        expect((await login(app, member.username, WRONG, office)).json()).toMatchObject({
          message: AdminMessages.badCredentials,
        });
      });
    });

    it("an existing and an unknown username get the same answers to the same wrong tries", async () => {
      await withClock(async (app) => {
        const member = await newStaff(ctx.app, db(), "admin");
        const tries = async (username: string) => {
          const ip = uniqueIp();
          const answers: string[] = [];
          for (let i = 0; i < 8; i++) answers.push(seen(await login(app, username, WRONG, ip)));
          return answers;
        };
        const existing = await tries(member.username);
        const unknown = await tries(uniqueUsername("nobody"));
        expect(unknown).toEqual(existing);
        expect(new Set(existing).size).toBe(2);
        expect(existing[0]).toContain(AdminMessages.badCredentials);
        expect(existing[7]).toContain(AdminMessages.tooManyFailures);
      });
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
        payload: { phone, name: "陈女士", originDetail: "首页·免费设计", city: "杭州市", marketingConsent: true },
      });
      const [lead] = await db().select().from(leads).where(eq(leads.phone, phone));
      leadId = lead!.id;
    });

    it("lists every kind with the phone masked, filters by kind, state, city, origin and date", async () => {
      const list = await as<{
        total: number;
        dataList: { id: number; phone: string; kind: string; marketingConsent: boolean }[];
      }>(sales, {
        url: "/api/admin/leads/list?kind=appointment&state=new&origin=免费设计",
      });
      expect(list.body.code).toBe(1);
      const row = list.body.data.dataList.find((r) => r.id === leadId);
      expect(row?.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      // The optional offers-call consent is shown on each lead (docs/decisions/0077).
      expect(row).toMatchObject({ marketingConsent: true, marketingConsentAt: expect.any(String), forgottenAt: null });
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
      // The offers-call consent has its column: 同意 with its time, or 未同意.
      const headers = sheet.getRow(1).values as unknown[];
      const consentColumn = headers.slice(1).indexOf("同意优惠回访");
      expect(consentColumn).toBeGreaterThanOrEqual(0);
      const ourRow = sheet.getColumn(5).values.indexOf(phone);
      expect(String(sheet.getRow(ourRow).getCell(consentColumn + 1).value)).toMatch(
        /^同意（\d{4}-\d{2}-\d{2} \d{2}:\d{2}）$/,
      );
      expect(
        sheet
          .getColumn(consentColumn + 1)
          .values.slice(2)
          .every((v) => typeof v === "string" && /^(同意（.+）|未同意)$/.test(v)),
      ).toBe(true);
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
