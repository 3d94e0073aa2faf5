// Staff management: the list with each member's state, the own row left alone, a new member's one-time
// password shown once, and role, disable and password reset on the others.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { adminRoutes, type StaffMe, type StaffRow } from "@yj/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { answer, api } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { StaffPage } from "./staff";

const me: StaffMe = {
  id: 1,
  username: "admin",
  displayName: "管理员",
  role: "admin",
  mustChangePassword: false,
  permissions: ["staff"],
  csrf: "x",
};

const row = (over: Partial<StaffRow>): StaffRow => ({
  id: 1,
  username: "admin",
  displayName: "管理员",
  phone: "",
  role: "admin",
  disabled: false,
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: "2026-05-01T02:00:00.000Z",
  ...over,
});
const staff = [row({}), row({ id: 2, username: "li", displayName: "李销售", role: "sales", mustChangePassword: true })];

beforeEach(() => answer(adminRoutes.adminStaffList, staff));

/** Opens 新建员工, fills it in and presses 创建. */
async function createStaff(username: string, displayName: string) {
  fireEvent.click(await screen.findByRole("button", { name: "新建员工" }));
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(within(dialog).getByLabelText("用户名"), { target: { value: username } });
  fireEvent.change(within(dialog).getByLabelText("姓名"), { target: { value: displayName } });
  fireEvent.click(within(dialog).getByRole("button", { name: "创 建" }));
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;

describe("staff", () => {
  it("lists every member with their state, and leaves the own row alone", async () => {
    renderPage(<StaffPage />, { me });
    const mine = await rowOf("admin");
    expect(within(mine).getByText("当前账号")).toBeTruthy();
    expect(within(mine).queryByRole("button")).toBeNull();
    const other = await rowOf("李销售");
    expect(within(other).getByText("正常")).toBeTruthy();
    expect(within(other).getByText("待改初始密码")).toBeTruthy();
    expect(within(other).getByRole("button", { name: "停 用" })).toBeTruthy();
  });

  it("creates a member and shows the one-time password once", async () => {
    answer(adminRoutes.adminStaffCreate, {
      staff: row({ id: 3, username: "wang", displayName: "王运营", role: "operations" }),
      oneTimePassword: "Tmp-7f3k9q",
    });
    renderPage(<StaffPage />, { me });
    await createStaff("wang", "王运营");
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminStaffCreate, {
        username: "wang",
        displayName: "王运营",
        phone: "",
        role: "sales",
      }),
    );
    expect((await screen.findByTestId("one-time-password")).textContent).toContain("Tmp-7f3k9q");
    expect(screen.getByText("wang")).toBeTruthy();
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });

  it("creates a member with a work phone, and edits a member's phone in the list", async () => {
    answer(adminRoutes.adminStaffCreate, {
      staff: row({ id: 3, username: "zhou", displayName: "周经理", phone: "13900001111", role: "manager" }),
      oneTimePassword: "Tmp-p40n3x",
    });
    answer(adminRoutes.adminStaffUpdate, row({ id: 2, phone: "13900002222" }));
    renderPage(<StaffPage />, { me });
    fireEvent.click(await screen.findByRole("button", { name: "新建员工" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("用户名"), { target: { value: "zhou" } });
    fireEvent.change(within(dialog).getByLabelText("姓名"), { target: { value: "周经理" } });
    fireEvent.change(within(dialog).getByLabelText("电话"), { target: { value: "1390000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "创 建" }));
    expect(await within(dialog).findByText("电话格式不正确")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText("电话"), { target: { value: "13900001111" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "创 建" }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminStaffCreate, {
        username: "zhou",
        displayName: "周经理",
        phone: "13900001111",
        role: "sales",
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "我已记下" }));
    fireEvent.click(within(await rowOf("李销售")).getByRole("button", { name: "修改 李销售 的电话" }));
    const box = within(await rowOf("李销售")).getByRole("textbox");
    fireEvent.change(box, { target: { value: "13900002222" } });
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    fireEvent.keyUp(box, { key: "Enter", keyCode: 13 });
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(adminRoutes.adminStaffUpdate, { id: 2, phone: "13900002222" }),
    );
  });

  it("refuses a user name the rule does not allow, and sends nothing", async () => {
    renderPage(<StaffPage />, { me });
    await createStaff("王", "王运营");
    expect(await screen.findByText("用户名为 3–32 位字母、数字、下划线或短横线")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a new member and keeps the dialog", async () => {
    answer(adminRoutes.adminStaffCreate, () => {
      throw new Error("用户名已存在");
    });
    renderPage(<StaffPage />, { me });
    await createStaff("li-sales", "李");
    expect(await screen.findByText("用户名已存在")).toBeTruthy();
    expect(screen.queryByTestId("one-time-password")).toBeNull();
    expect(within(screen.getByRole("dialog")).getByLabelText("用户名")).toBeTruthy();
  });

  it("disables a member after a confirmation and loads the list again", async () => {
    answer(adminRoutes.adminStaffUpdate, row({ id: 2, disabled: true }));
    renderPage(<StaffPage />, { me });
    fireEvent.click(within(await rowOf("李销售")).getByRole("button", { name: "停 用" }));
    expect(await screen.findByText("停用 李销售？停用后立即退出登录")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "确 定" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(adminRoutes.adminStaffUpdate, { id: 2, disabled: true }));
    expect(await screen.findByText("已停用")).toBeTruthy();
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });

  it("resets a password and shows the new one-time password", async () => {
    answer(adminRoutes.adminStaffResetPassword, { oneTimePassword: "Tmp-r3s3t" });
    renderPage(<StaffPage />, { me });
    fireEvent.click(within(await rowOf("李销售")).getByRole("button", { name: "重置密码" }));
    fireEvent.click(await screen.findByRole("button", { name: "确 定" }));
    expect((await screen.findByTestId("one-time-password")).textContent).toContain("Tmp-r3s3t");
    expect(screen.getByText("密码已重置")).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith(adminRoutes.adminStaffResetPassword, { id: 2 });
  });
});
