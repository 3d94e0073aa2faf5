// A new goods row with its first SKUs: the editor's fields plus tags and a cover picture. Prices are
// typed in yuan (the server stores cents); saved shown, it is on the storefront's category page at
// once, first in its category.
import { App, Card, Form, Select, Typography } from "antd";
import { useNavigate } from "react-router";
import { get, post, routes } from "../api";
import { BasicInfoCard, GOODS_LIST, ParamsCard, SkuRows } from "../components/goods-fields";
import { FormActions } from "../kit/form-actions";
import { ImageItem, Item } from "../kit/form-items";
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
  madeToOrder: boolean;
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
  madeToOrder: false,
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
        <BasicInfoCard categories={categories}>
          <Item col={{ xs: 24, md: 12 }} name="tagIds" label="标签">
            <Select
              mode="multiple"
              allowClear
              placeholder="可选"
              options={(tags ?? []).map((t) => ({ value: t.id, label: t.name }))}
            />
          </Item>
          <ImageItem col={{ xs: 24, md: 12 }} name="cover" label="商品图片" required="请填写商品图片" purpose="goods" />
        </BasicInfoCard>
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
        <FormActions saveText="创建商品" busy={busy} back={GOODS_LIST} />
      </Form>
    </TitledPage>
  );
}
