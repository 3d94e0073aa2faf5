import { describe, expect, it } from "vitest";
import {
  ADMIN_PERMISSIONS,
  LEAD_STATES,
  LEAD_TRANSITIONS,
  LeadUpdateBody,
  maskLeadPhone,
  NewPassword,
  ROLE_PERMISSIONS,
  roleAllows,
  STAFF_ROLES,
} from "./admin.js";
import { adminEndpoints } from "./admin-endpoints.js";
import { adminRoutes } from "./admin-routes.js";

describe("back-office rules", () => {
  it("only 管理员 manages staff and reads the audit; 运营 never sees leads; 销售 never the catalogue", () => {
    expect(STAFF_ROLES.filter((r) => roleAllows(r, "staff"))).toEqual(["admin"]);
    expect(STAFF_ROLES.filter((r) => roleAllows(r, "audit"))).toEqual(["admin"]);
    expect(roleAllows("operations", "leads")).toBe(false);
    expect(roleAllows("sales", "catalog")).toBe(false);
    expect(STAFF_ROLES.every((r) => roleAllows(r, "self") && roleAllows(r, "public"))).toBe(true);
    // The administrator holds every permission a role can be granted.
    const grantable = ADMIN_PERMISSIONS.filter((p) => p !== "public" && p !== "self");
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...grantable].sort());
  });

  it("every admin endpoint is under /api/admin, staff-only, with a permission and a route", () => {
    for (const [name, endpoint] of Object.entries(adminEndpoints)) {
      expect(endpoint.path.startsWith("/api/admin/"), name).toBe(true);
      expect(endpoint.auth, name).toBe("staff");
      expect(ADMIN_PERMISSIONS, name).toContain(endpoint.permission);
      expect(adminRoutes[name as keyof typeof adminRoutes], name).toEqual({
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });

  it("the pipeline moves forward one step or to 无效; 已签约 is final; every state is reachable", () => {
    expect(LEAD_TRANSITIONS.new).toEqual(["contacted", "invalid"]);
    expect(LEAD_TRANSITIONS.signed).toEqual([]);
    const reached = new Set(Object.values(LEAD_TRANSITIONS).flat());
    for (const state of LEAD_STATES.filter((s) => s !== "new")) expect(reached.has(state), state).toBe(true);
  });

  it("masks a phone as 138****5678", () => {
    expect(maskLeadPhone("13812345678")).toBe("138****5678");
    expect(maskLeadPhone("123")).toBe("****");
  });

  it("a new password has 8+ characters with a letter and a digit; a note cannot hold NUL", () => {
    for (const bad of ["short1", "12345678", "abcdefgh", ""])
      expect(NewPassword.safeParse(bad).success, bad).toBe(false);
    expect(NewPassword.safeParse("Working9day").success).toBe(true);
    expect(LeadUpdateBody.safeParse({ id: 1, note: "a\u0000b" }).success).toBe(false);
  });
});
