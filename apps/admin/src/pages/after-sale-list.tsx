// 售后 (docs/decisions/0064): every after-sales request, newest first, filtered by state and kind (kept
// in the address); the order number opens the order; each request is decided here or in the order.
import { type AdminAfterSale, AFTER_SALE_KIND_LABELS } from "@yj/contract";
import { App, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { AfterSaleStatusTag, afterSaleKindOptions, afterSaleStatusOptions } from "../after-sale-labels";
import { routes } from "../api";
import { AFTER_SALE_DONE, AfterSaleActions, AfterSalePhotos } from "../components/after-sale-decision";
import { moneyColumn, timeColumn } from "../kit/columns";
import { SelectFilter } from "../kit/filter-fields";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useUrlTable } from "../kit/use-url-table";

const FILTER_KEYS = ["status", "kind"] as const;

export function AfterSaleListPage() {
  const table = useUrlTable(routes.adminAfterSaleList, FILTER_KEYS);
  const { message } = App.useApp();
  const columns: TableColumnsType<AdminAfterSale> = [
    timeColumn("申请时间", 140),
    {
      title: "订单号",
      dataIndex: "orderNo",
      width: 190,
      render: (orderNo: string) => <Link to={`/orders/${orderNo}`}>{orderNo}</Link>,
    },
    { title: "类型", dataIndex: "kind", width: 70, render: (k: AdminAfterSale["kind"]) => AFTER_SALE_KIND_LABELS[k] },
    // A width of its own: left to share what the others leave of the scroll width, it had none.
    { title: "原因", dataIndex: "reason", width: 200, ellipsis: true },
    { title: "照片", dataIndex: "photos", width: 120, render: (p: string[]) => <AfterSalePhotos photos={p} /> },
    moneyColumn("订单金额", "orderTotal", 110),
    { title: "收货人", dataIndex: "consignee", width: 90 },
    { title: "手机号", dataIndex: "phone", width: 120 },
    {
      title: "状态",
      dataIndex: "status",
      width: 170,
      render: (s: AdminAfterSale["status"], row) => (
        <>
          <AfterSaleStatusTag status={s} refundStatus={row.refundStatus} />
          {row.decisionNote && <div style={{ color: "rgba(0,0,0,0.65)" }}>{row.decisionNote}</div>}
        </>
      ),
    },
    {
      title: "操作",
      key: "actions",
      width: 150,
      // The decisions stay in view while the wide table scrolls (at 1440 px as on a phone).
      fixed: "right",
      render: (_: unknown, row) => (
        <AfterSaleActions
          request={row}
          onDecided={(decided) => {
            message.success(AFTER_SALE_DONE[decided.status] ?? "已处理");
            table.reload();
          }}
        />
      ),
    },
  ];
  return (
    <TitledPage title="售后">
      <FilterBar table={table}>
        <SelectFilter name="status" label="状态" options={afterSaleStatusOptions} width={110} />
        <SelectFilter name="kind" label="类型" options={afterSaleKindOptions} width={100} />
      </FilterBar>
      <UrlTableView<AdminAfterSale>
        table={table}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1360 }}
        locale={{ emptyText: "暂无售后申请" }}
      />
    </TitledPage>
  );
}
