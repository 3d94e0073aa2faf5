// The dashboard's project figures (issue #24): active and late projects and the instalments collected,
// for a role that has projects; the late figure opens the list filtered to late projects.
import { screen } from "@testing-library/react";
import { adminRoutes, type DashboardData } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { answer } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { DashboardPage } from "./dashboard";

describe("dashboard", () => {
  it("shows the projects under way, the late ones and the instalments collected", async () => {
    const data: DashboardData = {
      leads: null,
      orders: null,
      projects: { active: 3, late: 1, instalmentsCollectedCents: 24_135_000 },
    };
    answer(adminRoutes.adminDashboard, data);
    renderPage(<DashboardPage />);
    expect(await screen.findByText("施工中项目")).toBeTruthy();
    expect(screen.getByText("¥241,350.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "延期项目 1 个，查看" }).getAttribute("href")).toBe("/projects?late=1");
    expect(screen.queryByText("当前角色不查看线索与订单统计")).toBeNull();
  });

  it("a role without projects sees no project figures", async () => {
    answer(adminRoutes.adminDashboard, { leads: null, orders: null, projects: null });
    renderPage(<DashboardPage />);
    expect(await screen.findByText("当前角色不查看线索与订单统计")).toBeTruthy();
    expect(screen.queryByText("施工中项目")).toBeNull();
  });
});
