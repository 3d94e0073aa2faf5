// 我的装修: the list (projects, empty, failed), the detail (plan and delay compensation, what waits
// for the owner, the contract's money, the team's phones), each owner act confirmed by a code in
// the dialog (获取验证码 and its countdown, the code's checks, a refusal kept in the dialog), and
// the instalment's pay step (payable, paid, locked).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ErrorCode, type ProjectDetail, routes } from "@yj/contract";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { contractMoney, ownerTasks, planState } from "./project-view";
import InstalmentPayScreen from "./screens/instalment-pay-screen";
import MyProjectScreen from "./screens/my-project-screen";
import MyProjectsScreen from "./screens/my-projects-screen";

const loggedIn = { loggedIn: true, phoneNum: "13700000000" };

const stage = (id: number, name: string, status: ProjectDetail["stages"][number]["status"]) => ({
  id,
  position: id,
  name,
  plannedStartDate: "2026-09-01",
  plannedFinishDate: "2026-09-20",
  status,
  checklist: [],
  inspectionPassed: status === "pending" ? null : true,
  inspectedAt: null,
  acceptedAt: status === "accepted" ? "2026-09-05T02:00:00.000Z" : null,
  records:
    id === 2
      ? [
          {
            id: 9,
            kind: "progress" as const,
            text: "水电管线已完成",
            photoKeys: ["/media/goods-0123456789abcdef01234567-800.webp"],
            createdAt: "2026-09-10T02:00:00.000Z",
          },
        ]
      : [],
});

function projectOf(over: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 7,
    ownerName: "王女士",
    ownerPhone: "13700000000",
    city: "杭州市",
    address: "西湖区文三路 1 号 501",
    status: "in_progress",
    contractCents: 10_000_000,
    startDate: "2026-09-01",
    plannedFinishDate: "2099-12-20",
    managerId: 3,
    managerName: "周经理",
    currentStage: "水电改造",
    daysLate: 0,
    delayCompensationCents: 0,
    areaSqm: 98,
    layout: "三室两厅",
    packageText: "全包 799 套餐",
    contractVersion: 1,
    delayCompensationCentsPerDay: 10_000,
    team: {
      designer: null,
      manager: { id: 3, name: "周经理", phone: "13900001234" },
      inspector: { id: 4, name: "吴监理", phone: "" },
    },
    stages: [
      stage(1, "开工交底", "accepted"),
      stage(2, "水电改造", "awaiting_acceptance"),
      stage(3, "木作", "pending"),
    ],
    instalments: [
      {
        id: 11,
        stageId: 1,
        stageName: "开工交底",
        percent: 30,
        amountCents: 3_000_000,
        status: "paid",
        paidAt: "2026-09-06T02:00:00.000Z",
        refundedCents: 0,
      },
      {
        id: 12,
        stageId: 2,
        stageName: "水电改造",
        percent: 30,
        amountCents: 3_000_000,
        status: "locked",
        paidAt: null,
        refundedCents: 0,
      },
      {
        id: 13,
        stageId: 3,
        stageName: "木作",
        percent: 40,
        amountCents: 4_000_000,
        status: "locked",
        paidAt: null,
        refundedCents: 0,
      },
    ],
    changeOrders: [
      {
        id: 21,
        kind: "add",
        items: [{ name: "厨房加装净水器", amountCents: 300_000 }],
        amountCents: 300_000,
        reason: "业主要求增加",
        photoKeys: [],
        status: "proposed",
        contractBeforeCents: null,
        contractAfterCents: null,
        createdAt: "2026-09-11T02:00:00.000Z",
        decidedAt: null,
      },
    ],
    versions: [
      {
        version: 1,
        contractCents: 10_000_000,
        changeOrderId: null,
        instalments: [],
        createdAt: "2026-09-01T02:00:00.000Z",
      },
    ],
    ...over,
  };
}

