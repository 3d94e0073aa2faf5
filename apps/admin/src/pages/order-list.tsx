// Every order, newest first: filters by state, order number, phone and date (kept in the address),
// phones masked, paging on the server; and the trades that need a person (refunds due, stale trades).
import { type AdminOrderRow, PAYMENT_ISSUE_LABELS, type UnreconciledPayment } from "@yj/contract";
import { Alert, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { get, routes } from "../api";
import { moneyColumn, openColumn, timeColumn } from "../kit/columns";
import { DatesFilter, SelectFilter, TextFilter } from "../kit/filter-fields";
import { SmallTable } from "../kit/small-table";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useUrlTable } from "../kit/use-url-table";
import { OrderStatusTag, orderStatusOptions } from "../order-labels";
import { useLoad } from "../use-load";

const FILTER_KEYS = ["status", "orderNo", "phone", "from", "to"] as const;

function PaymentIssues() {
  const { data } = useLoad(() => get(routes.adminPaymentIssues));
  if (!data || data.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      message={`有 ${data.length} 笔支付待核对`}
      description={
        <SmallTable<UnreconciledPayment>
          rowKey="outTradeNo"
          dataSource={data}
          columns={[
            { title: "问题", dataIndex: "issue", render: (v: UnreconciledPayment["issue"]) => PAYMENT_ISSUE_LABELS[v] },
            { title: "订单号", dataIndex: "orderNo", render: (v: string) => <Link to={`/orders/${v}`}>{v}</Link> },
            { title: "商户单号", dataIndex: "outTradeNo" },
            moneyColumn("金额", "amount"),
            { title: "订单状态", dataIndex: "orderStatus", render: (s) => <OrderStatusTag status={s} /> },
          ]}
        />
      }
    />
  );
}

const COLUMNS: TableColumnsType<AdminOrderRow> = [
  timeColumn("下单时间", 150),
  { title: "订单号", dataIndex: "orderNo", width: 230 },
  { title: "商品", dataIndex: "summary", ellipsis: true },
  moneyColumn("金额", "totalAmount", 110),
  { title: "收货人", dataIndex: "consignee", width: 90 },
  { title: "手机号", dataIndex: "phone", width: 130 },
  { title: "地区", dataIndex: "city", width: 120 },
  { title: "状态", dataIndex: "status", width: 90, render: (s) => <OrderStatusTag status={s} /> },
  openColumn("查看", (row) => `/orders/${row.orderNo}`),
];

export function OrderListPage() {
  const table = useUrlTable(routes.adminOrderList, FILTER_KEYS);
  return (
    <TitledPage title="订单">
      <PaymentIssues />
      <FilterBar table={table} style={{ rowGap: 12 }}>
        <SelectFilter name="status" label="状态" options={orderStatusOptions} width={110} />
        <TextFilter name="orderNo" label="订单号" placeholder="订单号或其中一段" width={190} />
        <TextFilter name="phone" label="手机号" placeholder="收货人或下单手机号" width={170} />
        <DatesFilter label="下单日期" />
      </FilterBar>
      <UrlTableView<AdminOrderRow> table={table} rowKey="orderNo" columns={COLUMNS} />
    </TitledPage>
  );
}
