// How large a cart line, a cart and an order may be, without zod: the product and package pages read
// MAX_LINE_QUANTITY, and a page that imports no schema loads no zod (docs/decisions/0086).

// R11, docs/decisions/0047:
// A price is at most MAX_PRICE_CENTS (money.ts), a line at most MAX_LINE_QUANTITY units, an order at most
// MAX_ORDER_LINES lines: so the largest total any accepted input can make, 999 999 999 × 9 999 × 200
// ≈ 2 × 10^15 cents, stays an exact JavaScript number (below 2^53) and fits the bigint columns; an
// order above MAX_ORDER_TOTAL_CENTS is refused before it is written.

/** Most units of one SKU in one cart line or order line. */
export const MAX_LINE_QUANTITY = 9999;
/** Most lines in one cart, and so in one order. */
export const MAX_ORDER_LINES = 200;
/** One order's total at most: what one Alipay trade may carry (100 000 000.00 元), in cents. */
export const MAX_ORDER_TOTAL_CENTS = 10_000_000_000;
/** What a customer reads when an order would pass MAX_ORDER_TOTAL_CENTS. */
export const ORDER_TOTAL_TOO_LARGE = "订单金额不能超过 1 亿元，请分开下单";