describe("what the detail reads off a project", () => {
  it("tells the days late with the compensation they imply, an early finish, or the days left", () => {
    const late = planState(projectOf({ daysLate: 3, delayCompensationCents: 30_000 }), new Date());
    expect(late).toEqual({
      kind: "late",
      text: "比计划竣工日期延期 3 天，按合同每天赔付 ¥100，应赔付 ¥300",
      compensationCents: 30_000,
    });
    const early = projectOf({
      status: "completed",
      plannedFinishDate: "2026-09-15",
      stages: [stage(1, "开工交底", "accepted")],
    });
    expect(planState(early, new Date()).text).toBe("已竣工，比计划提前 10 天");
    const going = projectOf({ plannedFinishDate: "2026-12-20" });
    expect(planState(going, new Date("2026-12-10T04:00:00.000Z")).text).toBe("按计划施工中，距计划竣工还有 10 天");
  });

  it("adds the money up by state and lists what waits for the owner", () => {
    const p = projectOf();
    expect(contractMoney(p)).toMatchObject({ paidCents: 3_000_000, dueNowCents: 0, laterCents: 7_000_000 });
    const tasks = ownerTasks(p);
    expect([tasks.stages.map((s) => s.name), tasks.changes.map((c) => c.id), tasks.count]).toEqual([
      ["水电改造"],
      [21],
      2,
    ]);
    expect(ownerTasks(projectOf({ status: "cancelled" })).count).toBe(0);
  });
});

describe("/my-project", () => {
  const renderList = (answer: () => Promise<unknown>) => {
    const fake = fakeApi({ get: { [routes.myProjects.path]: answer } });
    renderApp(<MyProjectsScreen />, { path: "/my-project", api: fake.api, state: loggedIn });
    return fake;
  };

  it("lists the owner's projects with their stage, amount and delay, each opening its detail", async () => {
    const { daysLate, delayCompensationCents, ...summary } = projectOf({ daysLate: 2, delayCompensationCents: 20_000 });
    renderList(() => Promise.resolve([{ ...summary, daysLate, delayCompensationCents }]));
    const card = await screen.findByTestId("project");
    expect(within(card).getByText("水电改造")).toBeTruthy();
    expect(within(card).getByText("¥100,000")).toBeTruthy();
    expect(within(card).getByText("已延期 2 天，应赔付 ¥200")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "查看详情" }).getAttribute("href")).toBe("/my-project/7");
  });

  it("says so when there is no project, and offers a retry when the list fails", async () => {
    renderList(() => Promise.resolve([]));
    expect(await screen.findByText("您还没有装修项目")).toBeTruthy();
  });

  it("offers a retry when the list fails", async () => {
    let calls = 0;
    renderList(() => (++calls === 1 ? Promise.reject(new Error("网络异常")) : Promise.resolve([])));
    fireEvent.click(await screen.findByRole("button", { name: "重试" }));
    expect(await screen.findByText("您还没有装修项目")).toBeTruthy();
  });
});

