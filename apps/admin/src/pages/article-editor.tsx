// The guide and case editor: title, summary, cover, the guide's stage tag, author, publish time, a
// case's facts (style and city from the storefront's case filters, layout as 几室几厅 so the rooms
// filter reads it, area in ㎡, budget in yuan that the server stores as cents), and the body as
// blocks. /content/articles/new?type=1|2 creates; the storefront shows a save at once.
import type { AdminArticleDetail } from "@yj/contract";
import { App, AutoComplete, Card, DatePicker, Form, Result, Row, Select, Spin, Tag } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { get, post, routes } from "../api";
import { BlockEditor } from "../components/block-editor";
import { FormActions, StorefrontLink } from "../kit/form-actions";
import { FULL_WIDTH, ImageItem, Item, NumberItem, TextAreaItem, TextItem } from "../kit/form-items";
import { MoneyField, yuanText } from "../kit/money-field";
import { TitledPage } from "../kit/titled-page";
import { useSubmit } from "../kit/use-submit";
import { useLoad } from "../use-load";

interface ArticleForm {
  title: string;
  summary: string;
  cover: string;
  tagId?: number;
  author: string;
  publishedAt: Dayjs;
  content: object[];
  style?: string;
  layout?: string;
  areaM2?: number;
  budget?: string;
  city?: string;
  designer?: string;
}

const LAYOUTS = ["一室一厅", "两室一厅", "两室两厅", "三室一厅", "三室两厅", "四室两厅", "五室两厅"];
/** A guide has none of a case's facts. */
const NO_CASE_FACTS = { style: null, layout: null, areaM2: null, budget: null, city: null, designer: null };
const NEW_ARTICLE: Omit<AdminArticleDetail, "id" | "type"> = {
  title: "",
  summary: "",
  cover: "",
  tagId: null,
  author: "",
  publishedAt: new Date().toISOString(),
  content: [{ kind: "paragraph", text: "" } as never],
  ...NO_CASE_FACTS,
  views: 0,
};

function formOf(a: Omit<AdminArticleDetail, "id" | "type">): ArticleForm {
  return {
    title: a.title,
    summary: a.summary,
    cover: a.cover,
    tagId: a.tagId ?? undefined,
    author: a.author,
    publishedAt: dayjs(a.publishedAt),
    content: a.content,
    style: a.style ?? undefined,
    layout: a.layout ?? undefined,
    areaM2: a.areaM2 ?? undefined,
    budget: a.budget === null ? undefined : yuanText(a.budget),
    city: a.city ?? undefined,
    designer: a.designer ?? undefined,
  };
}

const CONTENT_LIST = { to: "/content", text: "返回内容列表" };
const suggest = (values: readonly string[]) => values.map((value) => ({ value }));

function Editor({ id, type, article }: { id?: number; type: 1 | 2; article: Omit<AdminArticleDetail, "id" | "type"> }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ArticleForm>();
  const { busy, submitForm } = useSubmit();
  const { data: options } = useLoad(() => get(routes.adminArticleOptions));
  const isCase = type === 2;

  // Every value, the blocks' kinds too: they have no field of their own.
  const save = () =>
    submitForm(
      form,
      (values) =>
        post(routes.adminArticleSave, {
          ...values,
          ...(id ? { id } : {}),
          type,
          publishedAt: values.publishedAt.toISOString(),
        } as never),
      (saved) => {
        message.success("文章已保存，前台已更新");
        if (!id) navigate(`/content/articles/${saved.id}`, { replace: true });
        else form.setFieldsValue(formOf(saved));
      },
    );

  return (
    <Form form={form} layout="vertical" initialValues={formOf(article)}>
      <Card title="基本信息" size="small">
        <Row gutter={16}>
          <TextItem
            col={{ span: 16 }}
            name="title"
            label="标题"
            required="请输入标题"
            whitespace
            maxLength={80}
            input={{ showCount: true }}
          />
          {isCase ? (
            <TextItem
              col={{ span: 8 }}
              name="designer"
              label="设计师"
              required="请输入设计师"
              whitespace
              maxLength={32}
            />
          ) : (
            <Item col={{ span: 8 }} name="tagId" label="攻略标签（装修阶段）" required="请选择攻略标签">
              <Select options={(options?.tags ?? []).map((t) => ({ value: t.id, label: t.name }))} />
            </Item>
          )}
          <TextAreaItem
            col={{ span: 24 }}
            name="summary"
            label="摘要"
            input={{ rows: 2, maxLength: 300, showCount: true }}
          />
          <ImageItem col={{ span: 12 }} name="cover" label="封面" required="请填写封面" whitespace purpose="article" />
          <TextItem col={{ span: 6 }} name="author" label="作者" maxLength={32} />
          <Item col={{ span: 6 }} name="publishedAt" label="发布时间" required="请选择发布时间">
            <DatePicker showTime style={FULL_WIDTH} />
          </Item>
        </Row>
      </Card>
      {isCase && (
        <Card title="案例信息" size="small" style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <Item col={{ span: 4 }} name="style" label="风格" required="请输入风格" whitespace>
              <AutoComplete options={suggest(options?.styles ?? [])} maxLength={20} />
            </Item>
            <Item
              col={{ span: 4 }}
              name="layout"
              label="户型"
              required="请输入户型"
              whitespace
              rules={[{ pattern: /^[一二两三四五六七八九1-9]室/, message: "须以几室开头，如 三室两厅" }]}
            >
              <AutoComplete options={suggest(LAYOUTS)} maxLength={20} />
            </Item>
            <NumberItem
              col={{ span: 4 }}
              name="areaM2"
              label="面积（㎡）"
              required="请输入面积"
              input={{ min: 1, max: 100000, precision: 0, style: FULL_WIDTH }}
            />
            <MoneyField col={{ span: 4 }} name="budget" label="预算（元）" required="请输入预算" />
            <Item col={{ span: 4 }} name="city" label="城市" required="请输入城市" whitespace>
              <AutoComplete
                options={suggest(options?.cities ?? [])}
                maxLength={20}
                filterOption={(input, option) => String(option?.value ?? "").includes(input)}
              />
            </Item>
          </Row>
        </Card>
      )}
      <Card title="正文" size="small" style={{ marginTop: 16 }}>
        <BlockEditor name="content" kinds={["heading", "paragraph", "image"]} />
      </Card>
      <FormActions busy={busy} onSave={save} back={CONTENT_LIST}>
        {id && <StorefrontLink href={`/article-detail/${id}`}>在前台查看</StorefrontLink>}
      </FormActions>
    </Form>
  );
}

export function ArticleEditorPage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const isNew = id === "new";
  const { data, error, loading } = useLoad(
    () => (isNew ? Promise.resolve(null) : get(routes.adminArticleDetail, { id: Number(id) })),
    id,
  );
  if (loading && !data) return <Spin />;
  if (error && !data)
    return <Result status="warning" title={error} extra={<Link to={CONTENT_LIST.to}>{CONTENT_LIST.text}</Link>} />;
  const type = (data?.type ?? (params.get("type") === "2" ? 2 : 1)) as 1 | 2;
  return (
    <TitledPage
      title={
        <>
          {isNew ? "新建" : "编辑"}
          {type === 2 ? "案例" : "攻略"} {data && `#${data.id}`} {data && <Tag>{`浏览 ${data.views}`}</Tag>}
        </>
      }
    >
      <Editor key={data?.id ?? `new-${type}`} id={data?.id} type={type} article={data ?? NEW_ARTICLE} />
    </TitledPage>
  );
}
