// The one rule every string of every request goes through (docs/decisions/0047): no NUL and no lone
// UTF-16 surrogate, without zod. The storefront's pages read it too (a filter from the URL), and a page
// that imports no schema loads no zod (docs/decisions/0086); text.ts builds the request strings on it.

/** What a refused string's message says, after the field's label. */
export const UNREADABLE_TEXT_MESSAGE = "包含无法识别的字符";

/** True when the string holds no NUL and every surrogate is half of a pair (well-formed UTF-16). */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return false;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}
