// The goods form's parts that creating and editing share: the parameters and the SKU table
// (spec, yuan price, stock), inside the page's antd Form.
import { Button, Card, Form, type FormListFieldData, Input, InputNumber, Space, Table } from "antd";
import { MoneyField } from "../kit/money-field";

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
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={fields}
        columns={[
          {
            title: "规格",
            render: (_, field) => (
              <Form.Item
                name={[field.name, "spec"]}
                rules={[{ required: true, message: "请输入规格" }]}
                noStyle={noStyle}
              >
                <Input aria-label={`规格 ${field.name + 1}`} />
              </Form.Item>
            ),
          },
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
          {
            title: "库存",
            width: 140,
            render: (_, field) => (
              <Form.Item
                name={[field.name, "stock"]}
                rules={[{ required: true, message: "请输入库存" }]}
                noStyle={noStyle}
              >
                <InputNumber min={0} precision={0} aria-label={`库存 ${field.name + 1}`} />
              </Form.Item>
            ),
          },
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
