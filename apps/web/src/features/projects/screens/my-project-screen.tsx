// /my-project/:id (issue #24 §5, docs/decisions/0073): one renovation as its owner follows it — the
// days ahead of or behind plan and the delay compensation they imply, what waits for the owner
// (accept or object to a stage, approve or refuse a change order, pay an instalment), the timeline
// of stages with their photos, the contract (amount, changes, instalments paid and due) and the
// team with their phones. Each act is confirmed by a code sent to the owner's phone
// (OwnerCodeDialog); paying goes to the instalment's pay step. Another customer's project, or none,
// says 装修项目不存在. Needs a session.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CHANGE_ORDER_KIND_LABELS,
  CHANGE_ORDER_STATUS_LABELS,
  ErrorCode,
  INSTALMENT_STATUS_LABELS,
  PROJECT_STAGE_STATUS_LABELS,
  PROJECT_STATUS_LABELS,
  type ProjectDetail,
  ProjectMessages,
  routes,
} from "@yj/contract";
import { useState } from "react";
import { type LoaderFunctionArgs, useParams } from "react-router";
import { AppLink } from "../../../components/app-link";
import { ApiError } from "../../../lib/api-client";
import { useApi } from "../../../lib/api-context";
import { formatPrice } from "../../../lib/format";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { hasSessionCookie } from "../../../session/session";
import { LoadingOrFailed, ProjectFrame } from "../frame";
import { type OwnerAct, OwnerCodeDialog } from "../owner-code-dialog";
import {
  contractMoney,
  formatDateTime,
  instalmentPayPath,
  ownerTasks,
  photoSrc,
  planState,
  signedChange,
  waitsFor,
} from "../project-view";
import styles from "../projects.module.css";

/** A project id as the route carries it. */
export function projectIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null;
}

export async function loader({ request, params }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const id = projectIdOf(params.id);
  if (hasSessionCookie(request) && id) {
    await ctx.queryClient.prefetchQuery(apiQuery(ctx.api, routes.myProjectDetail, { id }));
  }
  return { title: "我的装修", description: "装修进度、阶段验收、变更确认与装修款支付。" };
}

type Stage = ProjectDetail["stages"][number];
type ChangeOrder = ProjectDetail["changeOrders"][number];

export default function MyProjectScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = projectIdOf(useParams().id);
  const detail = apiQuery(api, routes.myProjectDetail, { id: id ?? 0 });
  const { data: project, isError, error, refetch } = useQuery({ ...detail, enabled: allowed && id !== null });
  const [act, setAct] = useState<OwnerAct | null>(null);
  const missing = error instanceof ApiError && error.errorCode === ErrorCode.NOT_FOUND;

  const here = id ? `/my-project/${id}` : "/my-project";
  let body: React.ReactNode;
  if (!allowed) {
    body = (
      <p className="empty">
        登录后查看您的装修项目。<AppLink to={loginPath(here)}>去登录</AppLink>
      </p>
    );
  } else if (id === null || (missing && !project)) {
    body = (
      <div className="empty" role="alert">
        <p>{ProjectMessages.notFound}</p>
        <AppLink to="/my-project" className="btn">
          返回我的装修
        </AppLink>
      </div>
    );
  } else if (!project) {
    body = <LoadingOrFailed what="装修项目" failed={isError} onRetry={() => void refetch()} />;
  } else {
    const acts = actsFor(project, api);
    body = (
      <ProjectView
        project={project}
        onAct={(next) => setAct(next)}
        accept={acts.accept}
        object={acts.object}
        decide={acts.decide}
      />
    );
  }
  return (
    <ProjectFrame title="我的装修">
      <p className={styles.back}>
        <AppLink to="/my-project">‹ 全部装修项目</AppLink>
      </p>
      {body}
      {project && (
        <OwnerCodeDialog
          projectId={project.id}
          act={act}
          onClose={() => setAct(null)}
          onDone={(next) => {
            queryClient.setQueryData(detail.queryKey, next);
            void queryClient.invalidateQueries({ queryKey: [routes.myProjects.path] });
            setAct(null);
          }}
        />
      )}
    </ProjectFrame>
  );
}

