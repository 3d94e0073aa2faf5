// The staff's robot message (R17; ADR 0052): the visitor's place, and the source page by its Chinese
// name even for a lead stored with a raw storefront path.
import { describe, expect, it } from "vitest";
import { leadMessage } from "./lead-message.js";
import type { LeadRow } from "./outbox-store.js";

const lead = (fields: Partial<LeadRow>): LeadRow =>
  ({
    id: 7,
    kind: "panorama",
    phone: "13812345678",
    name: "",
    province: "",
    city: "",
    origin: "",
    consent: true,
    submissions: 1,
    updatedAt: new Date("2026-05-01T02:00:00Z"),
    ...fields,
  }) as LeadRow;

describe("lead message", () => {
  it("names the visitor's province and city", () => {
    const { markdown } = leadMessage(lead({ province: "浙江省", city: "杭州市" }), "created", "https://a");
    expect(markdown).toContain("> 城市：浙江省 杭州市");
  });

  it("names a stored raw path by its page's Chinese name", () => {
    const { markdown } = leadMessage(lead({ origin: "全景样板间 /iframe" }), "created", "https://a");
    expect(markdown).toContain("> 来源：全景样板间\n");
    expect(markdown).not.toContain("/iframe");
    const product = leadMessage(lead({ origin: "/app/product-detail/7 · 侧边栏" }), "created", "https://a");
    expect(product.markdown).toContain("> 来源：商品详情 · 侧边栏");
  });
});
