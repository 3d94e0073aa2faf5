// Money in a console form: the data holds integer cents, the field shows and takes yuan text ("129.50"),
// checked by the contract's one yuan rule; the server turns the text back into cents (YuanAmount).
import { centsToYuanText, formatCents, YUAN_PATTERN, YUAN_PATTERN_MESSAGE } from "@yj/contract";
import { Input, type InputProps } from "antd";
import { Item, type ItemProps } from "./form-items";

export const YUAN_RULE = { pattern: YUAN_PATTERN, message: YUAN_PATTERN_MESSAGE };

/** 12900 → "129.00", the field's value for stored cents. */
export const yuanText = centsToYuanText;

/** "129.5" → 12950: a yuan field's text (checked by YUAN_RULE) as integer cents, without floating point. */
export function yuanToCents(text: string): number {
  const [whole = "0", fraction = ""] = text.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/** 1466000 → "¥14,660.00", money on screen: the storefront's grouping (one rule, the contract's), with the fen. */
export function yuan(cents: number): string {
  return formatCents(cents, { fixed: true });
}

/** A yuan field: ¥ before it, the yuan rule, and `required` as the message when it is empty. */
export function MoneyField({ rules = [], input, ...item }: ItemProps & { input?: InputProps }) {
  return (
    <Item {...item} rules={[...rules, YUAN_RULE]}>
      <Input prefix="¥" {...input} />
    </Item>
  );
}