describe("/my-project/:id", () => {
  function renderDetail(
    get: () => Promise<unknown>,
    post: Record<string, () => Promise<unknown>> = {},
    path = "/my-project/7",
  ) {
    const fake = fakeApi({ get: { [routes.myProjectDetail.path]: get }, post });
    renderApp(
      <Routes>
        <Route path="/my-project/:id" element={<MyProjectScreen />} />
      </Routes>,
      { path, api: fake.api, state: loggedIn },
    );
    return fake;
  }

  it("shows the plan, the timeline with photos, the contract and the team's phones", async () => {
    renderDetail(() => Promise.resolve(projectOf({ daysLate: 4, delayCompensationCents: 40_000 })));
    expect((await screen.findByTestId("plan-state")).textContent).toBe(
      "比计划竣工日期延期 4 天，按合同每天赔付 ¥100，应赔付 ¥400",
    );
    expect(screen.getAllByTestId("stage").map((s) => s.querySelector("h3")?.textContent)).toEqual([
      "开工交底",
      "水电改造",
      "木作",
    ]);
    expect(screen.getByRole("img", { name: "水电改造现场照片 1" })).toBeTruthy();
    expect(screen.getByTestId("contract-total").textContent).toBe("¥100,000");
    const manager = screen.getByRole("link", { name: "致电项目经理周经理 13900001234" });
    expect(manager.getAttribute("href")).toBe("tel:13900001234");
    expect(screen.getByText("电话未登记")).toBeTruthy();
    expect(screen.getByText("待安排")).toBeTruthy();
  });

  it("accepts a stage with a code: 获取验证码 counts down, the code is checked, the project is updated", async () => {
    const accepted = projectOf({
      stages: [stage(1, "开工交底", "accepted"), stage(2, "水电改造", "accepted"), stage(3, "木作", "pending")],
      instalments: projectOf().instalments.map((i) => (i.id === 12 ? { ...i, status: "payable" as const } : i)),
    });
    const { post } = renderDetail(() => Promise.resolve(projectOf()), {
      [routes.myProjectCode.path]: () => Promise.resolve(null),
      [routes.myProjectAccept.path]: () => Promise.resolve(accepted),
    });
    fireEvent.click(await screen.findByRole("button", { name: "验收" }));
    const dialog = await screen.findByRole("dialog", { name: "验收「水电改造」" });
    fireEvent.click(within(dialog).getByRole("button", { name: "确认验收" }));
    expect(await within(dialog).findByText("请输入验证码")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "获取验证码" }));
    expect(await within(dialog).findByRole("button", { name: "60 秒后重新获取" })).toBeTruthy();
    expect(post.mock.calls[0]?.[1]).toEqual({ projectId: 7 });
    fireEvent.change(within(dialog).getByLabelText("短信验证码（发送至业主手机）"), { target: { value: "12a3456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "确认验收" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(post.mock.calls[1]?.[1]).toEqual({ stageId: 2, code: "123456" });
    // Accepted: its instalment is now due, with its pay step.
    const pay = await screen.findByRole("link", { name: "去支付" });
    expect(pay.getAttribute("href")).toBe("/my-project/7/pay/12");
    expect(screen.queryByRole("button", { name: "验收" })).toBeNull();
  });

  it("offers 验收 only for the first stage waiting: a later one says which to accept first", async () => {
    renderDetail(() =>
      Promise.resolve(
        projectOf({
          stages: [
            stage(1, "开工交底", "awaiting_acceptance"),
            stage(2, "水电改造", "awaiting_acceptance"),
            stage(3, "木作", "pending"),
          ],
        }),
      ),
    );
    const [first, second] = await screen.findAllByTestId("task");
    expect(within(first!).getByRole("button", { name: "验收" })).toBeTruthy();
    expect(within(second!).queryByRole("button", { name: "验收" })).toBeNull();
    expect(within(second!).getByText("（请先验收「开工交底」）")).toBeTruthy();
  });

  it("keeps the dialog open with the server's refusal of a wrong code", async () => {
    renderDetail(() => Promise.resolve(projectOf()), {
      [routes.myProjectAccept.path]: () => Promise.reject(new ApiError("验证码错误或已失效，请重新获取", 0, 200)),
    });
    fireEvent.click(await screen.findByRole("button", { name: "验收" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("短信验证码（发送至业主手机）"), { target: { value: "000000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "确认验收" }));
    expect(await within(dialog).findByText("验证码错误或已失效，请重新获取")).toBeTruthy();
  });

  it("objects with reasons, which are required", async () => {
    const { post } = renderDetail(() => Promise.resolve(projectOf()), {
      [routes.myProjectObject.path]: () => Promise.resolve(projectOf()),
    });
    fireEvent.click(await screen.findByRole("button", { name: "提出异议" }));
    const dialog = await screen.findByRole("dialog", { name: "对「水电改造」提出异议" });
    fireEvent.change(within(dialog).getByLabelText("短信验证码（发送至业主手机）"), { target: { value: "654321" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "提交异议" }));
    expect(await within(dialog).findByText("请填写异议原因")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("异议原因"), { target: { value: "卫生间管线未按图纸" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "提交异议" }));
    await waitFor(() =>
      expect(post.mock.calls[0]?.[1]).toEqual({
        stageId: 2,
        code: "654321",
        reasons: "卫生间管线未按图纸",
        photoKeys: [],
      }),
    );
  });

  it("approves a change order, told the new total first, and shows it after", async () => {
    const approved = projectOf({
      contractCents: 10_300_000,
      changeOrders: [
        {
          ...projectOf().changeOrders[0]!,
          status: "approved",
          contractBeforeCents: 10_000_000,
          contractAfterCents: 10_300_000,
        },
      ],
    });
    const { post } = renderDetail(() => Promise.resolve(projectOf()), {
      [routes.myProjectDecideChange.path]: () => Promise.resolve(approved),
    });
    fireEvent.click(await screen.findByRole("button", { name: "同意变更" }));
    const dialog = await screen.findByRole("dialog", { name: "同意增项" });
    expect(dialog.textContent).toContain("同意后合同金额将由 ¥100,000 变为 ¥103,000");
    fireEvent.change(within(dialog).getByLabelText("短信验证码（发送至业主手机）"), { target: { value: "111222" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "确认同意" }));
    await waitFor(() => expect(screen.getByTestId("contract-total").textContent).toBe("¥103,000"));
    expect(post.mock.calls[0]?.[1]).toEqual({ changeOrderId: 21, code: "111222", approve: true });
    expect(screen.getByText("合同金额 ¥100,000 → ¥103,000")).toBeTruthy();
  });

  it("says 装修项目不存在 for another customer's project", async () => {
    renderDetail(() => Promise.reject(new ApiError("装修项目不存在", ErrorCode.NOT_FOUND, 404)));
    expect(await screen.findByText("装修项目不存在")).toBeTruthy();
    expect(screen.getByRole("link", { name: "返回我的装修" }).getAttribute("href")).toBe("/my-project");
  });
});

describe("/my-project/:id/pay/:instalmentId", () => {
  function renderPay(project: ProjectDetail, instalmentId: number, get: Record<string, () => Promise<unknown>> = {}) {
    const fake = fakeApi({ get: { [routes.myProjectDetail.path]: () => Promise.resolve(project), ...get } });
    renderApp(
      <Routes>
        <Route path="/my-project/:id/pay/:instalmentId" element={<InstalmentPayScreen />} />
      </Routes>,
      { path: `/my-project/7/pay/${instalmentId}`, api: fake.api, state: loggedIn },
    );
    return fake;
  }

  it("opens the instalment's trade through the payment core for a payable instalment", async () => {
    const payable = projectOf({
      instalments: projectOf().instalments.map((i) => (i.id === 12 ? { ...i, status: "payable" as const } : i)),
    });
    const { get } = renderPay(payable, 12, {
      [routes.alipayPrecreate.path]: () =>
        Promise.resolve({
          outTradeNo: "P20260911000000abcdef",
          provider: "offline",
          qrCode: "http://localhost/pay/offline/P20260911000000abcdef",
          amount: 3_000_000,
          subject: "悦家整装装修款",
        }),
      [routes.alipayQuery.path]: () =>
        Promise.resolve({ outTradeNo: "P1", status: "WAIT_BUYER_PAY", amount: 3_000_000, paidAt: null, orderNo: null }),
    });
    expect(await screen.findByText("水电改造款（合同金额的 30%）")).toBeTruthy();
    await waitFor(() =>
      expect(get.mock.calls.find(([e]) => e.path === routes.alipayPrecreate.path)?.[1]).toEqual({ instalmentId: 12 }),
    );
  });

  it("says a paid instalment is paid and a locked one waits for its stage, opening no trade", async () => {
    const { get } = renderPay(projectOf(), 11);
    expect(await screen.findByText("该笔款项已支付")).toBeTruthy();
    expect(get.mock.calls.some(([e]) => e.path === routes.alipayPrecreate.path)).toBe(false);
  });

  it("says a locked instalment waits for its stage's acceptance", async () => {
    renderPay(projectOf(), 13);
    expect(await screen.findByText("该笔款项暂不能支付")).toBeTruthy();
    expect(screen.getByText("「木作」阶段验收后即可支付。")).toBeTruthy();
  });
});
