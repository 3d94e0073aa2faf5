// Packages (运营): the list, and one package's items by room (space), each linked to a goods row
// or free text, with its quantity; add, remove and move up or down, then save the whole list. The
// storefront's /package page shows the saved list in this order.
import type { AdminPackageDetail, AdminPackageRow } from "@yj/contract";
import { App, Button, Form, Input, InputNumber, Select, Space, Spin } from "antd";
import { useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { get, post, routes } from "../api";
import { flagColumn } from "../kit/columns";
import { FormActions, StorefrontLink } from "../kit/form-actions";
import { listFieldColumn } from "../kit/list-field-column";
import { Loaded } from "../kit/loaded";
import { RowMoves } from "../kit/row-moves";
import { SmallTable } from "../kit/small-table";
import { TitledPage } from "../kit/titled-page";
import { UrlTableView } from "../kit/url-table";
import { useSubmit } from "../kit/use-submit";
import { useUrlTable } from "../kit/use-url-table";
import { useLoad } from "../use-load";

/** An item's field in its table cell, its message under it. */
const IN_CELL = { style: { margin: 0 } };

const PACKAGE_LIST = { to: "/packages", text: "返回套餐列表" };

export function PackagesPage() {
  const table = useUrlTable(routes.adminPackageList, []);
  return (
    <TitledPage title="套餐">
      <UrlTableView<AdminPackageRow>
        table={table}
        rowKey="id"
        locale={{ emptyText: "暂无套餐" }}
        columns={[
          { title: "编号", dataIndex: "id", width: 80 },
          { title: "名称", dataIndex: "name" },
          { title: "项目数", dataIndex: "items", width: 100 },
          flagColumn("状态", "shown", 90, "上架", "下架"),
          {
            title: "操作",
            key: "edit",
            width: 180,
            render: (_, row) => (
              <Space>
                <Link to={`/packages/${row.id}`}>编辑内容</Link>
                <Link to={`/goods/${row.id}`}>编辑商品信息</Link>
              </Space>
            ),
          },
        ]}
      />
    </TitledPage>
  );
}

interface ItemForm {
  goodsId: number | null;
  name: string;
  quantity: number;
  unit: string;
  room: string;
}

/** A goods picker: searches the goods list by name as the user types (packages left out). */
function GoodsPicker({
  value,
  onChange,
  initialLabel,
  onPicked,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  initialLabel: string | null;
  onPicked(name: string): void;
}) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>(
    value && initialLabel ? [{ value, label: initialLabel }] : [],
  );
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  const search = async (name: string) => {
    const ticket = ++latest.current;
    setSearching(true);
    try {
      const page = await get(routes.adminGoodsList, { name, pageSize: 20 });
      if (ticket === latest.current)
        setOptions(page.dataList.filter((g) => !g.isPackage).map((g) => ({ value: g.id, label: g.name })));
    } catch {
      if (ticket === latest.current) setOptions([]);
    } finally {
      if (ticket === latest.current) setSearching(false);
    }
  };
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder="搜索商品（可不选）"
      loading={searching}
      value={value ?? undefined}
      options={options}
      notFoundContent={searching ? <Spin size="small" /> : "输入名称搜索"}
      onChange={(id: number | undefined) => {
        onChange?.(id ?? null);
        const picked = options.find((o) => o.value === id);
        if (picked) onPicked(picked.label);
      }}
      style={{ width: 240 }}
    />
  );
}

function ItemsEditor({ pkg, onSaved }: { pkg: AdminPackageDetail; onSaved(pkg: AdminPackageDetail): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ items: ItemForm[] }>();
  const { busy, submit } = useSubmit();
  const labels = new Map(pkg.items.flatMap((i) => (i.goodsId ? [[i.goodsId, i.goodsName ?? i.name] as const] : [])));

  const save = ({ items }: { items: ItemForm[] }) =>
    submit(
      () => post(routes.adminPackageItemsSave, { id: pkg.id, items: items ?? [] }),
      (saved) => {
        onSaved(saved);
        message.success("套餐内容已保存");
      },
    );

  return (
    <Form form={form} initialValues={{ items: pkg.items }} onFinish={save}>
      <Form.List name="items">
        {(fields, { add, remove, move }) => (
          <>
            <SmallTable
              rowKey="key"
              dataSource={fields}
              locale={{ emptyText: "套餐里还没有项目" }}
              columns={[
                listFieldColumn({
                  title: "空间",
                  width: 130,
                  key: "room",
                  item: { noStyle: true },
                  control: (n) => <Input placeholder="如 客厅" maxLength={20} aria-label={`空间 ${n}`} />,
                }),
                {
                  title: "关联商品",
                  width: 260,
                  render: (_, field) => (
                    <Form.Item name={[field.name, "goodsId"]} noStyle>
                      <GoodsPicker
                        initialLabel={labels.get(form.getFieldValue(["items", field.name, "goodsId"])) ?? null}
                        onPicked={(name) => {
                          if (!form.getFieldValue(["items", field.name, "name"]))
                            form.setFieldValue(["items", field.name, "name"], name);
                        }}
                      />
                    </Form.Item>
                  ),
                },
                listFieldColumn({
                  title: "项目名称",
                  key: "name",
                  required: "请输入项目名称",
                  item: IN_CELL,
                  control: (n) => <Input maxLength={64} aria-label={`项目名称 ${n}`} />,
                }),
                listFieldColumn({
                  title: "数量",
                  width: 110,
                  key: "quantity",
                  required: "请输入数量",
                  item: IN_CELL,
                  control: (n) => <InputNumber min={1} max={99999} precision={0} aria-label={`数量 ${n}`} />,
                }),
                listFieldColumn({
                  title: "单位",
                  width: 90,
                  key: "unit",
                  required: "请输入单位",
                  item: IN_CELL,
                  control: (n) => <Input maxLength={8} aria-label={`单位 ${n}`} />,
                }),
                {
                  title: "操作",
                  width: 190,
                  render: (_, field, index) => (
                    <RowMoves
                      index={index}
                      count={fields.length}
                      move={move}
                      onRemove={() => remove(field.name)}
                      texts={["上移", "下移", "移除"]}
                    />
                  ),
                },
              ]}
            />
            <Button
              style={{ marginTop: 8 }}
              onClick={() => add({ goodsId: null, name: "", quantity: 1, unit: "件", room: "" })}
            >
              添加项目
            </Button>
          </>
        )}
      </Form.List>
      <FormActions saveText="保存套餐内容" busy={busy} back={PACKAGE_LIST}>
        <StorefrontLink href={`/packageDetails/${pkg.id}`}>在前台查看</StorefrontLink>
      </FormActions>
    </Form>
  );
}

export function PackageItemsPage() {
  const { id = "" } = useParams();
  const load = useLoad(() => get(routes.adminPackageDetail, { id: Number(id) }), id);
  return (
    <Loaded load={load} back={PACKAGE_LIST}>
      {(data) => (
        <TitledPage title={`套餐内容 · ${data.name}`}>
          <ItemsEditor key={JSON.stringify(data.items)} pkg={data} onSaved={load.setData} />
        </TitledPage>
      )}
    </Loaded>
  );
}
