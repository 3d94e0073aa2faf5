// Beside the conversation (issue #25 §3, docs/decisions/0078): who the visitor is to the shop. The
// page and city they are on, their number masked (the account's, else the one they left) with the
// recorded reveal, their leads by that number and their orders by account; and 转为线索, which makes
// a 在线咨询 lead that keeps the transcript.
import { type AdminChatVisitor, type ChatInboxRowData, Messages, PHONE_PATTERN, sourceLabel } from "@yj/contract";
import { App, Button, Card, Descriptions, Empty, Form, Input, List, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { get, post, routes } from "../api";
import { formatTime, orDash } from "../kit/format";
import { yuan } from "../kit/money-field";
import { useSubmit } from "../kit/use-submit";
import { LeadStateTag, leadKindLabel } from "../lead-labels";
import { OrderStatusTag } from "../order-labels";
import { can, useSession } from "../session";
import { useLoad } from "../use-load";

function VisitorPhone({ id, visitor }: { id: number; visitor: AdminChatVisitor }) {
  const [full, setFull] = useState<string | null>(null);
  const { busy, submit } = useSubmit();
  if (!visitor.phone) return <>—</>;
  const reveal = () =>
    submit(
      () => post(routes.adminChatRevealPhone, { id }),
      (answer) => setFull(answer.phone),
      "操作失败",
    );
  return (
    <Space wrap size={4}>
      {full ? <a href={`tel:${full}`}>{full}</a> : visitor.phone}
      <Typography.Text type="secondary">
        {visitor.phoneFrom === "customer" ? "（登录账号）" : "（留下的号码）"}
      </Typography.Text>
      {!full && (
        <Button size="small" onClick={reveal} loading={busy}>
          显示完整号码
        </Button>
      )}
    </Space>
  );
}

function LeadButton({ row, onMade }: { row: ChatInboxRowData; onMade(): void }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ phone: string; name: string }>();
  const { busy, submit } = useSubmit();
  const make = (values: { phone?: string; name?: string }) =>
    submit(
      () =>
        post(routes.adminChatLead, { id: row.id, phone: values.phone?.trim() ?? "", name: values.name?.trim() ?? "" }),
      () => {
        message.success("已转为线索");
        setOpen(false);
        onMade();
      },
      "转为线索失败",
    );
  return (
    <>
      <Button onClick={() => setOpen(true)}>转为线索</Button>
      <Modal
        title="转为线索（在线咨询）"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText="转为线索"
        okButtonProps={{ loading: busy }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">聊天记录会随线索保存，线索详情中可查看。</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={make} disabled={busy}>
          <Form.Item
            label="访客手机号"
            name="phone"
            extra={
              row.customerPhone ? `留空则使用访客登录账号的手机号（${row.customerPhone}）` : "访客在对话中告知的手机号"
            }
            rules={[
              { required: !row.customerPhone, message: "请输入访客的手机号" },
              { pattern: PHONE_PATTERN, message: Messages.invalidPhone },
            ]}
          >
            <Input inputMode="tel" maxLength={11} autoComplete="off" />
          </Form.Item>
          <Form.Item label="称呼" name="name" rules={[{ max: 32, message: "称呼最多 32 个字" }]}>
            <Input placeholder="如：陈先生" autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export function VisitorPanel({ row, onChanged }: { row: ChatInboxRowData; onChanged(): void }) {
  const { me } = useSession();
  const visitor = useLoad(() => get(routes.adminChatVisitor, { id: row.id }), `${row.id}-${row.leadId ?? 0}`);
  const mayMakeLead =
    row.leadId === null &&
    (row.status === "closed" || (row.status === "open" && (row.assigneeId === me.id || me.role === "admin")));
  const data = visitor.data;
  return (
    <section aria-label="访客信息">
      <Card
        title="访客信息"
        size="small"
        extra={
          mayMakeLead ? (
            <LeadButton
              row={row}
              onMade={() => {
                visitor.reload();
                onChanged();
              }}
            />
          ) : undefined
        }
      >
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="所在页">{orDash(sourceLabel(row.page) || row.page)}</Descriptions.Item>
          <Descriptions.Item label="城市">{orDash(row.city)}</Descriptions.Item>
          <Descriptions.Item label="手机号">
            {data ? <VisitorPhone id={row.id} visitor={data} /> : visitor.error ? visitor.error : "加载中…"}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text strong style={{ display: "block", marginTop: 8 }}>
          线索
        </Typography.Text>
        {data && data.leads.length === 0 ? (
          <Empty description="暂无线索" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <List
            size="small"
            loading={visitor.loading && !data}
            dataSource={data?.leads ?? []}
            renderItem={(lead) => (
              <List.Item key={lead.id}>
                <Space wrap size={4}>
                  {can(me, "leads") ? (
                    <Link to={`/leads/${lead.id}`}>线索 #{lead.id}</Link>
                  ) : (
                    <span>线索 #{lead.id}</span>
                  )}
                  <span>{leadKindLabel(lead.kind)}</span>
                  <LeadStateTag state={lead.state} />
                  <Typography.Text type="secondary">
                    {lead.phone} · {formatTime(lead.createdAt)}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
        <Typography.Text strong style={{ display: "block", marginTop: 8 }}>
          订单
        </Typography.Text>
        {data && data.orders.length === 0 ? (
          <Empty description="暂无订单" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <List
            size="small"
            loading={visitor.loading && !data}
            dataSource={data?.orders ?? []}
            renderItem={(order) => (
              <List.Item key={order.id}>
                <Space wrap size={4}>
                  {can(me, "orders") ? (
                    <Link to={`/orders/${order.orderNo}`}>{order.orderNo}</Link>
                  ) : (
                    <span>{order.orderNo}</span>
                  )}
                  <OrderStatusTag status={order.status} />
                  <span>{yuan(order.totalCents)}</span>
                  <Typography.Text type="secondary">{formatTime(order.createdAt)}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
    </section>
  );
}
