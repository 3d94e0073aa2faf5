// /my-orders (the Commerce issue, beyond docs/product.md): the customer's orders, newest first — lines, amount,
// state and time; an unpaid order can be paid (its pay step) or cancelled after confirmation (its stock
// goes back); a paid order not yet shipped can be refunded (申请退款, docs/decisions/0063), and each
// refund's state shows on its order. The activity deposit paid with the login's phone is listed above,
// with its own 申请退款 within the window. Paged. Needs a session.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AFTER_SALE_KIND_LABELS,
  AFTER_SALE_STATUS_LABELS,
  type MyDeposit,
  OPEN_AFTER_SALE_STATUSES,
  ORDER_STATUS_LABELS,
  type Order,
  routes,
} from "@yj/contract";
import { useState } from "react";
import { type LoaderFunctionArgs, useNavigate } from "react-router";
import { AppLink } from "../../../components/app-link";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { toast } from "../../../components/toast";
import { useApi } from "../../../lib/api-context";
import { payPath } from "../../../lib/checkout-path";
import { formatPrice } from "../../../lib/format";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { useScreenSearchParams } from "../../../lib/screen-location";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { hasSessionCookie } from "../../../session/session";
import { AfterSaleDialog } from "../after-sale-dialog";
import styles from "../commerce.module.css";
import { LoadingOrFailed } from "../load-failed";
import { formatDateTime, OrderLines } from "../order-lines";
import { isOpenRefund, RefundDialog, RefundState } from "../refund-dialog";
import { ScreenFrame } from "../screen-frame";

export const PAGE_SIZE = 10;
/** States in which the amount was paid (实付); otherwise it is the order's amount. */
const PAID = new Set<Order["status"]>(["paid", "shipped", "completed", "refunded"]);
/** States in which 申请售后 is offered (docs/decisions/0064). */
const AFTER_SHIPPING = new Set<Order["status"]>(["shipped", "completed"]);

/** Whether the order may take a new after-sales request: shipped or completed, none open. */
export function canRequestAfterSale(order: Order): boolean {
  return AFTER_SHIPPING.has(order.status) && !order.afterSales.some((r) => OPEN_AFTER_SALE_STATUSES.includes(r.status));
}

/** Each request's state (申请中, 已同意, 已拒绝 with the staff's note, 已完成). */
function AfterSaleStates({ order }: { order: Order }) {
  if (order.afterSales.length === 0) return null;
  return (
    <ul className={styles.afterSales} aria-label="售后申请">
      {order.afterSales.map((r) => (
        <li key={r.id} data-testid="after-sale">
          <span className={styles.afterSaleState} data-status={r.status}>
            {AFTER_SALE_KIND_LABELS[r.kind]}
            {AFTER_SALE_STATUS_LABELS[r.status]}
          </span>
          <span>{r.reason}</span>
          {r.decisionNote && <p className={styles.muted}>客服说明：{r.decisionNote}</p>}
        </li>
      ))}
    </ul>
  );
}

function pageOf(search: URLSearchParams): number {
  const n = Number(search.get("page"));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  if (hasSessionCookie(request)) {
    const current = pageOf(new URL(request.url).searchParams);
    await ctx.queryClient.prefetchQuery(apiQuery(ctx.api, routes.myOrders, { current, pageSize: PAGE_SIZE }));
  }
  return { title: "我的订单", description: "查看订单状态、支付或取消订单。" };
}

