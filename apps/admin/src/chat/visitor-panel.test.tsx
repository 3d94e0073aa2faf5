// Beside the conversation (docs/decisions/0078): the visitor's page, city, masked number with its
// recorded reveal, leads and orders, and 转为线索 with the number the visitor gave.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type AdminChatVisitor, adminRoutes, type ChatInboxRowData, type StaffMe } from "@yj/contract";
import { describe, expect, it, vi } from "vitest";
import { yuan } from "../kit/money-field";
import { answer, api } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { VisitorPanel } from "./visitor-panel";

const me: StaffMe = {
  id: 9,
  username: "li",
  displayName: "李客服",
  role: "sales",
  mustChangePassword: false,
  permissions: ["self", "dashboard", "leads", "orders", "chat"],
  csrf: "x",
};

const row: ChatInboxRowData = {
  id: 7,
  status: "open",
  lastSeq: 3,
  page: "/packageDetails",
  city: "杭州",
  createdAt: "2026-11-25T01:00:00.000Z",
  assigneeId: 9,
  assigneeName: "李客服",
  customerPhone: "",
  leadId: null,
  lastText: "好的",
  updatedAt: "2026-11-25T01:05:00.000Z",
};
const known: AdminChatVisitor = {
  phone: "139****1234",
  phoneFrom: "customer",
  leads: [{ id: 41, kind: "estimate", state: "new", phone: "139****1234", createdAt: "2026-11-20T01:00:00.000Z" }],
  orders: [
    { id: 5, orderNo: "YJ2026112500001", status: "paid", totalCents: 129_900, createdAt: "2026-11-21T01:00:00.000Z" },
  ],
};

describe("visitor panel", () => {
  it("shows the page, city, masked number, leads and orders; the reveal asks the server", async () => {
    answer(adminRoutes.adminChatVisitor, known);
    answer(adminRoutes.adminChatRevealPhone, { phone: "13900001234" });
    renderPage(<VisitorPanel row={{ ...row, customerPhone: "139****1234" }} onChanged={() => {}} />, { me });
    const panel = await screen.findByRole("region", { name: "访客信息" });
    expect(within(panel).getByText("套餐详情")).toBeTruthy();
    expect(within(panel).getByText("杭州")).toBeTruthy();
    expect(await within(panel).findByRole("link", { name: "线索 #41" })).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "YJ2026112500001" }).getAttribute("href")).toBe(
      "/orders/YJ2026112500001",
    );
    expect(within(panel).getByText(yuan(129_900))).toBeTruthy();
    expect(panel.textContent).not.toContain("13900001234");
    fireEvent.click(within(panel).getByRole("button", { name: "显示完整号码" }));
    const full = await within(panel).findByRole("link", { name: "13900001234" });
    expect(full.getAttribute("href")).toBe("tel:13900001234");
    expect(api.post).toHaveBeenCalledWith(adminRoutes.adminChatRevealPhone, { id: 7 });
  });

  it("转为线索 sends the number the visitor gave, then reads the panel again", async () => {
    answer(adminRoutes.adminChatVisitor, { phone: "", phoneFrom: "", leads: [], orders: [] });
    answer(adminRoutes.adminChatLead, { leadId: 42 });
    const changed = vi.fn();
    renderPage(<VisitorPanel row={row} onChanged={changed} />, { me });
    const panel = await screen.findByRole("region", { name: "访客信息" });
    await within(panel).findByText("暂无线索");
    fireEvent.click(within(panel).getByRole("button", { name: "转为线索" }));
    const dialog = await screen.findByRole("dialog");
    // Anonymous and no number: the number is required, and checked before anything is sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "转为线索" }));
    expect(await within(dialog).findByText("请输入访客的手机号")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("访客手机号"), { target: { value: "13800001111" } });
    fireEvent.change(within(dialog).getByLabelText("称呼"), { target: { value: "陈女士" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "转为线索" }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminChatLead, { id: 7, phone: "13800001111", name: "陈女士" }),
    );
    await waitFor(() => expect(changed).toHaveBeenCalled());
  });

  it("offers no 转为线索 once the conversation has its lead, nor on someone else's", async () => {
    answer(adminRoutes.adminChatVisitor, known);
    const { unmount } = renderPage(<VisitorPanel row={{ ...row, leadId: 41 }} onChanged={() => {}} />, { me });
    await screen.findByRole("link", { name: "线索 #41" });
    expect(screen.queryByRole("button", { name: "转为线索" })).toBeNull();
    unmount();
    renderPage(<VisitorPanel row={{ ...row, assigneeId: 3 }} onChanged={() => {}} />, { me });
    await screen.findByRole("link", { name: "线索 #41" });
    expect(screen.queryByRole("button", { name: "转为线索" })).toBeNull();
  });
});
