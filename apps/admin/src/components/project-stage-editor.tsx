// Editing a project's stages (docs/decisions/0074): rename, re-date, rewrite checklists, add, remove
// and reorder the stages not yet started. The started ones (a record, a check, or past 施工中) stay
// first and in place, so their rows have no moves; a stage an instalment is tied to cannot be removed;
// an accepted stage is shown but not editable. The server checks the same rules.
import type { ProjectDetail, ProjectStage } from "@yj/contract";
import { Button, Form, Input, Space, Tag, Typography } from "antd";
import { post, routes } from "../api";
import { SaveModal } from "../kit/save-modal";

interface StageRow {
  id?: number;
  name: string;
  plannedStartDate?: string;
  plannedFinishDate?: string;
  /** One acceptance item a line. */
  checklist?: string;
}

const started = (s: ProjectStage) => s.status !== "pending" || s.inspectedAt !== null || s.records.length > 0;

export function StageEditor({
  project,
  open,
  onClose,
  onSaved,
}: {
  project: ProjectDetail;
  open: boolean;
  onClose(): void;
  onSaved(detail: ProjectDetail): void;
}) {
  const byId = new Map(project.stages.map((s) => [s.id, s]));
  const fixedCount = project.stages.findLastIndex(started) + 1;
  const withInstalment = new Set(project.instalments.map((i) => i.stageId));
  const initial: StageRow[] = project.stages.map((s) => ({
    id: s.id,
    name: s.name,
    plannedStartDate: s.plannedStartDate ?? "",
    plannedFinishDate: s.plannedFinishDate ?? "",
    checklist: s.checklist.map((c) => c.item).join("\n"),
  }));

  const save = (values: { stages: StageRow[] }) =>
    post(routes.adminProjectStages, {
      projectId: project.id,
      stages: values.stages.map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        name: s.name.trim(),
        plannedStartDate: s.plannedStartDate || null,
        plannedFinishDate: s.plannedFinishDate || null,
        checklist: (s.checklist ?? "")
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
      })),
    });

  return (
    <SaveModal<{ stages: StageRow[] }, ProjectDetail>
      open={open}
      title="编辑施工阶段"
      width={760}
      savedText="施工阶段已保存"
      initialValues={{ stages: initial }}
      onSave={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Typography.Paragraph type="secondary">
        已开始的阶段（有现场记录、已检查或已提交验收）保持在前，不能删除或调整顺序；关联付款节点的阶段不能删除。
      </Typography.Paragraph>
      <Form.List name="stages">
        {(fields, { add, remove, move }) => (
          <Space orientation="vertical" style={{ width: "100%" }}>
            {fields.map((field, index) => (
              <StageFields
                key={field.key}
                field={field}
                index={index}
                count={fields.length}
                fixedCount={fixedCount}
                byId={byId}
                withInstalment={withInstalment}
                move={move}
                remove={remove}
              />
            ))}
            <Typography.Link onClick={() => add({ name: "", checklist: "" })}>+ 添加阶段</Typography.Link>
          </Space>
        )}
      </Form.List>
    </SaveModal>
  );
}

function StageFields({
  field,
  index,
  count,
  fixedCount,
  byId,
  withInstalment,
  move,
  remove,
}: {
  field: { key: number; name: number };
  index: number;
  count: number;
  fixedCount: number;
  byId: Map<number, ProjectStage>;
  withInstalment: Set<number>;
  move(from: number, to: number): void;
  remove(index: number): void;
}) {
  const form = Form.useFormInstance();
  // Read at render: the list re-renders its rows on every move, add and removal.
  const id = form.getFieldValue(["stages", field.name, "id"]) as number | undefined;
  const stage = id ? byId.get(id) : undefined;
  const accepted = stage?.status === "accepted";
  const fixed = index < fixedCount;
  return (
    <div style={{ border: "1px solid #f0f0f0", borderRadius: 6, padding: 12 }} data-stage-row={index + 1}>
      {/* Registered so the save sends it: a row without its id would be a new stage. */}
      <Form.Item name={[field.name, "id"]} hidden>
        <Input />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item
          name={[field.name, "name"]}
          label={`第 ${index + 1} 阶段`}
          rules={[
            { required: true, whitespace: true, message: "请填写阶段名称" },
            { max: 32, message: "阶段名称最多 32 字" },
          ]}
        >
          <Input style={{ width: 160 }} disabled={accepted} />
        </Form.Item>
        <Form.Item name={[field.name, "plannedStartDate"]} label="计划开始">
          <Input type="date" style={{ width: 150 }} disabled={accepted} />
        </Form.Item>
        <Form.Item name={[field.name, "plannedFinishDate"]} label="计划完成">
          <Input type="date" style={{ width: 150 }} disabled={accepted} />
        </Form.Item>
        <Space orientation="vertical" size={4} style={{ paddingTop: 30 }}>
          {fixed ? (
            <Tag>{accepted ? "已验收" : "已开始"}</Tag>
          ) : (
            <Space size={4} wrap>
              {/* Only among the stages not yet started: the first of them cannot go up. */}
              <Button size="small" disabled={index === fixedCount} onClick={() => move(index, index - 1)}>
                上移
              </Button>
              <Button size="small" disabled={index === count - 1} onClick={() => move(index, index + 1)}>
                下移
              </Button>
              {stage && withInstalment.has(stage.id) ? (
                <Tag color="gold">付款节点</Tag>
              ) : (
                <Button size="small" danger onClick={() => remove(field.name)} disabled={count === 1}>
                  删除
                </Button>
              )}
            </Space>
          )}
        </Space>
      </Space>
      <Form.Item name={[field.name, "checklist"]} label="验收项（每行一项）" style={{ marginBottom: 0 }}>
        <Input.TextArea rows={2} disabled={accepted} />
      </Form.Item>
    </div>
  );
}
