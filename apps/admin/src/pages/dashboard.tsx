// The console's home: today's and this week's leads by kind, the orders made and paid, the leads and
// orders of each of the last 30 days as a chart, and the new leads waiting longest for a call; each
// part only for a role that may see it (the server leaves out the others).
import {
  type AdminLeadRow,
  DASHBOARD_DAYS,
  type DashboardData,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  type OrderFigures,
  type ProjectFigures,
} from "@yj/contract";
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography, theme } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { get, routes } from "../api";
import { type ChartSeries, DailyChart } from "../components/daily-chart";
import { timeColumn } from "../kit/columns";
import { orDash } from "../kit/format";
import { yuan } from "../kit/money-field";
import { SmallTable } from "../kit/small-table";
import { TitledPage } from "../kit/titled-page";
import { leadKindLabel } from "../lead-labels";
import { useLoad } from "../use-load";

/** "2 天 3 小时", "5 小时 12 分钟", "8 分钟": how long the lead has waited. */
function waitedFor(iso: string): string {
  const minutes = Math.max(0, dayjs().diff(dayjs(iso), "minute"));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return `${days} 天 ${hours} 小时`;
  if (hours) return `${hours} 小时 ${minutes % 60} 分钟`;
  return `${minutes} 分钟`;
}

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <Card title={title} extra={<Typography.Text strong>合计 {total}</Typography.Text>}>
      <Row gutter={[16, 16]}>
        {LEAD_KINDS.map((kind) => (
          <Col xs={12} sm={8} key={kind}>
            <Statistic title={LEAD_KIND_LABELS[kind]} value={counts[kind] ?? 0} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function OrderCounts({ title, figures }: { title: string; figures: OrderFigures }) {
  return (
    <Card title={title}>
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={8}>
          <Statistic title="新订单" value={figures.made} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title="已支付订单" value={figures.paid} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title="支付金额" value={yuan(figures.paidAmount)} />
        </Col>
      </Row>
    </Card>
  );
}

/** Renovation projects (issue #24): under way, late among them (linked to the filtered list), instalments collected. */
function ProjectCounts({ figures }: { figures: ProjectFigures }) {
  return (
    <Card title="装修项目" extra={<Link to="/projects">查看项目</Link>}>
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={8}>
          <Statistic title="施工中项目" value={figures.active} />
        </Col>
        <Col xs={12} sm={8}>
          <Link to="/projects?late=1" aria-label={`延期项目 ${figures.late} 个，查看`}>
            <Statistic
              title="延期项目"
              value={figures.late}
              styles={{ content: figures.late > 0 ? { color: "#cf1322" } : undefined }}
            />
          </Link>
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title="已收工程款" value={yuan(figures.instalmentsCollectedCents)} />
        </Col>
      </Row>
    </Card>
  );
}

/** Today's and this week's figures side by side on a wide screen. */
function TodayAndWeek({ today, week }: { today: ReactNode; week: ReactNode }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        {today}
      </Col>
      <Col xs={24} lg={12}>
        {week}
      </Col>
    </Row>
  );
}

function Trend({ data }: { data: DashboardData }) {
  const { token } = theme.useToken();
  const series: ChartSeries[] = [];
  if (data.leads) series.push({ key: "leads", name: "线索", color: token.colorPrimary, points: data.leads.daily });
  if (data.orders)
    series.push({ key: "orders", name: "订单", color: "#1677ff", dashed: true, points: data.orders.daily });
  if (series.length === 0) return null;
  const title = `近 ${DASHBOARD_DAYS} 天每日${series.map((s) => s.name).join("与")}`;
  return (
    <Card title={title} extra={<Typography.Text type="secondary">按北京时间</Typography.Text>}>
      <DailyChart series={series} label={title} />
    </Card>
  );
}

export function DashboardPage() {
  const { data, loading, error } = useLoad(() => get(routes.adminDashboard));
  const leads = data?.leads;
  return (
    <TitledPage title="首页">
      {error && <Alert type="error" showIcon title={error} />}
      {loading && !data && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && !data.leads && !data.orders && !data.projects && (
        <Alert
          type="info"
          showIcon
          title="当前角色不查看线索与订单统计"
          description="可从菜单进入商品、内容与设置等管理页面。"
        />
      )}
      {data?.projects && <ProjectCounts figures={data.projects} />}
      {leads && (
        <TodayAndWeek
          today={<Counts title="今日线索" counts={leads.today} />}
          week={<Counts title="本周线索" counts={leads.week} />}
        />
      )}
      {data?.orders && (
        <TodayAndWeek
          today={<OrderCounts title="今日订单" figures={data.orders.today} />}
          week={<OrderCounts title="本周订单" figures={data.orders.week} />}
        />
      )}
      {data && <Trend data={data} />}
      {leads && (
        <Card title="等待联系最久的新线索">
          <SmallTable<AdminLeadRow>
            rowKey="id"
            loading={loading}
            scroll={{ x: "max-content" }}
            dataSource={leads.waiting}
            locale={{ emptyText: "没有等待联系的新线索" }}
            columns={[
              timeColumn("提交时间"),
              { title: "已等待", dataIndex: "createdAt", key: "waited", render: waitedFor },
              { title: "类型", dataIndex: "kind", render: leadKindLabel },
              { title: "姓名", dataIndex: "name", render: orDash },
              { title: "手机号", dataIndex: "phone" },
              { title: "城市", dataIndex: "city", render: orDash },
              { title: "", key: "open", render: (_, row) => <Link to={`/leads/${row.id}`}>去跟进</Link> },
            ]}
          />
        </Card>
      )}
    </TitledPage>
  );
}
