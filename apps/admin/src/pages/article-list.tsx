// Guides and cases for 运营: filter by type, guide tag and keyword (kept in the address), paging on
// the server; each row opens the editor or, after a confirmation, is deleted.
import type { AdminArticleRow } from "@yj/contract";
import { App, Button, Space, Tag } from "antd";
import { Link } from "react-router";
import { get, post, routes } from "../api";
import { ContentTabs } from "../components/content-tabs";
import { SelectFilter, TextFilter } from "../kit/filter-fields";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useUrlTable } from "../kit/use-url-table";
import { useLoad } from "../use-load";

const FILTER_KEYS = ["type", "tagId", "keyword"] as const;
const TYPE_OPTIONS = [
  { value: "1", label: "攻略" },
  { value: "2", label: "案例" },
];

export function ArticleListPage() {
  const { message, modal } = App.useApp();
  const table = useUrlTable(routes.adminArticleList, FILTER_KEYS);
  const { filter } = table;
  const { data: options } = useLoad(() => get(routes.adminArticleOptions));

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
          table.reload();
        } catch (e) {
          message.error(e instanceof Error ? e.message : "删除失败");
        }
      },
    });

  return (
    <TitledPage title="内容">
      <ContentTabs active="articles" />
      <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
        <FilterBar table={table} initialValues={initial} style={{ rowGap: 12 }}>
          <SelectFilter name="type" label="类型" options={TYPE_OPTIONS} width={100} />
          <SelectFilter
            name="tagId"
            label="攻略标签"
            width={130}
            options={(options?.tags ?? []).map((t) => ({ value: t.id, label: t.name }))}
          />
          <TextFilter name="keyword" label="标题" placeholder="标题关键词" width={180} />
        </FilterBar>
        <Space>
          <Link to="/content/articles/new?type=1">
            <Button>新建攻略</Button>
          </Link>
          <Link to="/content/articles/new?type=2">
            <Button>新建案例</Button>
          </Link>
        </Space>
      </Space>
      <UrlTableView<AdminArticleRow>
        table={table}
        rowKey="id"
        locale={{ emptyText: "没有符合条件的文章" }}
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
    </TitledPage>
  );
}
