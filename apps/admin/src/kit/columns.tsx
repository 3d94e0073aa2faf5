// The columns console tables share: a time, an amount of money, a yes/no state as a tag, the link that
// opens a row, and the row's 编辑 (and 删除 after a confirmation) buttons.
import { Button, Popconfirm, Space, type TableColumnType, Tag } from "antd";
import { Link } from "react-router";
import { formatTime } from "./format";
import { yuan } from "./money-field";

type Column<T> = TableColumnType<T>;

/** A time as YYYY-MM-DD HH:mm. */
export function timeColumn<T>(title: string, width?: number, dataIndex = "createdAt"): Column<T> {
  return { title, dataIndex, width, render: formatTime };
}

/** Stored cents as ¥ yuan. */
export function moneyColumn<T>(title: string, dataIndex: string, width?: number): Column<T> {
  return { title, dataIndex, width, render: yuan };
}

/** A yes/no state: the green tag when it is on, the plain one when it is off. */
export function FlagTag({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return on ? <Tag color="green">{yes}</Tag> : <Tag>{no}</Tag>;
}

export function flagColumn<T>(title: string, dataIndex: string, width: number, yes: string, no: string): Column<T> {
  return { title, dataIndex, width, render: (on: boolean) => <FlagTag on={on} yes={yes} no={no} /> };
}

/** 操作: a link to the row's own page (查看, 编辑). */
export function openColumn<T>(text: string, to: (row: T) => string): Column<T> {
  return { title: "操作", key: "open", width: 80, render: (_, row) => <Link to={to(row)}>{text}</Link> };
}

function EditButton({ onClick, label }: { onClick(): void; label: string }) {
  return (
    <Button type="link" size="small" onClick={onClick} aria-label={label}>
      编辑
    </Button>
  );
}

/** 操作: 编辑, which opens the row's dialog; `label` names the button for a screen reader (编辑 门店名). */
export function editColumn<T>(onEdit: (row: T) => void, label: (row: T) => string): Column<T> {
  return {
    title: "操作",
    key: "edit",
    width: 80,
    render: (_, row) => <EditButton onClick={() => onEdit(row)} label={label(row)} />,
  };
}

/** 操作: 编辑, and 删除 once `confirm` (删除这家门店？) is answered; `name` is the row's name for a screen reader. */
export function editDeleteColumn<T>({
  name,
  onEdit,
  confirm,
  onDelete,
}: {
  name: (row: T) => string;
  onEdit(row: T): void;
  confirm: string;
  onDelete(row: T): void;
}): Column<T> {
  return {
    title: "操作",
    key: "actions",
    width: 130,
    render: (_, row) => (
      <Space size={4}>
        <EditButton onClick={() => onEdit(row)} label={`编辑 ${name(row)}`} />
        <Popconfirm title={confirm} okText="删除" cancelText="取消" onConfirm={() => onDelete(row)}>
          <Button type="link" size="small" danger aria-label={`删除 ${name(row)}`}>
            删除
          </Button>
        </Popconfirm>
      </Space>
    ),
  };
}
