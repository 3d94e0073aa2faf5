// /my-orders (the Commerce issue, beyond docs/product.md): the customer's orders, newest first — lines, amount,
// state and time; an unpaid order can be paid (its pay step) or cancelled after confirmation (its stock
// goes back). Paged. Needs a session.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ORDER_STATUS_LABELS, type Order, routes } from "@yj/contract";
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
import styles from "../commerce.module.css";
import { LoadingOrFailed } from "../load-failed";
import { formatDateTime, OrderLines } from "../order-lines";
import { ScreenFrame } from "../screen-frame";

export const PAGE_SIZE = 10;
/** States in which the amount was paid (实付); otherwise it is the order's amount. */
const PAID = new Set<Order["status"]>(["paid", "shipped", "completed"]);

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
  const [cancelling, setCancelling] = useState<Order | null>(null);
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
              <div className={styles.orderFoot}>
                <span>
                  共 {order.lines.reduce((n, l) => n + l.quantity, 0)} 件，
                  {PAID.has(order.status) ? "实付" : "订单金额"} <strong>{formatPrice(order.totalAmount)}</strong>
                </span>
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

  return (
    <ScreenFrame title="我的订单">
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
    </ScreenFrame>
  );
}
