// A lead's page: the masked number until the audited reveal, the follow-up saved with its state move,
// assignee and note, and the server's '没有修改' when nothing changed.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type AdminLeadDetail, adminRoutes, type StaffMe } from "@yj/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { answer, api, unchanged } from "../test/fake-api";
import { expectShown, renderPage } from "../test/render-page";
import { LeadDetailPage } from "./lead-detail";

const me: StaffMe = {
  id: 9,
  username: "li",
  displayName: "李销售",
  role: "sales",
  mustChangePassword: false,
  permissions: ["self", "dashboard", "leads", "orders", "projects", "project_create"],
  csrf: "x",
};
beforeEach(() => {
  me.permissions = ["self", "dashboard", "leads", "orders", "projects", "project_create"];
});

const lead: AdminLeadDetail = {
  id: 5,
  kind: "appointment",
  state: "new",
  name: "王女士",
  phone: "138****5678",
  province: "浙江省",
  city: "杭州市",
  origin: "首页",
  submissions: 2,
  assigneeId: null,
  assigneeName: null,
  marketingConsent: true,
  marketingConsentAt: "2026-05-01T02:00:00.000Z",
  forgottenAt: null,
  createdAt: "2026-05-01T02:00:00.000Z",
  updatedAt: "2026-05-01T02:00:00.000Z",
  payload: { area: 90, remark: "周末方便" },
  consent: true,
  consentAt: "2026-05-01T02:00:00.000Z",
  notes: [],
};

function open() {
  answer(adminRoutes.adminLeadDetail, lead);
  answer(adminRoutes.adminLeadAssignees, [{ id: 9, displayName: "李销售", role: "sales" }]);
  renderPage(<LeadDetailPage />, { me, url: "/leads/5", path: "/leads/:id" });
}

