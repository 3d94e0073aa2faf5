// Money in a console form: the data holds integer cents, the field shows and takes yuan text ("129.50"),
// checked by the contract's one yuan rule; the server turns the text back into cents (YuanAmount).
import { centsToYuanText, YUAN_PATTERN, YUAN_PATTERN_MESSAGE } from "@yj/contract";
import { Form, type FormItemProps, Input, type InputProps } from "antd";

export const YUAN_RULE = { pattern: YUAN_PATTERN, message: YUAN_PATTERN_MESSAGE };

/** 12900 → "129.00", the field's value for stored cents. */
export const yuanText = centsToYuanText;

/** A yuan field: ¥ before it, the yuan rule, and `required` as the message when it is empty. */
export function MoneyField({
  required,
  rules = [],
  input,
  ...item
}: Omit<FormItemProps, "children" | "required"> & { required?: string; input?: InputProps }) {
  return (
    <Form.Item {...item} rules={[...(required ? [{ required: true, message: required }] : []), ...rules, YUAN_RULE]}>
      <Input prefix="¥" {...input} />
    </Form.Item>
  );
}
