// The brand and service pages: each route's page, the blocks drawn as text (never as HTML), the
// hard-decoration prices of the visitor's city, and the frame's booking offer (docs/product.md §2).
import { act, fireEvent, screen, within } from "@testing-library/react";
import { type HardPrice, hardCentsPerM2, routes, type SitePage } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { useLeadDialog } from "../../lib/lead-dialogs";
import { renderApp } from "../../test/render-app";
import BrandPageScreen from "./brand-page-screen";
import HardDecorationScreen from "./hard-decoration-screen";
import { hardDecorationPrices } from "./hard-prices";
import { PAGE_SLUG_BY_PATH, slugOfPath } from "./site-page-query";

const aboutPage: SitePage = {
  slug: "about",
  title: "品牌故事",
  description: "一站式整装，一个团队负责到底。",
  updatedAt: "2026-01-01T00:00:00.000Z",
  blocks: [
    { kind: "heading", text: "我们为什么出发" },
    { kind: "paragraph", text: "<b>不是</b> HTML" },
    { kind: "image", src: "/media/page-about.svg", caption: "体验馆" },
    {
      kind: "steps",
      items: [
        { title: "咨询预约", text: "24 小时内联系" },
        { title: "上门量房", text: "免费" },
      ],
    },
    { kind: "features", items: [{ title: "透明报价", text: "不增项" }] },
    { kind: "figures", items: [{ value: "5 年", label: "隐蔽工程质保" }] },
    { kind: "list", title: "价格包含", tone: "included", items: ["水电改造"] },
    { kind: "list", title: "价格不含", tone: "excluded", items: ["家电"] },
    { kind: "link", text: "了解服务流程", to: "/stream" },
  ],
};

const hangzhou: HardPrice = {
  city: "杭州市",
  province: "浙江省",
  fallback: false,
  packagePriceCentsPerM2: 159_900,
  halfPackagePriceCentsPerM2: 71_900,
  mainMaterialCentsPerM2: 44_800,
  auxiliaryMaterialCentsPerM2: 17_600,
  laborCentsPerM2: 38_400,
  projectManagementCentsPerM2: 9_600,
  designCentsPerM2: 8_000,
  softCentsPerM2: 24_000,
  applianceCentsPerM2: 17_500,
};

function LeadDialogProbe() {
  const request = useLeadDialog();
  return <output data-testid="dialog">{request ? `${request.kind}:${request.origin}` : ""}</output>;
}

describe("routes and slugs", () => {
  it("maps every brand route to its page; /heartPage and /2-2 share one", () => {
    expect(Object.keys(PAGE_SLUG_BY_PATH)).toEqual(["/about", "/stream", "/integrate", "/heartPage", "/2-2", "/2-22"]);
    expect(slugOfPath("/heartPage")).toBe("hard-decoration");
    expect(slugOfPath("/2-2")).toBe("hard-decoration");
    expect(slugOfPath("/2-22")).toBe("soft-furnishing");
    expect(slugOfPath("/about/")).toBe("about");
    expect(() => slugOfPath("/2-23")).toThrow();
  });
});