export default function MyOrdersScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = pageOf(useScreenSearchParams());
  const { data, isError, refetch, isPlaceholderData } = useQuery({
    ...apiQuery(api, routes.myOrders, { current, pageSize: PAGE_SIZE }),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const deposits = useQuery({ ...apiQuery(api, routes.myDeposits, {}), enabled: allowed, meta: { quiet: true } });
  const [cancelling, setCancelling] = useState<Order | null>(null);
  /** What the refund dialog is open for: an order, or a deposit's trade. */
  const [refunding, setRefunding] = useState<{ orderNo: string } | { deposit: MyDeposit } | null>(null);
  const refund = useMutation({
    mutationFn: (reason: string) =>
      refunding && "deposit" in refunding
        ? api.post(routes.depositRefund, { outTradeNo: refunding.deposit.outTradeNo, reason })
        : api.post(routes.orderRefund, { orderNo: refunding?.orderNo ?? "", reason }),
    onSuccess: () => {
      toast("退款申请已提交", "success");
      setRefunding(null);
      void queryClient.invalidateQueries({ queryKey: [routes.myOrders.path] });
      void queryClient.invalidateQueries({ queryKey: [routes.myDeposits.path] });
    },
  });
  const [requesting, setRequesting] = useState<Order | null>(null);
  const cancel = useMutation({
    mutationFn: (orderNo: string) => api.post(routes.cancelOrder, { orderNo }),
    onSuccess: () => {
      toast("订单已取消", "success");
      void queryClient.invalidateQueries({ queryKey: [routes.myOrders.path] });
    },
    onSettled: () => setCancelling(null),
  });

  let body: React.ReactNode;
  if (!allowed) {
    body = (
      <p className="empty">
        登录后查看订单。<AppLink to={loginPath("/my-orders")}>去登录</AppLink>
      </p>
    );
  } else if (!data) {
    body = <LoadingOrFailed what="订单" failed={isError} onRetry={() => void refetch()} />;
  } else if (data.total === 0) {
    body = (
      <div className={`empty ${styles.emptyBox}`}>
        <p>还没有订单</p>
        <AppLink to="/productList" className="btn">
          去逛逛
        </AppLink>
      </div>
    );
  } else {
    const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
    const go = (page: number) => navigate(page === 1 ? "/my-orders" : `/my-orders?page=${page}`);
    body = (
      <>
        <ul className={styles.lines} aria-busy={isPlaceholderData}>
          {data.dataList.map((order) => (
            <li key={order.orderNo} className={styles.orderCard} data-testid="order">
              <div className={styles.orderHead}>
                <span>{formatDateTime(order.createdAt)}</span>
                <span>订单号 {order.orderNo}</span>
                <span className={styles.status} data-status={order.status}>
                  {ORDER_STATUS_LABELS[order.status]}
                </span>
              </div>
              <OrderLines lines={order.lines} />
              {order.refunds?.map((r) => (
                <RefundState key={r.id} refund={r} />
              ))}
              <AfterSaleStates order={order} />
              <div className={styles.orderFoot}>
                <span>
                  共 {order.lines.reduce((n, l) => n + l.quantity, 0)} 件，
                  {PAID.has(order.status) ? "实付" : "订单金额"} <strong>{formatPrice(order.totalAmount)}</strong>
                </span>
                {order.status === "paid" && !order.refunds?.some(isOpenRefund) && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => setRefunding({ orderNo: order.orderNo })}
                  >
                    申请退款
                  </button>
                )}
                {order.status === "pending_payment" && (
                  <>
                    <button type="button" className="btn btn-ghost" onClick={() => setCancelling(order)}>
                      取消订单
                    </button>
                    <AppLink to={payPath(order.orderNo)} className="btn">
                      去支付
                    </AppLink>
                  </>
                )}
                {canRequestAfterSale(order) && (
                  <button type="button" className="btn btn-ghost" onClick={() => setRequesting(order)}>
                    申请售后
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav className={styles.pager} aria-label="订单分页">
            <button type="button" className="btn btn-ghost" disabled={current <= 1} onClick={() => go(current - 1)}>
              上一页
            </button>
            <span>
              第 {current} / {pages} 页
            </span>
            <button type="button" className="btn btn-ghost" disabled={current >= pages} onClick={() => go(current + 1)}>
              下一页
            </button>
          </nav>
        )}
      </>
    );
  }

  const depositList = deposits.data ?? [];
  return (
    <ScreenFrame title="我的订单">
      {allowed && depositList.length > 0 && (
        <section className={styles.deposits} aria-labelledby="my-deposits">
          <h2 id="my-deposits" className={styles.sectionTitle}>
            活动定金
          </h2>
          <ul className={styles.lines}>
            {depositList.map((d) => (
              <li key={d.outTradeNo} className={styles.orderCard} data-testid="deposit">
                <div className={styles.orderHead}>
                  <span>{formatDateTime(d.paidAt)}</span>
                  <span>交易号 {d.outTradeNo}</span>
                </div>
                {d.refunds.map((r) => (
                  <RefundState key={r.id} refund={r} />
                ))}
                <div className={styles.orderFoot}>
                  <span>
                    实付 <strong>{formatPrice(d.amount)}</strong>
                  </span>
                  {d.canRefund ? (
                    <button type="button" className="btn btn-ghost" onClick={() => setRefunding({ deposit: d })}>
                      申请退款
                    </button>
                  ) : (
                    !d.refunds.some(isOpenRefund) &&
                    !d.refunds.some((r) => r.status === "succeeded") && <span>已超过可退款期限</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {body}
      <ConfirmDialog
        open={cancelling !== null}
        title="取消订单"
        message={`确定取消订单 ${cancelling?.orderNo ?? ""} 吗？取消后不可恢复。`}
        confirmLabel="取消订单"
        cancelLabel="再想想"
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => cancelling && cancel.mutate(cancelling.orderNo)}
      />
      <RefundDialog
        open={refunding !== null}
        subject={
          refunding && "deposit" in refunding
            ? `活动定金 ${formatPrice(refunding.deposit.amount)}，申请后原路退回`
            : `订单 ${refunding?.orderNo ?? ""}：审核通过后原路退回`
        }
        busy={refund.isPending}
        onCancel={() => setRefunding(null)}
        onSubmit={(reason) => refund.mutate(reason)}
      />
      {requesting && (
        <AfterSaleDialog
          order={requesting}
          onClose={() => setRequesting(null)}
          onFiled={() => {
            setRequesting(null);
            toast("售后申请已提交，请等待客服处理", "success");
            void queryClient.invalidateQueries({ queryKey: [routes.myOrders.path] });
          }}
        />
      )}
    </ScreenFrame>
  );
}
