// The brand and service pages (/about, /stream, /integrate, /heartPage and /2-2, /2-22;
// docs/decisions/0028): which ones still show the built-in copy, and the editor of a page's title,
// introduction and blocks. A save shows on the storefront at once.
import type { AdminSitePageDetail, AdminSitePageRow } from "@yj/contract";
import { App, Card, Form, Space, Typography } from "antd";
import { useParams } from "react-router";
import { get, post, routes } from "../api";
import { BlockEditor } from "../components/block-editor";
import { ContentTabs } from "../components/content-tabs";
import { FlagTag, openColumn } from "../kit/columns";
import { FormActions, StorefrontLink } from "../kit/form-actions";
import { TextAreaItem, TextItem } from "../kit/form-items";
import { Loaded } from "../kit/loaded";
import { TitledPage } from "../kit/titled-page";
import { UrlTableView } from "../kit/url-table";
import { useSubmit } from "../kit/use-submit";
import { useUrlTable } from "../kit/use-url-table";
import { useLoad } from "../use-load";

const PAGE_LIST = { to: "/content/pages", text: "返回页面列表" };
/** Whether the page shows its own copy or the built-in one. */
const EditedTag = ({ edited }: { edited: boolean }) => <FlagTag on={edited} yes="已自定义" no="内置文案" />;

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
                  <StorefrontLink key={p} href={p}>
                    {p}
                  </StorefrontLink>
                ))}
              </Space>
            ),
          },
          {
            title: "文案",
            dataIndex: "edited",
            width: 120,
            render: (edited: boolean) => <EditedTag edited={edited} />,
          },
          {
            title: "更新时间",
            dataIndex: "updatedAt",
            width: 180,
            render: (v: string) => (v ? new Date(v).toLocaleString("zh-CN") : "—"),
          },
          openColumn("编辑", (row) => `/content/pages/${row.slug}`),
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
        <TextItem
          name="title"
          label="页面标题"
          required="请输入页面标题"
          whitespace
          maxLength={40}
          input={{ showCount: true }}
        />
        <TextAreaItem
          name="description"
          label="页面简介（页首导语与搜索引擎描述）"
          required="请输入页面简介"
          whitespace
          input={{ rows: 2, maxLength: 300, showCount: true }}
        />
      </Card>
      <Card title="内容块" size="small" style={{ marginTop: 16 }}>
        <BlockEditor name="blocks" kinds={PAGE_KINDS} />
      </Card>
      <FormActions busy={busy} onSave={save} back={PAGE_LIST} />
    </Form>
  );
}

export function SitePageEditorPage() {
  const { slug = "" } = useParams();
  const load = useLoad(() => get(routes.adminSitePageDetail, { slug }), slug);
  return (
    <Loaded load={load} back={PAGE_LIST}>
      {(data) => (
        <TitledPage
          title={
            <>
              编辑页面：{data.title} <EditedTag edited={data.edited} />
            </>
          }
        >
          <Typography.Text type="secondary">
            前台地址：
            {data.paths.map((p) => (
              <StorefrontLink key={p} href={p} style={{ marginRight: 8 }}>
                {p}
              </StorefrontLink>
            ))}
          </Typography.Text>
          <PageForm key={data.updatedAt} page={data} onSaved={load.setData} />
        </TitledPage>
      )}
    </Loaded>
  );
}
