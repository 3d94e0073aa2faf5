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
