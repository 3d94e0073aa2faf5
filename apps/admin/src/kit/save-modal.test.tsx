// The save dialog and the money field: busy while saving, the server's message on a refusal, the
// toast and the follow-up on success; yuan checked by the contract's one rule.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Form, Input } from "antd";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "../test/render-page";
import { MoneyField, yuanText } from "./money-field";
import { SaveModal } from "./save-modal";

interface Values {
  name: string;
  price: string;
}

function renderDialog(onSave: (values: Values) => Promise<unknown>) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderPage(
    <SaveModal<Values>
      open
      title="编辑商品"
      initialValues={{ name: "台灯", price: yuanText(12950) }}
      savedText="商品已保存"
      onSave={onSave}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="name" label="名称" rules={[{ required: true, message: "请输入名称" }]}>
        <Input />
      </Form.Item>
      <MoneyField name="price" label="价格（元）" required="请输入价格" />
    </SaveModal>,
  );
  return { onSaved, onClose };
}

const saveButton = () => screen.getByRole("button", { name: /保 ?存/ });

describe("SaveModal", () => {
  it("saves the form's values, says so and hands the answer on", async () => {
    const onSave = vi.fn(async () => ({ id: 7 }));
    const { onSaved } = renderDialog(onSave);
    expect((screen.getByLabelText("价格（元）") as HTMLInputElement).value).toBe("129.50");
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 7 }));
    expect(onSave).toHaveBeenCalledWith({ name: "台灯", price: "129.50" });
    expect(await screen.findByText("商品已保存")).toBeTruthy();
  });

  it("is busy while the save runs and shows the server's message when it is refused", async () => {
    let refuse: (error: Error) => void = () => {};
    const { onSaved } = renderDialog(() => new Promise((_, reject) => (refuse = reject)));
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().className).toContain("ant-btn-loading"));
    refuse(new Error("商品名称已存在"));
    expect(await screen.findByText("商品名称已存在")).toBeTruthy();
    await waitFor(() => expect(saveButton().className).not.toContain("ant-btn-loading"));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("refuses yuan with more than two decimals by the contract's rule, and an empty amount", async () => {
    const onSave = vi.fn(async () => ({}));
    renderDialog(onSave);
    const price = screen.getByLabelText("价格（元）");
    fireEvent.change(price, { target: { value: "12.345" } });
    fireEvent.click(saveButton());
    expect(await screen.findByText("金额最多两位小数")).toBeTruthy();
    fireEvent.change(price, { target: { value: "" } });
    expect(await screen.findByText("请输入价格")).toBeTruthy();
    fireEvent.change(price, { target: { value: "9999999.5" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: "台灯", price: "9999999.5" }));
  });
});

describe("yuanText", () => {
  it("shows cents as yuan with two decimals", () => {
    expect(yuanText(0)).toBe("0.00");
    expect(yuanText(5)).toBe("0.05");
    expect(yuanText(12900)).toBe("129.00");
  });
});
