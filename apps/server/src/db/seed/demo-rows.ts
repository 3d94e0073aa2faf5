// The row shapes the demo builders produce and demo-data.ts assembles: below both, so a builder
// and the assembly never import each other.
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

export interface HardPrice {
  city: string;
  province: string;
  packagePriceCentsPerM2: number;
  halfPackagePriceCentsPerM2: number;
  mainMaterialCentsPerM2: number;
  auxiliaryMaterialCentsPerM2: number;
  laborCentsPerM2: number;
  projectManagementCentsPerM2: number;
  designCentsPerM2: number;
  softCentsPerM2: number;
  applianceCentsPerM2: number;
}
