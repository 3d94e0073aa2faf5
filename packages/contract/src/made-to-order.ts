// The words of made-to-order goods (定制商品, docs/decisions/0064), without zod: the product and package
// pages show them, and a page that imports no schema loads no zod (docs/decisions/0086).

/** What the product page says of made-to-order goods, and what the buyer ticks before ordering them. */
export const MADE_TO_ORDER_NOTE = "定制商品，不支持七天无理由退货";
export const MADE_TO_ORDER_CONFIRM_LABEL = "我已知晓定制商品不支持七天无理由退货";
/** The back-office goods editor's switch. */
export const MADE_TO_ORDER_SWITCH_LABEL = "定制商品（不支持七天无理由退货）";
