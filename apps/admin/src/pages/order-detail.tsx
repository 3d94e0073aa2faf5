// One order: its lines, the address in full (whoever ships needs it), the payments with provider and
// trade numbers, the state history with who moved it, and the moves the state allows, each confirmed
// first: 发货 (carrier and tracking number), 完成, and 取消 for an unpaid order (stock goes back).
import {
  type AdminAfterSale,
  type AdminOrderDetail,
  AFTER_SALE_KIND_LABELS,
  ORDER_STATUS_LABELS,
  type OrderLine,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATUS_LABELS,
} from "@yj/contract";
import { App, Button, Card, Descriptions, Space, Timeline } from "antd";
import { useState } from "react";
import { useParams } from "react-router";
import { AfterSaleStatusTag } from "../after-sale-labels";
import { get, post, routes } from "../api";
import { AFTER_SALE_DONE, AfterSaleActions, AfterSalePhotos } from "../components/after-sale-decision";
import { OrderRefunds } from "../components/order-refunds";
import { moneyColumn } from "../kit/columns";
import { TextItem } from "../kit/form-items";
import { formatTime } from "../kit/format";
import { Loaded } from "../kit/loaded";
import { yuan } from "../kit/money-field";
import { SaveModal } from "../kit/save-modal";
import { SmallTable } from "../kit/small-table";
import { TitledPage } from "../kit/titled-page";
import { useSubmit } from "../kit/use-submit";
import { OrderStatusTag } from "../order-labels";
import { useLoad } from "../use-load";

type Payment = AdminOrderDetail["payments"][number];

/** The steps an order's state allows after a confirmation (发货 has its own dialog). */
const CONFIRMED_STEPS = {
  shipped: {
    text: "完成订单",
    button: { type: "primary" },
    title: "确认完成订单？",
    content: "请确认顾客已收货。",
    route: routes.adminOrderComplete,
    done: "订单已完成",
  },
  pending_payment: {
    text: "取消订单",
    button: { danger: true },
    title: "确认取消订单？",
    content: "取消后订单中的商品库存将退回，顾客不能再支付此订单。",
    route: routes.adminOrderCancel,
    done: "订单已取消，库存已退回",
  },
} as const;

function Actions({ order, onChanged }: { order: AdminOrderDetail; onChanged(order: AdminOrderDetail): void }) {
  const { message, modal } = App.useApp();
  const [shipping, setShipping] = useState(false);
  const { busy, submit } = useSubmit();

  const step = order.status === "shipped" || order.status === "pending_payment" ? CONFIRMED_STEPS[order.status] : null;
  const confirmStep = (s: NonNullable<typeof step>) =>
    modal.confirm({
      title: s.title,
      content: s.content,
      okText: "确定",
      cancelText: "取消",
      onOk: () =>
        submit(
          () => post(s.route, { orderNo: order.orderNo }),
          (changed) => {
            onChanged(changed);
            message.success(s.done);
          },
          "操作失败",
        ),
    });

  return (
    <Space>
      {order.status === "paid" && (
        <Button type="primary" onClick={() => setShipping(true)}>
          发货
        </Button>
      )}
      {step && (
        <Button {...step.button} loading={busy} onClick={() => confirmStep(step)}>
          {step.text}
        </Button>
      )}
      <SaveModal<{ carrier: string; trackingNo: string }, AdminOrderDetail>
        title="发货"
        open={shipping}
        okText="确认发货"
        savedText="已标记发货"
        failedText="操作失败"
        onSave={(values) => post(routes.adminOrderShip, { orderNo: order.orderNo, ...values })}
        onClose={() => setShipping(false)}
        onSaved={(shipped) => {
          setShipping(false);
          onChanged(shipped);
        }}
      >
        <TextItem
          name="carrier"
          label="物流公司"
          required="请输入物流公司"
          maxLength={32}
          input={{ placeholder: "如 顺丰速运" }}
        />
        <TextItem
          name="trackingNo"
          label="运单号"
          required="请输入运单号"
          rules={[{ pattern: /^[A-Za-z0-9-]{4,40}$/, message: "运单号为 4–40 位字母、数字或短横线" }]}
          maxLength={40}
          input={{ placeholder: "如 SF1234567890" }}
        />
      </SaveModal>
    </Space>
  );
}

export function OrderDetailPage() {
  const { orderNo = "" } = useParams();
  const load = useLoad(() => get(routes.adminOrderDetail, { orderNo }), orderNo);
  return (
    <Loaded load={load} back={{ to: "/orders", text: "返回订单列表" }}>
      {(order) => <OrderView order={order} onChanged={load.setData} reload={load.reload} />}
    </Loaded>
  );
}

