// The body of a guide, a case or a brand page as an ordered list of blocks (data, never HTML:
// docs/decisions/0028): add a block of a kind, edit it, move it up or down, remove it. Used inside an
// antd Form as a Form.List under `name`; each block keeps its `kind` in the form's values.
import { SITE_PATH_MESSAGE, sameSitePath } from "@yj/contract";
import { Button, Card, Form, Input, Select, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { RowMoves } from "../kit/row-moves";
import { ImageField } from "./image-field";

export type BlockKind = "heading" | "paragraph" | "image" | "steps" | "features" | "figures" | "list" | "link";

const LABELS: Record<BlockKind, string> = {
  heading: "小标题",
  paragraph: "段落",
  image: "图片",
  steps: "步骤",
  features: "特点",
  figures: "数字",
  list: "列表",
  link: "站内链接",
};

/** What a new block of each kind starts with. */
const EMPTY: Record<BlockKind, object> = {
  heading: { kind: "heading", text: "" },
  paragraph: { kind: "paragraph", text: "" },
  image: { kind: "image", src: "", caption: "" },
  steps: { kind: "steps", items: [{ title: "", text: "" }] },
  features: { kind: "features", items: [{ title: "", text: "" }] },
  figures: { kind: "figures", items: [{ value: "", label: "" }] },
  list: { kind: "list", title: "", tone: "plain", items: [""] },
  link: { kind: "link", text: "", to: "/" },
};

const TONES = [
  { value: "included", label: "包含（打勾）" },
  { value: "excluded", label: "不含（打叉）" },
  { value: "plain", label: "普通" },
];

/** Block fields show their own error under them, without the form's usual gap. */
const NO_GAP = { marginBottom: 0 };

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** A list of pairs (a step's title and text, a figure's value and label) inside a block. */
function PairList({ name, keys }: { name: (string | number)[]; keys: [string, string, string, string] }) {
  const [first, firstLabel, second, secondLabel] = keys;
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <Space orientation="vertical" style={{ width: "100%" }}>
          {items.map((item, i) => (
            <Space key={item.key} align="start" style={{ width: "100%" }}>
              <Typography.Text type="secondary">{i + 1}.</Typography.Text>
              <Form.Item name={[item.name, first]} rules={required(`请输入${firstLabel}`)} style={NO_GAP}>
                <Input placeholder={firstLabel} aria-label={firstLabel} style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name={[item.name, second]} noStyle>
                <Input.TextArea placeholder={secondLabel} aria-label={secondLabel} autoSize style={{ width: 420 }} />
              </Form.Item>
              <Button size="small" onClick={() => remove(item.name)} disabled={items.length === 1}>
                删除
              </Button>
            </Space>
          ))}
          <Button size="small" onClick={() => add({ [first]: "", [second]: "" })}>
            添加一项
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

function BlockFields({ kind, name }: { kind: BlockKind; name: number }): ReactNode {
  switch (kind) {
    case "heading":
      return (
        <Form.Item name={[name, "text"]} rules={required("请输入小标题")} style={NO_GAP}>
          <Input maxLength={100} aria-label="小标题" />
        </Form.Item>
      );
    case "paragraph":
      return (
        <Form.Item name={[name, "text"]} rules={required("请输入段落")} style={NO_GAP}>
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={5000} aria-label="段落" />
        </Form.Item>
      );
    case "image":
      return (
        <Space orientation="vertical">
          <Form.Item name={[name, "src"]} rules={required("请填写图片")} style={NO_GAP}>
            <ImageField purpose="article" />
          </Form.Item>
          <Form.Item name={[name, "caption"]} noStyle>
            <Input placeholder="图片说明" aria-label="图片说明" maxLength={100} style={{ width: 360 }} />
          </Form.Item>
        </Space>
      );
    case "steps":
    case "features":
      return <PairList name={[name, "items"]} keys={["title", "标题", "text", "说明"]} />;
    case "figures":
      return <PairList name={[name, "items"]} keys={["value", "数字", "label", "说明"]} />;
    case "list":
      return (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Space>
            <Form.Item name={[name, "title"]} noStyle>
              <Input placeholder="列表标题" aria-label="列表标题" style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name={[name, "tone"]} noStyle>
              <Select options={TONES} style={{ width: 140 }} aria-label="列表类型" />
            </Form.Item>
          </Space>
          <Form.List name={[name, "items"]}>
            {(items, { add, remove }) => (
              <Space orientation="vertical" style={{ width: "100%" }}>
                {items.map((item) => (
                  <Space key={item.key}>
                    <Form.Item name={item.name} rules={required("请输入列表项")} style={NO_GAP}>
                      <Input aria-label="列表项" style={{ width: 480 }} />
                    </Form.Item>
                    <Button size="small" onClick={() => remove(item.name)} disabled={items.length === 1}>
                      删除
                    </Button>
                  </Space>
                ))}
                <Button size="small" onClick={() => add("")}>
                  添加一项
                </Button>
              </Space>
            )}
          </Form.List>
        </Space>
      );
    case "link":
      return (
        <Space>
          <Form.Item name={[name, "text"]} rules={required("请输入链接文字")} style={NO_GAP}>
            <Input placeholder="链接文字" aria-label="链接文字" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name={[name, "to"]}
            rules={[
              {
                // The contract's own check (docs/decisions/0047): "/\evil.example" is not a path on this site.
                validator: async (_, value?: string) => {
                  if (value?.trim() && sameSitePath(value.trim()) === null) throw new Error(SITE_PATH_MESSAGE);
                },
              },
            ]}
            style={NO_GAP}
          >
            <Input placeholder="本站路径，如 /case" aria-label="链接地址" style={{ width: 240 }} />
          </Form.Item>
        </Space>
      );
  }
}

export function BlockEditor({ name, kinds }: { name: string; kinds: readonly BlockKind[] }) {
  const form = Form.useFormInstance();
  return (
    <Form.List
      name={name}
      rules={[
        {
          validator: async (_, blocks?: unknown[]) => {
            if (!blocks?.length) throw new Error("正文至少需要一个内容块");
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <Space orientation="vertical" size="small" style={{ width: "100%" }}>
          {fields.length === 0 && <Typography.Text type="secondary">还没有内容块，请在下方添加。</Typography.Text>}
          {fields.map((field, index) => {
            const kind = form.getFieldValue([name, field.name, "kind"]) as BlockKind;
            return (
              <Card
                key={field.key}
                size="small"
                data-testid={`block-${index}`}
                title={
                  <Space>
                    <Typography.Text type="secondary">#{index + 1}</Typography.Text>
                    <Tag color="blue">{LABELS[kind] ?? kind}</Tag>
                  </Space>
                }
                extra={<RowMoves index={index} count={fields.length} move={move} onRemove={() => remove(field.name)} />}
              >
                <BlockFields kind={kind} name={field.name} />
              </Card>
            );
          })}
          <Space wrap>
            {kinds.map((kind) => (
              <Button key={kind} onClick={() => add(structuredClone(EMPTY[kind]))}>
                添加{LABELS[kind]}
              </Button>
            ))}
          </Space>
          <Form.ErrorList errors={errors} />
        </Space>
      )}
    </Form.List>
  );
}
