// The dashboard's read model: each domain's figures, asked of the module that owns them, and each
// part only for a role that may open its section (运营 has the dashboard but neither leads nor orders).
import { type DashboardData, roleAllows, type StaffRole } from "@yj/contract";

export interface DashboardSources {
  leads: () => Promise<NonNullable<DashboardData["leads"]>>;
  orders: () => Promise<NonNullable<DashboardData["orders"]>>;
  /** Scoped to the member: a 项目经理 counts only the projects they are on. */
  projects: (member: { id: number; role: StaffRole }) => Promise<NonNullable<DashboardData["projects"]>>;
}

export class Dashboard {
  constructor(private readonly sources: DashboardSources) {}

  async forMember(member: { id: number; role: StaffRole }): Promise<DashboardData> {
    const { role } = member;
    const [leads, orders, projects] = await Promise.all([
      roleAllows(role, "leads") ? this.sources.leads() : null,
      roleAllows(role, "orders") ? this.sources.orders() : null,
      roleAllows(role, "projects") ? this.sources.projects(member) : null,
    ]);
    return { leads, orders, projects };
  }
}
