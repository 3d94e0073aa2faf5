// Each city's prices (运营 and 管理员, `settings`): the hard-decoration unit prices the storefront
// shows per ㎡ and the estimate rates the quote is computed from, typed in yuan, kept in cents. The
// default rates (*) serve every city without its own.
import type { AdminCityPrices, EstimateRateField, HardPriceField } from "@yj/contract";
import { DEFAULT_RATES_CITY, ESTIMATE_RATE_FIELDS, HARD_PRICE_FIELDS } from "@yj/contract";
import { Card, Col, Form, Input, Row, Space, Switch, Table, Tag, Typography } from "antd";
import { type CSSProperties, type ReactNode, useState } from "react";
import { get, post, routes } from "../api";
import { editColumn } from "../kit/columns";
import { TextItem } from "../kit/form-items";
import { MoneyField, yuan as money, yuanText } from "../kit/money-field";
import { SaveModal } from "../kit/save-modal";
import { MainAction, TitledPage } from "../kit/titled-page";
import { type EditDialogProps, editedRow, useEditing } from "../kit/use-editing";
import { useLoad } from "../use-load";

interface PricesForm {
  city: string;
  province: string;
  withHardPrice: boolean;
  withRates: boolean;
  hardPrice: Record<HardPriceField, string>;
  rates: Record<EstimateRateField, string>;
}

const yuanOf = <K extends string>(cents: Record<K, number> | null, fields: readonly (readonly [K, string])[]) =>
  Object.fromEntries(fields.map(([k]) => [k, cents ? yuanText(cents[k]) : ""])) as Record<K, string>;

const NAME_WIDTH = { width: 180 };

const cityLabel = (city: string) => (city === DEFAULT_RATES_CITY ? "默认（*）" : city);

/** A group of prices the save sets only while its switch (设置 / 不改) is on. */
function OptionalGroup({
  title,
  name,
  on,
  off,
  style,
  children,
}: {
  title: string;
  name: "withHardPrice" | "withRates";
  on: boolean;
  /** What the save does while the switch is off. */
  off: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      style={style}
      title={title}
      extra={
        <Form.Item name={name} valuePropName="checked" noStyle>
          <Switch checkedChildren="设置" unCheckedChildren="不改" />
        </Form.Item>
      }
    >
      {on ? children : <Typography.Text type="secondary">{off}</Typography.Text>}
    </Card>
  );
}

