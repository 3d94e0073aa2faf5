// The site settings for 运营: brand, hotline, head office, ICP number, service hours, email, WeChat,
// the figures the storefront shows, the activity deposit in yuan (stored as cents), the sites allowed
// to frame the panorama page (one origin a line), and the covered cities (add one from the region
// table, remove one after a confirmation). Saves show at once. The filings, licence and data-retention
// cards save on their own (components/compliance-settings.tsx, docs/decisions/0077).
import {
  type AdminCity,
  type AdminSettings,
  EMBED_ORIGINS_MAX,
  EMBEDDABLE_PATH,
  embedOriginOf,
  routes as shopRoutes,
} from "@yj/contract";
import { App, Button, Card, Form, Row, Select, Space, Spin, Table, Typography } from "antd";
import { useState } from "react";
import { get, post, routes } from "../api";
import { ChatSettingsCard } from "../chat/chat-settings-card";
import { FilingsCard, RetentionCard } from "../components/compliance-settings";
import { FULL_WIDTH, NumberItem, TextAreaItem, TextItem } from "../kit/form-items";
import { MoneyField, yuanText } from "../kit/money-field";
import { TitledPage } from "../kit/titled-page";
import { useSubmit } from "../kit/use-submit";
import { useLoad } from "../use-load";

/** A field in a column `span` wide that must hold more than spaces. */
const filled = (span: number, required: string) => ({ col: { span }, required, whitespace: true });

/** A count the storefront shows. */
const COUNT = { min: 0, precision: 0, style: FULL_WIDTH };

/** The fields the compliance cards save on their own. */
type ComplianceFields =
  | "policeFilingNumber"
  | "companyName"
  | "companyAddress"
  | "creditCode"
  | "licenceImage"
  | "leadRetentionMonths";

type SettingsForm = Omit<
  AdminSettings,
  "cities" | "defaultCity" | "activityDeposit" | "embedOrigins" | ComplianceFields
> & {
  activityDeposit: string;
  /** One origin a line. */
  embedOrigins: string;
};

function formOf(s: AdminSettings): SettingsForm {
  const {
    cities: _cities,
    defaultCity: _city,
    policeFilingNumber: _police,
    companyName: _company,
    companyAddress: _address,
    creditCode: _code,
    licenceImage: _licence,
    leadRetentionMonths: _months,
    ...rest
  } = s;
  return { ...rest, activityDeposit: yuanText(s.activityDeposit), embedOrigins: s.embedOrigins.join("\n") };
}

