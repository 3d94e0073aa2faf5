// Home banners (运营): the default ones, a province's and a city's, each group in the storefront's
// order. Create, edit, delete and move up or down; the home page for that city shows the change on
// its next load.
import {
  type AdminBannerRow,
  BANNER_SCOPE_LABELS,
  BANNER_SCOPES,
  linkTarget,
  SITE_OR_WEB_LINK_MESSAGE,
} from "@yj/contract";
import { AutoComplete, Button, Form, Image, Radio, Space, Tag, Typography } from "antd";
import { post, routes } from "../api";
import { useCityOptions } from "../components/city-options";
import { editDeleteColumn } from "../kit/columns";
import { EditRowModal } from "../kit/edit-row-modal";
import { SelectFilter, TextFilter } from "../kit/filter-fields";
import { ImageItem, Item, NumberItem, TextItem } from "../kit/form-items";
import { MainAction, TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useAction } from "../kit/use-action";
import { type EditDialogProps, editedRow, useEditing } from "../kit/use-editing";
import { useUrlTable } from "../kit/use-url-table";

/** The form holds no province or city as "" (the create and update bodies' default). */
type BannerForm = Omit<AdminBannerRow, "id" | "province" | "city"> & { province: string; city: string };

const SCOPE_OPTIONS = BANNER_SCOPES.map((s) => ({ value: s, label: BANNER_SCOPE_LABELS[s] }));

const groupOf = (b: AdminBannerRow) => `${b.scope}|${b.province ?? ""}|${b.city ?? ""}`;

function ScopeTag({ banner }: { banner: AdminBannerRow }) {
  if (banner.scope === "city") return <Tag color="blue">城市 · {banner.city}</Tag>;
  if (banner.scope === "province") return <Tag color="gold">省份 · {banner.province}</Tag>;
  return <Tag>默认</Tag>;
}

const NEW_BANNER: BannerForm = {
  scope: "city",
  province: "",
  city: "",
  title: "",
  image: "",
  link: "/",
  sort: 0,
  headline: "",
  subline: "",
  buttonLabel: "",
};

function BannerModal(dialog: EditDialogProps<AdminBannerRow>) {
  const [form] = Form.useForm<BannerForm>();
  const scope = Form.useWatch("scope", form);
  const province = Form.useWatch("province", form);
  const { provinceOptions, cityOptions, provinceOf } = useCityOptions();
  const row = editedRow(dialog.editing);

  return (
    <EditRowModal<AdminBannerRow, BannerForm>
      {...dialog}
      newTitle="新建轮播图"
      editTitle="编辑轮播图"
      initialValues={row ? { ...row, province: row.province ?? "", city: row.city ?? "" } : NEW_BANNER}
      form={form}
      width={640}
      savedText="轮播图已保存"
      onCreate={(values) => post(routes.adminBannerCreate, values)}
      onUpdate={(banner, values) => post(routes.adminBannerUpdate, { id: banner.id, ...values })}
    >
      <Form.Item name="scope" label="投放范围">
        <Radio.Group options={SCOPE_OPTIONS} optionType="button" />
      </Form.Item>
      {scope !== "default" && (
        <Space size="middle" align="start">
          <Item name="province" label="省份" required="请输入省份">
            <AutoComplete options={provinceOptions} style={{ width: 200 }} placeholder="如 浙江省" />
          </Item>
          {scope === "city" && (
            <Item name="city" label="城市" required="请输入城市">
              <AutoComplete
                options={cityOptions(province)}
                style={{ width: 200 }}
                placeholder="如 杭州市"
                onSelect={(city: string) => {
                  const p = provinceOf(city);
                  if (p && !form.getFieldValue("province")) form.setFieldValue("province", p);
                }}
              />
            </Item>
          )}
        </Space>
      )}
      <TextItem name="title" label="标题" required="请输入标题" maxLength={60} extra="图片的名称，供读屏与列表使用" />
      <ImageItem name="image" label="图片" required="请填写图片" purpose="banner" />
      {/* The words shown over the picture (docs/decisions/0055): a picture with words drawn in is cut off on narrow screens. */}
      <TextItem
        name="headline"
        label="主标题"
        maxLength={30}
        extra="显示在图片上的文字，各种屏幕宽度下都能完整显示；留空则不显示文字。图片本身请勿带文字"
      />
      <TextItem name="subline" label="副标题" maxLength={40} />
      <TextItem name="buttonLabel" label="按钮文字" maxLength={8} extra="如 立即预约；手机上不显示按钮" />
      <TextItem
        name="link"
        label="链接"
        required="请填写链接"
        rules={[
          {
            // The contract's own check (docs/decisions/0047): "/\evil.example" looks like a path but leaves the site.
            validator: async (_, value?: string) => {
              if (value?.trim() && linkTarget(value.trim(), { web: true }) === null)
                throw new Error(SITE_OR_WEB_LINK_MESSAGE);
            },
          },
        ]}
        extra="站内地址以 / 开头，如 /decorate-act、/packageDetails/151"
        maxLength={500}
      />
      <NumberItem name="sort" label="排序（小的在前）" input={{ precision: 0 }} />
    </EditRowModal>
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
    <TitledPage title="轮播图" action={<MainAction onClick={() => edit("new")}>新建轮播图</MainAction>}>
      <Typography.Text type="secondary">
        首页先显示访客所在城市的轮播图；该城市没有时显示所在省份的；都没有时显示默认轮播图。
      </Typography.Text>
      <FilterBar table={table}>
        <SelectFilter name="scope" label="范围" width={120} options={SCOPE_OPTIONS} />
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
          { title: "主标题", dataIndex: "headline", ellipsis: true, render: (h: string) => h || "—" },
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
          editDeleteColumn<AdminBannerRow>({
            name: (b) => b.title,
            onEdit: edit,
            confirm: "删除这张轮播图？",
            onDelete: (b) => run(() => post(routes.adminBannerDelete, { id: b.id }), "轮播图已删除"),
          }),
        ]}
      />
      <BannerModal {...dialog} />
    </TitledPage>
  );
}