describe("lead detail", () => {
  it("ADR 0052: shows 地区 and the source page by its Chinese name, not a raw path", async () => {
    answer(adminRoutes.adminLeadDetail, { ...lead, origin: "/decorate-act" });
    answer(adminRoutes.adminLeadAssignees, []);
    renderPage(<LeadDetailPage />, { me, url: "/leads/5", path: "/leads/:id" });
    expect(await screen.findByText("浙江省 杭州市")).toBeTruthy();
    expect(screen.getByText("装修活动")).toBeTruthy();
    expect(screen.queryByText("/decorate-act")).toBeNull();
  });

  it("shows the lead with its number masked, and what the visitor sent", async () => {
    open();
    expect(await screen.findByText("138****5678")).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(adminRoutes.adminLeadDetail, { id: "5" });
    expectShown("王女士", "面积（㎡）", "周末方便", "还没有跟进记录");
  });

  it("a 在线咨询 lead shows the conversation's transcript, its pictures and the way to the conversation", async () => {
    me.permissions = [...me.permissions, "chat"];
    answer(adminRoutes.adminLeadDetail, {
      ...lead,
      kind: "chat",
      payload: {
        conversationId: 31,
        page: "/case",
        transcript: [
          { sender: "访客", text: "杭州能上门量房吗？", at: "2026-05-01T02:00:00.000Z" },
          { sender: "客服 林客服", text: "可以的", at: "2026-05-01T02:01:00.000Z" },
          {
            sender: "访客",
            text: "",
            picture: "/media/chat-0123456789abcdef01234567-avif-1200.webp",
            at: "2026-05-01T02:02:00.000Z",
          },
        ],
      },
    });
    answer(adminRoutes.adminLeadAssignees, []);
    renderPage(<LeadDetailPage />, { me, url: "/leads/5", path: "/leads/:id" });
    const transcript = await screen.findByRole("list", { name: "聊天记录" });
    expect(within(transcript).getAllByRole("listitem")).toHaveLength(3);
    expect(within(transcript).getByText("杭州能上门量房吗？")).toBeTruthy();
    expect(within(transcript).getByRole("img", { name: "聊天图片" }).getAttribute("src")).toMatch(/^\/media\/chat-/);
    expect(screen.getByRole("link", { name: "打开会话 #31" }).getAttribute("href")).toBe("/chat?id=31");
    // The transcript is not dumped as JSON among the submitted fields.
    expect(screen.queryByText(/"sender"/)).toBeNull();
  });

  it("reveals the full number on request, as a phone link", async () => {
    open();
    answer(adminRoutes.adminLeadRevealPhone, { phone: "13812345678" });
    fireEvent.click(await screen.findByRole("button", { name: "显示完整号码" }));
    const link = await screen.findByRole("link", { name: "13812345678" });
    expect(link.getAttribute("href")).toBe("tel:13812345678");
    expect(api.post).toHaveBeenCalledWith(adminRoutes.adminLeadRevealPhone, { id: 5 });
    expect(screen.queryByRole("button", { name: "显示完整号码" })).toBeNull();
  });

  it("keeps the masked number and shows the server's refusal when the reveal fails", async () => {
    open();
    answer(adminRoutes.adminLeadRevealPhone, () => {
      throw new Error("没有权限");
    });
    fireEvent.click(await screen.findByRole("button", { name: "显示完整号码" }));
    expect(await screen.findByText("没有权限")).toBeTruthy();
    expect(screen.getByText("138****5678")).toBeTruthy();
  });

  it("saves a state move with its note, shows the new record and clears the note", async () => {
    open();
    const saved: AdminLeadDetail = {
      ...lead,
      state: "contacted",
      notes: [{ id: 1, staffName: "李销售", text: "已电话联系", stateTo: "contacted", createdAt: lead.createdAt }],
    };
    answer(adminRoutes.adminLeadUpdate, saved);
    await screen.findByText("138****5678");
    fireEvent.mouseDown(screen.getByLabelText("改为状态"));
    fireEvent.click(await screen.findByTitle("已联系"));
    fireEvent.change(screen.getByLabelText("跟进备注"), { target: { value: "  已电话联系 " } });
    fireEvent.click(screen.getByRole("button", { name: "保存跟进" }));
    await waitFor(() =>
      expect(api.save).toHaveBeenCalledWith(adminRoutes.adminLeadUpdate, {
        id: 5,
        state: "contacted",
        assigneeId: null,
        note: "已电话联系",
      }),
    );
    expect(await screen.findByText("已保存")).toBeTruthy();
    expect(await screen.findByText(/改为「已联系」/)).toBeTruthy();
    expect((screen.getByLabelText("跟进备注") as HTMLTextAreaElement).value).toBe("");
  });

  it("says '没有修改' when the follow-up changes nothing", async () => {
    open();
    api.save.mockResolvedValueOnce(unchanged(lead) as never);
    fireEvent.click(await screen.findByRole("button", { name: "保存跟进" }));
    expect(await screen.findByText("没有修改，无需保存")).toBeTruthy();
  });

  describe("创建项目 (issue #24)", () => {
    const signed: AdminLeadDetail = {
      ...lead,
      state: "signed",
      payload: { area: 98, bedRoom: 3, livingRoom: 2, toilet: 1, community: "文三新村", address: "3 幢 501" },
    };
    const openSigned = (projects: { id: number }[] = []) => {
      answer(adminRoutes.adminLeadDetail, signed);
      answer(adminRoutes.adminLeadAssignees, []);
      answer(adminRoutes.adminProjectList, { dataList: projects, total: projects.length, current: 1, pageSize: 20 });
      answer(adminRoutes.adminProjectStaff, [
        { id: 3, name: "赵经理", role: "manager" },
        { id: 4, name: "钱监理", role: "admin" },
      ]);
      renderPage(<LeadDetailPage />, { me, url: "/leads/5", path: "/leads/:id" });
    };

    it("a lead not yet signed offers no project", async () => {
      open();
      await screen.findByText("138****5678");
      expect(screen.queryByRole("button", { name: "创建项目" })).toBeNull();
    });

    it("a signed lead with its project links to it instead", async () => {
      openSigned([{ id: 12 }]);
      const link = await screen.findByRole("link", { name: "查看装修项目 #12" });
      expect(link.getAttribute("href")).toBe("/projects/12");
      expect(screen.queryByRole("button", { name: "创建项目" })).toBeNull();
      expect(api.get).toHaveBeenCalledWith(adminRoutes.adminProjectList, { leadId: 5 });
    });

    it("a role without project_create sees no 创建项目", async () => {
      me.permissions = ["self", "dashboard", "leads", "projects"];
      openSigned();
      await screen.findByText("138****5678");
      await waitFor(() => expect(api.get).toHaveBeenCalledWith(adminRoutes.adminProjectList, { leadId: 5 }));
      expect(screen.queryByRole("button", { name: "创建项目" })).toBeNull();
    });

    it("creates the project from what the lead said, amounts in yuan sent as cents, and opens it", async () => {
      openSigned();
      fireEvent.click(await screen.findByRole("button", { name: "创建项目" }));
      const dialog = await screen.findByRole("dialog");
      expect((within(dialog).getByLabelText("地址") as HTMLInputElement).value).toBe("文三新村 3 幢 501");
      expect((within(dialog).getByLabelText("户型") as HTMLInputElement).value).toBe("3室2厅1卫");
      fireEvent.change(within(dialog).getByLabelText("合同金额（元）"), { target: { value: "168000.5" } });
      fireEvent.change(within(dialog).getByLabelText("延期赔付（元/天）"), { target: { value: "100" } });
      fireEvent.change(within(dialog).getByLabelText("开工日期"), { target: { value: "2026-12-01" } });
      fireEvent.change(within(dialog).getByLabelText("计划竣工日期"), { target: { value: "2027-03-01" } });
      fireEvent.mouseDown(within(dialog).getByLabelText("项目经理"));
      fireEvent.click(await screen.findByTitle("赵经理（项目经理）"));
      answer(adminRoutes.adminProjectCreate, { id: 21 });
      fireEvent.click(within(dialog).getByRole("button", { name: "创建项目" }));
      await waitFor(() =>
        expect(api.post).toHaveBeenCalledWith(adminRoutes.adminProjectCreate, {
          leadId: 5,
          ownerName: "王女士",
          city: "杭州市",
          address: "文三新村 3 幢 501",
          areaSqm: 98,
          layout: "3室2厅1卫",
          packageText: "",
          contractCents: 16_800_050,
          startDate: "2026-12-01",
          plannedFinishDate: "2027-03-01",
          delayCompensationCentsPerDay: 10_000,
          designerId: null,
          managerId: 3,
          inspectorId: null,
        }),
      );
      await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/projects/21"));
    });
  });
});
