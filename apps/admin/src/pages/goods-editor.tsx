// The goods editor: name, subtitle, category, brand, prices in yuan (two decimals; the server stores
// cents), unit, params, description, show/hide, the pictures (uploaded, removed, reordered; the
// first is the cover), and the SKUs (spec, price, stock; new ones added). Saving asks for
// confirmation; the storefront shows the change at once.
import { type AdminGoodsDetail, MAX_GOODS_IMAGES } from "@yj/contract";
import { App, Button, Card, Form, Space, Tag, Typography } from "antd";
import { useParams } from "react-router";
import { get, routes, save } from "../api";
import { BasicInfoCard, GOODS_LIST, ParamsCard, SkuRows } from "../components/goods-fields";
import { ImageField } from "../components/image-field";
import { FormActions } from "../kit/form-actions";
import { Loaded } from "../kit/loaded";
import { yuanText } from "../kit/money-field";
import { RowMoves } from "../kit/row-moves";
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
  madeToOrder: boolean;
  images: string[];
  skus: SkuForm[];
}

/** The form's values: every field the save sends back (not the id, the third level or the package flag), money as yuan. */
function formOf({ id: _id, category3: _level3, isPackage: _package, ...goods }: AdminGoodsDetail): GoodsForm {
  return {
    ...goods,
    price: yuanText(goods.price),
    originalPrice: yuanText(goods.originalPrice),
    skus: goods.skus.map((s) => ({ ...s, price: yuanText(s.price) })),
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
      <BasicInfoCard categories={categories} />
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
                  <RowMoves
                    index={index}
                    count={fields.length}
                    move={move}
                    onRemove={() => remove(field.name)}
                    texts={["前移", "后移", "删除"]}
                    vertical
                  />
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
      <FormActions busy={busy} onSave={confirmSave} back={GOODS_LIST} />
    </Form>
  );
}

export function GoodsEditorPage() {
  const { id = "" } = useParams();
  const load = useLoad(() => get(routes.adminGoodsDetail, { id: Number(id) }), id);
  return (
    <Loaded load={load} back={GOODS_LIST}>
      {(goods) => (
        <TitledPage title={`编辑商品 #${goods.id}`}>
          <Editor goods={goods} onSaved={load.setData} />
        </TitledPage>
      )}
    </Loaded>
  );
}
