// A new goods row with its first SKUs: the editor's fields plus tags and a cover picture. Prices are
// typed in yuan (the server stores cents); saved shown, it is on the storefront's category page at
// once, first in its category.
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Switch, Typography } from "antd";
import { Link, useNavigate } from "react-router";
import { get, post, routes } from "../api";
import { ParamsCard, SkuRows } from "../components/goods-fields";
import { ImageField } from "../components/image-field";
import { MoneyField } from "../kit/money-field";
import { TitledPage } from "../kit/titled-page";
import { useSubmit } from "../kit/use-submit";
import { useLoad } from "../use-load";

interface CreateForm {
  name: string;
  subtitle: string;
  category2?: number;
  brand: string;
  price: string;
  originalPrice: string;
  unit: string;
  cover: string;
  tagIds: number[];
  params: { name: string; value: string }[];
  description: string;
  shown: boolean;
  skus: { spec: string; price: string; stock: number }[];
}

const INITIAL: CreateForm = {
  name: "",
  subtitle: "",
  brand: "",
  price: "",
  originalPrice: "",
  unit: "件",
  cover: "",
  tagIds: [],
  params: [],
  description: "",
  shown: true,
  skus: [{ spec: "标准款", price: "", stock: 0 }],
};

export function GoodsCreatePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateForm>();
  const { busy, submit } = useSubmit();
  const { data: categories, error: categoryError } = useLoad(() => get(routes.adminGoodsCategories));
  const { data: tags } = useLoad(() => get(routes.adminGoodsTags));

  const create = (values: CreateForm) =>
    submit(
      () =>
        post(routes.adminGoodsCreate, {
          ...values,
          category2: values.category2 ?? 0,
          params: values.params ?? [],
          tagIds: values.tagIds ?? [],
        }),
      (created) => {
        message.success(values.shown ? "商品已创建，前台已上架" : "商品已创建（未上架）");
        navigate(`/goods/${created.id}`);
      },
      "创建失败",
    );

  return (
    <TitledPage title="新建商品">
      {categoryError && <Typography.Text type="danger">{categoryError}</Typography.Text>}
      <Form form={form} layout="vertical" initialValues={INITIAL} onFinish={create}>
        <Card title="基本信息" size="small">
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="name" label="商品名称" rules={[{ required: true, message: "请输入商品名称" }]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="subtitle" label="副标题">
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="category2" label="分类" rules={[{ required: true, message: "请选择二级分类" }]}>
                <Select
                  placeholder="请选择"
                  showSearch={{ optionFilterProp: "label" }}
                  options={(categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="brand" label="品牌" rules={[{ required: true, message: "请输入品牌" }]}>
                <Input maxLength={32} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <MoneyField name="price" label="价格（元）" required="请输入价格" />
            </Col>
            <Col span={4}>
              <MoneyField name="originalPrice" label="市场价（元）" required="请输入市场价" />
            </Col>
            <Col span={2}>
              <Form.Item name="unit" label="单位" rules={[{ required: true, message: "请输入单位" }]}>
                <Input maxLength={8} />
              </Form.Item>
            </Col>
            <Col span={2}>
              <Form.Item name="shown" label="上架" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="tagIds" label="标签">
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="可选"
                  options={(tags ?? []).map((t) => ({ value: t.id, label: t.name }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="cover" label="商品图片" rules={[{ required: true, message: "请填写商品图片" }]}>
                <ImageField purpose="goods" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label="商品描述">
                <Input.TextArea rows={3} maxLength={5000} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <ParamsCard />
        <Card title="规格与库存" size="small" style={{ marginTop: 16 }}>
          <Form.List
            name="skus"
            rules={[
              {
                validator: async (_, skus) => {
                  if (!skus?.length) throw new Error("至少填写一个规格");
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                <SkuRows fields={fields} add={add} remove={remove} />
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Card>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            创建商品
          </Button>
          <Link to="/goods">返回商品列表</Link>
        </Space>
      </Form>
    </TitledPage>
  );
}
