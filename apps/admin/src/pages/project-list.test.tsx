// The projects list (issue #24): filters by state, city, manager and lateness go to the server as the
// address's query; the owner's phone shows as the server masked it; lateness as 延期 N 天. A 项目经理
// is not offered the manager filter (the server gives them only their own projects).
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { adminRoutes, type ProjectSummary, type StaffMe } from "@yj/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { answer, api } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { ProjectListPage } from "./project-list";

const me: StaffMe = {
  id: 1,
  username: "admin",
  displayName: "管理员",
  role: "admin",
  mustChangePassword: false,
  permissions: ["self", "projects"],
  csrf: "x",
};

const row: ProjectSummary = {
  id: 3,
  ownerName: "张先生",
  ownerPhone: "139****0003",
  city: "南京市",
  address: "建邺区江东中路 369 号",
  status: "in_progress",
  contractCents: 12_900_000,
  startDate: "2026-08-07",
  plannedFinishDate: "2026-11-13",
  managerId: 5,
  managerName: "赵经理",
  currentStage: "安装",
  daysLate: 12,
  delayCompensationCents: 180_000,
};

beforeEach(() => {
  me.role = "admin";
  answer(adminRoutes.adminProjectList, { dataList: [row], total: 1, current: 1, pageSize: 20 });
  answer(adminRoutes.adminProjectStaff, [{ id: 5, name: "赵经理", role: "manager" }]);
});

describe("project list", () => {
  it("shows the masked phone, the current stage and the delay; 延期 filter goes to the server", async () => {
    renderPage(<ProjectListPage />, { me, url: "/projects?late=1&city=南京市" });
    expect(await screen.findByText("139****0003")).toBeTruthy();
    expect(screen.getByText("延期 12 天")).toBeTruthy();
    expect(screen.getByText("¥129,000.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "查看" }).getAttribute("href")).toBe("/projects/3");
    expect(api.get).toHaveBeenCalledWith(adminRoutes.adminProjectList, {
      late: "1",
      city: "南京市",
      current: 1,
      pageSize: 20,
    });
  });

  it("filters by manager from the staff list", async () => {
    renderPage(<ProjectListPage />, { me, url: "/projects" });
    await screen.findByText("139****0003");
    fireEvent.mouseDown(screen.getByLabelText("项目经理"));
    fireEvent.click(await screen.findByTitle("赵经理（项目经理）"));
    fireEvent.click(screen.getByRole("button", { name: "筛 选" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/projects?managerId=5"));
  });

  it("a 项目经理 has no manager filter", async () => {
    me.role = "manager";
    renderPage(<ProjectListPage />, { me, url: "/projects" });
    await screen.findByText("139****0003");
    expect(screen.queryByLabelText("项目经理")).toBeNull();
    expect(api.get.mock.calls.map(([route]) => route)).not.toContain(adminRoutes.adminProjectStaff);
  });
});
