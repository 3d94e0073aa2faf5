// The list kit: filters and page live in the address, the rows load for it, 筛选 and 重置 change it.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { adminRoutes } from "@yj/contract";
import { Form, Input } from "antd";
import { describe, expect, it } from "vitest";
import { answer, api } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { DatesFilter } from "./filter-fields";
import { TitledPage } from "./titled-page";
import { FilterBar, UrlTableView } from "./url-table";
import { useUrlTable } from "./use-url-table";

interface Row {
  id: number;
  name: string;
}

function StoreList() {
  const table = useUrlTable(adminRoutes.adminGoodsList, ["name", "visibility"]);
  return (
    <TitledPage title="商品" action={<button type="button">新建商品</button>}>
      <FilterBar table={table} initialValues={table.filter}>
        <Form.Item name="name" label="名称">
          <Input />
        </Form.Item>
      </FilterBar>
      <UrlTableView<Row> table={table} rowKey="id" columns={[{ title: "名称", dataIndex: "name" }]} />
    </TitledPage>
  );
}

function OrderList() {
  const table = useUrlTable(adminRoutes.adminOrderList, ["phone", "from", "to"]);
  return (
    <FilterBar table={table}>
      <DatesFilter label="下单日期" />
    </FilterBar>
  );
}

const where = () => screen.getByTestId("where").textContent;

describe("a list in the address", () => {
  it("loads the address's filters and page, and shows the total", async () => {
    answer(adminRoutes.adminGoodsList, { dataList: [{ id: 1, name: "北欧沙发" }], total: 41 });
    renderPage(<StoreList />, { url: "/goods?name=沙发&current=2&pageSize=20" });
    expect(await screen.findByText("北欧沙发")).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(adminRoutes.adminGoodsList, { name: "沙发", current: 2, pageSize: 20 });
    expect(screen.getByText("共 41 条")).toBeTruthy();
    expect((screen.getByLabelText("名称") as HTMLInputElement).value).toBe("沙发");
    expect(screen.getByRole("heading", { name: "商品" })).toBeTruthy();
  });

  it("筛选 puts the trimmed filter in the address from page one, 重置 clears it", async () => {
    answer(adminRoutes.adminGoodsList, { dataList: [], total: 0 });
    renderPage(<StoreList />, { url: "/goods?current=3" });
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByLabelText("名称"), { target: { value: "  台灯 " } });
    fireEvent.click(screen.getByRole("button", { name: "筛 选" }));
    await waitFor(() => expect(where()).toBe(`/goods?name=${encodeURIComponent("台灯")}`));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith(adminRoutes.adminGoodsList, { name: "台灯", current: 1, pageSize: 20 }),
    );
    fireEvent.click(screen.getByRole("button", { name: "重 置" }));
    await waitFor(() => expect(where()).toBe("/goods"));
  });

  it("shows the load's error above the table", async () => {
    answer(adminRoutes.adminGoodsList, () => {
      throw new Error("没有权限");
    });
    renderPage(<StoreList />, { url: "/goods" });
    expect(await screen.findByText("没有权限")).toBeTruthy();
  });

  it("shows every row of a list that is not paged, without a pager", async () => {
    answer(adminRoutes.adminGoodsList, [
      { id: 1, name: "甲" },
      { id: 2, name: "乙" },
    ]);
    renderPage(<StoreList />, { url: "/goods" });
    expect(await screen.findByText("乙")).toBeTruthy();
    expect(screen.queryByText(/^共 /)).toBeNull();
  });

  it("shows the address's from and to as the date range, and 筛选 keeps them in the address", async () => {
    answer(adminRoutes.adminOrderList, { dataList: [], total: 0 });
    renderPage(<OrderList />, { url: "/orders?phone=138&from=2026-05-01&to=2026-05-03&current=2" });
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(adminRoutes.adminOrderList, {
        phone: "138",
        from: "2026-05-01",
        to: "2026-05-03",
        current: 2,
        pageSize: 20,
      }),
    );
    const days = screen.getAllByRole("textbox").map((input) => (input as HTMLInputElement).value);
    expect(days).toEqual(["2026-05-01", "2026-05-03"]);
    fireEvent.click(screen.getByRole("button", { name: "筛 选" }));
    await waitFor(() => expect(where()).toBe("/orders?from=2026-05-01&to=2026-05-03"));
  });
});
