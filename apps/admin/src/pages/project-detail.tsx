// One renovation project as the company sees it (issue #24, docs/decisions/0069): the contract and the
// team, the stages in order with their checklists, photos and records, the instalments, the change
// orders with every contract version, and the audit trail. The acts shown are those the member may
// do: photos, change orders, stage edits and 请业主验收 for the project's manager or 管理员, the check
// for its inspector or 管理员; a 项目经理 opens only their own projects (the server answers 403).
import { AUDIT_ACTION_LABELS, type ProjectAuditRow, type ProjectDetail, type ProjectInstalment } from "@yj/contract";
import { Button, Card, Col, Descriptions, Empty, Result, Row, Space, Spin, Timeline, Typography } from "antd";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { get, post, routes } from "../api";
import { ChangeOrders, ContractVersions } from "../components/project-changes";
import { StageCard, type StageRights } from "../components/project-stage";
import { StageEditor } from "../components/project-stage-editor";
import { moneyColumn } from "../kit/columns";
import { formatTime, orDash } from "../kit/format";
import { yuan } from "../kit/money-field";
import { SmallTable } from "../kit/small-table";
import { PageTitle } from "../kit/titled-page";
import { useSubmit } from "../kit/use-submit";
import { InstalmentStatusTag, LateTag, ProjectStatusTag, ScrollRegion } from "../project-labels";
import { can, useSession } from "../session";
import { useLoad } from "../use-load";

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

function Instalments({ project }: { project: ProjectDetail }) {
  const paid = project.instalments.filter((i) => i.status === "paid").reduce((a, i) => a + i.amountCents, 0);
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
          ]}
        />
      </ScrollRegion>
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
  const { data: project, setData, error, loading } = useLoad(() => get(routes.adminProjectDetail, { id }), id);
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
      <Instalments project={project} />
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
