// Home banners (运营): the default ones, a province's and a city's, each group in the storefront's
// order. Create, edit, delete and move up or down; the home page for that city shows the change on
// its next load.
import { type AdminBannerRow, BANNER_SCOPE_LABELS, BANNER_SCOPES, type BannerScope } from "@yj/contract";
import { AutoComplete, Button, Form, Image, Input, InputNumber, Popconfirm, Radio, Space, Tag, Typography } from "antd";
import { post, routes } from "../api";
import { useCityOptions } from "../components/city-options";
import { ImageField } from "../components/image-field";
import { SelectFilter, TextFilter } from "../kit/filter-fields";
import { SaveModal } from "../kit/save-modal";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useAction } from "../kit/use-action";
import { type EditDialogProps, useEditing } from "../kit/use-editing";
import { useUrlTable } from "../kit/use-url-table";

interface BannerForm {
  scope: BannerScope;
  province: string;
  city: string;
  title: string;
  image: string;
  link: string;
  sort: number;
}

const groupOf = (b: AdminBannerRow) => `${b.scope}|${b.province ?? ""}|${b.city ?? ""}`;

function ScopeTag({ banner }: { banner: AdminBannerRow }) {
  if (banner.scope === "city") return <Tag color="blue">城市 · {banner.city}</Tag>;
  if (banner.scope === "province") return <Tag color="gold">省份 · {banner.province}</Tag>;
  return <Tag>默认</Tag>;
}

function BannerModal({ editing, onClose, onSaved }: EditDialogProps<AdminBannerRow>) {
  const [form] = Form.useForm<BannerForm>();
  const scope = Form.useWatch("scope", form);
  const province = Form.useWatch("province", form);
  const { provinceOptions, cityOptions, provinceOf } = useCityOptions();
  const initial: BannerForm =
    editing && editing !== "new"
      ? {
          scope: editing.scope,
          province: editing.province ?? "",
          city: editing.city ?? "",
          title: editing.title,
          image: editing.image,
          link: editing.link,
          sort: editing.sort,
        }
      : { scope: "city", province: "", city: "", title: "", image: "", link: "/", sort: 0 };

  return (
    <SaveModal
      open={editing !== null}
      title={editing === "new" ? "新建轮播图" : "编辑轮播图"}
      initialValues={initial}
      form={form}
      width={640}
      savedText="轮播图已保存"
      onSave={(values) =>
        editing && editing !== "new"
          ? post(routes.adminBannerUpdate, { id: editing.id, ...values })
          : post(routes.adminBannerCreate, values)
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="scope" label="投放范围">
        <Radio.Group
          options={BANNER_SCOPES.map((s) => ({ value: s, label: BANNER_SCOPE_LABELS[s] }))}
          optionType="button"
        />
      </Form.Item>
      {scope !== "default" && (
        <Space size="middle" align="start">
          <Form.Item name="province" label="省份" rules={[{ required: true, message: "请输入省份" }]}>
            <AutoComplete options={provinceOptions} style={{ width: 200 }} placeholder="如 浙江省" />
          </Form.Item>
          {scope === "city" && (
            <Form.Item name="city" label="城市" rules={[{ required: true, message: "请输入城市" }]}>
              <AutoComplete
                options={cityOptions(province)}
                style={{ width: 200 }}
                placeholder="如 杭州市"
                onSelect={(city: string) => {
                  const p = provinceOf(city);
                  if (p && !form.getFieldValue("province")) form.setFieldValue("province", p);
                }}
              />
            </Form.Item>
          )}
        </Space>
      )}
      <Form.Item name="title" label="标题" rules={[{ required: true, message: "请输入标题" }]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="image" label="图片" rules={[{ required: true, message: "请填写图片" }]}>
        <ImageField purpose="banner" />
      </Form.Item>
      <Form.Item
        name="link"
        label="链接"
        rules={[
          { required: true, message: "请填写链接" },
          { pattern: /^(\/(?!\/)|https?:\/\/)\S*$/, message: "链接须是以 / 开头的站内地址或 http(s):// 地址" },
        ]}
        extra="站内地址以 / 开头，如 /decorate-act、/packageDetails/151"
      >
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="sort" label="排序（小的在前）">
        <InputNumber precision={0} />
      </Form.Item>
    </SaveModal>
  );
}

export function BannersPage() {
  const table = useUrlTable(routes.adminBannerList, ["scope", "area"]);
  const { rows, reload } = table;
  const { edit, dialog } = useEditing<AdminBannerRow>(reload);
  const run = useAction(reload);

  /** Swaps the banner with its neighbour in the same group and saves the group's new order. */
  const move = (banner: AdminBannerRow, step: -1 | 1) => {
    const group = rows.filter((b) => groupOf(b) === groupOf(banner));
    const at = group.findIndex((b) => b.id === banner.id);
    const other = group[at + step];
    if (!other) return;
    const ids = group.map((b) => b.id);
    ids[at] = other.id;
    ids[at + step] = banner.id;
    void run(() => post(routes.adminBannerSort, { ids }), "顺序已保存");
  };

  return (
    <TitledPage
      title="轮播图"
      action={
        <Button type="primary" onClick={() => edit("new")}>
          新建轮播图
        </Button>
      }
    >
      <Typography.Text type="secondary">
        首页先显示访客所在城市的轮播图；该城市没有时显示所在省份的；都没有时显示默认轮播图。
      </Typography.Text>
      <FilterBar table={table}>
        <SelectFilter
          name="scope"
          label="范围"
          width={120}
          options={BANNER_SCOPES.map((s) => ({ value: s, label: BANNER_SCOPE_LABELS[s] }))}
        />
        <TextFilter name="area" label="省份/城市" placeholder="如 杭州市" width={160} />
      </FilterBar>
      <UrlTableView<AdminBannerRow>
        table={table}
        rowKey="id"
        locale={{ emptyText: "暂无轮播图" }}
        columns={[
          { title: "范围", key: "scope", width: 160, render: (_, b) => <ScopeTag banner={b} /> },
          {
            title: "图片",
            dataIndex: "image",
            width: 140,
            render: (src: string) => <Image src={src} width={120} height={40} style={{ objectFit: "cover" }} />,
          },
          { title: "标题", dataIndex: "title", ellipsis: true },
          { title: "链接", dataIndex: "link", width: 200, ellipsis: true },
          {
            title: "顺序",
            key: "order",
            width: 130,
            render: (_, b) => {
              const group = rows.filter((r) => groupOf(r) === groupOf(b));
              const at = group.findIndex((r) => r.id === b.id);
              return (
                <Space size={4}>
                  <Button size="small" disabled={at <= 0} onClick={() => move(b, -1)} aria-label={`上移 ${b.title}`}>
                    上移
                  </Button>
                  <Button
                    size="small"
                    disabled={at >= group.length - 1}
                    onClick={() => move(b, 1)}
                    aria-label={`下移 ${b.title}`}
                  >
                    下移
                  </Button>
                </Space>
              );
            },
          },
          {
            title: "操作",
            key: "actions",
            width: 130,
            render: (_, b) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => edit(b)} aria-label={`编辑 ${b.title}`}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除这张轮播图？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => run(() => post(routes.adminBannerDelete, { id: b.id }), "轮播图已删除")}
                >
                  <Button type="link" size="small" danger aria-label={`删除 ${b.title}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <BannerModal {...dialog} />
    </TitledPage>
  );
}