/** The owner's three acts, each a dialog's description and the call it makes with the code. */
function actsFor(project: ProjectDetail, api: ReturnType<typeof useApi>) {
  return {
    accept: (stage: Stage): OwnerAct => ({
      title: `验收「${stage.name}」`,
      summary: <p>确认「{stage.name}」阶段施工合格。验收后，与该阶段对应的装修款将可以支付。</p>,
      confirmLabel: "确认验收",
      done: ProjectMessages.accepted,
      send: (code) => api.post(routes.myProjectAccept, { stageId: stage.id, code }),
    }),
    object: (stage: Stage): OwnerAct => ({
      title: `对「${stage.name}」提出异议`,
      summary: <p>写明问题后提交，监理将重新检查，整改后再请您验收。</p>,
      confirmLabel: "提交异议",
      withReasons: true,
      done: ProjectMessages.objected,
      send: (code, reasons, photoKeys) =>
        api.post(routes.myProjectObject, { stageId: stage.id, code, reasons, photoKeys }),
    }),
    decide: (change: ChangeOrder, approve: boolean): OwnerAct => ({
      title: approve ? `同意${CHANGE_ORDER_KIND_LABELS[change.kind]}` : `拒绝${CHANGE_ORDER_KIND_LABELS[change.kind]}`,
      summary: (
        <p>
          {CHANGE_ORDER_KIND_LABELS[change.kind]} {signedChange(change)}（{change.reason}）。
          {approve
            ? `同意后合同金额将由 ${formatPrice(project.contractCents)} 变为 ${formatPrice(
                project.contractCents + (change.kind === "add" ? change.amountCents : -change.amountCents),
              )}，未付款项随之重新计算。`
            : "拒绝后合同金额不变。"}
        </p>
      ),
      confirmLabel: approve ? "确认同意" : "确认拒绝",
      done: approve ? ProjectMessages.changeApproved : ProjectMessages.changeRejected,
      send: (code) => api.post(routes.myProjectDecideChange, { changeOrderId: change.id, code, approve }),
    }),
  };
}

