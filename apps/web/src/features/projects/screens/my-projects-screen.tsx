// /my-project (issue #24 §5, docs/decisions/0073): 我的装修, the owner's renovation projects — the
// address, the state, the stage under way, the contract amount and any delay; each opens its
// detail. The projects are the customer's, or made for the phone they logged in with. Needs a session.
import { useQuery } from "@tanstack/react-query";
import { PROJECT_STATUS_LABELS, routes } from "@yj/contract";
import type { LoaderFunctionArgs } from "react-router";
import { AppLink } from "../../../components/app-link";
import { useApi } from "../../../lib/api-context";
import { formatPrice } from "../../../lib/format";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { hasSessionCookie } from "../../../session/session";
import { LoadingOrFailed, ProjectFrame } from "../frame";
import styles from "../projects.module.css";

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  if (hasSessionCookie(request)) await ctx.queryClient.prefetchQuery(apiQuery(ctx.api, routes.myProjects, {}));
  return { title: "我的装修", description: "查看装修进度、验收阶段、确认变更和支付装修款。" };
}

export default function MyProjectsScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const { data, isError, refetch } = useQuery({ ...apiQuery(api, routes.myProjects, {}), enabled: allowed });

  let body: React.ReactNode;
  if (!allowed) {
    body = (
      <p className="empty">
        登录后查看您的装修项目。<AppLink to={loginPath("/my-project")}>去登录</AppLink>
      </p>
    );
  } else if (!data) {
    body = <LoadingOrFailed what="装修项目" failed={isError} onRetry={() => void refetch()} />;
  } else if (data.length === 0) {
    body = (
      <div className="empty">
        <p>您还没有装修项目</p>
        <p className={styles.muted}>签约后，装修进度、验收和付款都会在这里。</p>
        <AppLink to="/decorate-act" className="btn">
          预约免费量房
        </AppLink>
      </div>
    );
  } else {
    body = (
      <ul className={styles.projectList}>
        {data.map((p) => (
          <li key={p.id} className={styles.card} data-testid="project">
            <div className={styles.cardHead}>
              <h2 className={styles.cardTitle}>
                {p.city} {p.address}
              </h2>
              <span className={styles.status} data-status={p.status}>
                {PROJECT_STATUS_LABELS[p.status]}
              </span>
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>当前阶段</dt>
                <dd>{p.currentStage ?? "全部阶段已验收"}</dd>
              </div>
              <div>
                <dt>合同金额</dt>
                <dd>{formatPrice(p.contractCents)}</dd>
              </div>
              <div>
                <dt>计划工期</dt>
                <dd>
                  {p.startDate} 至 {p.plannedFinishDate}
                </dd>
              </div>
              <div>
                <dt>项目经理</dt>
                <dd>{p.managerName || "—"}</dd>
              </div>
            </dl>
            {p.daysLate > 0 && (
              <p className={styles.late}>
                已延期 {p.daysLate} 天，应赔付 {formatPrice(p.delayCompensationCents)}
              </p>
            )}
            <AppLink to={`/my-project/${p.id}`} className="btn">
              查看详情
            </AppLink>
          </li>
        ))}
      </ul>
    );
  }
  return <ProjectFrame title="我的装修">{body}</ProjectFrame>;
}
