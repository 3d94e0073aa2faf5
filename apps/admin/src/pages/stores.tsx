// Stores (运营): the list by province and city, with create, edit and delete; the storefront's store
// pages read the table directly, so a change shows on their next load.
import type { AdminStoreRow } from "@yj/contract";
import { AutoComplete, Form, Image, Row } from "antd";
import { post, routes } from "../api";
import { useCityOptions } from "../components/city-options";
import { editDeleteColumn } from "../kit/columns";
import { EditRowModal } from "../kit/edit-row-modal";
import { TextFilter } from "../kit/filter-fields";
import { FULL_WIDTH, ImageItem, Item, NumberItem, TextItem } from "../kit/form-items";
import { MainAction, TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useAction } from "../kit/use-action";
import { type EditDialogProps, editedRow, useEditing } from "../kit/use-editing";
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

const COORDINATE = { step: 0.000001, style: FULL_WIDTH };

function StoreModal(dialog: EditDialogProps<AdminStoreRow>) {
  const [form] = Form.useForm<StoreForm>();
  const province = Form.useWatch("province", form);
  const { provinceOptions, cityOptions } = useCityOptions();

  return (
    <EditRowModal<AdminStoreRow, StoreForm>
      {...dialog}
      newTitle="新建门店"
      editTitle="编辑门店"
      initialValues={editedRow(dialog.editing) ?? EMPTY}
      form={form}
      width={720}
      savedText="门店已保存"
      onCreate={(values) => post(routes.adminStoreCreate, values)}
      onUpdate={(row, values) => post(routes.adminStoreUpdate, { id: row.id, ...values })}
    >
      <Row gutter={16}>
        <TextItem col={{ span: 12 }} name="name" label="门店名称" required="请输入门店名称" maxLength={40} />
        <Item col={{ span: 6 }} name="province" label="省份" required="请输入省份">
          <AutoComplete options={provinceOptions} />
        </Item>
        <Item col={{ span: 6 }} name="city" label="城市" required="请输入城市">
          <AutoComplete options={cityOptions(province)} />
        </Item>
        <TextItem col={{ span: 24 }} name="address" label="地址" required="请输入地址" maxLength={100} />
        <TextItem
          col={{ span: 8 }}
          name="phone"
          label="电话"
          required="请输入电话"
          rules={[{ pattern: /^[0-9+\- ]{5,20}$/, message: "电话只能包含数字、空格、+ 和 -，5–20 位" }]}
          maxLength={20}
        />
        <TextItem col={{ span: 8 }} name="hours" label="营业时间" required="请输入营业时间" maxLength={40} />
        <NumberItem
          col={{ span: 8 }}
          name="sort"
          label="排序（小的在前）"
          input={{ precision: 0, style: FULL_WIDTH }}
        />
        <NumberItem
          col={{ span: 8 }}
          name="lng"
          label="经度"
          required="请输入经度"
          input={{ min: -180, max: 180, ...COORDINATE }}
        />
        <NumberItem
          col={{ span: 8 }}
          name="lat"
          label="纬度"
          required="请输入纬度"
          input={{ min: -90, max: 90, ...COORDINATE }}
        />
        <ImageItem col={{ span: 24 }} name="image" label="门店图片" required="请填写门店图片" purpose="store" />
      </Row>
    </EditRowModal>
  );
}

export function StoresPage() {
  const table = useUrlTable(routes.adminStoreList, ["name", "city"]);
  const { edit, dialog } = useEditing<AdminStoreRow>(table.reload);
  const run = useAction(table.reload);

  return (
    <TitledPage title="门店" action={<MainAction onClick={() => edit("new")}>新建门店</MainAction>}>
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
          editDeleteColumn<AdminStoreRow>({
            name: (s) => s.name,
            onEdit: edit,
            confirm: "删除这家门店？",
            onDelete: (s) => run(() => post(routes.adminStoreDelete, { id: s.id }), "门店已删除", "删除失败"),
          }),
        ]}
      />
      <StoreModal {...dialog} />
    </TitledPage>
  );
}
