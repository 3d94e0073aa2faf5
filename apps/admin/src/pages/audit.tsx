// The audit record (管理员 only): who did what, when, with the values before and after; filterable
// by staff member, action, object, customer and date (kept in the address, paging on the server).
import { AUDIT_ACTION_LABELS, type AuditRow } from "@yj/contract";
import { type TableColumnsType, Typography } from "antd";
import { get, routes } from "../api";
import { timeColumn } from "../kit/columns";
import { DatesFilter, SelectFilter, TextFilter } from "../kit/filter-fields";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useUrlTable } from "../kit/use-url-table";
import { useLoad } from "../use-load";

const ENTITY_LABELS: Record<string, string> = {
  customer: "顾客",
  staff: "员工",
  lead: "线索",
  reconciliation_difference: "对账差异",
  reconciliation_run: "对账批次",
};

// customerId: one customer's trail (their account, orders, leads, conversations, projects; docs/decisions/0076).
const FILTER_KEYS = ["staffId", "action", "entity", "entityId", "customerId", "from", "to"] as const;

function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return <code style={{ fontSize: 12, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>{JSON.stringify(value)}</code>;
}

const COLUMNS: TableColumnsType<AuditRow> = [
  timeColumn("时间", 150),
  { title: "员工", dataIndex: "staffName", width: 170 },
  {
    title: "操作",
    dataIndex: "action",
    width: 130,
    render: (action: string) => AUDIT_ACTION_LABELS[action] ?? action,
  },
  {
    title: "对象",
    key: "entity",
    width: 90,
    render: (_, row) => `${ENTITY_LABELS[row.entity] ?? row.entity}${row.entityId ? ` #${row.entityId}` : ""}`,
  },
  { title: "变更前", dataIndex: "before", render: (v) => <Values value={v} /> },
  { title: "变更后", dataIndex: "after", render: (v) => <Values value={v} /> },
  { title: "IP", dataIndex: "ip", width: 120 },
];

export function AuditPage() {
  const table = useUrlTable(routes.adminAuditList, FILTER_KEYS);
  const staff = useLoad(() => get(routes.adminStaffList));
  const { filter } = table;
  // The staff choice's values are ids (numbers); the address holds text.
  const initial = { ...table.initialValues, staffId: filter.staffId ? Number(filter.staffId) : undefined };

  return (
    <TitledPage title="审计记录">
      <FilterBar table={table} initialValues={initial} style={{ rowGap: 12 }}>
        <SelectFilter
          name="staffId"
          label="员工"
          width={150}
          options={(staff.data ?? []).map((s) => ({ value: s.id, label: `${s.displayName}（${s.username}）` }))}
        />
        <SelectFilter
          name="action"
          label="操作"
          width={150}
          options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <SelectFilter
          name="entity"
          label="对象"
          width={100}
          options={Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <TextFilter name="entityId" label="编号" width={90} />
        <TextFilter name="customerId" label="顾客编号" width={90} />
        <DatesFilter label="日期" />
      </FilterBar>
      <UrlTableView<AuditRow> table={table} rowKey="id" columns={COLUMNS} />
    </TitledPage>
  );
}
