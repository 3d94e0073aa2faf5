// Home banners: the words shown over the picture (主标题, 副标题, 按钮文字) are set per banner and saved
// with it (#27 item 7, docs/decisions/0055).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type AdminBannerRow, adminRoutes, routes as shopRoutes } from "@yj/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { answer, api } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { BannersPage } from "./banners";

const banner: AdminBannerRow = {
  id: 5,
  scope: "city",
  province: "浙江省",
  city: "杭州市",
  title: "杭州滨江体验馆",
  image: "/media/banner-5.svg",
  link: "/decorate-act",
  sort: 1,
  headline: "杭州滨江体验馆",
  subline: "",
  buttonLabel: "",
};

beforeEach(() => {
  answer(adminRoutes.adminBannerList, [banner]);
  answer(shopRoutes.cityList, [{ id: 1, type: 1, content: { city: "杭州市", province: "浙江省" } }]);
});

describe("banners", () => {
  it("shows each banner's headline and saves a changed headline, sub-line and button label", async () => {
    answer(adminRoutes.adminBannerUpdate, (body) => ({ ...banner, ...(body as object) }));
    renderPage(<BannersPage />);
    const row = (await screen.findAllByText("杭州滨江体验馆")).at(-1)!.closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "编辑 杭州滨江体验馆" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("主标题"), { target: { value: "滨江体验馆开业" } });
    fireEvent.change(within(dialog).getByLabelText("副标题"), { target: { value: "预约到店 免费量房" } });
    fireEvent.change(within(dialog).getByLabelText("按钮文字"), { target: { value: "立即预约" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        adminRoutes.adminBannerUpdate,
        expect.objectContaining({
          id: 5,
          title: "杭州滨江体验馆",
          headline: "滨江体验馆开业",
          subline: "预约到店 免费量房",
          buttonLabel: "立即预约",
        }),
      ),
    );
  });
});
