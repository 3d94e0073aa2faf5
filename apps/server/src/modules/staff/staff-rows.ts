// A staff row as the contract shows it (never the password hash), and as the audit records it.
import { maskPhone, type StaffRole } from "@yj/contract";
import type { staff } from "../../db/schema.js";

export type StaffRoleName = StaffRole;
type StaffRecord = typeof staff.$inferSelect;

export function staffRow(row: StaffRecord) {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    phone: row.phone,
    role: row.role,
    disabled: row.disabled,
    mustChangePassword: row.mustChangePassword,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit keeps of a staff row: the fields an admin changes, not counters or the hash. */
export function auditedStaff(row: StaffRecord) {
  return {
    username: row.username,
    displayName: row.displayName,
    // Masked like every phone the audit records.
    phone: row.phone ? maskPhone(row.phone) : "",
    role: row.role,
    disabled: row.disabled,
    mustChangePassword: row.mustChangePassword,
  };
}
