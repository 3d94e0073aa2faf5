// The goods form's parts that creating and editing share: the basic information, the parameters and
// the SKU table (spec, yuan price, stock), inside the page's antd Form.
import { MADE_TO_ORDER_SWITCH_LABEL } from "@yj/contract";
import { Button, Card, Form, type FormListFieldData, Input, InputNumber, Row, Select, Space } from "antd";
import type { ReactNode } from "react";
import { Item, SwitchItem, TextAreaItem, TextItem } from "../kit/form-items";
import { listFieldColumn } from "../kit/list-field-column";
import { MoneyField } from "../kit/money-field";
import { SmallTable } from "../kit/small-table";

/** Where a goods form goes back to. */
export const GOODS_LIST = { to: "/goods", text: "返回商品列表" };

/**
 * The 基本信息 card: name, subtitle, category, brand, prices in yuan, unit, shown, made to order and description;
 * `children` are the page's own fields before the description (a new goods row's tags and cover).
 */
export function BasicInfoCard({
  categories,
  children,
}: {
  categories: { id: number; name: string }[] | null;
  children?: ReactNode;
}) {
  return (
    <Card title="基本信息" size="small">
      <Row gutter={16}>
        <TextItem col={{ xs: 24, md: 12 }} name="name" label="商品名称" required="请输入商品名称" maxLength={64} />
        <TextItem col={{ xs: 24, md: 12 }} name="subtitle" label="副标题" maxLength={120} />
        <Item col={{ xs: 24, sm: 12, md: 6 }} name="category2" label="分类" required="请选择二级分类">
          <Select
            placeholder="请选择"
            showSearch={{ optionFilterProp: "label" }}
            options={(categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Item>
        <TextItem col={{ xs: 24, sm: 12, md: 6 }} name="brand" label="品牌" required="请输入品牌" maxLength={32} />
        <MoneyField col={{ xs: 12, md: 4 }} name="price" label="价格（元）" required="请输入价格" />
        <MoneyField col={{ xs: 12, md: 4 }} name="originalPrice" label="市场价（元）" required="请输入市场价" />
        <TextItem col={{ xs: 12, md: 2 }} name="unit" label="单位" required="请输入单位" maxLength={8} />
        <SwitchItem col={{ xs: 12, md: 2 }} name="shown" label="上架" />
        {children}
        {/* Made to order: the storefront says so and the order asks the buyer to confirm (docs/decisions/0064). */}
        <SwitchItem col={{ xs: 24, md: 8 }} name="madeToOrder" label={MADE_TO_ORDER_SWITCH_LABEL} />
        <TextAreaItem col={{ span: 24 }} name="description" label="商品描述" input={{ rows: 3, maxLength: 5000 }} />
      </Row>
    </Card>
  );
}

/** The 参数 card: name and value pairs, added and removed. */
export function ParamsCard() {
  return (
    <Card title="参数" size="small" style={{ marginTop: 16 }}>
      <Form.List name="params">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" style={{ width: "100%" }}>
            {fields.map((field) => (
              <Space key={field.key} style={{ width: "100%", maxWidth: 560 }} styles={{ item: { minWidth: 0 } }}>
                <Form.Item name={[field.name, "name"]} rules={[{ required: true, message: "请输入参数名" }]} noStyle>
                  <Input placeholder="参数名" style={{ width: "100%", maxWidth: 160 }} aria-label="参数名" />
                </Form.Item>
                <Form.Item name={[field.name, "value"]} rules={[{ required: true, message: "请输入参数值" }]} noStyle>
                  <Input placeholder="参数值" style={{ width: "100%", maxWidth: 320 }} aria-label="参数值" />
                </Form.Item>
                <Button onClick={() => remove(field.name)}>删除</Button>
              </Space>
            ))}
            <Button onClick={() => add({ name: "", value: "" })}>添加参数</Button>
          </Space>
        )}
      </Form.List>
    </Card>
  );
}

/**
 * The SKUs of a `skus` Form.List, one row each, then 添加规格. `remove` adds a 删除 column (never for
 * the last one); `noStyle` keeps the rows compact, the fields' messages then hidden.
 */
export function SkuRows({
  fields,
  add,
  remove,
  noStyle,
}: {
  fields: FormListFieldData[];
  add(value: { spec: string; price: string; stock: number }): void;
  remove?(name: number): void;
  noStyle?: boolean;
}) {
  return (
    <>
      <SmallTable
        rowKey="key"
        dataSource={fields}
        columns={[
          listFieldColumn({
            title: "规格",
            key: "spec",
            required: "请输入规格",
            item: { noStyle },
            control: (n) => <Input aria-label={`规格 ${n}`} />,
          }),
          {
            title: "价格（元）",
            width: 180,
            render: (_, field) => (
              <MoneyField
                name={[field.name, "price"]}
                required="请输入价格"
                noStyle={noStyle}
                input={{ "aria-label": `规格价格 ${field.name + 1}` }}
              />
            ),
          },
          listFieldColumn({
            title: "库存",
            width: 140,
            key: "stock",
            required: "请输入库存",
            item: { noStyle },
            control: (n) => <InputNumber min={0} precision={0} aria-label={`库存 ${n}`} />,
          }),
          ...(remove
            ? [
                {
                  title: "操作",
                  width: 80,
                  render: (_: unknown, field: FormListFieldData) => (
                    <Button type="link" disabled={fields.length <= 1} onClick={() => remove(field.name)}>
                      删除
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Button style={{ marginTop: 8 }} onClick={() => add({ spec: "", price: "", stock: 0 })}>
        添加规格
      </Button>
    </>
  );
}
