// The audit record (管理员 only): who did what, when, with the values before and after; filterable
// by staff member, action, object and date.
import { AUDIT_ACTION_LABELS, type AuditRow } from "@yj/contract";
import { Button, DatePicker, Form, Input, Select, Space, Table, Typography } from "antd";
import { useState } from "react";
import { get, routes } from "../api";
import { type DateRange, fromTo } from "../kit/date-range";
import { formatTime } from "../lead-labels";
import { useLoad } from "../use-load";

const ENTITY_LABELS: Record<string, string> = { staff: "员工", lead: "线索" };

interface Filter {
  staffId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
}

function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return <code style={{ fontSize: 12, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>{JSON.stringify(value)}</code>;
}

export function AuditPage() {
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const staff = useLoad(() => get(routes.adminStaffList));
  const { data, loading } = useLoad(
    () => get(routes.adminAuditList, { ...filter, ...page }),
    JSON.stringify([filter, page]),
  );

  const apply = (values: {
    staffId?: number;
    action?: string;
    entity?: string;
    entityId?: string;
    dates?: DateRange;
  }) => {
    setPage((p) => ({ ...p, current: 1 }));
    setFilter({
      staffId: values.staffId,
      action: values.action,
      entity: values.entity,
      entityId: values.entityId?.trim() || undefined,
      ...fromTo(values.dates),
    });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        审计记录
      </Typography.Title>
      <Form layout="inline" onFinish={apply} style={{ rowGap: 12 }}>
        <Form.Item name="staffId" label="员工">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 150 }}
            options={(staff.data ?? []).map((s) => ({ value: s.id, label: `${s.displayName}（${s.username}）` }))}
          />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 150 }}
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="entity" label="对象">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 100 }}
            options={Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="entityId" label="编号">
          <Input allowClear style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="dates" label="日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <Table<AuditRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.dataList ?? []}
        pagination={{
          ...page,
          total: data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          { title: "时间", dataIndex: "createdAt", width: 150, render: formatTime },
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
        ]}
      />
    </Space>
  );
}
