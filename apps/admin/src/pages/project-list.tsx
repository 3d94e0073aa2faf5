// Renovation projects (issue #24): filters by state, city, manager and lateness kept in the address,
// the owner's phone masked (revealed on the detail page, on record), paging on the server. A 项目经理
// gets only their own projects from the server, so the manager filter is not offered to them.
import { type ProjectSummary, STAFF_ROLE_LABELS } from "@yj/contract";
import type { TableColumnsType } from "antd";
import { get, routes } from "../api";
import { moneyColumn, openColumn } from "../kit/columns";
import { SelectFilter, TextFilter } from "../kit/filter-fields";
import { orDash } from "../kit/format";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useUrlTable } from "../kit/use-url-table";
import { emptyNote, LateTag, ProjectStatusTag, projectStatusOptions } from "../project-labels";
import { useSession } from "../session";
import { useLoad } from "../use-load";

type Row = ProjectSummary;

const FILTER_KEYS = ["status", "city", "managerId", "late"] as const;
const LATE_OPTIONS = [{ value: "1", label: "仅延期项目" }];

const COLUMNS: TableColumnsType<Row> = [
  { title: "编号", dataIndex: "id", width: 70 },
  { title: "业主", dataIndex: "ownerName", width: 100, render: orDash },
  { title: "手机号", dataIndex: "ownerPhone", width: 130 },
  { title: "城市", dataIndex: "city", width: 90 },
  { title: "地址", dataIndex: "address", ellipsis: true },
  moneyColumn("合同金额", "contractCents", 130),
  { title: "当前阶段", dataIndex: "currentStage", width: 100, render: orDash },
  { title: "项目经理", dataIndex: "managerName", width: 100, render: orDash },
  { title: "计划竣工", dataIndex: "plannedFinishDate", width: 110 },
  { title: "工期", dataIndex: "daysLate", width: 100, render: (days: number) => <LateTag days={days} /> },
  { title: "状态", dataIndex: "status", width: 90, render: (s: Row["status"]) => <ProjectStatusTag status={s} /> },
  openColumn("查看", (row) => `/projects/${row.id}`),
];

export function ProjectListPage() {
  const { me } = useSession();
  const table = useUrlTable(routes.adminProjectList, FILTER_KEYS);
  const seesEveryone = me.role !== "manager";
  const team = useLoad(() => (seesEveryone ? get(routes.adminProjectStaff) : Promise.resolve([])));
  const managers = (team.data ?? [])
    .filter((s) => s.role === "manager" || s.role === "admin")
    .map((s) => ({ value: String(s.id), label: `${s.name}（${STAFF_ROLE_LABELS[s.role]}）` }));

  return (
    <TitledPage title="装修项目">
      <FilterBar table={table} style={{ rowGap: 12 }}>
        <SelectFilter name="status" label="状态" options={projectStatusOptions} width={110} />
        <TextFilter name="city" label="城市" placeholder="如 杭州市" width={120} />
        {seesEveryone && <SelectFilter name="managerId" label="项目经理" options={managers} width={170} />}
        <SelectFilter name="late" label="工期" options={LATE_OPTIONS} width={130} />
      </FilterBar>
      <UrlTableView<Row>
        table={table}
        rowKey="id"
        columns={COLUMNS}
        scroll={{ x: 1200 }}
        locale={{ emptyText: emptyNote("没有符合条件的装修项目") }}
      />
    </TitledPage>
  );
}
