// The goods editor: it shows the goods in yuan, saves after a confirmation with every SKU's id (a SKU
// without it would be saved as a new one), and refuses a bad price before asking anything.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type AdminGoodsDetail, adminRoutes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { answer, api, unchanged } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { GoodsEditorPage } from "./goods-editor";

const goods: AdminGoodsDetail = {
  id: 12,
  name: "北欧布艺沙发",
  subtitle: "三人位",
  category2: 3,
  category3: null,
  brand: "悦家",
  price: 129900,
  originalPrice: 159900,
  unit: "件",
  params: [{ name: "材质", value: "棉麻" }],
  description: "",
  shown: true,
  isPackage: false,
  madeToOrder: false,
  images: ["/media/sofa-1.jpg", "/media/sofa-2.jpg"],
  skus: [
    { id: 31, spec: "灰色", price: 129900, stock: 5 },
    { id: 32, spec: "米色", price: 139900, stock: 0 },
  ],
};

function open() {
  answer(adminRoutes.adminGoodsDetail, goods);
  answer(adminRoutes.adminGoodsCategories, [{ id: 3, name: "沙发" }]);
  answer(adminRoutes.adminGoodsSave, (body) => ({ ...goods, price: 99950, ...(body as object), images: goods.images }));
  renderPage(<GoodsEditorPage />, { url: "/goods/12", path: "/goods/:id" });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole("button", { name: "保 存" });

/** Opens the goods, types `value` into the field labelled `label` and presses 保存. */
async function openAndSaveWith(label: string, value: string) {
  open();
  await screen.findByText("编辑商品 #12");
  fireEvent.change(field(label), { target: { value } });
  fireEvent.click(saveButton());
}
const confirmDialog = () => screen.findByRole("dialog");

describe("goods editor", () => {
  it("loads the goods by the address's id and shows its money in yuan", async () => {
    open();
    expect(await screen.findByText("编辑商品 #12")).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(adminRoutes.adminGoodsDetail, { id: 12 });
    expect(field("价格（元）").value).toBe("1299.00");
    expect(field("市场价（元）").value).toBe("1599.00");
    expect(field("规格价格 2").value).toBe("1399.00");
  });

  it("asks first, then saves every value with the SKUs' ids and says 商品已保存", async () => {
    await openAndSaveWith("价格（元）", "999.5");
    const dialog = await confirmDialog();
    expect(within(dialog).getAllByText("确认保存商品？").length).toBeGreaterThan(0);
    expect(within(dialog).getByText("保存后前台立即显示新的内容与价格。")).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "保 存" }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    const [route, body] = api.save.mock.calls[0]!;
    expect(route).toBe(adminRoutes.adminGoodsSave);
    expect(body).toMatchObject({
      id: 12,
      name: "北欧布艺沙发",
      price: "999.5",
      originalPrice: "1599.00",
      params: [{ name: "材质", value: "棉麻" }],
      images: ["/media/sofa-1.jpg", "/media/sofa-2.jpg"],
      skus: [
        { id: 31, spec: "灰色", price: "1299.00", stock: 5 },
        { id: 32, spec: "米色", price: "1399.00", stock: 0 },
      ],
    });
    expect(await screen.findByText("商品已保存")).toBeTruthy();
  });

  it("says what the server says when nothing changed", async () => {
    open();
    await screen.findByText("编辑商品 #12");
    api.save.mockResolvedValueOnce(unchanged(goods) as never);
    fireEvent.click(saveButton());
    fireEvent.click(within(await confirmDialog()).getByRole("button", { name: "保 存" }));
    expect(await screen.findByText("没有修改，无需保存")).toBeTruthy();
  });

  it("refuses a price with three decimals without asking or saving", async () => {
    await openAndSaveWith("价格（元）", "12.345");
    expect(await screen.findByText("金额最多两位小数")).toBeTruthy();
    expect(await screen.findByText("请先修正标红的内容")).toBeTruthy();
    expect(screen.queryByText("确认保存商品？")).toBeNull();
    expect(api.save).not.toHaveBeenCalled();
  });

  it("refuses a SKU price that breaks the yuan rule (its field shows no message) with one toast", async () => {
    await openAndSaveWith("规格价格 1", "12.345");
    expect(await screen.findByText("请先修正标红的内容")).toBeTruthy();
    expect(screen.queryByText("确认保存商品？")).toBeNull();
    expect(api.save).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and a way back when the goods cannot be loaded", async () => {
    answer(adminRoutes.adminGoodsDetail, () => {
      throw new Error("商品不存在");
    });
    answer(adminRoutes.adminGoodsCategories, []);
    renderPage(<GoodsEditorPage />, { url: "/goods/99", path: "/goods/:id" });
    expect(await screen.findByText("商品不存在")).toBeTruthy();
    expect(screen.getByRole("link", { name: "返回商品列表" }).getAttribute("href")).toBe("/goods");
  });
});
