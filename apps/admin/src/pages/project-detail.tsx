// One renovation project as the company sees it (issue #24, docs/decisions/0069): the contract and the
// team, the stages in order with their checklists, photos and records, the instalments, the change
// orders with every contract version, and the audit trail. The acts shown are those the member may
// do: photos, change orders, stage edits and 请业主验收 for the project's manager or 管理员, the check
// for its inspector or 管理员; a 项目经理 opens only their own projects (the server answers 403). A paid
// instalment gets 退款 for the members who may refund (docs/decisions/0079).
import {
  type AdminInstalmentRefund,
  AUDIT_ACTION_LABELS,
  type ProjectAuditRow,
  type ProjectDetail,
  type ProjectInstalment,
  type ProjectRefundsData,
} from "@yj/contract";
import { Button, Card, Col, Descriptions, Empty, Result, Row, Space, Spin, Timeline, Typography } from "antd";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { get, post, routes } from "../api";
import { ChangeOrders, ContractVersions } from "../components/project-changes";
import { StageCard, type StageRights } from "../components/project-stage";
import { StageEditor } from "../components/project-stage-editor";
import { moneyColumn } from "../kit/columns";
import { TextAreaItem } from "../kit/form-items";
import { formatTime, orDash } from "../kit/format";
import { yuan } from "../kit/money-field";
import { SaveModal } from "../kit/save-modal";
import { SmallTable } from "../kit/small-table";
import { PageTitle } from "../kit/titled-page";
import { useSubmit } from "../kit/use-submit";
import { InstalmentStatusTag, LateTag, ProjectStatusTag, ScrollRegion } from "../project-labels";
import { RefundStatusTag } from "../refund-labels";
import { can, useSession } from "../session";
import { useLoad } from "../use-load";
import { useRefundRetry } from "../use-refund-retry";

function OwnerPhone({ project }: { project: ProjectDetail }) {
  const [full, setFull] = useState<string | null>(null);
  const { busy, submit } = useSubmit();
  const reveal = () =>
    submit(
      () => post(routes.adminProjectRevealPhone, { projectId: project.id }),
      (answer) => setFull(answer.phone),
      "操作失败",
    );
  return (
    <Space>
      {full ? <a href={`tel:${full}`}>{full}</a> : project.ownerPhone}
      {!full && (
        <Button size="small" onClick={reveal} loading={busy}>
          显示完整号码
        </Button>
      )}
    </Space>
  );
}

