// A renovation project's page (issue #24): the contract with the owner's masked number, the stages in
// order with their records, the instalments and change orders; the acts each role may do and no
// others (a dead button is a bug); 请业主验收 after the check; a change order's yuan sent as cents.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { adminRoutes, DEFAULT_PROJECT_STAGES, type ProjectDetail, type StaffMe } from "@yj/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { answer, api } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { ProjectDetailPage } from "./project-detail";

const me: StaffMe = {
  id: 3,
  username: "pm",
  displayName: "赵经理",
  role: "manager",
  mustChangePassword: false,
  permissions: ["self", "dashboard", "projects", "project_work", "media"],
  csrf: "x",
};

const project: ProjectDetail = {
  id: 7,
  ownerName: "王女士",
  ownerPhone: "137****0001",
  city: "杭州市",
  address: "西湖区文三路 88 号",
  status: "in_progress",
  contractCents: 16_800_000,
  startDate: "2026-11-01",
  plannedFinishDate: "2027-02-01",
  managerId: 3,
  managerName: "赵经理",
  currentStage: "水电改造",
  daysLate: 0,
  delayCompensationCents: 0,
  areaSqm: 98,
  layout: "3室2厅1卫",
  packageText: "全包 799 套餐",
  contractVersion: 1,
  delayCompensationCentsPerDay: 10_000,
  team: {
    designer: null,
    manager: { id: 3, name: "赵经理", phone: "" },
    inspector: { id: 4, name: "钱监理", phone: "" },
  },
  stages: DEFAULT_PROJECT_STAGES.map((s, i) => ({
    id: 100 + i,
    position: i + 1,
    name: s.name,
    plannedStartDate: null,
    plannedFinishDate: null,
    status: i === 0 ? "accepted" : "pending",
    checklist: s.checklist.map((item) => ({ item, done: i < 2 })),
    inspectionPassed: i < 2 ? true : null,
    inspectedAt: i < 2 ? "2026-11-10T02:00:00.000Z" : null,
    acceptedAt: i === 0 ? "2026-11-11T02:00:00.000Z" : null,
    records:
      i === 1
        ? [
            {
              id: 1,
              kind: "progress" as const,
              text: "开槽布管完成",
              photoKeys: ["project-abc-avif-1200.webp"],
              createdAt: "2026-11-09T02:00:00.000Z",
            },
          ]
        : [],
  })),
  instalments: [
    {
      id: 1,
      stageId: 100,
      stageName: "开工交底",
      percent: 30,
      amountCents: 5_040_000,
      status: "paid",
      paidAt: "2026-11-12T02:00:00.000Z",
      refundedCents: 0,
    },
    {
      id: 2,
      stageId: 101,
      stageName: "水电改造",
      percent: 30,
      amountCents: 5_040_000,
      status: "locked",
      paidAt: null,
      refundedCents: 0,
    },
  ],
  changeOrders: [],
  versions: [
    {
      version: 1,
      contractCents: 16_800_000,
      changeOrderId: null,
      instalments: [],
      createdAt: "2026-11-01T02:00:00.000Z",
    },
  ],
};

function open(detail: ProjectDetail = project) {
  answer(adminRoutes.adminProjectDetail, detail);
  answer(adminRoutes.adminProjectAudit, [
    { id: 9, staffName: "李销售（li）", action: "project.create", after: null, createdAt: "2026-11-01T02:00:00.000Z" },
  ]);
  renderPage(<ProjectDetailPage />, { me, url: "/projects/7", path: "/projects/:id" });
}

const stageCard = async (name: string) =>
  (await screen.findByText(`${DEFAULT_PROJECT_STAGES.findIndex((s) => s.name === name) + 1}. ${name}`)).closest(
    "[data-stage]",
  ) as HTMLElement;

beforeEach(() => {
  me.role = "manager";
  me.id = 3;
  me.permissions = ["self", "dashboard", "projects", "project_work", "media"];
});

