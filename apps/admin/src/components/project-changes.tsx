// A project's change orders (增项/减项) and its contract versions (issue #24): the manager proposes a
// change with items in yuan (sent as cents), a reason and photos; it changes the contract only when
// the owner approves it online, and every approved change leaves a version behind.
import {
  CHANGE_ORDER_KIND_LABELS,
  type ChangeOrderKind,
  type ProjectChangeOrder,
  type ProjectDetail,
  type ProjectVersion,
} from "@yj/contract";
import { Button, Card, Form, Input, Radio, Space, Typography } from "antd";
import { useState } from "react";
import { post, routes } from "../api";
import { moneyColumn, timeColumn } from "../kit/columns";
import { MoneyField, yuan, yuanToCents } from "../kit/money-field";
import { SaveModal } from "../kit/save-modal";
import { SmallTable } from "../kit/small-table";
import { ChangeStatusTag, emptyNote, ScrollRegion } from "../project-labels";
import { PhotoListField, PhotoStrip } from "./photo-list-field";

interface ChangeValues {
  kind: ChangeOrderKind;
  items: { name: string; amount: string }[];
  reason: string;
  photoKeys?: string[];
}

export function ChangeOrders({
  project,
  canPropose,
  onChanged,
}: {
  project: ProjectDetail;
  canPropose: boolean;
  onChanged(detail: ProjectDetail): void;
}) {
  const [open, setOpen] = useState(false);
  const running = project.status === "in_progress";
  return (
    <Card
      title="变更单"
      extra={
        canPropose && running ? (
          <Button type="primary" onClick={() => setOpen(true)}>
            提出变更
          </Button>
        ) : null
      }
    >
      <ScrollRegion label="变更单列表">
        <SmallTable<ProjectChangeOrder>
          rowKey="id"
          dataSource={project.changeOrders}
          locale={{ emptyText: emptyNote("没有变更单") }}
          expandable={{
            expandedRowRender: (c) => (
              <Space orientation="vertical">
                {c.items.map((i) => (
                  <span key={i.name}>
                    {i.name}：{yuan(i.amountCents)}
                  </span>
                ))}
                <PhotoStrip keys={c.photoKeys} label="变更照片" />
              </Space>
            ),
          }}
          columns={[
            timeColumn("提出时间"),
            { title: "类型", dataIndex: "kind", render: (k: ChangeOrderKind) => CHANGE_ORDER_KIND_LABELS[k] },
            moneyColumn("金额", "amountCents"),
            { title: "原因", dataIndex: "reason", ellipsis: true },
            {
              title: "状态",
              dataIndex: "status",
              render: (s: ProjectChangeOrder["status"]) => <ChangeStatusTag status={s} />,
            },
            {
              title: "合同金额变化",
              key: "contract",
              render: (_, c) =>
                c.contractBeforeCents !== null && c.contractAfterCents !== null
                  ? `${yuan(c.contractBeforeCents)} → ${yuan(c.contractAfterCents)}`
                  : "—",
            },
          ]}
        />
      </ScrollRegion>
      <SaveModal<ChangeValues, ProjectDetail>
        open={open}
        title="提出变更"
        width={640}
        savedText="变更单已提交，等待业主确认"
        initialValues={{ kind: "add", items: [{ name: "", amount: "" }] }}
        onSave={(v) =>
          post(routes.adminProjectChangeOrder, {
            projectId: project.id,
            kind: v.kind,
            items: v.items.map((i) => ({ name: i.name.trim(), amountCents: yuanToCents(i.amount) })),
            reason: v.reason.trim(),
            photoKeys: v.photoKeys ?? [],
          })
        }
        onClose={() => setOpen(false)}
        onSaved={(detail) => {
          setOpen(false);
          onChanged(detail);
        }}
      >
        <Form.Item label="类型" name="kind" rules={[{ required: true, message: "请选择增项或减项" }]}>
          <Radio.Group options={Object.entries(CHANGE_ORDER_KIND_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: "100%" }}>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap>
                  <Form.Item
                    name={[field.name, "name"]}
                    label={`项目 ${index + 1}`}
                    rules={[
                      { required: true, whitespace: true, message: "请填写项目名称" },
                      { max: 64, message: "项目名称最多 64 字" },
                    ]}
                  >
                    <Input placeholder="如：阳台加装储物柜" style={{ width: 240 }} />
                  </Form.Item>
                  <MoneyField
                    name={[field.name, "amount"]}
                    label="金额（元）"
                    rules={[{ required: true, message: "请填写金额" }]}
                    input={{ style: { width: 150 } }}
                  />
                  {fields.length > 1 && (
                    <Button type="link" danger onClick={() => remove(field.name)} style={{ marginTop: 30 }}>
                      删除
                    </Button>
                  )}
                </Space>
              ))}
              <Button onClick={() => add({ name: "", amount: "" })} disabled={fields.length >= 50}>
                添加一项
              </Button>
            </Space>
          )}
        </Form.List>
        <Form.Item
          label="变更原因"
          name="reason"
          style={{ marginTop: 16 }}
          rules={[
            { required: true, whitespace: true, message: "请填写变更原因" },
            { max: 500, message: "原因最多 500 字" },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item label="照片" name="photoKeys">
          <PhotoListField />
        </Form.Item>
      </SaveModal>
    </Card>
  );
}

export function ContractVersions({ project }: { project: ProjectDetail }) {
  const stageName = new Map(project.stages.map((s) => [s.id, s.name]));
  return (
    <Card title="合同版本">
      <ScrollRegion label="合同版本列表">
        <SmallTable<ProjectVersion>
          rowKey="version"
          dataSource={[...project.versions].reverse()}
          columns={[
            { title: "版本", dataIndex: "version", render: (v: number) => `第 ${v} 版` },
            timeColumn("生效时间"),
            moneyColumn("合同金额", "contractCents"),
            {
              title: "各期款项",
              key: "instalments",
              render: (_, v) => (
                <Typography.Text>
                  {v.instalments
                    .map((i) => `${stageName.get(i.stageId) ?? "已删除阶段"} ${yuan(i.amountCents)}`)
                    .join("；")}
                </Typography.Text>
              ),
            },
            {
              title: "来源",
              dataIndex: "changeOrderId",
              render: (id: number | null) => (id === null ? "签约" : `变更单 #${id}`),
            },
          ]}
        />
      </ScrollRegion>
    </Card>
  );
}
