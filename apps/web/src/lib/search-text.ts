// A free-text filter read from a page's URL (/case?style=, /all-store?city=): trimmed and cut to the
// API's length, as the API's one string rule would take it (docs/decisions/0047). A value with a NUL or
// a lone surrogate is no filter at all; the API would refuse it and the page would fail.
import { isStorableText } from "@yj/contract";

/** The parameter's text, at most `max` UTF-16 units without splitting a pair; "" when absent or unreadable. */
export function searchText(search: URLSearchParams, name: string, max: number): string {
  let text = (search.get(name) ?? "").trim().slice(0, max);
  // Cutting may leave the first half of a pair (an emoji) at the end: drop it rather than the whole value.
  const last = text.charCodeAt(text.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
  return isStorableText(text) ? text : "";
}
