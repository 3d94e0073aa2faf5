// The lead list (ADR 0052): each lead's 地区 (province and city) and its source page by its Chinese name,
// also for a lead stored with a raw storefront path.
import { screen } from "@testing-library/react";
import { type AdminLeadRow, adminRoutes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { answer } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { LeadListPage } from "./lead-list";

const row = (id: number, fields: Partial<AdminLeadRow>): AdminLeadRow => ({
  id,
  kind: "denominate",
  state: "new",
  name: "",
  phone: "138****5678",
  province: "",
  city: "",
  origin: "",
  submissions: 1,
  assigneeId: null,
  assigneeName: null,
  marketingConsent: false,
  marketingConsentAt: null,
  forgottenAt: null,
  createdAt: "2026-05-01T02:00:00.000Z",
  updatedAt: "2026-05-01T02:00:00.000Z",
  ...fields,
});

describe("lead list", () => {
  it("shows each lead's province and city and names its source page", async () => {
    answer(adminRoutes.adminLeadList, {
      dataList: [
        row(1, { province: "浙江省", city: "杭州市", origin: "装修活动 · 活动定金" }),
        row(2, { kind: "panorama", origin: "/iframe" }),
      ],
      total: 2,
    });
    renderPage(<LeadListPage />, { url: "/leads" });
    expect(await screen.findByText("浙江省 杭州市")).toBeTruthy();
    expect(screen.getByText("装修活动 · 活动定金")).toBeTruthy();
    expect(screen.getByText("活动定金")).toBeTruthy();
    expect(screen.getByText("全景样板间")).toBeTruthy();
    expect(screen.queryByText("/iframe")).toBeNull();
  });
});
