// A list page's pieces: the filter bar whose values go into the address, and the table of the rows
// that address loads (docs/decisions/0042).
import { Button, Form, type FormProps, Space, Table, type TableProps, Typography } from "antd";
import type { ReactNode } from "react";
import type { UrlTable } from "./use-url-table";

/**
 * The inline filter form with 筛选 and 重置. It starts from the address's values (the table's, unless
 * `initialValues` converts them, e.g. an id to a number) and is rebuilt when the address changes; 筛选
 * hands its values to `onFinish` (the table's `apply` by default).
 */
export function FilterBar<V extends object>({
  table,
  initialValues,
  onFinish,
  style,
  extra,
  children,
}: {
  table: Pick<UrlTable<unknown>, "key" | "apply" | "reset" | "initialValues">;
  initialValues?: V;
  onFinish?: (values: V) => void;
  style?: FormProps["style"];
  /** More buttons after 重置 (导出 Excel). */
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form<V>
      layout="inline"
      initialValues={initialValues ?? (table.initialValues as V)}
      onFinish={onFinish ?? ((values) => table.apply(values as Record<string, unknown>))}
      key={table.key}
      style={style}
    >
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
        <Button onClick={table.reset}>重置</Button>
        {extra}
      </Space>
    </Form>
  );
}

/** The rows of the address's filters and page, with the load's error above them. */
export function UrlTableView<T extends object>({
  table,
  pagination = table.pagination,
  ...props
}: { table: UrlTable<T> } & Omit<TableProps<T>, "dataSource" | "loading">) {
  return (
    <>
      {table.error && <Typography.Text type="danger">{table.error}</Typography.Text>}
      <Table<T> loading={table.loading} dataSource={table.rows} pagination={pagination} {...props} />
    </>
  );
}