describe("brand page", () => {
  it("draws title, lead and every block as text, links on this site, and offers a booking", () => {
    renderApp(
      <>
        <BrandPageScreen />
        <LeadDialogProbe />
      </>,
      { path: "/about", prime: (set) => set(routes.sitePage, { slug: "about" }, aboutPage) },
    );
    expect(screen.getByRole("heading", { level: 1, name: "品牌故事" })).toBeTruthy();
    expect(screen.getByText("一站式整装，一个团队负责到底。")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "我们为什么出发" })).toBeTruthy();
    // A paragraph's markup stays text: nothing is parsed as HTML.
    expect(screen.getByText("<b>不是</b> HTML")).toBeTruthy();
    expect(document.querySelector("b")).toBeNull();
    expect(screen.getByRole("img", { name: "体验馆" }).getAttribute("src")).toBe("/media/page-about.svg");
    const steps = screen.getByText("咨询预约").closest("ol");
    expect(
      steps &&
        within(steps)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
    ).toEqual(["01咨询预约24 小时内联系", "02上门量房免费"]);
    expect(screen.getByText("5 年")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "价格包含" })).getByText("水电改造")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "价格不含" })).getByText("家电")).toBeTruthy();
    expect(screen.getByRole("link", { name: "了解服务流程 ›" }).getAttribute("href")).toBe("/stream");
    act(() => fireEvent.click(screen.getByRole("button", { name: "免费预约设计师" })));
    expect(screen.getByTestId("dialog").textContent).toBe("booking:品牌故事");
  });

  it("#21 item 8: a stored link or picture that leaves the site (/\\evil.example) is drawn without it", () => {
    const legacy: SitePage = {
      ...aboutPage,
      blocks: [
        { kind: "link", text: "离站链接", to: "/\\evil.example" },
        { kind: "link", text: "制表符链接", to: "/\t/evil.example" },
        { kind: "image", src: "/\\evil.example/a.png", caption: "离站图片" },
        { kind: "link", text: "站内链接", to: "/stream" },
      ],
    };
    renderApp(<BrandPageScreen />, {
      path: "/about",
      prime: (set) => set(routes.sitePage, { slug: "about" }, legacy),
    });
    expect(screen.getByText("离站链接 ›").closest("a")).toBeNull();
    expect(screen.getByText("制表符链接 ›").closest("a")).toBeNull();
    expect(screen.queryByRole("img", { name: "离站图片" })).toBeNull();
    expect(screen.getByRole("link", { name: "站内链接 ›" }).getAttribute("href")).toBe("/stream");
    expect(document.querySelector('a[href*="evil"], img[src*="evil"]')).toBeNull();
  });
});

describe("hard decoration", () => {
  const hardPage: SitePage = { ...aboutPage, slug: "hard-decoration", title: "标准化硬装" };

  it("quotes 硬装全包 as the hard parts only, 半包 as the estimate's (without 主材), soft furnishings and appliances as extras", () => {
    const prices = hardDecorationPrices(hangzhou);
    expect(prices.fullCentsPerM2).toBe(44_800 + 17_600 + 38_400 + 9_600 + 8_000);
    expect(prices.fullCentsPerM2).toBeLessThan(hangzhou.packagePriceCentsPerM2);
    // The same figures the estimate multiplies by the area (ADR 0052).
    expect(prices.fullCentsPerM2).toBe(hardCentsPerM2(hangzhou));
    expect(prices.halfCentsPerM2).toBe(17_600 + 38_400 + 9_600 + 8_000);
    expect(prices.parts.map((p) => p.name)).toEqual(["主材", "辅材", "人工", "管理费", "设计费"]);
    expect(prices.extras).toEqual([
      { name: "软装", centsPerM2: 24_000 },
      { name: "家电", centsPerM2: 17_500 },
    ]);
  });

  it("shows the visitor's city price and follows a change of city", async () => {
    const ningbo: HardPrice = { ...hangzhou, city: "宁波市", mainMaterialCentsPerM2: 40_000 };
    const { store } = renderApp(<HardDecorationScreen />, {
      path: "/2-2",
      prime: (set) => {
        set(routes.sitePage, { slug: "hard-decoration" }, hardPage);
        set(routes.hardPrice, { city: "杭州市" }, hangzhou);
        set(routes.hardPrice, { city: "宁波市" }, ningbo);
      },
    });
    expect(screen.getByRole("heading", { level: 1, name: "标准化硬装" })).toBeTruthy();
    expect(screen.getByText("杭州市标准化硬装")).toBeTruthy();
    expect(screen.getByTestId("hard-price-full").textContent).toBe("¥1,184");
    // 硬装半包 is the estimate's 半包 rate, the hard parts without 主材 (ADR 0052), not the 半包套餐 field.
    expect(screen.getByText("¥736")).toBeTruthy();
    expect(screen.queryByText("¥719")).toBeNull();
    act(() => store.setState({ cityName: "宁波市", province: "浙江省" }));
    expect(await screen.findByText("宁波市标准化硬装")).toBeTruthy();
    expect(screen.getByTestId("hard-price-full").textContent).toBe("¥1,136");
  });

  it("says when the city is not covered and which city's price it shows", () => {
    renderApp(<HardDecorationScreen />, {
      path: "/heartPage",
      state: { cityName: "拉萨市", province: "西藏自治区" },
      prime: (set) => {
        set(routes.sitePage, { slug: "hard-decoration" }, hardPage);
        set(routes.hardPrice, { city: "拉萨市" }, { ...hangzhou, fallback: true });
      },
    });
    expect(screen.getByText("拉萨市暂未开通，参考杭州市价格")).toBeTruthy();
  });
});
