// Stores (运营): the list by province and city, with create, edit and delete; the storefront's store
// pages read the table directly, so a change shows on their next load.
import type { AdminStoreRow } from "@yj/contract";
import { AutoComplete, Button, Col, Form, Image, Input, InputNumber, Popconfirm, Row, Space } from "antd";
import { post, routes } from "../api";
import { useCityOptions } from "../components/city-options";
import { ImageField } from "../components/image-field";
import { TextFilter } from "../kit/filter-fields";
import { SaveModal } from "../kit/save-modal";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useAction } from "../kit/use-action";
import { type EditDialogProps, useEditing } from "../kit/use-editing";
import { useUrlTable } from "../kit/use-url-table";

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

function StoreModal({ editing, onClose, onSaved }: EditDialogProps<AdminStoreRow>) {
  const [form] = Form.useForm<StoreForm>();
  const province = Form.useWatch("province", form);
  const { provinceOptions, cityOptions } = useCityOptions();
  const initial = editing && editing !== "new" ? editing : EMPTY;

  return (
    <SaveModal
      open={editing !== null}
      title={editing === "new" ? "新建门店" : "编辑门店"}
      initialValues={initial}
      form={form}
      width={720}
      savedText="门店已保存"
      onSave={(values) =>
        editing && editing !== "new"
          ? post(routes.adminStoreUpdate, { id: editing.id, ...values })
          : post(routes.adminStoreCreate, values)
      }
      onClose={onClose}
      onSaved={onSaved}
    >
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
    </SaveModal>
  );
}

export function StoresPage() {
  const table = useUrlTable(routes.adminStoreList, ["name", "city"]);
  const { edit, dialog } = useEditing<AdminStoreRow>(table.reload);
  const run = useAction(table.reload);

  return (
    <TitledPage
      title="门店"
      action={
        <Button type="primary" onClick={() => edit("new")}>
          新建门店
        </Button>
      }
    >
      <FilterBar table={table}>
        <TextFilter name="name" label="名称" placeholder="门店名称" width={180} />
        <TextFilter name="city" label="城市" placeholder="如 杭州市" width={140} />
      </FilterBar>
      <UrlTableView<AdminStoreRow>
        table={table}
        rowKey="id"
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
                <Button type="link" size="small" onClick={() => edit(s)} aria-label={`编辑 ${s.name}`}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除这家门店？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => run(() => post(routes.adminStoreDelete, { id: s.id }), "门店已删除", "删除失败")}
                >
                  <Button type="link" size="small" danger aria-label={`删除 ${s.name}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <StoreModal {...dialog} />
    </TitledPage>
  );
}
