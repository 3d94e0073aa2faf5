// Guides and cases for 运营: filter by type, guide tag and keyword (kept in the address), paging on
// the server; each row opens the editor or, after a confirmation, is deleted.
import type { AdminArticleRow } from "@yj/contract";
import { App, Button, Form, Input, Select, Space, Table, Tag, Typography } from "antd";
import { Link, useSearchParams } from "react-router";
import { get, post, routes } from "../api";
import { ContentTabs } from "../components/content-tabs";
import { useLoad } from "../use-load";

const FILTER_KEYS = ["type", "tagId", "keyword"] as const;
const TYPE_OPTIONS = [
  { value: "1", label: "攻略" },
  { value: "2", label: "案例" },
];

export function ArticleListPage() {
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const current = Number(params.get("current") ?? 1) || 1;
  const pageSize = Number(params.get("pageSize") ?? 20) || 20;
  const key = params.toString();
  const { data, loading, error, reload } = useLoad(
    () => get(routes.adminArticleList, { ...filter, current, pageSize }),
    key,
  );
  const { data: options } = useLoad(() => get(routes.adminArticleOptions));

  const apply = (values: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) {
      const v = String(values[k] ?? "").trim();
      if (v) next.set(k, v);
    }
    setParams(next);
  };
  const initial = { ...filter, tagId: filter.tagId ? Number(filter.tagId) : undefined };

  const remove = (row: AdminArticleRow) =>
    modal.confirm({
      title: `确认删除${row.type === 2 ? "案例" : "攻略"}？`,
      content: `「${row.title}」删除后前台立即不再显示，顾客对它的收藏也一并删除，且不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await post(routes.adminArticleDelete, { id: row.id });
          message.success("文章已删除");
          reload();
        } catch (e) {
          message.error(e instanceof Error ? e.message : "删除失败");
        }
      },
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        内容
      </Typography.Title>
      <ContentTabs active="articles" />
      <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
        <Form layout="inline" initialValues={initial} onFinish={apply} key={key} style={{ rowGap: 12 }}>
          <Form.Item name="type" label="类型">
            <Select allowClear placeholder="全部" options={TYPE_OPTIONS} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="tagId" label="攻略标签">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 130 }}
              options={(options?.tags ?? []).map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
          <Form.Item name="keyword" label="标题">
            <Input allowClear placeholder="标题关键词" style={{ width: 180 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              筛选
            </Button>
            <Button onClick={() => setParams(new URLSearchParams())}>重置</Button>
          </Space>
        </Form>
        <Space>
          <Link to="/content/articles/new?type=1">
            <Button>新建攻略</Button>
          </Link>
          <Link to="/content/articles/new?type=2">
            <Button>新建案例</Button>
          </Link>
        </Space>
      </Space>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table<AdminArticleRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.dataList ?? []}
        locale={{ emptyText: "没有符合条件的文章" }}
        pagination={{
          current,
          pageSize,
          total: data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, size) => {
            const next = new URLSearchParams(params);
            next.set("current", String(page));
            next.set("pageSize", String(size));
            setParams(next);
          },
        }}
        columns={[
          { title: "编号", dataIndex: "id", width: 70 },
          {
            title: "类型",
            dataIndex: "type",
            width: 70,
            render: (type: number) => (type === 2 ? <Tag color="purple">案例</Tag> : <Tag color="blue">攻略</Tag>),
          },
          { title: "标题", dataIndex: "title", ellipsis: true },
          {
            title: "标签 / 风格",
            key: "facet",
            width: 130,
            render: (_, row) => (row.type === 2 ? [row.city, row.style].filter(Boolean).join(" · ") : row.tagName),
          },
          { title: "作者", dataIndex: "author", width: 120, ellipsis: true },
          { title: "浏览", dataIndex: "views", width: 80 },
          {
            title: "发布时间",
            dataIndex: "publishedAt",
            width: 110,
            render: (v: string) => new Date(v).toLocaleDateString("zh-CN"),
          },
          {
            title: "操作",
            key: "actions",
            width: 150,
            render: (_, row) => (
              <Space>
                <Link to={`/content/articles/${row.id}`}>编辑</Link>
                <a href={`/article-detail/${row.id}`} target="_blank" rel="noreferrer">
                  查看
                </a>
                <Button type="link" danger size="small" style={{ paddingInline: 0 }} onClick={() => remove(row)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
