// The dashboard's read model: each domain's figures, asked of the module that owns them, and each
// part only for a role that may open its section (运营 has the dashboard but neither leads nor orders).
import { type DashboardData, roleAllows, type StaffRole } from "@yj/contract";

export interface DashboardSources {
  leads: () => Promise<NonNullable<DashboardData["leads"]>>;
  orders: () => Promise<NonNullable<DashboardData["orders"]>>;
}

export class Dashboard {
  constructor(private readonly sources: DashboardSources) {}

  async forRole(role: StaffRole): Promise<DashboardData> {
    const [leads, orders] = await Promise.all([
      roleAllows(role, "leads") ? this.sources.leads() : null,
      roleAllows(role, "orders") ? this.sources.orders() : null,
    ]);
    return { leads, orders };
  }
}
