// Money as the back office types it: yuan with at most two decimals and seven whole digits; the data
// holds integer cents. One rule for the admin forms and the contract's YuanAmount (docs/decisions/0042).

/** The most any price may be: 9 999 999.99 元, what YUAN_PATTERN lets through (fits an integer column). */
export const MAX_PRICE_CENTS = 999_999_999;
/** Yuan as typed: 129, 129.5, 129.50 (at most 9999999.99). */
export const YUAN_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
/** What a form says when the typed yuan break YUAN_PATTERN. */
export const YUAN_PATTERN_MESSAGE = "金额最多两位小数";

/** 12900 → "129.00": how the editor shows cents as yuan. */
export function centsToYuanText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Groups of three digits with commas, as zh-CN writes them (1,299). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * Cents as money on screen, one rule for the storefront and the back office (issue #27 item 12):
 * ¥1,299 or ¥1,299.50 (docs/product.md §9: whole yuan without .00), or with `fixed` always two
 * decimals, ¥14,660.00, for the back office's ledgers. Written by hand rather than with
 * Intl.NumberFormat: the first zh-CN formatter loads locale data, a 25–50 ms main-thread cost on a page
 * of prices (P6), for a format that never varies.
 */
export function formatCents(cents: number, { fixed = false }: { fixed?: boolean } = {}): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const yuan = groupThousands(String(Math.floor(abs / 100)));
  const fen = abs % 100;
  return `${sign}¥${yuan}${fen === 0 && !fixed ? "" : `.${String(fen).padStart(2, "0")}`}`;
}