function ProjectView({
  project,
  onAct,
  accept,
  object,
  decide,
}: {
  project: ProjectDetail;
  onAct(act: OwnerAct): void;
  accept(stage: Stage): OwnerAct;
  object(stage: Stage): OwnerAct;
  decide(change: ChangeOrder, approve: boolean): OwnerAct;
}) {
  const plan = planState(project, new Date());
  const money = contractMoney(project);
  const tasks = ownerTasks(project);
  const team = [
    { role: "设计师", member: project.team.designer },
    { role: "项目经理", member: project.team.manager },
    { role: "监理", member: project.team.inspector },
  ];
  return (
    <div className={styles.detail}>
      <section className={styles.card} aria-labelledby="project-head">
        <div className={styles.cardHead}>
          <h2 id="project-head" className={styles.cardTitle}>
            {project.city} {project.address}
          </h2>
          <span className={styles.status} data-status={project.status}>
            {PROJECT_STATUS_LABELS[project.status]}
          </span>
        </div>
        <p className={styles.muted}>
          {[`${project.areaSqm} ㎡`, project.layout, project.packageText].filter(Boolean).join(" · ")}
        </p>
        <p className={styles.plan} data-kind={plan.kind} data-testid="plan-state">
          {plan.text}
        </p>
        <p className={styles.muted}>
          计划工期 {project.startDate} 至 {project.plannedFinishDate}
          {project.currentStage ? `，当前阶段：${project.currentStage}` : ""}
        </p>
      </section>

      <section className={styles.card} aria-labelledby="project-tasks">
        <h2 id="project-tasks" className={styles.cardTitle}>
          待您处理{tasks.count > 0 ? `（${tasks.count}）` : ""}
        </h2>
        {tasks.count === 0 ? (
          <p className={styles.muted}>暂时没有需要您处理的事项。</p>
        ) : (
          <ul className={styles.tasks}>
            {tasks.stages.map((s) => {
              // Stages are accepted in order: a later one waits, rather than spend a code on a refusal.
              const before = waitsFor(project, s);
              return (
                <li key={`s${s.id}`} className={styles.task} data-testid="task">
                  <span>
                    <strong>「{s.name}」</strong>待您验收
                    {before && <span className={styles.muted}>（请先验收「{before.name}」）</span>}
                  </span>
                  <span className={styles.taskActions}>
                    <button type="button" className="btn btn-ghost" onClick={() => onAct(object(s))}>
                      提出异议
                    </button>
                    {!before && (
                      <button type="button" className="btn" onClick={() => onAct(accept(s))}>
                        验收
                      </button>
                    )}
                  </span>
                </li>
              );
            })}
            {tasks.changes.map((c) => (
              <li key={`c${c.id}`} className={styles.task} data-testid="task">
                <span>
                  <strong>{CHANGE_ORDER_KIND_LABELS[c.kind]}</strong> {signedChange(c)}：
                  {c.items.map((it) => it.name).join("、")}（{c.reason}）
                </span>
                <span className={styles.taskActions}>
                  <button type="button" className="btn btn-ghost" onClick={() => onAct(decide(c, false))}>
                    拒绝
                  </button>
                  <button type="button" className="btn" onClick={() => onAct(decide(c, true))}>
                    同意变更
                  </button>
                </span>
              </li>
            ))}
            {tasks.instalments.map((i) => (
              <li key={`i${i.id}`} className={styles.task} data-testid="task">
                <span>
                  <strong>{i.stageName}</strong>款（{i.percent}%）{formatPrice(i.amountCents)} 待支付
                </span>
                <AppLink to={instalmentPayPath(project.id, i.id)} className="btn">
                  去支付
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card} aria-labelledby="project-stages">
        <h2 id="project-stages" className={styles.cardTitle}>
          施工进度
        </h2>
        <ol className={styles.timeline}>
          {project.stages.map((s) => (
            <li key={s.id} className={styles.stage} data-status={s.status} data-testid="stage">
              <div className={styles.stageHead}>
                <h3 className={styles.stageName}>{s.name}</h3>
                <span className={styles.status} data-status={s.status}>
                  {PROJECT_STAGE_STATUS_LABELS[s.status]}
                </span>
              </div>
              {(s.plannedStartDate || s.plannedFinishDate) && (
                <p className={styles.muted}>
                  计划 {s.plannedStartDate ?? "—"} 至 {s.plannedFinishDate ?? "—"}
                  {s.acceptedAt ? `，${formatDateTime(s.acceptedAt)} 验收` : ""}
                </p>
              )}
              {s.records.length > 0 && (
                <ul className={styles.records}>
                  {s.records.map((r) => (
                    <li
                      key={r.id}
                      className={r.kind === "objection" ? styles.objection : undefined}
                      data-testid={r.kind === "objection" ? "objection" : undefined}
                    >
                      <p className={styles.recordText}>
                        <span className={styles.muted}>{formatDateTime(r.createdAt)}</span>{" "}
                        {r.kind === "objection" ? <strong>您的异议：</strong> : null}
                        {r.text}
                      </p>
                      {r.photoKeys.length > 0 && (
                        <div className={styles.photos}>
                          {r.photoKeys.map((key, n) => (
                            <a key={key} href={photoSrc(key)} target="_blank" rel="noopener noreferrer">
                              <img
                                src={photoSrc(key)}
                                alt={`${s.name}${r.kind === "objection" ? "异议照片" : "现场照片"} ${n + 1}`}
                                width={120}
                                height={90}
                                loading="lazy"
                                decoding="async"
                              />
                            </a>
                          ))}
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.card} aria-labelledby="project-contract">
        <h2 id="project-contract" className={styles.cardTitle}>
          合同与付款
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>合同金额</dt>
            <dd data-testid="contract-total">{formatPrice(money.currentCents)}</dd>
          </div>
          <div>
            <dt>原合同金额</dt>
            <dd>{formatPrice(money.originalCents)}</dd>
          </div>
          <div>
            <dt>已支付</dt>
            <dd>{formatPrice(money.paidCents)}</dd>
          </div>
          <div>
            <dt>待支付</dt>
            <dd>{formatPrice(money.dueNowCents)}</dd>
          </div>
          <div>
            <dt>验收后支付</dt>
            <dd>{formatPrice(money.laterCents)}</dd>
          </div>
          {project.delayCompensationCentsPerDay > 0 && (
            <div>
              <dt>延期赔付</dt>
              <dd>每天 {formatPrice(project.delayCompensationCentsPerDay)}</dd>
            </div>
          )}
        </dl>
        <table className={styles.table}>
          <caption className="visually-hidden">分期款项</caption>
          <thead>
            <tr>
              <th scope="col">款项</th>
              <th scope="col">比例</th>
              <th scope="col">金额</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {project.instalments.map((i) => (
              <tr key={i.id} data-testid="instalment">
                <td>{i.stageName}</td>
                <td>{i.percent}%</td>
                <td>{formatPrice(i.amountCents)}</td>
                <td>
                  {INSTALMENT_STATUS_LABELS[i.status]}
                  {i.paidAt && <span className={styles.paidAt}>{formatDateTime(i.paidAt)}</span>}
                  {i.refundedCents > 0 && (
                    <span className={styles.refunded}>已退款 {formatPrice(i.refundedCents)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className={styles.subTitle}>变更记录</h3>
        {project.changeOrders.length === 0 ? (
          <p className={styles.muted}>暂无变更。</p>
        ) : (
          <ul className={styles.changes}>
            {project.changeOrders.map((c) => (
              <li key={c.id} data-testid="change-order">
                <span>
                  {CHANGE_ORDER_KIND_LABELS[c.kind]} {signedChange(c)}：{c.items.map((it) => it.name).join("、")}（
                  {c.reason}）
                </span>
                <span className={styles.status} data-status={c.status}>
                  {CHANGE_ORDER_STATUS_LABELS[c.status]}
                </span>
                {c.status === "approved" && c.contractBeforeCents !== null && c.contractAfterCents !== null && (
                  <span className={styles.muted}>
                    合同金额 {formatPrice(c.contractBeforeCents)} → {formatPrice(c.contractAfterCents)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card} aria-labelledby="project-team">
        <h2 id="project-team" className={styles.cardTitle}>
          服务团队
        </h2>
        <ul className={styles.team}>
          {team.map(({ role, member }) => (
            <li key={role} data-testid="team-member">
              <span className={styles.muted}>{role}</span>
              <span>{member?.name || "待安排"}</span>
              {member?.phone ? (
                <a href={`tel:${member.phone}`} aria-label={`致电${role}${member.name} ${member.phone}`}>
                  {member.phone}
                </a>
              ) : (
                <span className={styles.muted}>{member ? "电话未登记" : ""}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
