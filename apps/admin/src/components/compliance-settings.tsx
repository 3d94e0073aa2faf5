// The 设置 page's compliance cards (issue #26, docs/decisions/0077), each with its own form and save:
// 备案与营业执照 (the public-security filing shown in the footer with its badge, and the business
// licence's picture, registered name, address and credit code shown on /business-licence), and 数据保留
// (months a lead that never became a customer keeps its phone and name). The server checks the same
// rules (contract AdminFilingsSaveBody, AdminRetentionSaveBody).
import {
  type AdminSettings,
  BUSINESS_LICENCE_PATH,
  creditCodeProblem,
  POLICE_FILING_PATTERN,
  policeFilingUrl,
} from "@yj/contract";
import { App, Button, Card, Form, Row, Typography } from "antd";
import { post, routes } from "../api";
import { FULL_WIDTH, ImageItem, NumberItem, TextItem } from "../kit/form-items";
import { useSubmit } from "../kit/use-submit";

type FilingsForm = Pick<
  AdminSettings,
  "policeFilingNumber" | "companyName" | "companyAddress" | "creditCode" | "licenceImage"
>;

const filingsOf = (s: AdminSettings): FilingsForm => ({
  policeFilingNumber: s.policeFilingNumber,
  companyName: s.companyName,
  companyAddress: s.companyAddress,
  creditCode: s.creditCode,
  licenceImage: s.licenceImage,
});

const policeRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    const v = (value ?? "").trim();
    if (v && !POLICE_FILING_PATTERN.test(v)) throw new Error("格式应如：浙公网安备 33010602000000号");
  },
};

const creditCodeRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    const v = (value ?? "").trim().toUpperCase();
    const problem = v ? creditCodeProblem(v) : null;
    if (problem) throw new Error(problem);
  },
};

/** The licence page shows the company only when its name, address and code are all there. */
const licenceRule = (label: string) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    if (!(value ?? "").trim()) throw new Error(`请填写${label}`);
  },
});

export function FilingsCard({ settings, onSaved }: { settings: AdminSettings; onSaved(s: AdminSettings): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FilingsForm>();
  const { busy, submitForm } = useSubmit();
  const filing = Form.useWatch("policeFilingNumber", form) ?? settings.policeFilingNumber;
  const filingLink = policeFilingUrl(filing ?? "");

  const save = () =>
    submitForm(
      form,
      (values) => post(routes.adminFilingsSave, { ...values, licenceImage: values.licenceImage ?? "" }),
      (saved) => {
        onSaved(saved);
        form.setFieldsValue(filingsOf(saved));
        message.success("备案与营业执照已保存，前台已更新");
      },
    );

  return (
    <Card title="备案与营业执照" size="small" style={{ marginTop: 16 }} data-testid="filings-card">
      <Form form={form} layout="vertical" initialValues={filingsOf(settings)}>
        <Row gutter={16}>
          <TextItem
            col={{ xs: 24, md: 12 }}
            name="policeFilingNumber"
            label="公安备案号"
            rules={[policeRule]}
            maxLength={40}
            input={{ placeholder: "浙公网安备 33010602000000号" }}
            extra={
              filingLink ? (
                <span>
                  页脚显示并链接到{" "}
                  <Typography.Link href={filingLink} target="_blank" rel="noopener noreferrer">
                    全国互联网安全管理服务平台
                  </Typography.Link>
                </span>
              ) : (
                "留空则页脚不显示公安备案"
              )
            }
          />
          <TextItem
            col={{ xs: 24, md: 12 }}
            name="creditCode"
            label="统一社会信用代码"
            rules={[creditCodeRule, licenceRule("统一社会信用代码")]}
            maxLength={18}
            input={{ placeholder: "18 位，如 91330108MA2H4DEM0A" }}
          />
          <TextItem
            col={{ xs: 24, md: 12 }}
            name="companyName"
            label="企业名称（与营业执照一致）"
            rules={[licenceRule("企业名称")]}
            maxLength={60}
          />
          <TextItem
            col={{ xs: 24, md: 12 }}
            name="companyAddress"
            label="住所（注册地址）"
            rules={[licenceRule("注册地址")]}
            maxLength={100}
          />
          <ImageItem
            col={{ span: 24 }}
            name="licenceImage"
            label="营业执照图片"
            purpose="licence"
            extra={`显示在前台营业执照页（${BUSINESS_LICENCE_PATH}），页脚链接到该页`}
          />
        </Row>
        <Button type="primary" onClick={save} loading={busy}>
          保存备案与执照
        </Button>
      </Form>
    </Card>
  );
}

export function RetentionCard({ settings, onSaved }: { settings: AdminSettings; onSaved(s: AdminSettings): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ leadRetentionMonths: number }>();
  const { busy, submitForm } = useSubmit();
  const save = () =>
    submitForm(
      form,
      (values) => post(routes.adminRetentionSave, values),
      (saved) => {
        onSaved(saved);
        form.setFieldsValue({ leadRetentionMonths: saved.leadRetentionMonths });
        message.success("数据保留期限已保存");
      },
    );
  return (
    <Card title="数据保留" size="small" style={{ marginTop: 16 }} data-testid="retention-card">
      <Form form={form} layout="vertical" initialValues={{ leadRetentionMonths: settings.leadRetentionMonths }}>
        <Row gutter={16}>
          <NumberItem
            col={{ xs: 24, md: 12 }}
            name="leadRetentionMonths"
            label="未成交线索保留期限（月）"
            required="请输入保留月数"
            extra="没有注册账号、订单、定金或装修项目的线索，自最后一次提交或跟进起满此期限后，每天凌晨清除其手机号与姓名"
            input={{ min: 1, max: 120, precision: 0, style: FULL_WIDTH }}
          />
        </Row>
        <Button type="primary" onClick={save} loading={busy}>
          保存保留期限
        </Button>
      </Form>
    </Card>
  );
}
