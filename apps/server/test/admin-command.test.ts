// `npm run admin -- create|reset-password` (the command's own code, on a real database): the first
// administrator and a password reset, each printing a one-time password that logs in once changed.
import { AdminMessages } from "@yj/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema.js";
import { firstAdminHint, runAdminCommand } from "../src/modules/staff/admin-command.js";
import { login, uniqueUsername } from "./admin-fixtures.js";
import { createTestDatabase, describeEachBackend } from "./helper.js";

const passwordOf = (lines: string[]) => lines.join("\n").match(/one-time password: (\S+)/)?.[1];

describeEachBackend("npm run admin", (ctx) => {
  it("create makes an administrator with a one-time password, on record as the command line", async () => {
    const username = uniqueUsername("boss");
    const result = await runAdminCommand(ctx.database.db, ["create", username]);
    expect(result.ok).toBe(true);
    expect(result.lines.join("\n")).toContain("管理员");
    const password = passwordOf(result.lines);
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    const res = await login(ctx.app, username, password!);
    expect(res.json()).toMatchObject({ code: 1, data: { role: "admin", mustChangePassword: true } });
    const [row] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, "staff.create")).limit(50);
    expect(row?.staffName).toContain("命令行");

    const again = await runAdminCommand(ctx.database.db, ["create", username]);
    expect(again).toEqual({ ok: false, lines: [AdminMessages.usernameTaken] });
  });

  it("reset-password gives a new one-time password; the old one stops working", async () => {
    const username = uniqueUsername("ops");
    const created = await runAdminCommand(ctx.database.db, [
      "create",
      username,
      "--role",
      "operations",
      "--name",
      "孙运营",
    ]);
    const first = passwordOf(created.lines)!;
    const reset = await runAdminCommand(ctx.database.db, ["reset-password", username]);
    const second = passwordOf(reset.lines)!;
    expect(second).not.toBe(first);
    expect((await login(ctx.app, username, first)).json()).toMatchObject({ code: 0 });
    expect((await login(ctx.app, username, second)).json()).toMatchObject({ code: 1, data: { role: "operations" } });
  });

  it("refuses a bad username, an unknown role or command with the usage", async () => {
    for (const args of [["create", "a b"], ["create", "okname", "--role", "boss"], ["delete", "okname"], []]) {
      const result = await runAdminCommand(ctx.database.db, args);
      expect(result.ok, args.join(" ")).toBe(false);
      expect(result.lines.join("\n"), args.join(" ")).toMatch(/用法|未知角色/);
    }
  });
});

describe("the start log's first-administrator hint", () => {
  it("tells how to create the first administrator until one exists", async () => {
    const test = await createTestDatabase("pglite", { seed: false });
    try {
      const db = test.database.db;
      const hint = await firstAdminHint(db, { embedded: true, adminUrl: "http://localhost:3000/admin" });
      expect(hint).toContain("npm run admin -- create <用户名>");
      expect(hint).toContain("http://localhost:3000/admin");
      await runAdminCommand(db, ["create", "first_admin"]);
      expect(await firstAdminHint(db, { embedded: true, adminUrl: "x" })).toBeNull();
    } finally {
      await test.database.close();
    }
  });
});