function Contract({ project }: { project: ProjectDetail }) {
  return (
    <Card title="合同">
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label="业主">{orDash(project.ownerName)}</Descriptions.Item>
        <Descriptions.Item label="手机号">
          <OwnerPhone project={project} />
        </Descriptions.Item>
        <Descriptions.Item label="地址" span={2}>
          {project.city} {project.address}
        </Descriptions.Item>
        <Descriptions.Item label="面积">{project.areaSqm} ㎡</Descriptions.Item>
        <Descriptions.Item label="户型">{orDash(project.layout)}</Descriptions.Item>
        <Descriptions.Item label="套餐或报价" span={2}>
          {orDash(project.packageText)}
        </Descriptions.Item>
        <Descriptions.Item label="合同金额">
          {yuan(project.contractCents)}（第 {project.contractVersion} 版）
        </Descriptions.Item>
        <Descriptions.Item label="开工与计划竣工">
          {project.startDate} 至 {project.plannedFinishDate}
        </Descriptions.Item>
        <Descriptions.Item label="延期赔付">{yuan(project.delayCompensationCentsPerDay)} / 天</Descriptions.Item>
        <Descriptions.Item label="工期">
          <Space wrap>
            <LateTag days={project.daysLate} />
            {project.daysLate > 0 && <span>应赔付 {yuan(project.delayCompensationCents)}</span>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Team({ project }: { project: ProjectDetail }) {
  const { designer, manager, inspector } = project.team;
  return (
    <Card title="团队">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="设计师">{designer?.name || "未指定"}</Descriptions.Item>
        <Descriptions.Item label="项目经理">{manager?.name || "未指定"}</Descriptions.Item>
        <Descriptions.Item label="监理">{inspector?.name || "未指定（由管理员检查）"}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/**
 * A paid instalment's 退款 (docs/decisions/0079), for the members who may refund (the orders
 * permission: 管理员, 销售/客服): the whole amount with a reason, through the refund path; a failed
 * refund is tried again under its number. The instalment is payable again once the money is back.
 */
function useInstalmentRefunds(refunds: ReturnType<typeof useLoad<ProjectRefundsData>>, onChanged: () => void) {
  const { busy, retry } = useRefundRetry(onChanged);
  const [refunding, setRefunding] = useState<ProjectInstalment | null>(null);
  const latest = (instalmentId: number) => refunds.data?.refunds.filter((r) => r.instalmentId === instalmentId).at(-1);
  // A demo instalment marked paid has no trade behind it: nothing to refund, no button.
  const refundable = (instalmentId: number) => refunds.data?.refundable.includes(instalmentId) ?? false;
  return {
    column: {
      title: "退款",
      key: "refund",
      render: (_: unknown, i: ProjectInstalment) => {
        const refund = latest(i.id);
        const open = refund?.status === "processing" || refund?.status === "requested";
        return (
          <Space wrap size={4}>
            {refund && (
              <RefundStatusTag status={refund.status} amount={refund.amount} title={`退款原因：${refund.reason}`} />
            )}
            {refund?.status === "failed" && i.status === "paid" && (
              <Button size="small" loading={busy} onClick={() => retry(refund)}>
                重试退款
              </Button>
            )}
            {i.status === "paid" && refundable(i.id) && !open && refund?.status !== "failed" && (
              <Button size="small" danger onClick={() => setRefunding(i)}>
                退款
              </Button>
            )}
            {!refund && !(i.status === "paid" && refundable(i.id)) && "—"}
          </Space>
        );
      },
    },
    modal: (
      <SaveModal<{ reason: string }, AdminInstalmentRefund>
        title={refunding ? `退款：${refunding.stageName}款 ${yuan(refunding.amountCents)}` : "退款"}
        open={refunding !== null}
        okText="确认退款"
        savedText="已发起退款"
        failedText="退款失败"
        onSave={(values) =>
          post(routes.adminInstalmentRefund, { instalmentId: refunding?.id ?? 0, reason: values.reason })
        }
        onClose={() => setRefunding(null)}
        onSaved={() => {
          setRefunding(null);
          onChanged();
        }}
      >
        <Typography.Paragraph type="secondary">
          全额退回业主支付的这笔款项；退款成功后该款项恢复为待支付。让利或减少工程量请用减项变更。
        </Typography.Paragraph>
        <TextAreaItem
          name="reason"
          label="退款原因"
          required="请填写退款原因"
          whitespace
          input={{ maxLength: 200, rows: 3 }}
        />
      </SaveModal>
    ),
  };
}

function Instalments({
  project,
  canRefund,
  version,
  onChanged,
}: {
  project: ProjectDetail;
  canRefund: boolean;
  version: string;
  onChanged(): void;
}) {
  const paid = project.instalments.filter((i) => i.status === "paid").reduce((a, i) => a + i.amountCents, 0);
  const refunds = useLoad(
    () =>
      canRefund
        ? get(routes.adminProjectRefunds, { id: project.id })
        : Promise.resolve<ProjectRefundsData>({ refunds: [], refundable: [] }),
    `${project.id}:${version}`,
  );
  const refund = useInstalmentRefunds(refunds, onChanged);
  return (
    <Card title="付款节点" extra={<Typography.Text>已收 {yuan(paid)}</Typography.Text>}>
      <ScrollRegion label="付款节点列表">
        <SmallTable<ProjectInstalment>
          rowKey="id"
          dataSource={project.instalments}
          columns={[
            { title: "节点", dataIndex: "stageName", render: (name: string) => `${name}验收后` },
            { title: "比例", dataIndex: "percent", render: (p: number) => `${p}%` },
            moneyColumn("金额", "amountCents"),
            {
              title: "状态",
              dataIndex: "status",
              render: (s: ProjectInstalment["status"]) => <InstalmentStatusTag status={s} />,
            },
            { title: "支付时间", dataIndex: "paidAt", render: (t: string | null) => (t ? formatTime(t) : "—") },
            {
              title: "已退款",
              dataIndex: "refundedCents",
              render: (c: number) => (c > 0 ? yuan(c) : "—"),
            },
            ...(canRefund ? [refund.column] : []),
          ]}
        />
      </ScrollRegion>
      {canRefund && refunds.error && (
        <Space>
          <Typography.Text type="danger">退款记录加载失败：{refunds.error}</Typography.Text>
          <Button onClick={refunds.reload}>重试</Button>
        </Space>
      )}
      {canRefund && refund.modal}
    </Card>
  );
}

function AuditTrail({ projectId, version }: { projectId: number; version: string }) {
  const { data, error, loading } = useLoad(() => get(routes.adminProjectAudit, { id: projectId }), version);
  return (
    <Card title="操作记录">
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {loading && !data && <Spin />}
      {data && data.length === 0 && <Empty description="还没有操作记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {data && data.length > 0 && (
        <Timeline
          items={data.map((row: ProjectAuditRow) => ({
            key: row.id,
            content: (
              <Typography.Text>
                <Typography.Text type="secondary">{formatTime(row.createdAt)}</Typography.Text> {row.staffName} ·{" "}
                {AUDIT_ACTION_LABELS[row.action] ?? row.action}
              </Typography.Text>
            ),
          }))}
        />
      )}
    </Card>
  );
}

export function ProjectDetailPage() {
  const { id } = useParams();
  const { me } = useSession();
  const { data: project, setData, error, loading, reload } = useLoad(() => get(routes.adminProjectDetail, { id }), id);
  const [editing, setEditing] = useState(false);
  // Every act answers the project again; the audit trail reloads after each one.
  const [revision, setRevision] = useState(0);
  const changed = (detail: ProjectDetail) => {
    setData(detail);
    setRevision((r) => r + 1);
  };

  if (error) return <Result status="warning" title={error} extra={<Link to="/projects">返回项目列表</Link>} />;
  if (!project || (loading && !project)) return <Spin />;

  const works = can(me, "project_work");
  const running = project.status === "in_progress";
  const manages = works && running && (me.role === "admin" || project.team.manager?.id === me.id);
  const inspects = works && running && (me.role === "admin" || project.team.inspector?.id === me.id);
  const rights: StageRights = { record: manages, inspect: inspects };

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Link to="/projects">← 项目列表</Link>
      <PageTitle>
        项目 #{project.id} · {project.ownerName || "业主"} <ProjectStatusTag status={project.status} />
      </PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Contract project={project} />
        </Col>
        <Col xs={24} xl={8}>
          <Team project={project} />
        </Col>
      </Row>
      <Card title="施工阶段" extra={manages ? <Button onClick={() => setEditing(true)}>编辑施工阶段</Button> : null}>
        <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
          {project.stages.map((stage) => (
            <StageCard key={stage.id} stage={stage} rights={rights} onChanged={changed} />
          ))}
        </Space>
      </Card>
      <Instalments
        project={project}
        canRefund={can(me, "orders")}
        version={String(revision)}
        onChanged={() => {
          reload();
          setRevision((r) => r + 1);
        }}
      />
      <ChangeOrders project={project} canPropose={manages} onChanged={changed} />
      <ContractVersions project={project} />
      <AuditTrail projectId={project.id} version={String(revision)} />
      {manages && (
        <StageEditor
          project={project}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={(detail) => {
            setEditing(false);
            changed(detail);
          }}
        />
      )}
    </Space>
  );
}
