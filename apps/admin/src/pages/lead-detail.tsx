// One lead: what the visitor sent, the masked phone with its one-click (audited) reveal, and the
// follow-up form: next state along the pipeline, the staff member assigned, a note. The notes show
// newest first.
import {
  type AdminLeadDetail,
  LEAD_STATE_LABELS,
  LEAD_TRANSITIONS,
  STAFF_ROLE_LABELS,
  sourceLabel,
} from "@yj/contract";
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Timeline,
  Typography,
} from "antd";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { get, post, routes, save } from "../api";
import { ProjectCreateModal } from "../components/project-create";
import { formatTime } from "../kit/format";
import { useSubmit } from "../kit/use-submit";
import { LeadStateTag, leadKindLabel } from "../lead-labels";
import { can, useSession } from "../session";
import { useLoad } from "../use-load";

/** The visitor's own fields, in Chinese, for the ones the forms send. */
const PAYLOAD_LABELS: Record<string, string> = {
  phone: "手机号",
  name: "姓名",
  province: "省份",
  city: "城市",
  area: "面积（㎡）",
  bedRoom: "室",
  livingRoom: "厅",
  toilet: "卫",
  originDetail: "来源",
  origin: "来源",
  hasJd: "含家电",
  community: "小区",
  address: "地址",
  remark: "备注",
  page: "咨询页面",
  activityId: "活动",
};

/** A chat lead's payload keeps these; the transcript card shows them (docs/decisions/0078). */
const CHAT_KEYS = new Set(["conversationId", "transcript"]);

function payloadRows(payload: Record<string, unknown>) {
  return Object.entries(payload)
    .filter(([key]) => key !== "phone" && key !== "mobile" && !CHAT_KEYS.has(key))
    .map(([key, value]) => ({
      key,
      label: PAYLOAD_LABELS[key] ?? key,
      children: typeof value === "object" ? JSON.stringify(value) : String(value),
    }));
}

interface TranscriptLine {
  sender: string;
  text: string;
  picture?: string;
  at: string;
}

function transcriptOf(payload: Record<string, unknown>): TranscriptLine[] | null {
  const lines = payload.transcript;
  if (!Array.isArray(lines)) return null;
  return lines.filter(
    (l): l is TranscriptLine => typeof l === "object" && l !== null && typeof (l as TranscriptLine).text === "string",
  );
}

/**
 * A 在线咨询 lead keeps the conversation as it was when the lead was made (docs/decisions/0078), and
 * links to the conversation itself for what was said after.
 */
