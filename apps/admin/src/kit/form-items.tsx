// The console forms' common field kinds: a Form.Item whose `required` is the message when it is empty,
// optionally inside a grid column of the form's Row (`col`), holding a text, a text area, a number, a
// switch or a picture. A field with anything else is a plain Form.Item.
import {
  Col,
  type ColProps,
  Form,
  type FormItemProps,
  type GetProps,
  Input,
  InputNumber,
  type InputNumberProps,
  type InputProps,
  Switch,
} from "antd";
import type { ReactNode } from "react";
import { ImageField, type ImagePurpose } from "../components/image-field";

type TextAreaProps = GetProps<typeof Input.TextArea>;

/** A number field as wide as its column. */
export const FULL_WIDTH = { width: "100%" };

export type ItemProps = Omit<FormItemProps, "children" | "required"> & {
  /** The message when the field is empty. */
  required?: string;
  /** With `required`: a value of spaces only is empty too. */
  whitespace?: boolean;
  /** The grid column the field fills in the form's Row ({ span: 6 }, { xs: 24, md: 12 }). */
  col?: ColProps;
};

/** The rule of a field that must be filled in (`whitespace`: spaces only do not count). */
export const requiredRule = (message: string, whitespace?: boolean) =>
  whitespace ? { required: true, whitespace, message } : { required: true, message };

/** A Form.Item with the `required` rule first, in its grid column when it has one. */
export function Item({
  required,
  whitespace,
  col,
  rules = [],
  children,
  ...item
}: ItemProps & { children: ReactNode }) {
  const field = (
    <Form.Item {...item} rules={required ? [requiredRule(required, whitespace), ...rules] : rules}>
      {children}
    </Form.Item>
  );
  return col ? <Col {...col}>{field}</Col> : field;
}

export function TextItem({ maxLength, input, ...item }: ItemProps & { maxLength?: number; input?: InputProps }) {
  return (
    <Item {...item}>
      <Input maxLength={maxLength} {...input} />
    </Item>
  );
}

export function TextAreaItem({ input, ...item }: ItemProps & { input: TextAreaProps }) {
  return (
    <Item {...item}>
      <Input.TextArea {...input} />
    </Item>
  );
}

export function NumberItem({ input, ...item }: ItemProps & { input?: InputNumberProps }) {
  return (
    <Item {...item}>
      <InputNumber {...input} />
    </Item>
  );
}

export function SwitchItem(item: ItemProps) {
  return (
    <Item valuePropName="checked" {...item}>
      <Switch />
    </Item>
  );
}

/** A picture's address, uploaded or typed (ImageField). */
export function ImageItem({ purpose, ...item }: ItemProps & { purpose: ImagePurpose }) {
  return (
    <Item {...item}>
      <ImageField purpose={purpose} />
    </Item>
  );
}
