// The guide and case editor: title, summary, cover, the guide's stage tag, author, publish time, a
// case's facts (style and city from the storefront's case filters, layout as 几室几厅 so the rooms
// filter reads it, area in ㎡, budget in yuan that the server stores as cents), and the body as
// blocks. /content/articles/new?type=1|2 creates; the storefront shows a save at once.
import type { AdminArticleDetail } from "@yj/contract";
import {
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Tag,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { get, post, routes } from "../api";
import { BlockEditor } from "../components/block-editor";
import { ImageField } from "../components/image-field";
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
const NEW_ARTICLE: Omit<AdminArticleDetail, "id" | "type"> = {
  title: "",
  summary: "",
  cover: "",
  tagId: null,
  author: "",
  publishedAt: new Date().toISOString(),
  content: [{ kind: "paragraph", text: "" } as never],
  style: null,
  layout: null,
  areaM2: null,
  budget: null,
  city: null,
  designer: null,
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

const required = (message: string) => [{ required: true, whitespace: true, message }];
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
          <Col span={16}>
            <Form.Item name="title" label="标题" rules={required("请输入标题")}>
              <Input maxLength={80} showCount />
            </Form.Item>
          </Col>
          <Col span={8}>
            {isCase ? (
              <Form.Item name="designer" label="设计师" rules={required("请输入设计师")}>
                <Input maxLength={32} />
              </Form.Item>
            ) : (
              <Form.Item
                name="tagId"
                label="攻略标签（装修阶段）"
                rules={[{ required: true, message: "请选择攻略标签" }]}
              >
                <Select options={(options?.tags ?? []).map((t) => ({ value: t.id, label: t.name }))} />
              </Form.Item>
            )}
          </Col>
          <Col span={24}>
            <Form.Item name="summary" label="摘要">
              <Input.TextArea rows={2} maxLength={300} showCount />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="cover" label="封面" rules={required("请填写封面")}>
              <ImageField purpose="article" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="author" label="作者">
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="publishedAt" label="发布时间" rules={[{ required: true, message: "请选择发布时间" }]}>
              <DatePicker showTime style={{ width: "100%" }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      {isCase && (
        <Card title="案例信息" size="small" style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <Col span={4}>
              <Form.Item name="style" label="风格" rules={required("请输入风格")}>
                <AutoComplete options={suggest(options?.styles ?? [])} maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item
                name="layout"
                label="户型"
                rules={[
                  ...required("请输入户型"),
                  { pattern: /^[一二两三四五六七八九1-9]室/, message: "须以几室开头，如 三室两厅" },
                ]}
              >
                <AutoComplete options={suggest(LAYOUTS)} maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="areaM2" label="面积（㎡）" rules={[{ required: true, message: "请输入面积" }]}>
                <InputNumber min={1} max={100000} precision={0} style={{ width: "100%" }} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <MoneyField name="budget" label="预算（元）" required="请输入预算" />
            </Col>
            <Col span={4}>
              <Form.Item name="city" label="城市" rules={required("请输入城市")}>
                <AutoComplete
                  options={suggest(options?.cities ?? [])}
                  maxLength={20}
                  filterOption={(input, option) => String(option?.value ?? "").includes(input)}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
      )}
      <Card title="正文" size="small" style={{ marginTop: 16 }}>
        <BlockEditor name="content" kinds={["heading", "paragraph", "image"]} />
      </Card>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={save} loading={busy}>
          保存
        </Button>
        {id && (
          <a href={`/article-detail/${id}`} target="_blank" rel="noreferrer">
            在前台查看
          </a>
        )}
        <Link to="/content">返回内容列表</Link>
      </Space>
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
  if (error && !data) return <Result status="warning" title={error} extra={<Link to="/content">返回内容列表</Link>} />;
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
