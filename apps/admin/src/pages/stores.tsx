// Stores (运营): the list by province and city, with create, edit and delete; the storefront's store
// pages read the table directly, so a change shows on their next load.
import type { AdminStoreRow } from "@yj/contract";
import {
  App,
  AutoComplete,
  Button,
  Col,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Space,
  Table,
  Typography,
} from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { get, post, routes } from "../api";
import { useCityOptions } from "../components/city-options";
import { ImageField } from "../components/image-field";
import { useLoad } from "../use-load";

type StoreForm = Omit<AdminStoreRow, "id">;

const EMPTY: StoreForm = {
  name: "",
  province: "",
  city: "",
  address: "",
  phone: "",
  hours: "09:00-18:00",
  lng: 0,
  lat: 0,
  image: "",
  sort: 0,
};

function StoreModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: AdminStoreRow | "new" | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<StoreForm>();
  const [busy, setBusy] = useState(false);
  const province = Form.useWatch("province", form);
  const { provinceOptions, cityOptions } = useCityOptions();
  const initial = editing && editing !== "new" ? editing : EMPTY;

  const save = async (values: StoreForm) => {
    setBusy(true);
    try {
      if (editing && editing !== "new") await post(routes.adminStoreUpdate, { id: editing.id, ...values });
      else await post(routes.adminStoreCreate, values);
      message.success("门店已保存");
      onSaved();
    } catch (e) {
      message.error(e instanceof Error ? e.message : "保存失败");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={editing === "new" ? "新建门店" : "编辑门店"}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save} preserve={false}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label="门店名称" rules={[{ required: true, message: "请输入门店名称" }]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="province" label="省份" rules={[{ required: true, message: "请输入省份" }]}>
              <AutoComplete options={provinceOptions} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="city" label="城市" rules={[{ required: true, message: "请输入城市" }]}>
              <AutoComplete options={cityOptions(province)} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label="地址" rules={[{ required: true, message: "请输入地址" }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="phone"
              label="电话"
              rules={[
                { required: true, message: "请输入电话" },
                { pattern: /^[0-9+\- ]{5,20}$/, message: "电话只能包含数字、空格、+ 和 -，5–20 位" },
              ]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="hours" label="营业时间" rules={[{ required: true, message: "请输入营业时间" }]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="lng" label="经度" rules={[{ required: true, message: "请输入经度" }]}>
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="lat" label="纬度" rules={[{ required: true, message: "请输入纬度" }]}>
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="image" label="门店图片" rules={[{ required: true, message: "请填写门店图片" }]}>
              <ImageField purpose="store" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

export function StoresPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const name = params.get("name") ?? undefined;
  const city = params.get("city") ?? undefined;
  const key = params.toString();
  const { data, loading, error, reload } = useLoad(() => get(routes.adminStoreList, { name, city }), key);
  const [editing, setEditing] = useState<AdminStoreRow | "new" | null>(null);

  const remove = async (store: AdminStoreRow) => {
    try {
      await post(routes.adminStoreDelete, { id: store.id });
      message.success("门店已删除");
      reload();
    } catch (e) {
      message.error(e instanceof Error ? e.message : "删除失败");
    }
  };

  const apply = (values: { name?: string; city?: string }) => {
    const next = new URLSearchParams();
    if (values.name?.trim()) next.set("name", values.name.trim());
    if (values.city?.trim()) next.set("city", values.city.trim());
    setParams(next);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space style={{ width: "100%", justifyContent: "space-between" }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          门店
        </Typography.Title>
        <Button type="primary" onClick={() => setEditing("new")}>
          新建门店
        </Button>
      </Space>
      <Form layout="inline" initialValues={{ name, city }} onFinish={apply} key={key}>
        <Form.Item name="name" label="名称">
          <Input allowClear placeholder="门店名称" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="city" label="城市">
          <Input allowClear placeholder="如 杭州市" style={{ width: 140 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            筛选
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>重置</Button>
        </Space>
      </Form>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table<AdminStoreRow>
        rowKey="id"
        loading={loading}
        dataSource={data ?? []}
        locale={{ emptyText: "暂无门店" }}
        pagination={{ pageSize: 20, showTotal: (total) => `共 ${total} 家` }}
        columns={[
          {
            title: "图片",
            dataIndex: "image",
            width: 100,
            render: (src: string) => <Image src={src} width={80} height={54} style={{ objectFit: "cover" }} />,
          },
          { title: "名称", dataIndex: "name", ellipsis: true },
          { title: "城市", key: "city", width: 150, render: (_, s) => `${s.province} ${s.city}` },
          { title: "地址", dataIndex: "address", ellipsis: true },
          { title: "电话", dataIndex: "phone", width: 140 },
          { title: "营业时间", dataIndex: "hours", width: 130 },
          {
            title: "操作",
            key: "actions",
            width: 130,
            render: (_, s) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setEditing(s)} aria-label={`编辑 ${s.name}`}>
                  编辑
                </Button>
                <Popconfirm title="删除这家门店？" okText="删除" cancelText="取消" onConfirm={() => remove(s)}>
                  <Button type="link" size="small" danger aria-label={`删除 ${s.name}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <StoreModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </Space>
  );
}
