// Copy the product rules fix (docs/product.md), checked by the API tests and the browser suites alike.

/** docs/product.md §2 service process: from first contact to measuring, design, contract,
 * construction, acceptance, handover and warranty. */
export const SERVICE_PROCESS_STEPS = [
  "咨询预约",
  "上门量房",
  "方案设计",
  "预算签约",
  "开工施工",
  "节点验收",
  "竣工交付",
  "质保售后",
];
