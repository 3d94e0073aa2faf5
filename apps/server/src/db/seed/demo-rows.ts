// The row shapes the demo builders produce and demo-data.ts assembles: below both, so a builder
// and the assembly never import each other.
import type { HardPrice as ContractHardPrice } from "@yj/contract";
import type { goods, goodsSkus, packageItems } from "../schema.js";

export interface DemoGoods extends Omit<typeof goods.$inferInsert, "id"> {
  id: number;
  skus: Omit<typeof goodsSkus.$inferInsert, "id" | "goodsId">[];
  packageItems?: Omit<typeof packageItems.$inferInsert, "id" | "packageId">[];
}

export interface CityEntry {
  city: string;
  province: string;
}

/** A covered city's hard-decoration prices as stored (website_configs type 2): what the API serves, less `fallback`. */
export type HardPrice = Omit<ContractHardPrice, "fallback">;
