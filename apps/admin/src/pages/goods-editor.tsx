// The goods editor: name, subtitle, category, brand, prices in yuan (two decimals; the server stores
// cents), unit, params, description, show/hide, the pictures (uploaded, removed, reordered; the
// first is the cover), and the SKUs (spec, price, stock; new ones added). Saving asks for
// confirmation; the storefront shows the change at once.
import { type AdminGoodsDetail, MAX_GOODS_IMAGES } from "@yj/contract";
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Switch, Tag, Typography } from "antd";
import { Link, useParams } from "react-router";
import { get, routes, save } from "../api";
import { ParamsCard, SkuRows } from "../components/goods-fields";
import { ImageField } from "../components/image-field";
import { Loaded } from "../kit/loaded";
import { MoneyField, yuanText } from "../kit/money-field";
import { TitledPage } from "../kit/titled-page";

import { useSubmit } from "../kit/use-submit";
import { useLoad } from "../use-load";

interface SkuForm {
  id?: number;
  spec: string;
  price: string;
  stock: number;
}
interface GoodsForm {
  name: string;
  subtitle: string;
  category2: number;
  brand: string;
  price: string;
  originalPrice: string;
  unit: string;
  params: { name: string; value: string }[];
  description: string;
  shown: boolean;
  images: string[];
  skus: SkuForm[];
}

function formOf(goods: AdminGoodsDetail): GoodsForm {
  return {
    name: goods.name,
    subtitle: goods.subtitle,
    category2: goods.category2,
    brand: goods.brand,
    price: yuanText(goods.price),
    originalPrice: yuanText(goods.originalPrice),
    unit: goods.unit,
    params: goods.params,
    description: goods.description,
    shown: goods.shown,
    images: goods.images,
    skus: goods.skus.map((s) => ({ id: s.id, spec: s.spec, price: yuanText(s.price), stock: s.stock })),
  };
}

function Editor({ goods, onSaved }: { goods: AdminGoodsDetail; onSaved(goods: AdminGoodsDetail): void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<GoodsForm>();
  const { busy, submit, checkForm } = useSubmit();
  const { data: categories } = useLoad(() => get(routes.adminGoodsCategories));

  const confirmSave = async () => {
    // Every value, the SKUs' ids too: they have no field of their own, and a SKU without its id
    // would be saved as a new one.
    const values = await checkForm(form);
    if (!values) return;
    modal.confirm({
      title: "确认保存商品？",
      content: values.shown ? "保存后前台立即显示新的内容与价格。" : "保存后该商品将从前台下架。",
      okText: "保存",
      cancelText: "取消",
      onOk: () =>
        submit(
          () =>
            save(routes.adminGoodsSave, {
              id: goods.id,
              ...values,
              params: values.params ?? [],
              // A slot left empty (added, never filled, or its picture removed) is no picture.
              images: (values.images ?? []).filter(Boolean),
            }),
          (answer) => {
            onSaved(answer.data);
            form.setFieldsValue(formOf(answer.data));
            if (answer.changed) message.success("商品已保存");
            else message.info(answer.message);
          },
        ),
    });
  };

  return (
    <Form form={form} layout="vertical" initialValues={formOf(goods)}>
      <Card title="基本信息" size="small">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="商品名称" rules={[{ required: true, message: "请输入商品名称" }]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subtitle" label="副标题">
              <Input maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="category2" label="分类" rules={[{ required: true, message: "请选择二级分类" }]}>
              <Select options={(categories ?? []).map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="brand" label="品牌" rules={[{ required: true, message: "请输入品牌" }]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <MoneyField name="price" label="价格（元）" required="请输入价格" />
          </Col>
          <Col xs={12} md={4}>
            <MoneyField name="originalPrice" label="市场价（元）" required="请输入市场价" />
          </Col>
          <Col xs={12} md={2}>
            <Form.Item name="unit" label="单位" rules={[{ required: true, message: "请输入单位" }]}>
              <Input maxLength={8} />
            </Form.Item>
          </Col>
          <Col xs={12} md={2}>
            <Form.Item name="shown" label="上架" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="商品描述">
              <Input.TextArea rows={3} maxLength={5000} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="商品图片" size="small" style={{ marginTop: 16 }}>
        <Form.List
          name="images"
          rules={[
            {
              validator: async (_, images: string[] | undefined) => {
                if (!(images ?? []).some(Boolean)) throw new Error("请至少上传一张商品图片");
              },
            },
          ]}
        >
          {(fields, { add, remove, move }, { errors }) => (
            <Space orientation="vertical" style={{ width: "100%" }}>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap data-goods-image={index}>
                  <div style={{ width: 48, paddingTop: 4 }}>
                    {index === 0 ? <Tag color="blue">封面</Tag> : <Tag>第 {index + 1} 张</Tag>}
                  </div>
                  <Form.Item name={field.name} noStyle>
                    <ImageField purpose="goods" />
                  </Form.Item>
                  <Space orientation="vertical" size={4}>
                    <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
                      前移
                    </Button>
                    <Button size="small" disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                      后移
                    </Button>
                    <Button size="small" danger onClick={() => remove(field.name)}>
                      删除
                    </Button>
                  </Space>
                </Space>
              ))}
              <Button disabled={fields.length >= MAX_GOODS_IMAGES} onClick={() => add("")}>
                添加图片
              </Button>
              <Typography.Text type="secondary">
                第一张为封面，显示在商品列表与详情页首图；最多 {MAX_GOODS_IMAGES} 张。
              </Typography.Text>
              <Form.ErrorList errors={errors} />
            </Space>
          )}
        </Form.List>
      </Card>
      <ParamsCard />
      <Card title="规格与库存" size="small" style={{ marginTop: 16 }}>
        <Form.List name="skus">{(fields, { add }) => <SkuRows fields={fields} add={add} noStyle />}</Form.List>
      </Card>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={confirmSave} loading={busy}>
          保存
        </Button>
        <Link to="/goods">返回商品列表</Link>
      </Space>
    </Form>
  );
}

export function GoodsEditorPage() {
  const { id = "" } = useParams();
  const load = useLoad(() => get(routes.adminGoodsDetail, { id: Number(id) }), id);
  return (
    <Loaded load={load} back={{ to: "/goods", text: "返回商品列表" }}>
      {(goods) => (
        <TitledPage title={`编辑商品 #${goods.id}`}>
          <Editor goods={goods} onSaved={load.setData} />
        </TitledPage>
      )}
    </Loaded>
  );
}