function PricesModal({ editing, onClose, onSaved }: EditDialogProps<AdminCityPrices>) {
  const [form] = Form.useForm<PricesForm>();
  const withHardPrice = Form.useWatch("withHardPrice", form);
  const withRates = Form.useWatch("withRates", form);
  const row = editedRow(editing);
  const isDefault = row?.city === DEFAULT_RATES_CITY;
  const initial: PricesForm = {
    city: row?.city ?? "",
    province: row?.province ?? "",
    withHardPrice: !isDefault && (row ? row.hardPrice !== null : true),
    withRates: row ? row.rates !== null : true,
    hardPrice: yuanOf(row?.hardPrice ?? null, HARD_PRICE_FIELDS),
    rates: yuanOf(row?.rates ?? null, ESTIMATE_RATE_FIELDS),
  };

  const yuanFields = (group: "hardPrice" | "rates", fields: readonly (readonly [string, string])[], unit: string) => (
    <Row gutter={12}>
      {fields.map(([k, label]) => (
        <Col span={8} key={k}>
          <MoneyField
            name={[group, k]}
            label={`${label}（${unit}）`}
            required={`请输入${label}`}
            input={{ "aria-label": `${label}（${unit}）` }}
          />
        </Col>
      ))}
    </Row>
  );

  return (
    <SaveModal
      open={editing !== null}
      title={row ? `${cityLabel(row.city)} 的价格` : "添加城市价格"}
      initialValues={initial}
      form={form}
      width={820}
      savedText="价格已保存"
      onSave={(values) =>
        post(routes.adminCityPricesSave, {
          city: values.city,
          province: values.province ?? "",
          hardPrice: values.withHardPrice ? values.hardPrice : null,
          rates: values.withRates ? values.rates : null,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Space size="middle" align="start">
        <TextItem
          name="city"
          label="城市"
          required="请输入城市"
          maxLength={20}
          input={{ disabled: !!row, style: NAME_WIDTH }}
        />
        {!isDefault && (
          <TextItem name="province" label="省份" required="请输入省份" maxLength={20} input={{ style: NAME_WIDTH }} />
        )}
      </Space>
      {!isDefault && (
        <OptionalGroup
          title="硬装单价（前台“报价”页与套餐价，元/㎡）"
          name="withHardPrice"
          on={withHardPrice}
          off="保存时不修改硬装单价。"
        >
          {yuanFields("hardPrice", HARD_PRICE_FIELDS, "元/㎡")}
        </OptionalGroup>
      )}
      <OptionalGroup
        title="报价参数（装修报价计算，元）"
        name="withRates"
        on={withRates}
        off="保存时不修改报价参数；该城市使用默认参数。"
        style={{ marginTop: 12 }}
      >
        {yuanFields("rates", ESTIMATE_RATE_FIELDS, "元")}
      </OptionalGroup>
    </SaveModal>
  );
}

export function CityPricesPage() {
  const { data, loading, error, reload } = useLoad(() => get(routes.adminCityPricesList));
  const { edit, dialog } = useEditing<AdminCityPrices>(reload);
  const [filter, setFilter] = useState("");
  const shown = (data ?? []).filter((c) => !filter || c.city.includes(filter) || c.province.includes(filter));
  const yuan = (cents: number | undefined) => (cents === undefined ? "未设置" : money(cents));

  return (
    <TitledPage title="城市价格" action={<MainAction onClick={() => edit("new")}>添加城市价格</MainAction>}>
      <Typography.Text type="secondary">
        金额以元录入、按分保存，保存后前台报价立即使用新价格。没有自己报价参数的城市使用“默认（*）”一行。
      </Typography.Text>
      <Input.Search
        allowClear
        placeholder="按城市或省份查找，如 杭州"
        aria-label="查找城市"
        style={{ width: 280 }}
        onSearch={(value) => setFilter(value.trim())}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table<AdminCityPrices>
        rowKey="city"
        loading={loading}
        dataSource={shown}
        locale={{ emptyText: filter ? "没有匹配的城市" : "暂无城市价格" }}
        pagination={{ pageSize: 20, showTotal: (total) => `共 ${total} 个城市` }}
        columns={[
          {
            title: "城市",
            dataIndex: "city",
            width: 140,
            render: (city: string, row) => (
              <Space size={4}>
                {cityLabel(city)}
                {row.covered && <Tag color="green">已开通</Tag>}
              </Space>
            ),
          },
          { title: "省份", dataIndex: "province", width: 100 },
          {
            title: "整装套餐（元/㎡）",
            key: "package",
            render: (_, row) => yuan(row.hardPrice?.packagePriceCentsPerM2),
          },
          {
            title: "半包套餐（元/㎡）",
            key: "half",
            render: (_, row) => yuan(row.hardPrice?.halfPackagePriceCentsPerM2),
          },
          {
            title: "卧室材料/人工（元）",
            key: "bedroom",
            render: (_, row) =>
              row.rates ? `${yuan(row.rates.bedroomMaterialCents)} / ${yuan(row.rates.bedroomLaborCents)}` : "使用默认",
          },
          {
            title: "客厅材料/人工（元）",
            key: "living",
            render: (_, row) =>
              row.rates
                ? `${yuan(row.rates.livingRoomMaterialCents)} / ${yuan(row.rates.livingRoomLaborCents)}`
                : "使用默认",
          },
          editColumn<AdminCityPrices>(edit, (row) => `编辑 ${row.city} 的价格`),
        ]}
      />
      <PricesModal {...dialog} />
    </TitledPage>
  );
}
