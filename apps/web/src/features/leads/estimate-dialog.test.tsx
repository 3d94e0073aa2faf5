// The smart estimate: each field's message, empty parameters removed, the result and '重新计算', the
// served counter.
import { fireEvent, screen, within } from "@testing-library/react";
import { type EstimateData, Messages, routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import EstimateDialog from "./estimate-dialog";
import { type EstimateForm, estimateBody, validateEstimate, withoutEmpty } from "./lead-rules";

const valid: EstimateForm = {
  province: "浙江省",
  city: "杭州市",
  area: "89",
  room: 3,
  hall: 2,
  wei: 1,
  isSoft: false,
  isElectric: false,
  phone: "13800000000",
  consent: true,
  marketing: false,
};

const answer: EstimateData = {
  mainMaterialPrice: 5_000_000,
  auxiliaryMaterialPrice: 1_200_000,
  laborCost: 2_400_000,
  projectManagementFee: 300_000,
  designFee: 150_050,
  softPrice: 0,
  jdPrice: 0,
  totalPackagePrice: 9_050_050,
  halfPackagePrice: 4_050_050,
  parts: [
    { name: "主材", amount: 5_000_000 },
    { name: "辅材", amount: 1_200_000 },
    { name: "人工", amount: 2_400_000 },
    { name: "管理费", amount: 300_000 },
    { name: "设计费", amount: 150_050 },
  ],
  lines: [
    { name: "硬装", rateCents: 100_000, quantity: 89, unit: "㎡", amount: 8_900_000 },
    { name: "卧室", rateCents: 50_000, quantity: 3, unit: "间", amount: 150_000 },
    { name: "卫生间", rateCents: 50, quantity: 1, unit: "间", amount: 50 },
  ],
  basis: {
    city: "杭州市",
    province: "浙江省",
    fallback: false,
    area: 89,
    bedRoom: 3,
    livingRoom: 2,
    toilet: 1,
    soft: false,
    appliance: false,
    packagePriceCentsPerM2: 161_900,
    hardCentsPerM2: 100_000,
    halfCentsPerM2: 60_000,
  },
};

describe("estimate rules", () => {
  it("gives each field the product's message", () => {
    expect(validateEstimate(valid)).toEqual({});
    const empty = validateEstimate({ ...valid, province: "", city: "", area: "", phone: "", consent: false });
    expect(empty).toEqual({
      province: Messages.quoteProvince,
      city: Messages.quoteCity,
      area: Messages.quoteArea,
      phone: Messages.quotePhone,
      consent: Messages.consentRequired,
    });
    expect(validateEstimate({ ...valid, area: "0" }).area).toBe(Messages.quoteAreaPositive);
    expect(validateEstimate({ ...valid, area: "." }).area).toBe(Messages.quoteAreaPositive);
    expect(validateEstimate({ ...valid, area: "20000" }).area).toBeTruthy();
    expect(validateEstimate({ ...valid, room: 0, hall: 0, wei: 0 })).toEqual({
      room: Messages.quoteRoom,
      hall: Messages.quoteHall,
      wei: Messages.quoteWei,
    });
    expect(validateEstimate({ ...valid, phone: "12800000000" }).phone).toBe(Messages.quotePhoneInvalid);
  });

  it("removes empty parameters before sending", () => {
    expect(withoutEmpty({ a: "", b: "  ", c: undefined, d: null, e: 0, f: "x", g: false })).toEqual({
      e: 0,
      f: "x",
      g: false,
    });
    expect(estimateBody(valid)).toEqual({
      province: "浙江省",
      city: "杭州市",
      area: 89,
      room: 3,
      hall: 2,
      wei: 1,
      isSoft: 0,
      isElectric: 0,
      comment: Messages.quoteNothingSelected,
      phone: "13800000000",
      consent: true,
      marketingConsent: false,
    });
    expect(estimateBody({ ...valid, isSoft: true, isElectric: true })).toMatchObject({
      isSoft: 1,
      isElectric: 1,
      comment: "软装、家电",
    });
  });
});

function open(post: () => Promise<unknown>, served: () => Promise<unknown> = () => Promise.resolve(120)) {
  const fake = fakeApi({ get: { [routes.servedCount.path]: served }, post: { [routes.estimate.path]: post } });
  renderApp(<EstimateDialog onClose={() => {}} />, {
    api: fake.api,
    state: { province: "浙江省", cityName: "杭州市" },
    prime: (set) => {
      set(routes.regions, { code: "86" }, { "110000": "北京市", "330000": "浙江省" });
      set(routes.regions, { code: "330000" }, { "330100": "杭州市", "330200": "宁波市" });
      set(routes.regions, { code: "110000" }, { "110100": "市辖区" });
    },
  });
  return fake;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const calculate = () => fireEvent.click(screen.getByRole("button", { name: "开始计算" }));

describe("estimate dialog", () => {
  it("starts from the visitor's city, 1 室 1 厅 1 卫, toggles and consent off", async () => {
    open(() => Promise.resolve(answer));
    expect(field("省份").value).toBe("浙江省");
    expect(field("城市").value).toBe("杭州市");
    expect(field("室").value).toBe("1");
    expect(field("厅").value).toBe("1");
    expect(field("卫").value).toBe("1");
    expect(field("含软装").checked).toBe(false);
    expect(field("含家电").checked).toBe(false);
    expect((screen.getByRole("checkbox", { name: /我已阅读并同意/ }) as HTMLInputElement).checked).toBe(false);
    expect((await screen.findByTestId("served-count")).textContent).toBe("已为 120 位业主提供报价");
  });

  it("shows each field's message and sends nothing while one is wrong", () => {
    const { post } = open(() => Promise.resolve(answer));
    fireEvent.change(field("城市"), { target: { value: "" } });
    fireEvent.change(field("手机号"), { target: { value: "1380000" } });
    calculate();
    const messages = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(messages).toEqual([
      Messages.quoteCity,
      Messages.quoteArea,
      Messages.quotePhoneInvalid,
      Messages.consentRequired,
    ]);
    fireEvent.change(field("房屋面积（㎡）"), { target: { value: "0" } });
    calculate();
    expect(screen.getByText(Messages.quoteAreaPositive)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("names a municipality's one city after the municipality", () => {
    open(() => Promise.resolve(answer));
    fireEvent.change(field("省份"), { target: { value: "北京市" } });
    expect(field("城市").value).toBe("");
    const options = within(field("城市") as unknown as HTMLElement).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([Messages.quoteCity, "北京市"]);
  });

  it("shows the result, refreshes the counter, and '重新计算' returns to the form with its values", async () => {
    let served = 120;
    const { post, get } = open(
      () => Promise.resolve(answer),
      () => Promise.resolve(served++),
    );
    await screen.findByText("120");
    fireEvent.change(field("房屋面积（㎡）"), { target: { value: "89" } });
    fireEvent.change(field("室"), { target: { value: "3" } });
    fireEvent.click(field("含软装"));
    fireEvent.change(field("手机号"), { target: { value: "13800000000" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /我已阅读并同意/ }));
    calculate();

    expect((await screen.findByTestId("estimate-total")).textContent).toBe("¥90,500.50");
    expect(screen.getByTestId("estimate-half").textContent).toBe("¥40,500.50");
    for (const name of ["主材", "辅材", "人工", "管理费", "设计费"]) expect(screen.getByText(name)).toBeTruthy();
    expect(screen.getByText(/量房/)).toBeTruthy();
    expect(screen.getByText(/89㎡，3室1厅1卫/)).toBeTruthy();
    expect(screen.getByText("软装与家电：软装")).toBeTruthy();
    // ADR 0052: the basis is the 硬装全包 rate /heartPage shows, and each line says rate × quantity.
    expect(screen.getByTestId("estimate-basis").textContent).toContain("杭州市硬装全包单价 ¥1,000/㎡");
    expect(screen.queryByText(/¥1,619/)).toBeNull();
    const lines = within(screen.getByTestId("estimate-lines"));
    const rows = lines.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual([
      "硬装¥1,000/㎡ × 89㎡¥89,000",
      "卧室¥500/间 × 3间¥1,500",
      "卫生间¥0.50/间 × 1间¥0.50",
      "合计以上各项相加¥90,500.50",
    ]);
    expect(await screen.findByText("121")).toBeTruthy();
    expect(get.mock.calls.filter(([r]) => r.path === routes.servedCount.path).length).toBeGreaterThanOrEqual(2);
    expect(post.mock.calls[0]?.[1]).toMatchObject({ area: 89, room: 3, isSoft: 1, isElectric: 0, consent: true });

    fireEvent.click(screen.getByRole("button", { name: Messages.quoteRecalculate }));
    expect(((await screen.findByLabelText("房屋面积（㎡）")) as HTMLInputElement).value).toBe("89");
    expect(field("室").value).toBe("3");
    expect(field("含软装").checked).toBe(true);
    expect(field("手机号").value).toBe("13800000000");
  });

  it("keeps the focus in the dialog when the result replaces the form, and Tab wraps inside it", async () => {
    open(() => Promise.resolve(answer));
    fireEvent.change(field("房屋面积（㎡）"), { target: { value: "89" } });
    fireEvent.change(field("手机号"), { target: { value: "13800000000" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /我已阅读并同意/ }));
    const submit = screen.getByRole("button", { name: "开始计算" });
    submit.focus();
    fireEvent.click(submit);
    await screen.findByTestId("estimate-total");
    const dialog = screen.getByRole("dialog", { name: "您的装修报价" });
    // The dialog itself, read from its top: the total first, not the last button.
    expect(document.activeElement).toBe(dialog);
    expect(dialog.scrollTop).toBe(0);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe([...dialog.querySelectorAll<HTMLElement>("a[href], button")].at(-1));

    const controls = [...dialog.querySelectorAll<HTMLElement>("a[href], button")];
    controls.at(-1)?.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(controls[0]);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(controls.at(-1));
  });

  it("says '网络错误，请稍后重试' when the quote fails, and keeps the counter's failure silent", async () => {
    open(
      () => Promise.reject(new Error("boom")),
      () => Promise.reject(new Error("count down")),
    );
    fireEvent.change(field("房屋面积（㎡）"), { target: { value: "60" } });
    fireEvent.change(field("手机号"), { target: { value: "13800000000" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /我已阅读并同意/ }));
    calculate();
    expect((await screen.findByRole("alert")).textContent).toBe(Messages.networkError);
    expect(screen.queryByTestId("served-count")).toBeNull();
    expect(screen.queryByText("count down")).toBeNull();
  });
});
