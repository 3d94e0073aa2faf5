// A column of a table whose rows are a Form.List's items (a goods row's SKUs, a package's items): each
// cell is the item's field `key`, its control labelled with the row's number for a screen reader.
import { Form, type FormItemProps, type FormListFieldData, type TableColumnType } from "antd";
import type { ReactNode } from "react";

export function listFieldColumn({
  title,
  width,
  key,
  required,
  item,
  control,
}: {
  title: string;
  width?: number;
  key: string;
  /** The message when the cell is empty. */
  required?: string;
  /** The cell's Form.Item as the table wants it ({ noStyle } for compact rows without messages). */
  item?: Omit<FormItemProps, "name" | "rules" | "children">;
  /** The cell's control for the row numbered `n` (from 1). */
  control(n: number): ReactNode;
}): TableColumnType<FormListFieldData> {
  return {
    title,
    width,
    render: (_, field) => (
      <Form.Item
        {...item}
        name={[field.name, key]}
        rules={required ? [{ required: true, message: required }] : undefined}
      >
        {control(field.name + 1)}
      </Form.Item>
    ),
  };
}
