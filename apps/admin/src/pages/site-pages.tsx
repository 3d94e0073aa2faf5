// The brand and service pages (/about, /stream, /integrate, /heartPage and /2-2, /2-22;
// docs/decisions/0028): which ones still show the built-in copy, and the editor of a page's title,
// introduction and blocks. A save shows on the storefront at once.
import type { AdminSitePageDetail, AdminSitePageRow } from "@yj/contract";
import { App, Button, Card, Form, Input, Space, Tag, Typography } from "antd";
import { Link, useParams } from "react-router";
import { get, post, routes } from "../api";
import { BlockEditor } from "../components/block-editor";
import { ContentTabs } from "../components/content-tabs";
import { Loaded } from "../kit/loaded";
import { TitledPage } from "../kit/titled-page";
import { UrlTableView } from "../kit/url-table";
import { useSubmit } from "../kit/use-submit";
import { useUrlTable } from "../kit/use-url-table";
import { useLoad } from "../use-load";

const PAGE_KINDS = ["heading", "paragraph", "image", "steps", "features", "figures", "list", "link"] as const;

export function SitePageListPage() {
  const table = useUrlTable(routes.adminSitePageList, []);
  return (
    <TitledPage title="内容">
      <ContentTabs active="pages" />
      <UrlTableView<AdminSitePageRow>
        table={table}
        rowKey="slug"
        locale={{ emptyText: "暂无页面" }}
        columns={[
          { title: "页面", dataIndex: "title" },
          {
            title: "前台地址",
            dataIndex: "paths",
            render: (paths: string[]) => (
              <Space>
                {paths.map((p) => (
                  <a key={p} href={p} target="_blank" rel="noreferrer">
                    {p}
                  </a>
                ))}
              </Space>
            ),
          },
          {
            title: "文案",
            dataIndex: "edited",
            width: 120,
            render: (edited: boolean) => (edited ? <Tag color="green">已自定义</Tag> : <Tag>内置文案</Tag>),
          },
          {
            title: "更新时间",
            dataIndex: "updatedAt",
            width: 180,
            render: (v: string) => (v ? new Date(v).toLocaleString("zh-CN") : "—"),
          },
          {
            title: "操作",
            key: "edit",
            width: 80,
            render: (_, row) => <Link to={`/content/pages/${row.slug}`}>编辑</Link>,
          },
        ]}
      />
    </TitledPage>
  );
}

function PageForm({ page, onSaved }: { page: AdminSitePageDetail; onSaved(page: AdminSitePageDetail): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { busy, submitForm } = useSubmit();

  const save = () =>
    submitForm(
      form,
      (values) => post(routes.adminSitePageSave, { slug: page.slug, ...values }),
      (saved) => {
        onSaved(saved);
        message.success("页面已保存，前台已更新");
      },
    );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ title: page.title, description: page.description, blocks: page.blocks }}
    >
      <Card title="页面" size="small">
        <Form.Item
          name="title"
          label="页面标题"
          rules={[{ required: true, whitespace: true, message: "请输入页面标题" }]}
        >
          <Input maxLength={40} showCount />
        </Form.Item>
        <Form.Item
          name="description"
          label="页面简介（页首导语与搜索引擎描述）"
          rules={[{ required: true, whitespace: true, message: "请输入页面简介" }]}
        >
          <Input.TextArea rows={2} maxLength={300} showCount />
        </Form.Item>
      </Card>
      <Card title="内容块" size="small" style={{ marginTop: 16 }}>
        <BlockEditor name="blocks" kinds={PAGE_KINDS} />
      </Card>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={save} loading={busy}>
          保存
        </Button>
        <Link to="/content/pages">返回页面列表</Link>
      </Space>
    </Form>
  );
}

export function SitePageEditorPage() {
  const { slug = "" } = useParams();
  const load = useLoad(() => get(routes.adminSitePageDetail, { slug }), slug);
  return (
    <Loaded load={load} back={{ to: "/content/pages", text: "返回页面列表" }}>
      {(data) => (
        <TitledPage
          title={
            <>
              编辑页面：{data.title} {data.edited ? <Tag color="green">已自定义</Tag> : <Tag>内置文案</Tag>}
            </>
          }
        >
          <Typography.Text type="secondary">
            前台地址：
            {data.paths.map((p) => (
              <a key={p} href={p} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
                {p}
              </a>
            ))}
          </Typography.Text>
          <PageForm key={data.updatedAt} page={data} onSaved={load.setData} />
        </TitledPage>
      )}
    </Loaded>
  );
}
