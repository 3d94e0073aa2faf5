// Every order, newest first: filters by state, order number, phone and date (kept in the address),
// phones masked, paging on the server; and the trades that need a person (refunds due, stale trades).
import { type AdminOrderRow, PAYMENT_ISSUE_LABELS, type UnreconciledPayment } from "@yj/contract";
import { Alert, Table } from "antd";
import { Link } from "react-router";
import { get, routes } from "../api";
import { DatesFilter, SelectFilter, TextFilter } from "../kit/filter-fields";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useUrlTable } from "../kit/use-url-table";
import { formatTime } from "../lead-labels";
import { OrderStatusTag, orderStatusOptions, yuan } from "../order-labels";
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
        <Table<UnreconciledPayment>
          size="small"
          rowKey="outTradeNo"
          pagination={false}
          dataSource={data}
          columns={[
            { title: "问题", dataIndex: "issue", render: (v: UnreconciledPayment["issue"]) => PAYMENT_ISSUE_LABELS[v] },
            { title: "订单号", dataIndex: "orderNo", render: (v: string) => <Link to={`/orders/${v}`}>{v}</Link> },
            { title: "商户单号", dataIndex: "outTradeNo" },
            { title: "金额", dataIndex: "amount", render: yuan },
            { title: "订单状态", dataIndex: "orderStatus", render: (s) => <OrderStatusTag status={s} /> },
          ]}
        />
      }
    />
  );
}

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
      <UrlTableView<AdminOrderRow>
        table={table}
        rowKey="orderNo"
        columns={[
          { title: "下单时间", dataIndex: "createdAt", width: 150, render: formatTime },
          { title: "订单号", dataIndex: "orderNo", width: 230 },
          { title: "商品", dataIndex: "summary", ellipsis: true },
          { title: "金额", dataIndex: "totalAmount", width: 110, render: yuan },
          { title: "收货人", dataIndex: "consignee", width: 90 },
          { title: "手机号", dataIndex: "phone", width: 130 },
          { title: "地区", dataIndex: "city", width: 120 },
          { title: "状态", dataIndex: "status", width: 90, render: (s) => <OrderStatusTag status={s} /> },
          {
            title: "操作",
            key: "open",
            width: 80,
            render: (_, row) => <Link to={`/orders/${row.orderNo}`}>查看</Link>,
          },
        ]}
      />
    </TitledPage>
  );
}
