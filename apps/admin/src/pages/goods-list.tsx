// The goods list for 运营: search by name, filter by category and show/hide state (kept in the
// address), paging on the server; each row opens the editor; 新建商品 opens the creation form.
import type { AdminGoodsRow } from "@yj/contract";
import { Tag } from "antd";
import { useNavigate } from "react-router";
import { get, routes } from "../api";
import { flagColumn, moneyColumn, openColumn } from "../kit/columns";
import { SelectFilter, TextFilter } from "../kit/filter-fields";
import { MainAction, TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useUrlTable } from "../kit/use-url-table";
import { useLoad } from "../use-load";

const FILTER_KEYS = ["name", "category2", "visibility"] as const;
const VISIBILITY_OPTIONS = [
  { value: "shown", label: "上架" },
  { value: "hidden", label: "下架" },
];

export function GoodsListPage() {
  const navigate = useNavigate();
  const table = useUrlTable(routes.adminGoodsList, FILTER_KEYS);
  const { data: categories } = useLoad(() => get(routes.adminGoodsCategories));
  const { filter } = table;
  const initial = { ...filter, category2: filter.category2 ? Number(filter.category2) : undefined };

  return (
    <TitledPage title="商品" action={<MainAction onClick={() => navigate("/goods/new")}>新建商品</MainAction>}>
      <FilterBar table={table} initialValues={initial} style={{ rowGap: 12 }}>
        <TextFilter name="name" label="名称" placeholder="商品名称" width={180} />
        <SelectFilter
          name="category2"
          label="分类"
          width={150}
          options={(categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectFilter name="visibility" label="上下架" options={VISIBILITY_OPTIONS} width={100} />
      </FilterBar>
      <UrlTableView<AdminGoodsRow>
        table={table}
        rowKey="id"
        columns={[
          { title: "编号", dataIndex: "id", width: 70 },
          {
            title: "名称",
            dataIndex: "name",
            ellipsis: true,
            render: (v: string, row) => (
              <span>
                {v} {row.isPackage && <Tag>套餐</Tag>}
              </span>
            ),
          },
          { title: "分类", dataIndex: "categoryName", width: 170 },
          { title: "品牌", dataIndex: "brand", width: 110 },
          moneyColumn("价格", "price", 110),
          { title: "库存", dataIndex: "stock", width: 80 },
          { title: "销量", dataIndex: "sales", width: 80 },
          flagColumn("状态", "shown", 80, "上架", "下架"),
          openColumn("编辑", (row) => `/goods/${row.id}`),
        ]}
      />
    </TitledPage>
  );
}
