// 顾客数据 (管理员 only, docs/decisions/0076): find a customer by phone, see what the shop holds about
// them, and on their request export it (JSON and Excel) or delete it. Both acts are audited; a delete
// closes the account with the same refusals as the customer's own 注销账号.
import type { AdminCustomer } from "@yj/contract";
import { Alert, App, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Table, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { get, post, routes } from "../api";
import { saveBase64File } from "../download";
import { TitledPage } from "../kit/titled-page";
import { useSubmit } from "../kit/use-submit";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const china = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");

export function CustomerDataPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phone: string }>();
  const [customer, setCustomer] = useState<AdminCustomer | null | undefined>(undefined);
  const [searched, setSearched] = useState("");
  const finding = useSubmit();
  const acting = useSubmit();

  const find = (phone: string) =>
    finding.submit(
      () => get(routes.adminCustomerLookup, { phone }),
      (answer) => {
        setSearched(phone);
        setCustomer(answer.customer);
      },
      "查询失败",
    );

  const exportData = (id: number) =>
    acting.submit(
      () => post(routes.adminCustomerExport, { id }),
      (files) => {
        saveBase64File(files.json.fileName, files.json.contentBase64, "application/json");
        saveBase64File(files.workbook.fileName, files.workbook.contentBase64, XLSX);
        message.success("已导出顾客数据（JSON 与 Excel）");
      },
      "导出失败",
    );

  const deleteData = (id: number) =>
    acting.submit(
      () => post(routes.adminCustomerDelete, { id }),
      () => {
        message.success("已删除顾客数据，账号已注销");
        setCustomer(null);
      },
      "删除失败",
    );

  return (
    <TitledPage title="顾客数据">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        应顾客本人要求导出或删除其数据。导出与删除都会记入审计记录；删除即注销该顾客的账号，订单与支付记录依法保留金额、日期和商品，收货人、手机号和地址被清除。
      </Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={(values) => void find(values.phone.trim())} style={{ rowGap: 12 }}>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, message: "请输入手机号" },
            { pattern: /^\s*1[3-9]\d{9}\s*$/, message: "请输入正确的手机号" },
          ]}
        >
          <Input placeholder="顾客登录的手机号" style={{ width: 200 }} inputMode="numeric" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={finding.busy}>
            查询
          </Button>
        </Form.Item>
      </Form>
      {customer === null && (
        <Alert type="info" showIcon message={`没有找到手机号 ${searched} 的顾客（或其账号已注销）`} />
      )}
      {customer && (
        <Card
          title={`顾客 #${customer.id}`}
          extra={<Link to={`/audit?customerId=${customer.id}`}>该顾客的审计记录</Link>}
        >
          <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 3 }}
              items={[
                { key: "mobile", label: "手机号", children: customer.mobile },
                { key: "created", label: "注册时间", children: china(customer.createdAt) },
                { key: "login", label: "最近登录", children: china(customer.lastLoginAt) },
              ]}
            />
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={customer.holdings}
              columns={[
                { title: "数据类别", dataIndex: "title" },
                { title: "条数", dataIndex: "count", width: 100 },
              ]}
            />
            {!customer.closing.allowed && (
              <Alert
                type="warning"
                showIcon
                message="暂不能删除"
                description={
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {customer.closing.reasons.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                }
              />
            )}
            <Space wrap>
              <Button loading={acting.busy} onClick={() => void exportData(customer.id)}>
                导出数据
              </Button>
              {customer.closing.allowed && (
                <Popconfirm
                  title="删除该顾客的数据？"
                  description="账号将被注销，个人数据删除或匿名化，不可恢复。"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => deleteData(customer.id)}
                >
                  <Button danger loading={acting.busy}>
                    删除数据
                  </Button>
                </Popconfirm>
              )}
            </Space>
          </Space>
        </Card>
      )}
    </TitledPage>
  );
}
