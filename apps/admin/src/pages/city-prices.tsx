// Each city's prices (运营 and 管理员, `settings`): the hard-decoration unit prices the storefront
// shows per ㎡ and the estimate rates the quote is computed from, typed in yuan, kept in cents. The
// default rates (*) serve every city without its own.
import {
  type AdminCityPrices,
  DEFAULT_RATES_CITY,
  ESTIMATE_RATE_FIELDS,
  type EstimateRateField,
  HARD_PRICE_FIELDS,
  type HardPriceField,
} from "@yj/contract";
import { Button, Card, Col, Form, Input, Row, Space, Switch, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { get, post, routes } from "../api";
import { MoneyField, yuanText } from "../kit/money-field";
import { SaveModal } from "../kit/save-modal";
import { TitledPage } from "../kit/titled-page";

import { type EditDialogProps, useEditing } from "../kit/use-editing";
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

const cityLabel = (city: string) => (city === DEFAULT_RATES_CITY ? "默认（*）" : city);

function PricesModal({ editing, onClose, onSaved }: EditDialogProps<AdminCityPrices>) {
  const [form] = Form.useForm<PricesForm>();
  const withHardPrice = Form.useWatch("withHardPrice", form);
  const withRates = Form.useWatch("withRates", form);
  const row = editing && editing !== "new" ? editing : null;
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
        <Form.Item name="city" label="城市" rules={[{ required: true, message: "请输入城市" }]}>
          <Input maxLength={20} disabled={!!row} style={{ width: 180 }} />
        </Form.Item>
        {!isDefault && (
          <Form.Item name="province" label="省份" rules={[{ required: true, message: "请输入省份" }]}>
            <Input maxLength={20} style={{ width: 180 }} />
          </Form.Item>
        )}
      </Space>
      {!isDefault && (
        <Card
          size="small"
          title="硬装单价（前台“报价”页与套餐价，元/㎡）"
          extra={
            <Form.Item name="withHardPrice" valuePropName="checked" noStyle>
              <Switch checkedChildren="设置" unCheckedChildren="不改" />
            </Form.Item>
          }
        >
          {withHardPrice ? (
            yuanFields("hardPrice", HARD_PRICE_FIELDS, "元/㎡")
          ) : (
            <Typography.Text type="secondary">保存时不修改硬装单价。</Typography.Text>
          )}
        </Card>
      )}
      <Card
        size="small"
        style={{ marginTop: 12 }}
        title="报价参数（装修报价计算，元）"
        extra={
          <Form.Item name="withRates" valuePropName="checked" noStyle>
            <Switch checkedChildren="设置" unCheckedChildren="不改" />
          </Form.Item>
        }
      >
        {withRates ? (
          yuanFields("rates", ESTIMATE_RATE_FIELDS, "元")
        ) : (
          <Typography.Text type="secondary">保存时不修改报价参数；该城市使用默认参数。</Typography.Text>
        )}
      </Card>
    </SaveModal>
  );
}

export function CityPricesPage() {
  const { data, loading, error, reload } = useLoad(() => get(routes.adminCityPricesList));
  const { edit, dialog } = useEditing<AdminCityPrices>(reload);
  const [filter, setFilter] = useState("");
  const shown = (data ?? []).filter((c) => !filter || c.city.includes(filter) || c.province.includes(filter));
  const yuan = (cents: number | undefined) => (cents === undefined ? "未设置" : `¥${yuanText(cents)}`);

  return (
    <TitledPage
      title="城市价格"
      action={
        <Button type="primary" onClick={() => edit("new")}>
          添加城市价格
        </Button>
      }
    >
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
          {
            title: "操作",
            key: "edit",
            width: 80,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => edit(row)} aria-label={`编辑 ${row.city} 的价格`}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <PricesModal {...dialog} />
    </TitledPage>
  );
}
