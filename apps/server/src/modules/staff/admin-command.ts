// `npm run admin -- <command>`: what the back office cannot do for itself. `create` makes a staff
// member (an administrator unless told otherwise) and prints a one-time password, to be changed at
// first login; `reset-password` gives a member who forgot theirs a new one. Both go through
// the same code and audit as the staff screen.
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole, Username } from "@yj/contract";
import { eq, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { staff } from "../../db/schema.js";
import { DEMO_STAFF_USERNAMES } from "../../db/seed/demo-projects.js";
import { AppError } from "../../lib/errors.js";
import { COMMAND_LINE, createStaffAccount, resetStaffPassword } from "./staff-service.js";
import { StaffSessionStore } from "./staff-sessions.js";

export const ADMIN_COMMAND_USAGE = `用法 / usage:
  npm run admin -- create <用户名> [--name <姓名>] [--role admin|sales|operations]
  npm run admin -- reset-password <用户名>`;

export interface CommandResult {
  ok: boolean;
  lines: string[];
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function passwordLines(username: string, role: StaffRole, password: string): string[] {
  return [
    `用户名 / username: ${username}（${STAFF_ROLE_LABELS[role]}）`,
    `一次性密码 / one-time password: ${password}`,
    "请在后台 /admin 登录，首次登录须修改此密码；密码只显示这一次。",
  ];
}

export async function runAdminCommand(db: Db, args: string[], now = new Date()): Promise<CommandResult> {
  const [command, rawName] = args;
  const parsedName = Username.safeParse(rawName ?? "");
  if (!command || !["create", "reset-password"].includes(command) || !parsedName.success) {
    const problem = rawName && !parsedName.success ? [parsedName.error.issues[0]?.message ?? ""] : [];
    return { ok: false, lines: [...problem, ADMIN_COMMAND_USAGE] };
  }
  const username = parsedName.data.toLowerCase();
  try {
    if (command === "create") {
      const role = (option(args, "--role") ?? "admin") as StaffRole;
      if (!STAFF_ROLES.includes(role))
        return { ok: false, lines: [`未知角色 / unknown role: ${role}`, ADMIN_COMMAND_USAGE] };
      const displayName = option(args, "--name") ?? (role === "admin" ? "管理员" : username);
      const created = await createStaffAccount(db, COMMAND_LINE, { username, displayName, role }, now);
      return {
        ok: true,
        lines: ["员工已创建 / staff member created.", ...passwordLines(username, role, created.oneTimePassword)],
      };
    }
    const [row] = await db.select({ id: staff.id, role: staff.role }).from(staff).where(eq(staff.username, username));
    if (!row) return { ok: false, lines: [`员工不存在 / no such staff member: ${username}`] };
    const reset = await resetStaffPassword(db, new StaffSessionStore(db), COMMAND_LINE, row.id, now);
    return {
      ok: true,
      lines: ["密码已重置 / password reset.", ...passwordLines(username, row.role, reset.oneTimePassword)],
    };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, lines: [error.message] };
    throw error;
  }
}

/** The start log's hint on a shop with no staff yet: how to make the first administrator. */
export async function firstAdminHint(db: Db, options: { embedded: boolean; adminUrl: string }): Promise<string | null> {
  // The demo projects' team (docs/decisions/0079) cannot log in: they are nobody's first account.
  const [any] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(notInArray(staff.username, [...DEMO_STAFF_USERNAMES]))
    .limit(1);
  if (any) return null;
  const stopFirst = options.embedded ? "先停止服务（Ctrl+C），" : "";
  return `后台还没有员工账号：${stopFirst}运行 npm run admin -- create <用户名> 创建管理员并得到一次性密码，再打开 ${options.adminUrl} 登录`;
}