/** The lines of the embedding field that hold something. */
const originLines = (text: string | undefined) =>
  (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The same check the server makes (contract embed-origins.ts), said before saving. */
const embedOriginsRule = {
  validator: async (_rule: unknown, text: string | undefined) => {
    const lines = originLines(text);
    const bad = lines.find((line) => !embedOriginOf(line));
    if (bad) throw new Error(`“${bad}”不是有效的网站地址，请填写如 https://www.example.com 的地址（不含路径）`);
    if (lines.length > EMBED_ORIGINS_MAX) throw new Error(`允许嵌入的网站最多 ${EMBED_ORIGINS_MAX} 个`);
  },
};

/** Province, then one of its cities, from the storefront's region table (codes as /api/regions answers). */
function AddCity({ onAdded }: { onAdded(settings: AdminSettings): void }) {
  const { message } = App.useApp();
  const [province, setProvince] = useState<{ code: string; name: string }>();
  const [city, setCity] = useState<string>();
  const { busy, submit } = useSubmit();
  const { data: provinces } = useLoad(() => get(shopRoutes.regions, {}));
  const { data: cities } = useLoad(
    () => (province ? get(shopRoutes.regions, { code: province.code }) : Promise.resolve({})),
    province?.code ?? "",
  );
  // A municipality's children are 市辖区 / 县: the city is the province itself (北京市).
  const cityNames = Object.values(cities ?? {}).filter((n) => n !== "市辖区" && n !== "县");
  const cityOptions = (cityNames.length ? cityNames : province ? [province.name] : []).map((n) => ({
    value: n,
    label: n,
  }));

  const add = async () => {
    if (!province || !city) {
      message.error("请选择省份和城市");
      return;
    }
    await submit(
      () => post(routes.adminCityAdd, { province: province.name, city }),
      (settings) => {
        onAdded(settings);
        message.success(`已添加 ${city}`);
        setCity(undefined);
      },
      "添加失败",
    );
  };

  return (
    <Space wrap>
      <Select
        aria-label="省份"
        placeholder="省份"
        showSearch
        style={{ width: 180 }}
        value={province?.code}
        options={Object.entries(provinces ?? {}).map(([code, name]) => ({ value: code, label: name }))}
        optionFilterProp="label"
        onChange={(code: string) => {
          setProvince({ code, name: provinces?.[code] ?? "" });
          setCity(undefined);
        }}
      />
      <Select
        aria-label="城市"
        placeholder="城市"
        showSearch
        style={{ width: 180 }}
        value={city}
        options={cityOptions}
        disabled={!province}
        onChange={setCity}
      />
      <Button onClick={add} loading={busy}>
        添加城市
      </Button>
    </Space>
  );
}

export function SettingsPage() {
  const { message, modal } = App.useApp();
  const { data, setData, error, loading } = useLoad(() => get(routes.adminSettingsDetail));
  const [form] = Form.useForm<SettingsForm>();
  const { busy, submitForm } = useSubmit();

  if (loading && !data) return <Spin />;
  if (error && !data) return <Typography.Text type="danger">{error}</Typography.Text>;
  if (!data) return null;

  const save = () =>
    submitForm(
      form,
      (values) => post(routes.adminSettingsSave, { ...values, embedOrigins: originLines(values.embedOrigins) }),
      (saved) => {
        setData(saved);
        form.setFieldsValue(formOf(saved));
        message.success("站点设置已保存，前台已更新");
      },
    );

  const removeCity = (city: AdminCity) =>
    modal.confirm({
      title: `确认移除 ${city.city}？`,
      content: "移除后前台城市列表立即不再显示该城市。",
      okText: "移除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          setData(await post(routes.adminCityRemove, { id: city.id }));
          message.success(`已移除 ${city.city}`);
        } catch (e) {
          message.error(e instanceof Error ? e.message : "移除失败");
        }
      },
    });

  return (
    <TitledPage title="站点设置">
      <Form form={form} layout="vertical" initialValues={formOf(data)}>
        <Card title="品牌与联系方式" size="small">
          <Row gutter={16}>
            <TextItem {...filled(6, "请输入品牌名称")} name="brandName" label="品牌名称" maxLength={20} />
            <TextItem
              {...filled(6, "请输入服务热线")}
              name="hotline"
              label="服务热线"
              rules={[{ pattern: /^[\d-]{5,20}$/, message: "只能包含数字和短横线" }]}
              maxLength={20}
            />
            <TextItem {...filled(6, "请输入服务时间")} name="serviceHours" label="服务时间" maxLength={40} />
            <TextItem
              {...filled(6, "请输入服务邮箱")}
              name="serviceEmail"
              label="服务邮箱"
              rules={[{ type: "email", message: "邮箱格式不正确" }]}
              maxLength={64}
            />
            <TextItem {...filled(12, "请输入总部地址")} name="headOfficeAddress" label="总部地址" maxLength={100} />
            <TextItem {...filled(6, "请输入 ICP 备案号")} name="icpNumber" label="ICP 备案号" maxLength={40} />
            <TextItem {...filled(6, "请输入微信号")} name="wechat" label="微信号" maxLength={40} />
          </Row>
        </Card>
        <Card title="展示数字与活动" size="small" style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <NumberItem
              col={{ span: 6 }}
              name="coveredCities"
              label="覆盖城市数（页脚展示）"
              required="请输入"
              input={COUNT}
            />
            <NumberItem
              col={{ span: 6 }}
              name="servedOwnersBase"
              label="已服务业主基数"
              tooltip="网站统计之前已服务的业主数，前台的已服务人数在此基础上累加"
              required="请输入"
              input={COUNT}
            />
            <MoneyField col={{ span: 6 }} name="activityDeposit" label="活动定金（元）" required="请输入活动定金" />
          </Row>
        </Card>
        <Card title="全景页嵌入" size="small" style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <TextAreaItem
              col={{ span: 12 }}
              name="embedOrigins"
              label={`允许嵌入全景页（${EMBEDDABLE_PATH}）的网站`}
              extra="每行一个网站地址，如 https://www.example.com（不含路径）；留空则只有本站可以嵌入"
              rules={[embedOriginsRule]}
              input={{ rows: 3, placeholder: "https://www.example.com" }}
            />
          </Row>
        </Card>
        <Button type="primary" onClick={save} loading={busy} style={{ marginTop: 16 }}>
          保存设置
        </Button>
      </Form>
      <FilingsCard settings={data} onSaved={setData} />
      <RetentionCard settings={data} onSaved={setData} />
      <Card title={`覆盖城市（${data.cities.length} 个，默认城市：${data.defaultCity}）`} size="small">
        <Space orientation="vertical" style={{ width: "100%" }}>
          <AddCity onAdded={setData} />
          <Table<AdminCity>
            rowKey="id"
            size="small"
            dataSource={data.cities}
            locale={{ emptyText: "还没有覆盖城市" }}
            pagination={{ pageSize: 20, showTotal: (total) => `共 ${total} 个城市` }}
            columns={[
              { title: "省份", dataIndex: "province" },
              { title: "城市", dataIndex: "city" },
              {
                title: "操作",
                key: "remove",
                width: 100,
                render: (_, city) =>
                  city.city === data.defaultCity ? (
                    <Typography.Text type="secondary">默认城市</Typography.Text>
                  ) : (
                    <Button type="link" danger size="small" onClick={() => removeCity(city)}>
                      移除
                    </Button>
                  ),
              },
            ]}
          />
        </Space>
      </Card>
      <ChatSettingsCard />
    </TitledPage>
  );
}
