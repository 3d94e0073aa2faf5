// A table inside a card or a form (an order's lines, its payments, a goods row's SKUs): small, and every
// row on one page.
import { Table, type TableProps } from "antd";

export function SmallTable<T extends object>(props: Omit<TableProps<T>, "size" | "pagination">) {
  return <Table<T> size="small" pagination={false} {...props} />;
}
