// Shared pieces of the back-office tests: staff members made the way `npm run admin` makes them,
// logged in through the API with their one-time password changed, and calls made as them.
import type { StaffRole } from "@yj/contract";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Db } from "../src/db/client.js";
import { COMMAND_LINE, createStaffAccount } from "../src/modules/staff/staff-service.js";
import { uniqueIp } from "./accounts-fixtures.js";

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

export async function login(app: FastifyInstance, username: string, password: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/session/login",
    payload: { username, password },
    remoteAddress: uniqueIp(),
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

/** A new staff member with the role, created as the command line does, password already changed. */
export async function newStaff(app: FastifyInstance, db: Db, role: StaffRole, displayName = "测试员工") {
  const username = uniqueUsername(role);
  const { oneTimePassword, staff } = await createStaffAccount(
    db,
    COMMAND_LINE,
    { username, displayName, role },
    new Date(),
  );
  const first = await loginSession(app, username, oneTimePassword, staff.id);
  const res = await app.inject(
    asStaff(first, {
      method: "POST",
      url: "/api/admin/session/password",
      payload: { currentPassword: oneTimePassword, newPassword: STAFF_PASSWORD },
    }),
  );
  if ((res.json() as { code: number }).code !== 1) throw new Error(`password change refused: ${res.body}`);
  return { ...first, password: STAFF_PASSWORD };
}
