// Method and path of every /api/admin endpoint, without zod, for the admin client (as routes.ts is
// for the storefront, ADR 0009). The compiler checks each entry against the admin endpoint table.
import type { adminEndpoints } from "./admin-endpoints.js";

type AdminEndpoints = typeof adminEndpoints;

export const adminRoutes = {
  adminLogin: { method: "POST", path: "/api/admin/session/login" },
  adminLogout: { method: "POST", path: "/api/admin/session/logout" },
  adminMe: { method: "GET", path: "/api/admin/session/me" },
  adminChangePassword: { method: "POST", path: "/api/admin/session/password" },
  adminDashboard: { method: "GET", path: "/api/admin/dashboard" },
  adminStaffList: { method: "GET", path: "/api/admin/staff/list" },
  adminStaffCreate: { method: "POST", path: "/api/admin/staff/create" },
  adminStaffUpdate: { method: "POST", path: "/api/admin/staff/update" },
  adminStaffResetPassword: { method: "POST", path: "/api/admin/staff/resetPassword" },
  adminLeadList: { method: "GET", path: "/api/admin/leads/list" },
  adminLeadDetail: { method: "GET", path: "/api/admin/leads/detail" },
  adminLeadAssignees: { method: "GET", path: "/api/admin/leads/assignees" },
  adminLeadRevealPhone: { method: "POST", path: "/api/admin/leads/revealPhone" },
  adminLeadUpdate: { method: "POST", path: "/api/admin/leads/update" },
  adminLeadExport: { method: "POST", path: "/api/admin/leads/export" },
  adminAuditList: { method: "GET", path: "/api/admin/audit/list" },
  adminOrderList: { method: "GET", path: "/api/admin/orders/list" },
  adminOrderDetail: { method: "GET", path: "/api/admin/orders/detail" },
  adminOrderShip: { method: "POST", path: "/api/admin/orders/ship" },
  adminOrderComplete: { method: "POST", path: "/api/admin/orders/complete" },
  adminOrderCancel: { method: "POST", path: "/api/admin/orders/cancel" },
  adminPaymentIssues: { method: "GET", path: "/api/admin/orders/unreconciled" },
  adminGoodsList: { method: "GET", path: "/api/admin/goods/list" },
  adminGoodsCategories: { method: "GET", path: "/api/admin/goods/categories" },
  adminGoodsDetail: { method: "GET", path: "/api/admin/goods/detail" },
  adminGoodsSave: { method: "POST", path: "/api/admin/goods/save" },
  adminMediaUpload: { method: "POST", path: "/api/admin/media/upload" },
} as const satisfies { [K in keyof AdminEndpoints]: Pick<AdminEndpoints[K], "method" | "path"> };
