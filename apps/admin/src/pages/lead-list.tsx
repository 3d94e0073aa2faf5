// The lead pipeline's list: every kind in one table, phones masked, filters kept in the address (so
// a filtered list can be bookmarked or shared), paging on the server, the filtered list exported.
import type { AdminLeadRow } from "@yj/contract";
import { App, Button, DatePicker, Form, Input, Select, Space, Table, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { get, post, routes } from "../api";
import { saveBase64File } from "../download";
import { formatTime, kindOptions, LeadStateTag, leadKindLabel, stateOptions } from "../lead-labels";
import { useLoad } from "../use-load";

const FILTER_KEYS = ["kind", "state", "city", "origin", "from", "to"] as const;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface FilterForm {
  kind?: string;
  state?: string;
  city?: string;
  origin?: string;
  dates?: [Dayjs, Dayjs] | null;
}

export function LeadListPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [exporting, setExporting] = useState(false);
  const filter = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const current = Number(params.get("current") ?? 1) || 1;
  const pageSize = Number(params.get("pageSize") ?? 20) || 20;
  const key = params.toString();
  const { data, loading, error } = useLoad(() => get(routes.adminLeadList, { ...filter, current, pageSize }), key);

  const apply = (values: FilterForm) => {
    const next = new URLSearchParams();
    for (const k of ["kind", "state", "city", "origin"] as const) {
      const v = values[k]?.trim();
      if (v) next.set(k, v);
    }
    if (values.dates) {
      next.set("from", values.dates[0].format("YYYY-MM-DD"));
      next.set("to", values.dates[1].format("YYYY-MM-DD"));
    }
    setParams(next);
  };

  const exportList = async () => {
    setExporting(true);
    try {
      const file = await post(routes.adminLeadExport, filter);
      saveBase64File(file.fileName, file.contentBase64, XLSX);
      message.success(`已导出 ${file.rows} 条线索`);
    } catch (e) {
      message.error(e instanceof Error ? e.message : "导出失败");
    } finally {
      setExporting(false);
    }
  };

  const initial: FilterForm = {
    ...filter,
    dates: filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to)] : null,
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        线索
      </Typography.Title>
      <Form layout="inline" initialValues={initial} onFinish={apply} key={key} style={{ rowGap: 12 }}>
        <Form.Item name="kind" label="类型">
          <Select allowClear placeholder="全部" options={kindOptions} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Select allowClear placeholder="全部" options={stateOptions} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="city" label="城市">
          <Input allowClear placeholder="如 杭州" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="origin" label="来源页">
          <Input allowClear placeholder="如 首页" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="dates" label="提交日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            筛选
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>重置</Button>
          <Button onClick={exportList} loading={exporting}>
            导出 Excel
          </Button>
        </Space>
      </Form>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table<AdminLeadRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.dataList ?? []}
        pagination={{
          current,
          pageSize,
          total: data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, size) => {
            const next = new URLSearchParams(params);
            next.set("current", String(page));
            next.set("pageSize", String(size));
            setParams(next);
          },
        }}
        columns={[
          { title: "提交时间", dataIndex: "createdAt", width: 150, render: formatTime },
          { title: "类型", dataIndex: "kind", width: 100, render: leadKindLabel },
          { title: "姓名", dataIndex: "name", width: 100, render: (v: string) => v || "—" },
          { title: "手机号", dataIndex: "phone", width: 130 },
          { title: "城市", dataIndex: "city", width: 90, render: (v: string) => v || "—" },
          { title: "来源页", dataIndex: "origin", ellipsis: true },
          { title: "状态", dataIndex: "state", width: 90, render: (s) => <LeadStateTag state={s} /> },
          { title: "跟进人", dataIndex: "assigneeName", width: 90, render: (v: string | null) => v ?? "—" },
          {
            title: "操作",
            key: "open",
            width: 80,
            render: (_, row) => <Link to={`/leads/${row.id}`}>查看</Link>,
          },
        ]}
      />
    </Space>
  );
}
