// Goods categories (运营): the three-level tree; rename, re-sort and show or hide a category. A
// hidden category leaves the storefront's category menus and filters with everything under it.
import type { AdminCategoryRow } from "@yj/contract";
import { Table, Typography } from "antd";
import { useState } from "react";
import { get, post, routes } from "../api";
import { editColumn, flagColumn } from "../kit/columns";
import { NumberItem, SwitchItem, TextItem } from "../kit/form-items";
import { SaveModal } from "../kit/save-modal";
import { TitledPage } from "../kit/titled-page";
import { useLoad } from "../use-load";

type Node = AdminCategoryRow & { children?: Node[] };

function treeOf(rows: AdminCategoryRow[]): Node[] {
  const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const row of rows) {
    const node = byId.get(row.id)!;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

const LEVEL_LABELS = ["", "一级", "二级", "三级"];

export function CategoriesPage() {
  const { data, loading, error, reload } = useLoad(() => get(routes.adminCategoryList));
  const [editing, setEditing] = useState<AdminCategoryRow | null>(null);

  return (
    <TitledPage title="分类">
      <Typography.Text type="secondary">排序小的在前；隐藏的分类及其下级不在前台菜单和筛选中出现。</Typography.Text>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table<Node>
        // Remounted once the tree arrives, so that it opens fully expanded.
        key={data ? "tree" : "loading"}
        expandable={{ defaultExpandAllRows: true }}
        rowKey="id"
        loading={loading}
        dataSource={treeOf(data ?? [])}
        pagination={false}
        locale={{ emptyText: "暂无分类" }}
        columns={[
          { title: "名称", dataIndex: "name" },
          { title: "层级", dataIndex: "level", width: 80, render: (level: number) => LEVEL_LABELS[level] ?? level },
          { title: "编号", dataIndex: "id", width: 80 },
          { title: "排序", dataIndex: "sort", width: 80 },
          { title: "商品数", dataIndex: "goods", width: 90 },
          flagColumn("前台", "shown", 90, "显示", "隐藏"),
          editColumn<Node>(setEditing, (row) => `编辑 ${row.name}`),
        ]}
      />
      <SaveModal
        open={editing !== null}
        title={`编辑分类 · ${editing?.name ?? ""}`}
        initialValues={{ name: editing?.name ?? "", sort: editing?.sort ?? 0, shown: editing?.shown ?? true }}
        savedText="分类已保存"
        onSave={(values) => post(routes.adminCategoryUpdate, { id: editing!.id, ...values })}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      >
        <TextItem name="name" label="分类名称" required="请输入分类名称" maxLength={20} />
        <NumberItem name="sort" label="排序（小的在前）" required="请输入排序" input={{ precision: 0 }} />
        <SwitchItem name="shown" label="前台显示" />
      </SaveModal>
    </TitledPage>
  );
}
