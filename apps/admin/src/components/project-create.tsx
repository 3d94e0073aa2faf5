// 创建项目 from a signed lead (issue #24 item 1): the owner's phone is the lead's (shown masked, never
// typed), the site and the contract filled in here, amounts typed in yuan and sent as cents, and the
// team chosen from the active staff. The new project opens on success.
import { type AdminLeadDetail, STAFF_ROLE_LABELS, type StaffRole } from "@yj/contract";
import { Col, Form, Input, InputNumber, Row, Select, Typography } from "antd";
import { useNavigate } from "react-router";
import { get, post, routes } from "../api";
import { MoneyField, yuanToCents } from "../kit/money-field";
import { SaveModal } from "../kit/save-modal";
import { useLoad } from "../use-load";

interface CreateValues {
  ownerName?: string;
  city: string;
  address: string;
  areaSqm: number;
  layout?: string;
  packageText?: string;
  contract: string;
  startDate: string;
  plannedFinishDate: string;
  compensation?: string;
  designerId?: number;
  managerId: number;
  inspectorId?: number;
}

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** What the visitor already told us: the address, the area and the rooms, as the form's first values. */
export function valuesFromLead(lead: AdminLeadDetail): Partial<CreateValues> {
  const p = lead.payload;
  const rooms = [
    [p.bedRoom, "室"],
    [p.livingRoom, "厅"],
    [p.toilet, "卫"],
  ]
    .filter(([n]) => text(n))
    .map(([n, unit]) => `${text(n)}${unit}`)
    .join("");
  const area = Number(text(p.area));
  return {
    ownerName: lead.name,
    city: lead.city,
    address: [text(p.community), text(p.address)].filter(Boolean).join(" "),
    ...(Number.isInteger(area) && area > 0 ? { areaSqm: area } : {}),
    layout: rooms,
    compensation: "0",
  };
}

export function ProjectCreateModal({ lead, open, onClose }: { lead: AdminLeadDetail; open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const staff = useLoad(() => (open ? get(routes.adminProjectStaff) : Promise.resolve([])), String(open));
  const options = (roles: StaffRole[]) =>
    (staff.data ?? [])
      .filter((s) => roles.includes(s.role))
      .map((s) => ({ value: s.id, label: `${s.name}（${STAFF_ROLE_LABELS[s.role]}）` }));
  const everyone = options(["admin", "sales", "operations", "manager"]);

  const save = (v: CreateValues) =>
    post(routes.adminProjectCreate, {
      leadId: lead.id,
      ownerName: v.ownerName?.trim() ?? "",
      city: v.city.trim(),
      address: v.address.trim(),
      areaSqm: v.areaSqm,
      layout: v.layout?.trim() ?? "",
      packageText: v.packageText?.trim() ?? "",
      contractCents: yuanToCents(v.contract),
      startDate: v.startDate,
      plannedFinishDate: v.plannedFinishDate,
      delayCompensationCentsPerDay: yuanToCents(v.compensation || "0"),
      designerId: v.designerId ?? null,
      managerId: v.managerId,
      inspectorId: v.inspectorId ?? null,
    });

  return (
    <SaveModal<CreateValues, { id: number }>
      open={open}
      title="创建装修项目"
      okText="创建项目"
      width={720}
      savedText="装修项目已创建"
      initialValues={valuesFromLead(lead)}
      onSave={save}
      onClose={onClose}
      onSaved={(project) => navigate(`/projects/${project.id}`)}
    >
      <Typography.Paragraph type="secondary">
        业主手机号：{lead.phone}（线索手机号，业主用它登录“我的装修”并接收验证码）
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="业主称呼" name="ownerName" rules={[{ max: 32, message: "称呼最多 32 字" }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="城市"
            name="city"
            rules={[
              { required: true, whitespace: true, message: "请填写城市" },
              { max: 32, message: "城市最多 32 字" },
            ]}
          >
            <Input placeholder="如 杭州市" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            label="地址"
            name="address"
            rules={[
              { required: true, whitespace: true, message: "请填写地址" },
              { max: 200, message: "地址最多 200 字" },
            ]}
          >
            <Input placeholder="区、小区、楼栋与门牌" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="面积（㎡）" name="areaSqm" rules={[{ required: true, message: "请填写面积" }]}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="户型" name="layout" rules={[{ max: 32, message: "户型最多 32 字" }]}>
            <Input placeholder="如 3室2厅1卫" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="套餐或报价" name="packageText" rules={[{ max: 500, message: "最多 500 字" }]}>
            <Input placeholder="如 全包 799 套餐" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <MoneyField label="合同金额（元）" name="contract" required="请填写合同金额" />
        </Col>
        <Col xs={24} md={12}>
          <MoneyField label="延期赔付（元/天）" name="compensation" />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="开工日期" name="startDate" rules={[{ required: true, message: "请选择开工日期" }]}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="计划竣工日期"
            name="plannedFinishDate"
            dependencies={["startDate"]}
            rules={[
              { required: true, message: "请选择计划竣工日期" },
              ({ getFieldValue }) => ({
                validator: (_, value: string) =>
                  !value || !getFieldValue("startDate") || value >= getFieldValue("startDate")
                    ? Promise.resolve()
                    : Promise.reject(new Error("计划竣工日期不能早于开工日期")),
              }),
            ]}
          >
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="项目经理" name="managerId" rules={[{ required: true, message: "请选择项目经理" }]}>
            <Select options={options(["manager", "admin"])} loading={staff.loading} placeholder="请选择" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="设计师" name="designerId">
            <Select allowClear options={everyone} loading={staff.loading} placeholder="未指定" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="监理" name="inspectorId">
            <Select allowClear options={everyone} loading={staff.loading} placeholder="未指定" />
          </Form.Item>
        </Col>
      </Row>
    </SaveModal>
  );
}
