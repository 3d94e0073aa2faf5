// The one rule every string of every request goes through (docs/decisions/0047): no NUL and no lone
// UTF-16 surrogate. PostgreSQL text can hold neither (NUL fails the write, a lone surrogate cannot be
// encoded as UTF-8), so without this rule such a string reached the database and answered HTTP 500.
// Request schemas build their strings with `text()`, never with `z.string()`; the contract's test walks
// every endpoint's query and body to keep it so.
import { z } from "zod";
import { isStorableText, UNREADABLE_TEXT_MESSAGE } from "./storable-text.js";

/**
 * A request string: `label` names the field in the refusal (备注包含无法识别的字符); `typeError` is
 * the message when the value is not a string at all. Chain trim, min, max, regex after it: the rule
 * runs first and stops the others, so its message is the one the client reads.
 */
export function text(label = "", typeError = `${label || "内容"}必须是文本`) {
  return z
    .string({ error: typeError })
    .refine(isStorableText, { error: `${label}${UNREADABLE_TEXT_MESSAGE}`, abort: true });
}