describe("project detail", () => {
  it("shows the contract, the stages in order with their records, the instalments and the trail", async () => {
    open();
    expect(await screen.findByText("137****0001")).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(adminRoutes.adminProjectDetail, { id: "7" });
    expect(screen.getByText("¥168,000.00（第 1 版）")).toBeTruthy();
    const titles = [...document.querySelectorAll("[data-stage]")].map((el) => el.getAttribute("data-stage"));
    expect(titles).toEqual(DEFAULT_PROJECT_STAGES.map((s) => s.name));
    expect(screen.getByText("开槽布管完成")).toBeTruthy();
    expect(screen.getByAltText("水电改造照片 1").getAttribute("src")).toBe("/media/project-abc-avif-1200.webp");
    expect(screen.getByText("已支付")).toBeTruthy();
    expect(screen.getByText("待验收后支付")).toBeTruthy();
    expect(await screen.findByText(/创建装修项目/)).toBeTruthy();
  });

  it("the project's manager asks the owner to accept a checked stage; the check is not theirs to do", async () => {
    open();
    const wiring = await stageCard("水电改造");
    expect(within(wiring).getByRole("button", { name: "上传照片" })).toBeTruthy();
    expect(within(wiring).queryByRole("button", { name: "监理检查" })).toBeNull();
    // 防水闭水 is not checked yet: no button, the reason instead.
    const waterproof = await stageCard("防水闭水");
    expect(within(waterproof).queryByRole("button", { name: "请业主验收" })).toBeNull();
    expect(within(waterproof).getByText("监理检查通过后可请业主验收")).toBeTruthy();
    // An accepted stage has no acts left.
    expect(within(await stageCard("开工交底")).queryByRole("button")).toBeNull();

    answer(adminRoutes.adminProjectRequestAcceptance, {
      ...project,
      stages: project.stages.map((s) => (s.id === 101 ? { ...s, status: "awaiting_acceptance" as const } : s)),
    });
    fireEvent.click(within(wiring).getByRole("button", { name: "请业主验收" }));
    fireEvent.click(await screen.findByRole("button", { name: "通知业主" }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminProjectRequestAcceptance, { stageId: 101 }),
    );
    expect(await within(await stageCard("水电改造")).findByText("已通知业主验收")).toBeTruthy();
  });

  it("销售 follows the project but has no site acts: no photos, no change, no stage edits", async () => {
    me.role = "sales";
    me.id = 8;
    me.permissions = ["self", "dashboard", "leads", "orders", "projects", "project_create"];
    open();
    await screen.findByText("137****0001");
    expect(screen.queryByRole("button", { name: "上传照片" })).toBeNull();
    expect(screen.queryByRole("button", { name: "请业主验收" })).toBeNull();
    expect(screen.queryByRole("button", { name: "提出变更" })).toBeNull();
    expect(screen.queryByRole("button", { name: "编辑施工阶段" })).toBeNull();
    expect(screen.getByRole("button", { name: "显示完整号码" })).toBeTruthy();
  });

  it("a 项目经理 not on this project gets the server's refusal, not a page of buttons", async () => {
    answer(adminRoutes.adminProjectDetail, () => {
      throw new Error("您只能处理分配给您的项目");
    });
    renderPage(<ProjectDetailPage />, { me, url: "/projects/7", path: "/projects/:id" });
    expect(await screen.findByText("您只能处理分配给您的项目")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("proposes a 增项 with its items in yuan, sent as cents", async () => {
    open();
    answer(adminRoutes.adminProjectChangeOrder, project);
    fireEvent.click(await screen.findByRole("button", { name: "提出变更" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("项目 1"), { target: { value: "阳台储物柜" } });
    fireEvent.change(within(dialog).getByLabelText("金额（元）"), { target: { value: "2800.5" } });
    fireEvent.change(within(dialog).getByLabelText("变更原因"), { target: { value: "业主要求增加储物" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "保 存" }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminProjectChangeOrder, {
        projectId: 7,
        kind: "add",
        items: [{ name: "阳台储物柜", amountCents: 280_050 }],
        reason: "业主要求增加储物",
        photoKeys: [],
      }),
    );
  });

  it("edits the stages: started ones stay put, a paid-for stage cannot go, the rest move and go", async () => {
    const withWoodInstalment: ProjectDetail = {
      ...project,
      instalments: [
        ...project.instalments,
        {
          id: 3,
          stageId: 104,
          stageName: "木作",
          percent: 30,
          amountCents: 5_040_000,
          status: "locked",
          paidAt: null,
          refundedCents: 0,
        },
      ],
    };
    open(withWoodInstalment);
    answer(adminRoutes.adminProjectStages, withWoodInstalment);
    fireEvent.click(await screen.findByRole("button", { name: "编辑施工阶段" }));
    const dialog = await screen.findByRole("dialog");
    const row = (n: number) => dialog.querySelector(`[data-stage-row="${n}"]`) as HTMLElement;
    // 开工交底 is accepted and 水电改造 has a record: no moves, no removal.
    expect(within(row(1)).queryByRole("button")).toBeNull();
    expect(within(row(2)).getByText("已开始")).toBeTruthy();
    expect(within(row(2)).queryByRole("button")).toBeNull();
    // 木作 pays an instalment: it moves but cannot be removed.
    expect(within(row(5)).getByText("付款节点")).toBeTruthy();
    expect(within(row(5)).queryByRole("button", { name: "删 除" })).toBeNull();
    // The first stage not started cannot go up past the started ones.
    expect((within(row(3)).getByRole("button", { name: "上 移" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(row(3)).getByRole("button", { name: "删 除" })); // 防水闭水
    fireEvent.click(within(row(3)).getByRole("button", { name: "下 移" })); // 泥瓦 after 木作
    fireEvent.change(within(row(5)).getByLabelText("第 5 阶段"), { target: { value: "油漆涂装" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "保 存" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(adminRoutes.adminProjectStages, expect.anything()));
    const body = api.post.mock.calls.find(([route]) => route === adminRoutes.adminProjectStages)?.[1] as {
      projectId: number;
      stages: { id?: number; name: string; checklist: string[] }[];
    };
    expect(body.projectId).toBe(7);
    expect(body.stages.map((s) => [s.id, s.name])).toEqual([
      [100, "开工交底"],
      [101, "水电改造"],
      [104, "木作"],
      [103, "泥瓦"],
      [105, "油漆涂装"],
      [106, "安装"],
      [107, "竣工验收"],
    ]);
    expect(body.stages[2]?.checklist).toEqual(["吊顶平整牢固", "柜体尺寸与图纸一致"]);
  });
});
