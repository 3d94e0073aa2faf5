// /my-project/:id/pay/:instalmentId (docs/decisions/0073): the pay step of one renovation instalment,
// the same as an order's — the amount, 支付宝 or 微信支付 when the shop offers both, the code or the
// phone flow, polling until paid — then back to the project. Only a payable instalment (its stage
// accepted) offers a payment; a paid one says so; one still locked says what it waits for. Needs a session.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorCode, ProjectMessages, routes } from "@yj/contract";
import { useCallback } from "react";
import { type LoaderFunctionArgs, useParams, useSearchParams } from "react-router";
import { AppLink } from "../../../components/app-link";
import { PaymentPanel } from "../../../components/payment-panel";
import { ApiError } from "../../../lib/api-client";
import { useApi } from "../../../lib/api-context";
import { formatPrice } from "../../../lib/format";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { hasSessionCookie } from "../../../session/session";
import { LoadingOrFailed, ProjectFrame } from "../frame";
import { formatDateTime, instalmentPayPath } from "../project-view";
import styles from "../projects.module.css";
import { projectIdOf } from "./my-project-screen";

export async function loader({ request, params }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const id = projectIdOf(params.id);
  if (hasSessionCookie(request) && id) {
    await ctx.queryClient.prefetchQuery(apiQuery(ctx.api, routes.myProjectDetail, { id }));
  }
  return { title: "支付装修款", description: "支付已验收阶段的装修款。" };
}

export default function InstalmentPayScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const queryClient = useQueryClient();
  const params = useParams();
  const id = projectIdOf(params.id);
  const instalmentId = projectIdOf(params.instalmentId);
  // Back from WeChat's or Alipay's page: a paid instalment there says 支付成功.
  const backFromApp = useSearchParams()[0].has("via");
  const detail = apiQuery(api, routes.myProjectDetail, { id: id ?? 0 });
  const { data: project, isError, error, refetch } = useQuery({ ...detail, enabled: allowed && id !== null });
  const missing = error instanceof ApiError && error.errorCode === ErrorCode.NOT_FOUND;
  // Paid: the project is stale, but this page keeps saying 支付成功 rather than refetching it.
  const onPaid = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [routes.myProjectDetail.path], refetchType: "none" });
  }, [queryClient]);
  const instalment = project?.instalments.find((i) => i.id === instalmentId);
  const back = id ? `/my-project/${id}` : "/my-project";

  let body: React.ReactNode;
  if (!allowed) {
    body = (
      <p className="empty">
        登录后支付装修款。
        <AppLink to={loginPath(id && instalmentId ? instalmentPayPath(id, instalmentId) : "/my-project")}>
          去登录
        </AppLink>
      </p>
    );
  } else if (id === null || instalmentId === null || (missing && !project) || (project && !instalment)) {
    body = (
      <div className="empty" role="alert">
        <p>{project ? "该笔款项不存在" : ProjectMessages.notFound}</p>
        <AppLink to="/my-project" className="btn">
          返回我的装修
        </AppLink>
      </div>
    );
  } else if (!project || !instalment) {
    body = <LoadingOrFailed what="装修款" failed={isError} onRetry={() => void refetch()} />;
  } else {
    const toProject = (
      <AppLink to={back} className="btn">
        返回装修详情
      </AppLink>
    );
    body = (
      <div className={styles.card}>
        <dl className={styles.facts}>
          <div>
            <dt>装修地址</dt>
            <dd>
              {project.city} {project.address}
            </dd>
          </div>
          <div>
            <dt>款项</dt>
            <dd>
              {instalment.stageName}款（合同金额的 {instalment.percent}%）
            </dd>
          </div>
          <div>
            <dt>应付金额</dt>
            <dd>
              <strong>{formatPrice(instalment.amountCents)}</strong>
            </dd>
          </div>
        </dl>
        {instalment.status === "payable" ? (
          <PaymentPanel request={{ instalmentId: instalment.id }} onPaid={onPaid} paidExtra={toProject} />
        ) : instalment.status === "paid" ? (
          <div className={styles.done} role="status">
            <p className={styles.cardTitle}>{backFromApp ? "支付成功" : "该笔款项已支付"}</p>
            {instalment.paidAt && <p className={styles.muted}>支付时间 {formatDateTime(instalment.paidAt)}</p>}
            {toProject}
          </div>
        ) : (
          <div className={styles.done} role="status">
            <p className={styles.cardTitle}>该笔款项暂不能支付</p>
            <p className={styles.muted}>「{instalment.stageName}」阶段验收后即可支付。</p>
            {toProject}
          </div>
        )}
      </div>
    );
  }
  return (
    <ProjectFrame title="支付装修款">
      <p className={styles.back}>
        <AppLink to={back}>‹ 返回装修详情</AppLink>
      </p>
      {body}
    </ProjectFrame>
  );
}