/** The order's after-sales requests, newest first, each decided here as in the 售后 list. */
function AfterSalesCard({ requests, reload }: { requests: AdminAfterSale[]; reload(): void }) {
  const { message } = App.useApp();
  if (requests.length === 0) return null;
  return (
    <Card title="售后申请" size="small">
      <SmallTable<AdminAfterSale>
        rowKey="id"
        dataSource={requests}
        columns={[
          { title: "申请时间", dataIndex: "createdAt", render: (v: string) => formatTime(v) },
          { title: "类型", dataIndex: "kind", render: (k: AdminAfterSale["kind"]) => AFTER_SALE_KIND_LABELS[k] },
          { title: "原因", dataIndex: "reason" },
          { title: "照片", dataIndex: "photos", render: (p: string[]) => <AfterSalePhotos photos={p} /> },
          {
            title: "状态",
            dataIndex: "status",
            render: (s: AdminAfterSale["status"], row) => (
              <>
                <AfterSaleStatusTag status={s} refundStatus={row.refundStatus} />
                {row.decidedBy && `${row.decidedBy} `}
                {row.decisionNote}
              </>
            ),
          },
          {
            title: "操作",
            key: "actions",
            render: (_: unknown, row) => (
              <AfterSaleActions
                request={row}
                onDecided={(decided) => {
                  message.success(AFTER_SALE_DONE[decided.status] ?? "已处理");
                  reload();
                }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

function OrderView({
  order,
  onChanged,
  reload,
}: {
  order: AdminOrderDetail;
  onChanged(order: AdminOrderDetail): void;
  /** Reads the order again (a refund decision moves it to 已退款 and writes its history). */
  reload(): void;
}) {
  const a = order.address;
  return (
    <TitledPage
      title={
        <>
          订单 {order.orderNo} <OrderStatusTag status={order.status} />
        </>
      }
      action={<Actions order={order} onChanged={onChanged} />}
    >
      <Card title="订单信息" size="small">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label="下单时间">{formatTime(order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="订单金额">{yuan(order.totalAmount)}</Descriptions.Item>
          <Descriptions.Item label="下单手机号">{order.customerMobile}</Descriptions.Item>
          <Descriptions.Item label="收货人">{a.name}</Descriptions.Item>
          <Descriptions.Item label="收货手机号">{a.phone}</Descriptions.Item>
          <Descriptions.Item label="收货地址">
            {[a.province, a.city, a.district, a.town, a.detail].filter(Boolean).join(" ")}
          </Descriptions.Item>
          <Descriptions.Item label="支付截止">{formatTime(order.payBefore)}</Descriptions.Item>
          <Descriptions.Item label="物流">
            {order.carrier ? `${order.carrier} ${order.trackingNo ?? ""}` : "—"}
          </Descriptions.Item>
          <Descriptions.Item label="备注">{order.remark || "—"}</Descriptions.Item>
          {order.madeToOrderConfirmedAt && (
            <Descriptions.Item label="定制商品确认">
              {formatTime(order.madeToOrderConfirmedAt)} 顾客已确认不支持七天无理由退货
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title="商品" size="small">
        <SmallTable<OrderLine>
          rowKey="skuId"
          dataSource={order.lines}
          columns={[
            {
              title: "商品",
              dataIndex: "name",
              render: (name: string, l) => (l.madeToOrder ? `${name}（定制）` : name),
            },
            { title: "规格", dataIndex: "spec" },
            moneyColumn("单价", "price"),
            { title: "数量", dataIndex: "quantity", render: (q: number, l) => `${q} ${l.unit}` },
            moneyColumn("小计", "amount"),
          ]}
        />
      </Card>
      <AfterSalesCard requests={order.afterSales} reload={reload} />
      <Card title="支付记录" size="small">
        <SmallTable<Payment>
          rowKey="outTradeNo"
          dataSource={order.payments}
          locale={{ emptyText: "暂无支付记录" }}
          columns={[
            { title: "商户单号", dataIndex: "outTradeNo" },
            { title: "支付方式", dataIndex: "provider", render: (p: string) => PAYMENT_PROVIDER_LABELS[p] ?? p },
            { title: "交易号", dataIndex: "tradeNo", render: (v: string | null) => v ?? "—" },
            moneyColumn("金额", "amount"),
            { title: "状态", dataIndex: "status", render: (s: Payment["status"]) => PAYMENT_STATUS_LABELS[s] },
            { title: "支付时间", dataIndex: "paidAt", render: (v: string | null) => (v ? formatTime(v) : "—") },
          ]}
        />
      </Card>
      <OrderRefunds orderNo={order.orderNo} onChanged={reload} />
      <Card title="状态记录" size="small">
        <Timeline
          items={order.history.map((h) => ({
            children: (
              <span>
                {formatTime(h.at)} {ORDER_STATUS_LABELS[h.status]}（{h.actor}）{h.note ? `：${h.note}` : ""}
              </span>
            ),
          }))}
        />
      </Card>
    </TitledPage>
  );
}