function ChatTranscript({ payload }: { payload: Record<string, unknown> }) {
  const { me } = useSession();
  const lines = transcriptOf(payload);
  if (!lines) return null;
  const conversationId = typeof payload.conversationId === "number" ? payload.conversationId : null;
  return (
    <Card
      title="聊天记录"
      style={{ marginTop: 16 }}
      extra={
        conversationId !== null && can(me, "chat") ? (
          <Link to={`/chat?id=${conversationId}`}>打开会话 #{conversationId}</Link>
        ) : conversationId !== null ? (
          `会话 #${conversationId}`
        ) : undefined
      }
    >
      {lines.length === 0 ? (
        <Empty description="会话中还没有消息" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol aria-label="聊天记录" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored transcript never reorders; two lines may share a time
            <li key={`${line.at}-${index}`} style={{ padding: "6px 0", borderBottom: "1px solid #f0f0f0" }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {line.sender} · {formatTime(line.at)}
              </Typography.Text>
              {line.text && <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{line.text}</div>}
              {line.picture && (
                <a href={line.picture} target="_blank" rel="noreferrer">
                  <img src={line.picture} alt="聊天图片" style={{ maxWidth: 160, display: "block" }} />
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function FollowUp({ lead, onSaved }: { lead: AdminLeadDetail; onSaved(lead: AdminLeadDetail): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { busy, submit: run } = useSubmit();
  const assignees = useLoad(() => get(routes.adminLeadAssignees));
  const next = LEAD_TRANSITIONS[lead.state];

  const submit = (values: { state?: string; assigneeId?: number | null; note?: string }) =>
    run(
      () =>
        save(routes.adminLeadUpdate, {
          id: lead.id,
          ...(values.state ? { state: values.state as AdminLeadDetail["state"] } : {}),
          assigneeId: values.assigneeId ?? null,
          ...(values.note?.trim() ? { note: values.note.trim() } : {}),
        }),
      (answer) => {
        onSaved(answer.data);
        form.resetFields(["state", "note"]);
        if (answer.changed) message.success("已保存");
        else message.info(answer.message);
      },
    );

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ assigneeId: lead.assigneeId ?? undefined }}
      disabled={busy}
    >
      <Form.Item label="改为状态" name="state" extra={next.length ? undefined : "已签约的线索不再变更状态"}>
        <Select
          allowClear
          placeholder={`保持「${LEAD_STATE_LABELS[lead.state]}」`}
          options={next.map((s) => ({ value: s, label: LEAD_STATE_LABELS[s] }))}
          disabled={!next.length}
        />
      </Form.Item>
      <Form.Item label="跟进人" name="assigneeId">
        <Select
          allowClear
          placeholder="未指派"
          loading={assignees.loading}
          options={(assignees.data ?? []).map((a) => ({
            value: a.id,
            label: `${a.displayName}（${STAFF_ROLE_LABELS[a.role]}）`,
          }))}
        />
      </Form.Item>
      <Form.Item label="跟进备注" name="note" rules={[{ max: 1000, message: "备注最多 1000 字" }]}>
        <Input.TextArea rows={3} placeholder="如：已电话联系，约周六上门量房" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存跟进
      </Button>
    </Form>
  );
}

/**
 * A signed lead becomes a renovation project (issue #24): 创建项目 for the roles that may, or the link
 * to the project already made from it. Nothing for a lead not yet signed.
 */
function ProjectOfLead({ lead }: { lead: AdminLeadDetail }) {
  const { me } = useSession();
  const [open, setOpen] = useState(false);
  const signed = lead.state === "signed";
  const mayOpen = signed && can(me, "projects");
  const made = useLoad(
    () => (mayOpen ? get(routes.adminProjectList, { leadId: lead.id }) : Promise.resolve(null)),
    `${lead.id}-${mayOpen}`,
  );
  if (!mayOpen || made.loading) return null;
  const project = made.data?.dataList[0];
  if (project) return <Link to={`/projects/${project.id}`}>查看装修项目 #{project.id}</Link>;
  if (!can(me, "project_create")) return null;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        创建项目
      </Button>
      <ProjectCreateModal lead={lead} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function LeadDetailPage() {
  const { id } = useParams();
  const { data: lead, setData, error, loading } = useLoad(() => get(routes.adminLeadDetail, { id }), id);
  const [fullPhone, setFullPhone] = useState<string | null>(null);
  const { busy: revealing, submit } = useSubmit();

  const reveal = () =>
    lead &&
    submit(
      () => post(routes.adminLeadRevealPhone, { id: lead.id }),
      (revealed) => setFullPhone(revealed.phone),
      "操作失败",
    );

  if (error) return <Result status="warning" title={error} extra={<Link to="/leads">返回线索列表</Link>} />;
  if (!lead || (loading && !lead)) return <Spin />;

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space>
        <Link to="/leads">← 线索列表</Link>
      </Space>
      <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          线索 #{lead.id} · {leadKindLabel(lead.kind)} <LeadStateTag state={lead.state} />
        </Typography.Title>
        <ProjectOfLead lead={lead} />
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title="客户信息">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="手机号">
                <Space>
                  {fullPhone ? <a href={`tel:${fullPhone}`}>{fullPhone}</a> : lead.forgottenAt ? "已清除" : lead.phone}
                  {!fullPhone && !lead.forgottenAt && (
                    <Button size="small" onClick={reveal} loading={revealing}>
                      显示完整号码
                    </Button>
                  )}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label="姓名">{lead.name || "—"}</Descriptions.Item>
              <Descriptions.Item label="地区">
                {[lead.province, lead.city].filter(Boolean).join(" ") || "—"}
              </Descriptions.Item>
              <Descriptions.Item label="来源页">{sourceLabel(lead.origin) || "—"}</Descriptions.Item>
              <Descriptions.Item label="提交时间">
                {formatTime(lead.createdAt)}（共提交 {lead.submissions} 次）
              </Descriptions.Item>
              <Descriptions.Item label="隐私政策">
                {lead.consent && lead.consentAt ? `已同意（${formatTime(lead.consentAt)}）` : "未勾选"}
              </Descriptions.Item>
              <Descriptions.Item label="优惠活动回访">
                {lead.marketingConsent && lead.marketingConsentAt
                  ? `已同意（${formatTime(lead.marketingConsentAt)}）`
                  : "未同意（不得电话推广）"}
              </Descriptions.Item>
              {lead.forgottenAt && (
                <Descriptions.Item label="数据保留">
                  已过保留期限，手机号与姓名已于 {formatTime(lead.forgottenAt)} 清除
                </Descriptions.Item>
              )}
              <Descriptions.Item label="跟进人">{lead.assigneeName ?? "未指派"}</Descriptions.Item>
            </Descriptions>
            {payloadRows(lead.payload).length > 0 && (
              <Descriptions
                title="提交内容"
                column={{ xs: 1, sm: 2 }}
                size="small"
                style={{ marginTop: 16 }}
                items={payloadRows(lead.payload)}
              />
            )}
          </Card>
          <ChatTranscript payload={lead.payload} />
        </Col>
        <Col xs={24} lg={10}>
          <Card title="跟进">
            <FollowUp lead={lead} onSaved={setData} />
          </Card>
          <Card title="跟进记录" style={{ marginTop: 16 }}>
            {lead.notes.length === 0 ? (
              <Empty description="还没有跟进记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Timeline
                items={lead.notes.map((n) => ({
                  key: n.id,
                  content: (
                    <div>
                      <Typography.Text type="secondary">
                        {formatTime(n.createdAt)} · {n.staffName}
                        {n.stateTo ? ` · 改为「${LEAD_STATE_LABELS[n.stateTo]}」` : ""}
                      </Typography.Text>
                      {n.text && <div>{n.text}</div>}
                    </div>
                  ),
                }))}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
