// One stage of a renovation project as the back office works it (issue #24, docs/decisions/0069): its
// checklist, the records (photos and notes, the inspector's check, the owner's acceptance or
// objection), and the acts the member may do on it: 上传照片 (the project's manager or 管理员), 监理检查
// (its inspector or 管理员) and 请业主验收 (the manager, once the check passed). An act the member
// may not do is not shown; one that must wait says why.
import type { ProjectDetail, ProjectStage, StageRecordKind } from "@yj/contract";
import { Button, Card, Checkbox, Empty, Form, Input, Popconfirm, Radio, Space, Timeline, Typography } from "antd";
import { useState } from "react";
import { post, routes } from "../api";
import { formatTime } from "../kit/format";
import { SaveModal } from "../kit/save-modal";
import { useSubmit } from "../kit/use-submit";
import { StageStatusTag } from "../project-labels";
import { PhotoListField, PhotoStrip } from "./photo-list-field";

const RECORD_LABELS: Record<StageRecordKind, string> = {
  progress: "现场记录",
  inspection: "监理检查",
  acceptance: "业主验收",
  objection: "业主异议",
};
const RECORD_COLORS: Record<StageRecordKind, string> = {
  progress: "blue",
  inspection: "gray",
  acceptance: "green",
  objection: "red",
};

/** What the member may do on this project's stages. */
export interface StageRights {
  record: boolean;
  inspect: boolean;
}

type Dialog = "record" | "inspect" | null;

export function StageCard({
  stage,
  rights,
  onChanged,
}: {
  stage: ProjectStage;
  rights: StageRights;
  onChanged(detail: ProjectDetail): void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const { busy, submit } = useSubmit();
  const accepted = stage.status === "accepted";
  const awaiting = stage.status === "awaiting_acceptance";
  const checked = stage.inspectionPassed === true;

  const requestAcceptance = () =>
    submit(
      () => post(routes.adminProjectRequestAcceptance, { stageId: stage.id }),
      (detail) => onChanged(detail),
      "操作失败",
    );

  const plan =
    stage.plannedStartDate || stage.plannedFinishDate
      ? `计划 ${stage.plannedStartDate ?? "—"} 至 ${stage.plannedFinishDate ?? "—"}`
      : "未排期";

  return (
    <Card
      size="small"
      data-stage={stage.name}
      title={
        <Space wrap>
          <span>
            {stage.position}. {stage.name}
          </span>
          <StageStatusTag status={stage.status} />
        </Space>
      }
      extra={<Typography.Text type="secondary">{plan}</Typography.Text>}
    >
      <Space orientation="vertical" size="small" style={{ width: "100%" }}>
        <div>
          <Typography.Text strong>验收项</Typography.Text>
          {stage.checklist.length === 0 ? (
            <Typography.Text type="secondary">（无）</Typography.Text>
          ) : (
            <ul style={{ margin: "4px 0 0", paddingInlineStart: 20 }}>
              {stage.checklist.map((c) => (
                <li key={c.item}>
                  {c.item}
                  {c.done ? "（已检查）" : ""}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Typography.Text>
          监理检查：
          {stage.inspectionPassed === null
            ? "尚未检查"
            : `${stage.inspectionPassed ? "通过" : "未通过"}${stage.inspectedAt ? `（${formatTime(stage.inspectedAt)}）` : ""}`}
          {stage.acceptedAt ? ` · 业主验收于 ${formatTime(stage.acceptedAt)}` : ""}
        </Typography.Text>
        {stage.records.length === 0 ? (
          <Empty description="还没有现场记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Timeline
            items={stage.records.map((r) => ({
              key: r.id,
              color: RECORD_COLORS[r.kind],
              content: (
                <Space orientation="vertical" size={4}>
                  <Typography.Text type="secondary">
                    {formatTime(r.createdAt)} · {RECORD_LABELS[r.kind]}
                  </Typography.Text>
                  {r.text && <span>{r.text}</span>}
                  <PhotoStrip
                    keys={r.photoKeys}
                    label={r.kind === "objection" ? `${stage.name}业主异议照片` : `${stage.name}照片`}
                  />
                </Space>
              ),
            }))}
          />
        )}
        {!accepted && (rights.record || rights.inspect) && (
          <Space wrap>
            {rights.record && <Button onClick={() => setDialog("record")}>上传照片</Button>}
            {rights.inspect && <Button onClick={() => setDialog("inspect")}>监理检查</Button>}
            {rights.record &&
              (awaiting ? (
                <Typography.Text type="secondary">已通知业主验收</Typography.Text>
              ) : checked ? (
                <Popconfirm
                  title={`请业主验收「${stage.name}」？`}
                  description="业主会收到短信通知"
                  okText="通知业主"
                  cancelText="取消"
                  onConfirm={requestAcceptance}
                >
                  <Button type="primary" loading={busy}>
                    请业主验收
                  </Button>
                </Popconfirm>
              ) : (
                <Typography.Text type="secondary">监理检查通过后可请业主验收</Typography.Text>
              ))}
          </Space>
        )}
      </Space>
      <SaveModal<{ text?: string; photoKeys?: string[] }, ProjectDetail>
        open={dialog === "record"}
        title={`上传照片 · ${stage.name}`}
        savedText="已上传"
        onSave={(v) =>
          post(routes.adminProjectStageRecord, {
            stageId: stage.id,
            text: v.text?.trim() ?? "",
            photoKeys: v.photoKeys ?? [],
          })
        }
        onClose={() => setDialog(null)}
        onSaved={(detail) => {
          setDialog(null);
          onChanged(detail);
        }}
      >
        <Form.Item
          label="现场照片"
          name="photoKeys"
          rules={[{ required: true, type: "array", min: 1, message: "请至少上传一张照片" }]}
        >
          <PhotoListField />
        </Form.Item>
        <Form.Item label="说明" name="text" rules={[{ max: 1000, message: "说明最多 1000 字" }]}>
          <Input.TextArea rows={3} placeholder="如：水电管线已全部敷设，打压试验合格" />
        </Form.Item>
      </SaveModal>
      <SaveModal<{ passed: boolean; done?: string[]; note?: string }, ProjectDetail>
        open={dialog === "inspect"}
        title={`监理检查 · ${stage.name}`}
        savedText="检查结果已保存"
        initialValues={{ passed: true, done: stage.checklist.filter((c) => c.done).map((c) => c.item) }}
        onSave={(v) =>
          post(routes.adminProjectInspect, {
            stageId: stage.id,
            passed: v.passed,
            done: v.done ?? [],
            note: v.note?.trim() ?? "",
          })
        }
        onClose={() => setDialog(null)}
        onSaved={(detail) => {
          setDialog(null);
          onChanged(detail);
        }}
      >
        <Form.Item label="已检查的验收项" name="done">
          <Checkbox.Group options={stage.checklist.map((c) => ({ value: c.item, label: c.item }))} />
        </Form.Item>
        <Form.Item label="检查结果" name="passed" rules={[{ required: true, message: "请选择检查结果" }]}>
          <Radio.Group
            options={[
              { value: true, label: "通过" },
              { value: false, label: "不通过" },
            ]}
          />
        </Form.Item>
        <Form.Item label="检查说明" name="note" rules={[{ max: 1000, message: "说明最多 1000 字" }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </SaveModal>
    </Card>
  );
}
