// The lead pipeline's list: every kind in one table, phones masked, filters kept in the address (so
// a filtered list can be bookmarked or shared), paging on the server, the filtered list exported.
import { type AdminLeadRow, sourceLabel } from "@yj/contract";
import { App, Button, type TableColumnsType, Tag, Typography } from "antd";
import { post, routes } from "../api";
import { saveBase64File } from "../download";
import { openColumn, timeColumn } from "../kit/columns";
import { DatesFilter, SelectFilter, TextFilter } from "../kit/filter-fields";
import { orDash } from "../kit/format";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useSubmit } from "../kit/use-submit";
import { useUrlTable } from "../kit/use-url-table";
import { kindOptions, LeadStateTag, leadKindLabel, stateOptions } from "../lead-labels";

const FILTER_KEYS = ["kind", "state", "city", "origin", "from", "to"] as const;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const COLUMNS: TableColumnsType<AdminLeadRow> = [
  timeColumn("提交时间", 150),
  { title: "类型", dataIndex: "kind", width: 100, render: leadKindLabel },
  { title: "姓名", dataIndex: "name", width: 100, render: orDash },
  {
    title: "手机号",
    dataIndex: "phone",
    width: 130,
    // Past the retention period (docs/decisions/0077) the phone and name are gone.
    render: (phone: string, row) =>
      row.forgottenAt ? <Typography.Text type="secondary">已清除</Typography.Text> : phone,
  },
  {
    title: "地区",
    key: "place",
    width: 130,
    render: (_, row) => orDash([row.province, row.city].filter(Boolean).join(" ")),
  },
  // Pages by their Chinese names, also for leads stored with a raw path (docs/decisions/0052).
  { title: "来源页", dataIndex: "origin", ellipsis: true, render: (origin: string) => orDash(sourceLabel(origin)) },
  { title: "状态", dataIndex: "state", width: 90, render: (s) => <LeadStateTag state={s} /> },
  { title: "跟进人", dataIndex: "assigneeName", width: 90, render: (v: string | null) => v ?? "—" },
  {
    title: "优惠回访",
    dataIndex: "marketingConsent",
    width: 90,
    render: (agreed: boolean) =>
      agreed ? <Tag color="green">同意</Tag> : <Typography.Text type="secondary">未同意</Typography.Text>,
  },
  openColumn("查看", (row) => `/leads/${row.id}`),
];

export function LeadListPage() {
  const { message } = App.useApp();
  const { busy: exporting, submit } = useSubmit();
  const table = useUrlTable(routes.adminLeadList, FILTER_KEYS);

  const exportList = () =>
    submit(
      () => post(routes.adminLeadExport, table.filter),
      (file) => {
        saveBase64File(file.fileName, file.contentBase64, XLSX);
        message.success(`已导出 ${file.rows} 条线索`);
      },
      "导出失败",
    );

  return (
    <TitledPage title="线索">
      <FilterBar
        table={table}
        style={{ rowGap: 12 }}
        extra={
          <Button onClick={exportList} loading={exporting}>
            导出 Excel
          </Button>
        }
      >
        <SelectFilter name="kind" label="类型" options={kindOptions} width={130} />
        <SelectFilter name="state" label="状态" options={stateOptions} width={110} />
        <TextFilter name="city" label="城市" placeholder="如 杭州" width={120} />
        <TextFilter name="origin" label="来源页" placeholder="如 首页" width={140} />
        <DatesFilter label="提交日期" />
      </FilterBar>
      <UrlTableView<AdminLeadRow> table={table} rowKey="id" columns={COLUMNS} />
    </TitledPage>
  );
}
